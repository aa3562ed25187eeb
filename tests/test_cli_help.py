"""The command line for people: plain-words help, errors for missing arguments, ``show`` to pick
a what-if action, and ``serve``'s Voila command."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from conftest import ROOT
from spades_lab.cli.main import build_parser, main
from spades_lab.core.records import replay

HAND = str(ROOT / "data" / "course" / "standard_hand.json")


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no sub-commands")


def test_every_command_has_plain_help() -> None:
    subs = _subparsers()
    assert {"play", "replay", "explain", "whatif", "simulate", "solve", "show", "course",
            "serve", "site"} <= set(subs)
    top = build_parser().format_help()
    assert "`" not in top and "spades-lab course" in top
    for name, p in subs.items():
        text = p.format_help()
        assert "`" not in text, (name, text)
        assert ":class:" not in text and ":func:" not in text, name
        assert p.description and len(p.description.split()) >= 5, name
        for a in p._actions:
            if a.help is argparse.SUPPRESS or isinstance(a, argparse._HelpAction):
                continue
            assert a.help and len(a.help.split()) >= 2, (name, a.dest)


@pytest.mark.parametrize("argv", [["show", HAND], ["explain"], ["course", "a", "b"],
                                  ["serve", "--port", "x"]])
def test_missing_or_bad_arguments_are_errors(argv: list[str],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert "usage:" in capsys.readouterr().err


def test_whatif_action_without_at_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["whatif", HAND, "--action", "QH"]) == 2
    err = capsys.readouterr().err
    assert "--at" in err and "show" in err


def test_show_lists_the_cards_and_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", HAND, "--at", "1:22"]) == 0
    out = capsys.readouterr().out
    game = replay(HAND, upto=(0, 22)).game
    turn = game.turn
    assert turn is not None
    assert f"{game.seat_name(turn)}  <- to act" in out
    for seat in range(4):
        assert game.seat_name(seat) in out
        for c in game.hand.hands[seat]:  # type: ignore[union-attr]
            assert c.code in out and c.pretty in out
    choices = out.split("may play: ")[1].splitlines()[0]
    assert sorted(p.card.code for p in game.legal_plays()) == sorted(
        x.split("(")[1].rstrip(")") for x in choices.split(", "))
    # a choice from show is a what-if action that works
    code = game.legal_plays()[-1].card.code
    assert main(["whatif", HAND, "--at", "1:22", "--action", code]) == 0


def test_show_one_seat_as_json_and_its_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", HAND, "--at", "1:2", "--seat", "2", "--json"]) == 0
    pos = json.loads(capsys.readouterr().out)
    assert [s["seat"] for s in pos["seats"]] == [2] and len(pos["seats"][0]["cards"]) == 13
    assert pos["phase"] == "bidding" and "nil" in pos["choices"]
    assert pos["next"]["kind"] == "bid"
    for argv in (["--at", "1:999"], ["--at", "0:1"], ["--at", "2:0"], ["--at", "x"],
                 ["--at", "1:1", "--seat", "7"]):
        assert main(["show", HAND, *argv, "--json"]) == 2
        err = json.loads(capsys.readouterr().out)["error"]
        assert err["rule"] == "bad-record" and err["message"]


def test_serve_runs_voila_on_the_course_notebook(tmp_path: Path) -> None:
    from spades_lab.cli.serve import voila_command

    cmd, cwd = voila_command("02_table_app.ipynb", "0.0.0.0", 9000, pool=3)
    assert cmd[1:3] == ["-m", "voila"] and "--Voila.ip=0.0.0.0" in cmd and "--port=9000" in cmd
    assert "--pool_size=3" in cmd and "--no-browser" in cmd
    assert (cwd / cmd[-1]).is_file() and (cwd.parent / "data" / "scenarios").is_dir()
    assert voila_command("01", "127.0.0.1", 1)[0][-1] == "01_standard_step_by_step.ipynb"
    with pytest.raises(FileNotFoundError, match="00_start_here"):
        voila_command("99_nothing.ipynb", "127.0.0.1", 1)


def test_site_knows_which_lessons_need_the_network() -> None:
    from spades_lab.cli.site import needs_of_source, online_note

    assert needs_of_source("from spades_lab.widgets import TableApp") == []
    assert needs_of_source("import pandas as pd") == ["pandas"]
    assert needs_of_source("from spades_lab.viz import score_progress_plot") == ["matplotlib"]
    assert needs_of_source("from spades_lab.teach.tables import whatif_table") == ["pandas"]
    note = online_note(["matplotlib", "pandas"])
    assert "matplotlib and pandas" in note and "internet" in note
