"""The widgets served to a class (``spades-lab serve`` or Voila marks the kernel:
``spades_lab._jupyter.served``) build no widget that names a file on the server, offer the play
table's record as a download only, bound what a box takes, and tell a page a sentence where an
unexpected error would have shown its text; in a notebook of one's own the boxes are there.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import ipywidgets as W
import pytest
from ipywidgets.widgets.widget import _instances

from conftest import ROOT
from spades_lab._jupyter import SERVED_ENV, VOILA_ENV, served
from spades_lab.widgets import PlayTable, TableApp
from spades_lab.widgets.table import MAX_TEXT, _safe, keep_tracebacks_on_the_server

RECORD = ROOT / "data" / "scenarios" / "demo_acorns_th.json"


@pytest.fixture
def serving(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv(SERVED_ENV, "1")
    monkeypatch.chdir(tmp_path)
    assert served()
    return tmp_path


def text_boxes_made(build: Any) -> list[W.Widget]:
    """The text boxes among every widget model ``build()`` creates (shown or not: each one's
    model goes to the page)."""
    before = set(_instances)
    build()
    return [w for k, w in _instances.items() if k not in before
            and isinstance(w, W.Text | W.Textarea)]


def test_served_is_decided_by_the_server_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SERVED_ENV, raising=False)
    monkeypatch.delenv(VOILA_ENV, raising=False)
    assert not served()
    monkeypatch.setenv(VOILA_ENV, "/")  # any kernel Voila starts for a page
    assert served()


def test_a_served_table_app_builds_no_loader(serving: Path) -> None:
    boxes = text_boxes_made(lambda: TableApp(RECORD, loader=True))
    assert boxes == []
    app = TableApp(RECORD, loader=True)
    assert app.path_text is None and app.load_button is None
    assert "sl-loader" not in repr(app.children)


def test_a_served_play_table_downloads_only(serving: Path) -> None:
    boxes = text_boxes_made(lambda: PlayTable("standard", seat=0, seed=3, pace=0, files=True))
    assert boxes == []
    t = PlayTable("standard", seat=0, seed=3, pace=0, files=True)  # files=True is overruled
    assert t.files is False and t.save_path is None
    assert t.save_button.description == "Download the game"
    text = t.save()
    assert '"rules"' in text and "data:application/json;base64," in t.save_html.value
    assert "Saved to" not in t.save_html.value
    assert list(serving.iterdir()) == []  # nothing written
    # a table opened from the table app is served the same way
    app = TableApp(RECORD)
    assert app.play_here(pace=0).save_path is None


def test_in_a_notebook_of_ones_own_the_boxes_are_there(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    monkeypatch.delenv(SERVED_ENV, raising=False)
    monkeypatch.delenv(VOILA_ENV, raising=False)
    assert TableApp(loader=True).path_text is not None
    assert TableApp().path_text is None  # no loader asked for: none built
    t = PlayTable("standard", seat=0, seed=3, pace=0)
    assert t.save_path is not None and t.save_button.description == "Save game"
    assert PlayTable("standard", files=False).save_path is None
    # a box takes a bounded text: longer is a sentence, and nothing is written
    monkeypatch.chdir(tmp_path)
    t.save_path.value = "g" * (MAX_TEXT + 1) + ".json"
    t.save_button.click()
    assert f"at most {MAX_TEXT} characters" in t.message.value
    assert list(tmp_path.iterdir()) == []
    app = TableApp(loader=True)
    assert app.path_text is not None and app.load_button is not None
    app.path_text.value = str(RECORD) + " " * MAX_TEXT
    app.load_button.click()
    assert f"at most {MAX_TEXT} characters" in app.message.value and not app.model.ok


def test_an_unexpected_error_is_a_sentence_without_its_details(
        serving: Path, capfd: pytest.CaptureFixture[str]) -> None:
    message = W.HTML()

    def fails(_: Any) -> None:
        raise OSError(f"[Errno 13] Permission denied: '{ROOT}/secret.json'")

    _safe(fails, message)(None)
    assert "Something went wrong on the server" in message.value
    assert str(ROOT) not in message.value and "Errno" not in message.value
    err = capfd.readouterr().err
    assert "Traceback" in err and "secret.json" in err  # the details: the server's log


def test_outside_a_kernel_tracebacks_have_nowhere_else_to_go() -> None:
    assert keep_tracebacks_on_the_server() is False
    assert os.environ.get(SERVED_ENV) != "1"
