"""Hardened edges of the command line (first filed as issue 13), every bullet as a test.

Bad records and command lines end in a typed refusal (exit 2, a section-7 rule id, a short
message), never a traceback; what used to be silently accepted is refused with the valid range;
long jobs check their outputs first; what RULINGS section 8 now spells out is accepted.
"""
from __future__ import annotations

import copy
import fcntl
import json
import os
import random
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from spades_lab import Game
from spades_lab.cli.main import main
from spades_lab.core import validate
from spades_lab.core.engine import RECORD_FORMAT
from spades_lab.core.errors import (
    RULE_IDS,
    IllegalAction,
    OptionError,
    RecordError,
    RuleError,
    echo,
)
from spades_lab.core.records import load_record, replay
from spades_lab.core.rules import RuleSet, parse_option

SCENARIOS = ROOT / "data" / "scenarios"
STD = SCENARIOS / "std_led_suit_wins.json"      # one complete standard hand
FINISHED = SCENARIOS / "std_bid_made_with_bags.json"


def std_record() -> dict[str, Any]:
    return json.loads(STD.read_text())


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def refused_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """Run with --json; assert exit 2 and a short message with a section-7 rule id."""
    code, out, err = run(capsys, *argv, "--json")
    assert code == 2, (out, err)
    error = json.loads(out)["error"]
    assert error["rule"] in RULE_IDS and len(error["message"]) < 300, error
    return error  # type: ignore[no-any-return]


def write(tmp_path: Path, data: Any, name: str = "r.json") -> str:
    p = tmp_path / name
    if isinstance(data, bytes):
        p.write_bytes(data)
    elif isinstance(data, str):
        p.write_text(data, encoding="utf-8")
    else:
        p.write_text(json.dumps(data), encoding="utf-8")
    return str(p)


# ---------------------------------------------------------------------------- tracebacks → exit 2


@pytest.mark.parametrize("key,value,words", [
    ("players", 7, ["players", "list"]),
    ("players", True, ["players"]),
    ("players", "ABCD", ["players"]),
    ("players", {"0": "Ann"}, ["players"]),
    ("start", {"scores": 5, "bags": [0, 0]}, ["start.scores"]),
    ("start", {"scores": [0, 0], "bags": True}, ["start.bags"]),
    ("start", {"scores": [True, 0], "bags": [0, 0]}, ["start.scores"]),
])
def test_wrong_json_types_are_refused_with_their_path(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, value: Any,
        words: list[str]) -> None:
    rec = {**std_record(), key: value}
    err = refused_json(capsys, "replay", write(tmp_path, rec))
    assert err["rule"] == "bad-record"
    for w in words:
        assert w in err["message"], err


def test_path_names_the_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = json.loads(FINISHED.read_text())
    rec["hands"][0]["plays"][25]["seat"] = "north"
    err = refused_json(capsys, "replay", write(tmp_path, rec))
    assert err["message"].startswith("hands[0].plays[25].seat must be a seat number 0-3")
    assert (err["hand"], err["step"]) == (0, "play 25")
    rec = std_record()
    rec["hands"][0]["exchange"] = [{"from": 1, "to": 3, "cards": "AS KS"}]
    err = refused_json(capsys, "replay", write(tmp_path, rec))
    assert "hands[0].exchange[0].cards" in err["message"]


def test_a_file_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = STD.read_text().replace('"standard"', '"st\u00e4ndard"').encode("latin-1")
    err = refused_json(capsys, "replay", write(tmp_path, raw))
    assert "not UTF-8" in err["message"]


@pytest.mark.parametrize("where", ["score", "seat", "bid", "bid-text", "option"])
def test_numbers_longer_than_python_reads_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    huge = "9" * 5000
    text = STD.read_text()
    if where == "score":
        text = text.replace('"rules"', f'"start": {{"scores": [{huge}, 0], "bags": [0, 0]}}, '
                            '"rules"', 1)
    elif where == "seat":
        text = text.replace('"seat": 1', f'"seat": {huge}', 1)
    elif where == "bid":
        text = text.replace('"bid": 3', f'"bid": {huge}', 1)
    elif where == "bid-text":
        text = text.replace('"bid": 3', f'"bid": "{huge}"', 1)
    else:
        text = text.replace('"options": {}', f'"options": {{"target": {huge}}}', 1)
    assert huge in text
    err = refused_json(capsys, "replay", write(tmp_path, text))
    assert huge[:100] not in err["message"]


def test_bid_of_many_digits_through_the_api() -> None:
    g = Game("standard")
    g.deal(rng=random.Random(1))
    for bid in ("9" * 5000, 10 ** 5000, "1" + "0" * 20):
        assert not g.can_bid(bid).ok
        with pytest.raises(IllegalAction) as e:
            g.bid(bid)
        assert e.value.rule == "bid-out-of-range" and len(e.value.message) < 300


def test_very_deep_nesting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    text = STD.read_text().replace('"rules"', f'"players": {deep}, "rules"', 1)
    err = refused_json(capsys, "replay", write(tmp_path, text))
    assert "deeply" in err["message"]
    shallow = "[" * 500 + "]" * 500  # deep, yet within what the parser takes: the shape refuses
    text = STD.read_text().replace('"rules"', f'"players": {shallow}, "rules"', 1)
    assert refused_json(capsys, "replay", write(tmp_path, text))["rule"] == "bad-record"


@pytest.mark.parametrize("value", ["\u00b3", "up to \u00b3", "\uff13", "up to \u0663", "3\u0332"])
def test_digit_like_characters_in_options(capsys: pytest.CaptureFixture[str],
                                          value: str) -> None:
    """``'³'.isdigit()`` is True but ``int('³')`` fails; fullwidth and Arabic-Indic digits are
    not numbers here either."""
    with pytest.raises(OptionError):
        RuleSet.preset("original", blind_exchange=value)
    code, _, err = run(capsys, "play", "--rules", "original", "--option",
                       f"blind_exchange={value}", "--hands", "1", "--seed", "1", "--quiet")
    assert code == 2 and "bad-option" in err and "Traceback" not in err


@pytest.mark.parametrize("action", ["\u00b3", "\uff14", "\u0664", "1_0"])
def test_digit_like_characters_in_whatif_actions(capsys: pytest.CaptureFixture[str],
                                                  action: str) -> None:
    err = refused_json(capsys, "whatif", str(SCENARIOS / "std_nil_made.json"), "--at", "1:1",
                       "--action", action)
    assert err["rule"] == "bid-not-allowed"


def test_explain_trick_on_a_record_without_hands(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    rec = {"format": RECORD_FORMAT, "rules": {"preset": "standard", "options": {}},
           "hands": []}
    err = refused_json(capsys, "explain", write(tmp_path, rec), "--trick", "1")
    assert "no hands" in err["message"]


def test_simulate_zero_hands(capsys: pytest.CaptureFixture[str]) -> None:
    for flag in ("--hands", "--games"):
        code, _, err = run(capsys, "simulate", flag, "0")
        assert code == 2 and "at least 1" in err and "Traceback" not in err
    with pytest.raises(ValueError):
        from spades_lab.play.sim import simulate_hands

        simulate_hands("standard", "random", 0)


BAD_SEATS: list[Any] = [-1, 4, 99, 10 ** 5000, "1", 1.0, None, True, [0], {"seat": 0}]


@pytest.mark.parametrize("seat", BAD_SEATS, ids=lambda v: echo(v, 20))
def test_bad_seats_in_the_api(seat: Any) -> None:
    """``can_*`` answers no with a rule id; the actions raise the typed error; nothing changes.
    (None means "the seat to act" in bid/play, so it is only bad for exchange.)"""
    g = Game("original")
    g.deal(rng=random.Random(3))
    g.bid("blind nil")      # East: an exchange with West comes after the bids
    before = g.to_record()
    for check, act in ((g.can_bid, g.bid), (g.can_play, g.play)):
        if seat is None:
            continue
        arg = 3 if check == g.can_bid else "2C"
        c = check(arg, seat=seat)
        assert not c.ok and c.rule in RULE_IDS and len(c.message) < 300
        with pytest.raises(IllegalAction):
            act(arg, seat=seat)
    c = g.can_exchange(seat, [])
    assert not c.ok and c.rule == "exchange-invalid"
    with pytest.raises(IllegalAction):
        g.exchange(seat, [])
    for method in (g.look, g.view):
        if seat is None:
            continue
        with pytest.raises(IllegalAction):
            method(seat)
    assert g.to_record() == before and len(g.log) == 2


@pytest.mark.parametrize("cards", ["AS KS", 5, None, {"AS": 1}, ["AS"] * 40, [["AS"]]],
                         ids=lambda v: echo(v, 20))
def test_bad_card_lists_in_the_exchange(cards: Any) -> None:
    g = Game("original")
    g.deal(rng=random.Random(3))
    for b in ("blind nil", 2, 3, 4):
        g.bid(b)
    c = g.can_exchange(1, cards)
    assert not c.ok and c.rule in ("exchange-invalid", "unknown-card")
    with pytest.raises(IllegalAction):
        g.exchange(1, cards)


# ---------------------------------------------------------------------------- silent → refused


@pytest.mark.parametrize("start", [{}, {"score": [10, 0]}, {"scores": [10, 0], "bag": [1, 0]}],
                         ids=repr)
def test_misspelt_or_empty_start(start: dict[str, Any]) -> None:
    with pytest.raises(RecordError) as e:
        replay({**std_record(), "start": start})
    assert e.value.rule == "bad-record" and "start" in e.value.message
    with pytest.raises(RuleError):
        Game("standard", start=start)


def test_misspelt_keys_everywhere() -> None:
    rec = std_record()
    rec["hands"][0]["play"] = rec["hands"][0].pop("plays")
    with pytest.raises(RecordError) as e:
        load_record(rec)
    assert "did you mean 'plays'" in e.value.message
    rec = std_record()
    rec["rules"]["options"] = {"bag_limt": 5}
    with pytest.raises(RecordError) as e:
        load_record(rec)
    assert "bag_limt" in e.value.message
    rec = std_record()
    rec["hands"][0]["bids"][0]["sea"] = 1
    with pytest.raises(RecordError) as e:
        load_record(rec)
    assert "hands[0].bids[0]" in e.value.message


def test_negative_and_past_the_end_steps(capsys: pytest.CaptureFixture[str]) -> None:
    for upto in ((0, -1), (-1, 0), (0, 57), (1, 0), (0, True), ("0", 1), (0,)):
        with pytest.raises(RecordError) as e:
            replay(FINISHED, upto=upto)  # type: ignore[arg-type]
        assert e.value.rule == "bad-record" and len(e.value.message) < 300
    assert replay(FINISHED, upto=(0, 56)).hands[0].complete  # 4 bids + 52 plays: the last
    for at in ("-1", "57", "999"):
        code, out, err = run(capsys, "solve", str(FINISHED), "--at", at, "--json")
        assert code == 2, (at, out, err)
        assert "choose --at 0 (before its first) to 56 (after its last)" in out


def test_look_and_view_refuse_bad_seats() -> None:
    g = Game("standard")
    g.deal(rng=random.Random(1))
    for seat in (-1, 4, "0"):
        with pytest.raises(IllegalAction):
            g.look(seat)  # type: ignore[arg-type]
    assert len(g.log) == 1  # no look logged


@pytest.mark.parametrize("preset,value", [("original", 14), ("original", "up to 14"),
                                          ("acorns", {"full nil": 33})])
def test_blind_exchange_larger_than_a_hand(preset: str, value: Any) -> None:
    with pytest.raises(OptionError) as e:
        RuleSet.preset(preset, blind_exchange=value)
    assert "more than" in e.value.message
    RuleSet.preset(preset, blind_exchange=RuleSet.preset(preset).hand_size)  # a whole hand: ok


@pytest.mark.parametrize("argv,words", [
    (["simulate", "--hands", "-1"], ["at least 1"]),
    (["simulate", "--processes", "0"], ["at least 1"]),
    (["simulate", "--hands", "\uff11\uff10"], ["whole number"]),
    (["simulate", "--hands", "1_000"], ["whole number"]),
    (["simulate", "--seed", "9" * 5000], ["whole number"]),
    (["solve", str(STD), "--from-step", "-1"], ["choose --from-step 0 (every play)", "not -1"]),
    (["solve", str(STD), "--hand", "-1"], ["counted from 1", "choose --hand 1"]),
    (["explain", str(STD), "--trick", "-1"], ["counted from 1", "choose --trick 1"]),
    (["play", "--hands", "0"], ["at least 1"]),
])
def test_command_line_ranges(capsys: pytest.CaptureFixture[str], argv: list[str],
                             words: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and "Traceback" not in err
    for w in words:
        assert w in err, err
    assert len(err.splitlines()[-1]) < 300


def test_explain_trick_past_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused_json(capsys, "explain", str(FINISHED), "--hand", "1", "--trick", "14")
    assert "choose --trick 1 to 13" in err["message"]
    assert run(capsys, "explain", str(FINISHED), "--hand", "1", "--trick", "13")[0] == 0


@pytest.mark.parametrize("mutate,words", [
    (lambda r: r.update(players="ABCD"), ["players"]),
    (lambda r: r.update(players={"a": 1}), ["players"]),
    (lambda r: r["hands"][0].update(dealer=False), ["dealer"]),
    (lambda r: r["rules"].update(options=[]), ["rules.options"]),
    (lambda r: r["rules"].update(options=None), ["rules.options"]),
    (lambda r: r["hands"][0]["plays"][0].update(card="A\u017f"), ["not a card"]),  # long s
    (lambda r: r["hands"][0]["bids"][0].update(bid="\uff13"), ["not a bid"]),  # fullwidth 3
    (lambda r: r.update(players=["x" * 1000, "B", "C", "D"]), ["players[0]"]),
])
def test_too_lenient_no_more(mutate: Any, words: list[str]) -> None:
    rec = std_record()
    mutate(rec)
    with pytest.raises(RuleError) as e:
        replay(rec)
    assert len(e.value.message) < 300
    for w in words:
        assert w in e.value.message, e.value.message


def test_duplicate_keys(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = STD.read_text().replace('"rules"', '"format": "spades-lab/1", "rules"', 1)
    err = refused_json(capsys, "replay", write(tmp_path, text))
    assert "repeats the key 'format'" in err["message"]


def test_a_file_named_like_json_is_a_file(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    odd = tmp_path / "{odd}.json"
    odd.write_text(STD.read_text())
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        assert run(capsys, "replay", "{odd}.json", "--json")[0] == 0
        err = refused_json(capsys, "replay", '{"rules": "standard"}')
        assert "Cannot read the record file" in err["message"]
    finally:
        os.chdir(old)


def test_strict_numbers_in_option_text() -> None:
    assert parse_option("bag_limit=5") == ("bag_limit", 5)
    assert parse_option("bag_limit=\uff15") == ("bag_limit", "\uff15")  # a text: then refused
    with pytest.raises(OptionError):
        RuleSet.preset("standard", dict([parse_option("bag_limit=\uff15")]))
    with pytest.raises(OptionError):
        parse_option('blind_exchange={"nil": ' + "9" * 5000 + "}")
    with pytest.raises(OptionError):
        parse_option("bag_limit=[" * 100_000)


# ---------------------------------------------------------------------------- unbounded work


def test_output_paths_are_checked_before_the_run(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "missing" / "x.json")
    t = time.perf_counter()
    code, _, err = run(capsys, "play", "--out", missing, "--seed", "1")
    assert code == 2 and "no folder" in err
    for flag in ("--out", "--records"):
        code, _, err = run(capsys, "simulate", "--hands", "100000", flag, missing)
        assert code == 2 and "no folder" in err and flag in err
    code, _, err = run(capsys, "simulate", "--hands", "10", "--out", str(tmp_path))
    assert code == 2 and "is a folder" in err
    assert time.perf_counter() - t < 20  # refused before any of those hands is played


def test_processes_capped_at_the_cores(capsys: pytest.CaptureFixture[str]) -> None:
    from spades_lab.play.sim import cores, worker_count

    assert worker_count(40) == min(40, cores())
    assert worker_count(40, force=True) == 40
    code, out, err = run(capsys, "simulate", "--hands", "4", "--processes", "40", "--json")
    assert code == 0 and json.loads(out)["hands"] == 4
    if cores() < 40:
        assert f"using {cores()} processes" in err


def test_records_stream_to_their_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.jsonl"
    code, _, _ = run(capsys, "simulate", "--games", "3", "--max-hands", "2", "--records",
                     str(path), "--json")
    assert code == 0
    lines = path.read_text().splitlines()
    assert len(lines) == 3 and all(replay(json.loads(x)).hands for x in lines)


def test_error_messages_echo_a_bounded_part_of_the_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = "Q" * 1_000_000
    rec = std_record()
    rec["hands"][0]["plays"][0]["card"] = big
    err = refused_json(capsys, "replay", write(tmp_path, rec))
    assert len(err["message"]) < 300
    g = replay(std_record(), upto=(0, 4)).game
    for bad in (big, [big], {big: big}, 10 ** 5000):
        c = g.can_play(bad)
        assert not c.ok and len(c.message) < 300
        c = g.can_play(g.legal_plays()[0], bad)  # declared as a suit named ``bad``
        assert not c.ok and len(c.message) < 300
    code, _, errtext = run(capsys, "play", "--option", big + "=1", "--seed", "1")
    assert code == 2 and len(errtext) < 400
    code, _, errtext = run(capsys, "simulate", "--players", big, "--hands", "1")
    assert code == 2 and len(errtext) < 400
    with pytest.raises(RuleError) as e:
        RuleSet.preset(big)
    assert len(e.value.message) < 300


def test_a_record_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = validate.check_record

    def counting(data: Any) -> Any:
        calls.append(1)
        return real(data)

    monkeypatch.setattr(validate, "check_record", counting)
    replay(STD)
    assert len(calls) == 1


def test_record_size_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validate, "MAX_RECORD_BYTES", 200)
    with pytest.raises(RecordError) as e:
        load_record(STD)
    assert "larger than" in e.value.message
    with pytest.raises(RecordError):
        load_record(STD.read_text())


# ---------------------------------------------------------------------------- accepted now


def zero_pass_record() -> dict[str, Any]:
    """An original-rules hand where East bids blind nil and passes 0 cards ("up to 3")."""
    g = Game("original")
    g.deal(rng=random.Random(3))
    for b in ("blind nil", 2, 3, 4):
        g.bid(b)
    g.exchange(1, [])
    while g.phase == "play":
        g.play(g.legal_plays()[0])
    return g.to_record()


def test_empty_return_after_a_zero_card_pass_may_be_written_or_left_out() -> None:
    without = zero_pass_record()
    assert without["hands"][0]["exchange"] == [{"from": 1, "to": 3, "cards": []}]
    written = copy.deepcopy(without)
    written["hands"][0]["exchange"].append({"from": 3, "to": 1, "cards": []})
    a, b = replay(without), replay(written)
    assert a.to_dict() == b.to_dict() and a.hands[0].complete
    # each round-trips to itself
    assert replay(written).game.to_record() == written
    assert replay(without).game.to_record() == without
    # but West may not pass cards back, nor return twice
    twice = copy.deepcopy(written)
    twice["hands"][0]["exchange"].append({"from": 3, "to": 1, "cards": []})
    with pytest.raises(RecordError) as e:
        replay(twice)
    assert e.value.rule in ("exchange-invalid", "wrong-phase")


def test_double_nil_is_blind_nil() -> None:
    g = Game("standard")
    g.deal(rng=random.Random(2))
    assert g.can_bid("double nil").ok
    g.bid("Double  Nil")
    assert str(g.hand.bids[1]) == "blind nil"
    assert g.to_record()["hands"][0]["bids"][0]["bid"] == "blind nil"
    rec = std_record()
    rec["hands"][0]["bids"][0]["bid"] = "double nil"
    assert replay(rec).game.hands[0].bids[rec["hands"][0]["bids"][0]["seat"]].blind
    with pytest.raises(IllegalAction) as e:
        acorns = Game("acorns")
        acorns.deal(rng=random.Random(2))
        acorns.bid("double nil")  # blind nil is no bid in the Acorns sets: neither is this
    assert e.value.rule == "bid-not-allowed"


# ---------------------------------------------------------------------------- dev.sh


@pytest.mark.slow
def test_dev_sh_waits_for_the_package_lock(tmp_path: Path) -> None:
    """ensure_chromium's wait_for_package_lock waits while another process holds an apt-style
    (fcntl) lock, and gives up with a message after APT_LOCK_WAIT seconds."""
    lock = tmp_path / "lock-frontend"
    lock.write_text("")
    script = (f"set -euo pipefail; log() {{ echo \"$*\" >&2; }}; "
              f"source <(sed -n '/^ensure_chromium() {{/,/^}}/p' {ROOT / 'dev.sh'}); "
              "ensure_chromium; wait_for_package_lock && echo released")
    env = {**os.environ, "APT_LOCKS": str(lock), "APT_LOCK_WAIT": "30"}
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("ensure_chromium would install chromium here")
    fd = os.open(lock, os.O_RDWR)
    fcntl.lockf(fd, fcntl.LOCK_EX)
    try:
        proc = subprocess.Popen(["bash", "-c", script], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        time.sleep(3)
        assert proc.poll() is None  # still waiting
    finally:
        fcntl.lockf(fd, fcntl.LOCK_UN)
        os.close(fd)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0 and "released" in out and "waiting" in err
    fd = os.open(lock, os.O_RDWR)
    fcntl.lockf(fd, fcntl.LOCK_EX)
    try:
        proc2 = subprocess.run(["bash", "-c", script], env={**env, "APT_LOCK_WAIT": "2"},
                               capture_output=True, text=True, timeout=30)
    finally:
        os.close(fd)
    assert proc2.returncode != 0 and "giving up" in proc2.stderr


def test_one_record_format_name() -> None:
    assert validate.FORMAT == RECORD_FORMAT


# ---------------------------------------------------------------------------- huge arguments

BIG = "x" * 2**20  # 1 MB: more than one exec() argument may hold, so run in this process


@pytest.mark.parametrize("argv", [
    pytest.param([BIG], id="command-choice"),
    pytest.param(["handout", BIG], id="choice"),
    pytest.param(["whatif", "data/course/standard_hand.json", "--at", "1:4", "--action", "QH",
                  "--then", "y " * 2**19], id="choice-with-spaces"),
    pytest.param(["simulate", "--hands", BIG], id="int"),
    pytest.param(["simulate", f"--hands={BIG}"], id="int-joined"),
    pytest.param(["handout", "quiz", "--level", BIG], id="int-with-choices"),
    pytest.param(["replay", BIG], id="path-to-read"),
    pytest.param(["simulate", "--out", f"/no-folder/{BIG}"], id="path-to-write"),
    pytest.param(["course", BIG], id="path-to-make"),
    pytest.param(["replay", "data/course/standard_hand.json", BIG], id="unrecognized"),
    pytest.param(["play", "--rules", BIG], id="rule-set"),
])
def test_a_huge_argument_is_echoed_short(capsys: pytest.CaptureFixture[str],
                                          argv: list[str]) -> None:
    """Any refused command line, argparse's own errors included, repeats at most about 80
    characters of what was typed, on one line, with exit status 2."""
    code, out, err = run(capsys, *argv)
    lines = err.strip().splitlines()
    assert code == 2 and "Traceback" not in err, err[:500]
    assert lines and len(lines[-1]) < 300 and "xxx" * 30 not in err and "y " * 50 not in err
    assert all(len(line) < 300 for line in lines) and len(out) < 300


def test_short_error_keeps_what_the_value_is_and_the_choices() -> None:
    from spades_lab.cli.common import short_error

    msg = short_error("argument kind: invalid choice: '" + "q" * 5000 + "' (choose from "
                      "'rules', 'deal', 'quiz')")
    assert msg.startswith("argument kind: invalid choice: 'qqq") and msg.endswith(
        "…' (choose from 'rules', 'deal', 'quiz')") and len(msg) < 160
    assert short_error("argument --then: expected one argument") == \
        "argument --then: expected one argument"
