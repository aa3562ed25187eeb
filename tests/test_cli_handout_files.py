"""Handout files (issue 19): names carry the record, the hand and the options, so different
handouts never replace each other; a page already there is replaced only with ``--force``; an
HTML page and its PDF are always a pair; a Chromium that fails or hangs is one line, exit 2,
and leaves no file behind."""
from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from conftest import ROOT
from spades_lab.cli.main import main
from spades_lab.core.files import MARK
from spades_lab.teach import handout

GAME = str(ROOT / "data" / "course" / "standard_game.json")
OTHER = str(ROOT / "data" / "scenarios" / "std_nil_made.json")


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("spades-lab handout: error: ") and "\n" not in err, err
    assert "Traceback" not in err
    return err


def test_deal_handouts_of_other_hands_and_records_never_collide(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["deal", GAME], ["deal", GAME, "--hand", "2"], ["deal", OTHER]):
        assert main(["handout", *argv, "--out", str(tmp_path)]) == 0
    assert names(tmp_path) == ["deal_standard-game_hand1.html", "deal_standard-game_hand2.html",
                               "deal_std-nil-made_hand1.html"]
    # the same handout again: the same page, so nothing to refuse
    assert main(["handout", "deal", GAME, "--out", str(tmp_path)]) == 0


def test_rules_sheets_of_other_options_never_collide(tmp_path: Path) -> None:
    assert main(["handout", "rules", "--rules", "acorns", "--option", "travelers_hunters=true",
                 "--out", str(tmp_path)]) == 0
    th = (tmp_path / "rules_acorns_travelers-hunters-true.html").read_text(encoding="utf-8")
    assert main(["handout", "rules", "--rules", "acorns", "--out", str(tmp_path)]) == 0
    assert names(tmp_path) == ["rules_acorns.html", "rules_acorns_travelers-hunters-true.html"]
    assert (tmp_path / "rules_acorns_travelers-hunters-true.html").read_text(
        encoding="utf-8") == th
    assert main(["handout", "quiz", "--rules", "online", "--seed", "2", "--out",
                 str(tmp_path)]) == 0
    assert main(["handout", "quiz", "--rules", "online", "--seed", "2", "--count", "4",
                 "--out", str(tmp_path)]) == 0
    assert {"quiz_online_seed2.html", "quiz_online_seed2_count4_key.html"} <= set(
        names(tmp_path))


def test_a_changed_page_is_replaced_only_with_force(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["handout", "rules", "--rules", "online", "--out", str(tmp_path)]
    assert main(argv) == 0
    page = tmp_path / "rules_online.html"
    page.write_text("<p>my notes for the class</p>", encoding="utf-8")
    capsys.readouterr()
    assert main(argv) == 2
    err = one_line_error(capsys)
    assert "rules_online.html" in err and "--force" in err
    assert page.read_text(encoding="utf-8") == "<p>my notes for the class</p>"
    assert main([*argv, "--force"]) == 0
    assert "my notes" not in page.read_text(encoding="utf-8")
    assert [n for n in os.listdir(tmp_path) if MARK in n] == []


def fake_chromium(tmp_path: Path, body: str) -> str:
    exe = tmp_path / "chromium"
    exe.write_text("#!/bin/sh\n" + body + "\n")
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    return str(exe)


PRINTS = ('for a in "$@"; do case "$a" in --print-to-pdf=*) '
          'printf "%%PDF-1.4 fake" > "${a#--print-to-pdf=}";; esac; done')


@pytest.mark.parametrize("body", [
    "exit 1",                                              # Chromium fails
    PRINTS.replace("fake", "half") + "; exit 5",            # writes half a PDF, then fails
    "sleep 30",                                            # Chromium hangs
    "exit 0",                                              # says done, writes nothing
    None,                                                  # the binary is missing
])
def test_a_failing_or_hanging_chromium_is_one_line_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        body: str | None) -> None:
    exe = fake_chromium(tmp_path, body) if body is not None else str(tmp_path / "no-chromium")
    monkeypatch.setattr(handout, "chromium_path", lambda: exe)
    monkeypatch.setattr(handout, "PDF_TIMEOUT", 1.0)
    out = tmp_path / "out"
    assert main(["handout", "quiz", "--count", "3", "--pdf", "--out", str(out)]) == 2
    assert "Chromium" in one_line_error(capsys)
    assert not out.exists() or names(out) == []


def test_html_and_pdf_stay_a_pair(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(handout, "chromium_path", lambda: fake_chromium(tmp_path, PRINTS))
    out = tmp_path / "out"
    argv = ["handout", "deal", GAME, "--out", str(out)]
    assert main([*argv, "--pdf"]) == 0
    assert names(out) == ["deal_standard-game_hand1.html", "deal_standard-game_hand1.pdf"]
    assert (out / "deal_standard-game_hand1.pdf").read_bytes().startswith(b"%PDF")
    # a hand-edited page replaced with --force but no --pdf: the old PDF, of the old page, goes
    (out / "deal_standard-game_hand1.html").write_text("edited", encoding="utf-8")
    assert main(argv) == 2
    assert main([*argv, "--force"]) == 0
    assert names(out) == ["deal_standard-game_hand1.html"]
    # a PDF without its page is not silently paired with a new one
    assert main([*argv, "--pdf"]) == 0
    (out / "deal_standard-game_hand1.html").unlink()
    capsys.readouterr()
    assert main(argv) == 2
    assert "deal_standard-game_hand1.pdf" in one_line_error(capsys)
