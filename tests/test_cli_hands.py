"""The command line counts hands and tricks from 1, as people do: ``--hand 1`` is a record's
first hand, ``--trick 1`` a hand's first trick, ``--at 1:4`` hand 1 after its first 4 actions,
for explain, solve, handout, whatif and show.  STEP and ``--from-step`` are counts (0 = before
the first action).  A hand or trick 0, a negative number or one past the record is a one-line
refusal (exit 2, ``bad-record``) naming the numbers the record has, never a traceback; the
JSON outputs keep the library's 0-based indexes."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from conftest import ROOT
from spades_lab import Game
from spades_lab.cli.main import build_parser, main
from spades_lab.core.records import load_record, replay
from spades_lab.solver.search import Solver, annotate_hand
from spades_lab.teach.explain import explain_bid, explain_hand, explain_trick
from spades_lab.teach.handout import deal_handout, deal_stem
from spades_lab.teach.whatif import what_if

GAME = str(ROOT / "data" / "course" / "standard_game.json")   # 9 hands of 4 bids + 52 plays
HAND = str(ROOT / "data" / "course" / "standard_hand.json")   # 1 hand


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(scope="module")
def game() -> Game:
    return replay(GAME).game


def test_the_fixture_has_hands_that_differ(game: Game) -> None:
    hands = game.hands
    assert len(hands) == 9
    assert hands[0].deal != hands[1].deal  # so hand 1 and hand 2 cannot be mistaken


# ---------------------------------------------------------------------------- hand 1 is the first


def test_explain_hand_and_trick_count_from_1(capsys: pytest.CaptureFixture[str],
                                             game: Game) -> None:
    hands = game.hands
    for number in (1, 2, 9):
        code, out, _ = run(capsys, "explain", GAME, "--hand", str(number), "--ids")
        assert code == 0 and out.strip() == explain_hand(hands[number - 1]).text.strip()
    code, out, _ = run(capsys, "explain", GAME, "--hand", "2", "--trick", "1", "--ids")
    assert code == 0 and out.strip() == explain_trick(hands[1], 0).text.strip()
    assert out.startswith("Trick 1:")
    code, out, _ = run(capsys, "explain", GAME, "--hand", "1", "--trick", "13", "--json")
    assert code == 0 and json.loads(out) == [explain_trick(hands[0], 12).to_dict()]
    # one hand: --trick alone is that hand's trick
    code, out, _ = run(capsys, "explain", HAND, "--trick", "4")
    assert code == 0 and out.startswith("Trick 4:")


def test_explain_action_at_counts_the_hand_from_1(capsys: pytest.CaptureFixture[str]) -> None:
    for number in (1, 2):
        code, out, _ = run(capsys, "explain", GAME, "--at", f"{number}:2", "--action", "4")
        position = replay(GAME, upto=(number - 1, 2)).game
        assert code == 0 and out.strip() == explain_bid(position, "4").text


def test_solve_hand_counts_from_1(capsys: pytest.CaptureFixture[str], game: Game) -> None:
    for number in (1, 2):
        code, out, _ = run(capsys, "solve", GAME, "--hand", str(number), "--from-step", "48",
                           "--json")
        notes = annotate_hand(game, number - 1, from_step=48)
        assert code == 0
        assert [(n["step"], n["card"], n["best"], n["played"]) for n in json.loads(out)] == [
            (a.step, a.play.card.code, a.best_tricks, a.played_tricks) for a in notes]
    # the default is the last hand, the same as --hand 9
    last = run(capsys, "solve", GAME, "--from-step", "48", "--json")
    assert last == run(capsys, "solve", GAME, "--hand", "9", "--from-step", "48", "--json")
    # the text numbers the tricks from 1: the last 4 plays are trick 13
    code, out, _ = run(capsys, "solve", GAME, "--hand", "1", "--from-step", "48")
    assert code == 0 and [ln.split()[:2] for ln in out.splitlines()] == [["trick", "13"]] * 4


def test_solve_at_is_a_step_count_of_the_hand_counted_from_1(
        capsys: pytest.CaptureFixture[str]) -> None:
    for number in (1, 3):
        code, out, _ = run(capsys, "solve", GAME, "--hand", str(number), "--at", "48",
                           "--json")
        position = replay(GAME, upto=(number - 1, 48)).game
        res = Solver(position.rules).solve(position)
        got = json.loads(out)
        assert code == 0 and (got["seat"], got["tricks"], got["remaining"]) == (
            res.seat, res.tricks, res.remaining)
    # --at 56 is in range (after the last play), but there is no play left to solve
    code, out, _ = run(capsys, "solve", GAME, "--hand", "1", "--at", "56", "--json")
    assert code == 2 and json.loads(out)["error"]["rule"] == "wrong-phase"


def test_handout_deal_hand_counts_from_1(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         game: Game) -> None:
    for number in (1, 2):
        code, out, _ = run(capsys, "handout", "deal", GAME, "--hand", str(number), "--out",
                           str(tmp_path))
        page = tmp_path / f"{deal_stem(GAME, number - 1)}.html"
        assert code == 0 and out.strip() == str(page)
        assert page.read_text(encoding="utf-8") == deal_handout(game, number - 1)
    # without --hand: the first hand
    code, out, _ = run(capsys, "handout", "deal", GAME, "--out", str(tmp_path / "default"))
    first = f"{deal_stem(GAME, 0)}.html"
    assert code == 0 and out.strip().endswith(first)
    assert (tmp_path / "default" / first).read_text(encoding="utf-8") == \
        (tmp_path / first).read_text(encoding="utf-8")


def test_whatif_at_counts_the_hand_from_1(capsys: pytest.CaptureFixture[str]) -> None:
    record = load_record(GAME)
    for number in (1, 2):
        code, out, _ = run(capsys, "whatif", GAME, "--at", f"{number}:2", "--action", "nil",
                           "--json")
        assert code == 0
        got = json.loads(out)
        want = what_if(record, (number - 1, 2), "nil").to_dict()
        assert got == json.loads(json.dumps(want, ensure_ascii=False))
        assert got["at"] == [number - 1, 2]  # the JSON keeps the library's 0-based hand
    # the words say the hand as typed, and no 0-based pair
    code, out, _ = run(capsys, "whatif", GAME, "--at", "2:2", "--action", "nil")
    assert code == 0 and out.startswith("What if, in the bidding of hand 2, ")
    assert "1:2" not in out


def test_show_at_counts_the_hand_from_1(capsys: pytest.CaptureFixture[str]) -> None:
    for number in (1, 3):
        code, out, _ = run(capsys, "show", GAME, "--at", f"{number}:5", "--json")
        position = replay(GAME, upto=(number - 1, 5)).game
        pos = json.loads(out)
        assert code == 0 and pos["hand"] == number - 1 and pos["step"] == 5
        hand = position.hand
        assert hand is not None and hand.index == number - 1
        for seat in pos["seats"]:
            assert sorted(seat["cards"]) == sorted(c.code for c in hand.hands[seat["seat"]])
        code, out, _ = run(capsys, "show", GAME, "--at", f"{number}:5")
        lines = out.splitlines()
        assert lines[0].startswith(f"Hand {number}, after 5 of its 56 recorded steps: ")
        assert lines[-1].endswith(f"(whatif --at {number}:5 replaces it).")
    # 1:0 is before the first bid of the first hand
    code, out, _ = run(capsys, "show", GAME, "--at", "1:0", "--json")
    pos = json.loads(out)
    assert code == 0 and pos["phase"] == "bidding" and pos["next"]["kind"] == "bid"


# ---------------------------------------------------------------------------- refusals

NINE = "choose --hand 1 to 9"
NINE_AT = "choose --at 1:STEP to 9:STEP"


def _refusals() -> list[tuple[list[str], str, bool]]:
    """(argv, words the one line must hold, whether the command takes --json)."""
    cases: list[tuple[list[str], str, bool]] = []
    for value in ("0", "-1", "10", "999999999999"):
        cases += [
            (["explain", GAME, "--hand", value], NINE, True),
            (["solve", GAME, "--hand", value], NINE, True),
            (["handout", "deal", GAME, "--hand", value], NINE, False),
            (["whatif", GAME, "--at", f"{value}:2", "--action", "nil"], NINE_AT, True),
            (["show", GAME, "--at", f"{value}:2"], NINE_AT, True),
            (["explain", GAME, "--at", f"{value}:2", "--action", "nil"], NINE_AT, True),
        ]
    for value in ("0", "-1", "14"):
        cases.append((["explain", GAME, "--hand", "2", "--trick", value],
                      "choose --trick 1 to 13", True))
    for value in ("-1", "57"):
        cases += [
            (["solve", GAME, "--hand", "2", "--at", value],
             "choose --at 0 (before its first) to 56 (after its last)", True),
            (["show", GAME, "--at", f"2:{value}"],
             "choose --at 2:0 (before its first) to 2:56 (after its last)", True),
            (["whatif", GAME, "--at", f"2:{value}", "--action", "nil"],
             "choose --at 2:0 (before its first) to 2:56 (after its last)", True),
        ]
    for value in ("-1", "52"):
        cases.append((["solve", GAME, "--hand", "2", "--from-step", value],
                      "choose --from-step 0 (every play) to 51 (the last only)", True))
    return cases


@pytest.mark.parametrize("argv,words,has_json", _refusals(),
                         ids=lambda v: " ".join(v[2:]) if isinstance(v, list) else None)
def test_out_of_range_numbers_are_one_line_refusals(
        capsys: pytest.CaptureFixture[str], argv: list[str], words: str,
        has_json: bool) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error [bad-record] "), err
    assert words in lines[0], lines[0]
    assert "0-based" not in lines[0] and "hand 0" not in lines[0].lower()
    if has_json:
        code, out, err = run(capsys, *argv, "--json")
        refusal = json.loads(out)["error"]
        assert code == 2 and err == "" and refusal["rule"] == "bad-record"
        assert words in refusal["message"]


def test_zero_says_hands_and_tricks_count_from_1(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "explain", GAME, "--hand", "0")
    assert err.strip() == ("error [bad-record] This record has 9 hands, counted from 1 (1 is "
                           "the first hand): choose --hand 1 to 9.")
    _, _, err = run(capsys, "explain", HAND, "--hand", "2")
    assert err.strip() == ("error [bad-record] This record has 1 hand: choose --hand 1; there "
                           "is no hand 2.")
    _, _, err = run(capsys, "explain", GAME, "--hand", "3", "--trick", "0")
    assert err.strip() == ("error [bad-record] Hand 3 has 13 tricks, counted from 1 (1 is the "
                           "first trick): choose --trick 1 to 13.")


def test_a_trick_of_a_hand_that_stops_early(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    record = load_record(HAND)
    record["hands"][0]["plays"] = record["hands"][0]["plays"][:9]  # 2 tricks and 1 card
    path = tmp_path / "short.json"
    path.write_text(json.dumps(record))
    code, out, _ = run(capsys, "explain", str(path), "--trick", "3")
    assert code == 0 and out.startswith("Trick 3 (in progress):")
    _, _, err = run(capsys, "explain", str(path), "--trick", "4")
    assert "Hand 1 has 3 tricks so far: choose --trick 1 to 3; there is no trick 4 yet." in err
    record["hands"][0]["plays"] = []
    path.write_text(json.dumps(record))
    _, _, err = run(capsys, "explain", str(path), "--trick", "1")
    assert "No card of hand 1 is played yet" in err


def test_a_refused_record_is_told_from_1_and_its_json_from_0(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The JSON error is as RECORD-FORMAT.md defines it (0-based ``hand`` and ``step``); the
    one line for people counts from 1."""
    record = load_record(GAME)
    plays = record["hands"][1]["plays"]
    plays[5], plays[9] = plays[9], plays[5]  # West no longer follows suit in trick 2
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    code, out, _ = run(capsys, "replay", str(path), "--json")
    err = json.loads(out)["error"]
    assert code == 2 and (err["rule"], err["hand"], err["step"]) == (
        "must-follow-suit", 1, "play 5")
    code, _, text = run(capsys, "replay", str(path))
    assert code == 2 and text.startswith("error [must-follow-suit] hand 2, play 6: ")


# ---------------------------------------------------------------------------- help


def _options(command: str) -> dict[str, argparse.Action]:
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            sub = action.choices[command]
            return {a.option_strings[0]: a for a in sub._actions if a.option_strings}
    raise AssertionError("no sub-commands")


@pytest.mark.parametrize("command,option,words", [
    ("explain", "--hand", "1 = the first hand"),
    ("explain", "--trick", "1 = the first trick"),
    ("explain", "--at", "1 = the first hand"),
    ("whatif", "--at", "1 = the first hand"),
    ("show", "--at", "1:0 is before the first bid of the first hand"),
    ("solve", "--hand", "1 = the first hand"),
    ("solve", "--at", "a count"),
    ("solve", "--from-step", "a count"),
    ("handout", "--hand", "1 = the first hand"),
])
def test_help_says_how_each_number_counts(command: str, option: str, words: str) -> None:
    help_text = _options(command)[option].help or ""
    assert words in help_text and "0-based" not in help_text


def test_no_help_says_0_based() -> None:
    parser = build_parser()
    texts = [parser.format_help()]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            texts += [sub.format_help() for sub in action.choices.values()]
    for text in texts:
        flat = " ".join(text.split())
        assert "counted from 0" not in flat and "0-based hand" not in flat, flat[:80]
        assert "0-based" not in flat or "JSON" in flat, flat[:80]  # only of the JSON
    assert "Hands and tricks are counted from 1 on the command line" in " ".join(
        texts[0].split())


@pytest.mark.parametrize("argv", [
    ["solve", "{file}"], ["solve", "{file}", "--hand", "1"],
    ["handout", "deal", "{file}", "--out", "{tmp}"], ["show", "{file}", "--at", "1:0"],
    ["explain", "{file}", "--hand", "1"], ["explain", "{file}", "--trick", "1"],
    ["whatif", "{file}", "--at", "1:0", "--action", "4"]], ids=" ".join)
def test_a_record_without_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                argv: list[str]) -> None:
    record = load_record(HAND)
    record["hands"] = []
    path = tmp_path / "empty.json"
    path.write_text(json.dumps(record))
    code, out, err = run(capsys, *(a.replace("{file}", str(path)).replace(
        "{tmp}", str(tmp_path / "out")) for a in argv))
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "has no hands" in err and "hand 0" not in err and "-1" not in err
