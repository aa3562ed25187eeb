"""The play house rules and the options as a whole (docs/rulings.md section 9): each option
declared once with today's behaviour as its default, validated (a combination that contradicts
itself refused in words), the Spades-lead rules decided by the trick rules through the engine's
verify path, the double-dummy solver agreeing with the engine, a property test over every
combination, and the CLI's ``--option``."""
from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT, engine_per_move, examples
from spades_lab.cli.main import main
from spades_lab.core.cards import SUIT_BITS, parse_card
from spades_lab.core.engine import Game
from spades_lab.core.errors import ArgumentError, IllegalAction, OptionError, Rule
from spades_lab.core.records import replay
from spades_lab.core.rules import (
    HOUSE_PLAY_OPTIONS,
    HOUSE_PLAY_PRESETS,
    RuleSet,
    rules_from_json,
)
from spades_lab.core.tricks import NO_SPADES_FIRST_TRICK, is_legal, legal_set
from spades_lab.play.players import HeuristicPlayer, RandomPlayer, SimplePlayer, play_game
from spades_lab.solver.search import Solver
from spades_lab.teach.explain import explain_play
from spades_lab.words.rules import house_words, option_words

#: Each option's choices besides its default (the default first).
CHOICES: dict[str, list[Any]] = {
    "spade_lead": ["broken", "not_first_trick", "any"],
    "zero_bid": ["nil", "ordinary"],
    "nil_bids": ["on", "off", "below_target"],
    "blind_nil": [True, False],
    "team_bid_max": [None, 13, 10, 4, 2],
    "team_bid_min": [None, 4, 5, 13],
    "blind_bids": [False, True],
    "nil_exchange": [0, 2, 1, 13],
    "bidding": ["free", "mirror", "whiz", "suicide"],
    "jokers": ["off", "on", "jokers_only"],
    "cutthroat": ["off", "deal_17", "deal_13"],
}


# ---------------------------------------------------------------------------- the options

def test_every_option_is_declared_once_with_todays_default() -> None:
    assert set(CHOICES) == set(HOUSE_PLAY_OPTIONS)
    for preset in ("standard", "online", "original"):
        plain = RuleSet.preset(preset)
        assert plain.house_play_rules == () and plain.options() == {}
        assert all(getattr(plain, k) == v[0] for k, v in CHOICES.items())
        assert "spade_lead" not in plain.describe() and "spade_lead" not in \
            plain.options(all=True)
        assert set(HOUSE_PLAY_OPTIONS) <= set(plain.options(all=True, house=True))
    assert HOUSE_PLAY_PRESETS == ("standard", "online", "original")


@pytest.mark.parametrize("preset", ["acorns", "acorns8"])
def test_the_acorns_sets_take_none_of_them(preset: str) -> None:
    for key in HOUSE_PLAY_OPTIONS:
        with pytest.raises(OptionError) as e:
            RuleSet.preset(preset, {key: CHOICES[key][1]})
        assert e.value.rule == Rule.BAD_OPTION and key in e.value.message


@pytest.mark.parametrize(("key", "value", "words"), [
    ("spade_lead", "never", "'broken'"), ("zero_bid", 0, "'ordinary'"),
    ("nil_bids", True, "'below_target'"), ("blind_nil", "no", "true or false"),
    ("team_bid_max", 0, "from 1 to 26"), ("team_bid_min", 27, "from 1 to 26"),
    ("team_bid_max", 3.5, "null (off)"), ("nil_exchange", 14, "from 0 to 13"),
    ("bidding", "bridge", "'mirror'"), ("blind_bids", 1, "true or false"),
])
def test_bad_values_are_refused_in_words(key: str, value: Any, words: str) -> None:
    with pytest.raises(OptionError) as e:
        RuleSet.preset("standard", {key: value})
    assert e.value.rule == Rule.BAD_OPTION and key in e.value.message and words in e.value.message


CLASHES = [  # options that contradict each other, and the reason the sentence gives
    ({"team_bid_min": 8, "team_bid_max": 6}, "at least 8 and at most 6"),
    ({"team_bid_min": 14}, "one player bids at most 13"),
    ({"bidding": "mirror", "team_bid_min": 4}, "cannot be held to a minimum"),
    ({"bidding": "whiz", "blind_bids": True}, "cannot be made before looking"),
    ({"bidding": "suicide", "nil_bids": "off"}, "one partner bids nil"),
    ({"bidding": "whiz", "nil_bids": "off"}, "needs nil"),
    ({"bidding": "mirror", "nil_bids": "below_target"}, "needs nil whatever the score"),
    ({"bidding": "mirror", "team_bid_max": 10}, "cannot be capped at 10"),
    ({"bidding": "suicide", "team_bid_max": 3}, "bids at least 4"),
    ({"bidding": "suicide", "zero_bid": "ordinary"}, "a bid of 0 has no place"),
    ({"nil_exchange": 2, "nil_bids": "off"}, "nil is switched off"),
]


@pytest.mark.parametrize(("options", "why"), CLASHES)
def test_contradictions_are_refused_with_the_reason(options: dict[str, Any], why: str) -> None:
    with pytest.raises(OptionError) as e:
        RuleSet.preset("standard", options)
    assert e.value.rule == Rule.BAD_OPTION and why in e.value.message
    assert "contradicts" in e.value.message
    # for people at a table: the same reason, a sentence of its own, without the option's
    # name or its value as Python writes it
    words = e.value.words
    assert why in words and words[0].isupper() and words.endswith(".")
    assert "=" not in words and "_" not in words and "contradicts" not in words
    assert not re.search(r"'\w+'", words)  # no quoted value such as 'ordinary'
    assert not any(k in words for k in options)


def test_mirror_may_go_without_nil_where_0_is_a_bid() -> None:
    r = RuleSet.preset("standard", bidding="mirror", nil_bids="off", zero_bid="ordinary")
    assert r.house_play_rules == ("zero_bid", "nil_bids", "bidding")


def test_records_carry_the_options_and_read_them_back() -> None:
    r = RuleSet.preset("online", spade_lead="any", team_bid_max=13, bidding="whiz")
    assert r.to_json() == {"preset": "online", "options": {
        "spade_lead": "any", "team_bid_max": 13, "bidding": "whiz"}}
    assert rules_from_json(json.loads(json.dumps(r.to_json()))) == r
    assert r.replace(target=300).bidding == "whiz"
    assert hash(r) != hash(RuleSet.preset("online"))


def test_each_option_has_its_sentence_and_none_for_the_plain_sets() -> None:
    for preset in ("standard", "online", "original", "acorns", "acorns8"):
        assert house_words(RuleSet.preset(preset)) == []
    docs = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    for key, values in CHOICES.items():
        for i, v in enumerate(values[1:]):
            r = RuleSet.preset("standard", {key: v})
            words = house_words(r)
            assert len(words) == 1, (key, v, words)
            assert words[0] in option_words(r)
            if i == 0 or key in ("spade_lead", "nil_bids", "bidding"):
                # the docs quote the sentence (for one value of the numbers)
                assert words[0] in " ".join(docs.split()), (key, v)
            assert "_" not in words[0]


# ---------------------------------------------------------------------------- Spades leads

#: North holds 3 Spades and 10 others; East only Spades on trick 1 is arranged by the deal.
DEAL = [
    ["AS", "KS", "2S", "AH", "KH", "QH", "JH", "AD", "KD", "QD", "JD", "AC", "KC"],
    ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "2C", "3C", "4C"],
    ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "2D", "3D", "4D", "5D"],
    ["6D", "7D", "8D", "9D", "10D", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC"],
]


def dealt(spade_lead: str) -> Game:
    g = Game(RuleSet.preset("standard", spade_lead=spade_lead), dealer=3)
    g.deal(cards=DEAL)
    for b in (3, 3, 2, 2):
        g.bid(b)
    return g


def test_spade_lead_any_lets_a_spade_be_led_unbroken() -> None:
    g = dealt("any")
    assert g.can_play("AS").ok and len(g.legal_plays()) == 13
    ex = explain_play(g, "AS")
    assert ex.legal and ex.basis == "leads" and "at any time" in ex.text
    g.play("AS")
    assert g.hand.broken == SUIT_BITS["S"]  # type: ignore[union-attr]  # and it breaks them
    assert dealt("broken").can_play("AS").rule == Rule.TRUMP_NOT_BROKEN


def test_not_first_trick_keeps_spades_out_when_void() -> None:
    g = dealt("not_first_trick")
    assert g.can_play("AS").rule == Rule.TRUMP_NOT_BROKEN  # the lead: Spades unbroken
    g.play("AC")
    # East holds Clubs: must follow
    assert g.can_play("3S").rule == Rule.MUST_FOLLOW_SUIT
    g.play("2C")
    g.play("2H")  # South: void in Clubs, discards
    g.play("QC")
    # trick 2: North leads Hearts; East is void in Hearts: the ban is over, Spades may trump
    assert g.hand.tricks[0].winner == 0  # type: ignore[union-attr]
    g.play("AH")
    assert g.can_play("3S").ok and g.hand.legal_set()[0] == "cannot-follow"  # type: ignore


def test_not_first_trick_refusal_in_words_and_state_unchanged() -> None:
    g = Game(RuleSet.preset("standard", spade_lead="not_first_trick"), dealer=3)
    deal = [list(h) for h in DEAL]
    g.deal(cards=deal)
    for b in (3, 3, 2, 2):
        g.bid(b)
    g.play("AH")  # North leads Hearts; East holds no Heart: Spades and Clubs
    h = g.hand
    assert h is not None
    assert h.legal_set()[0] == NO_SPADES_FIRST_TRICK
    assert [p.card.code for p in g.legal_plays()] == ["2C", "3C", "4C"]
    before = (list(h.hands[1]), len(g.log), g.turn, list(h.trick))
    check = g.can_play("QS")
    assert check.rule == Rule.SPADES_FIRST_TRICK
    with pytest.raises(IllegalAction) as e:
        g.play("QS")
    assert e.value.rule == Rule.SPADES_FIRST_TRICK and e.value.message == (
        "East may not play a Spade on the first trick: your rules keep Spades out of it, and "
        "East holds other cards.")
    assert e.value.details["alternatives"] == ["2C", "3C", "4C"]
    assert before == (list(h.hands[1]), len(g.log), g.turn, list(h.trick))
    ok = explain_play(g, "2C")
    assert ok.legal and ok.basis == "no-spades-first-trick"
    g.play("2C")
    assert dealt("broken").can_play("AH").ok


def test_a_player_holding_only_spades_on_trick_1_plays_one() -> None:
    """RULINGS §9: a player who holds nothing but Spades plays one (leads or discards)."""
    spades = [parse_card(c) for c in ("3S", "4S", "5S")]
    S, H = SUIT_BITS["S"], SUIT_BITS["H"]
    for led in (0, H):
        basis, plays = legal_set(spades, led, S, False, banned=S)
        assert [p.card for p in plays] == spades and basis != NO_SPADES_FIRST_TRICK
        assert all(is_legal(spades, p, led, S, False, S) for p in plays)
    # following a Spade lead is following suit, not a Spade "played into" the trick
    mixed = [parse_card(c) for c in ("3S", "2C")]
    assert legal_set(mixed, S, 0, False, banned=S)[1] == (mixed[0].play,)


def test_legal_set_and_is_legal_agree_under_the_ban() -> None:
    rng = random.Random(24)
    deck = list(RuleSet.preset("standard").deck.cards)
    S = SUIT_BITS["S"]
    for _ in range(400):
        hand = rng.sample(deck, rng.randrange(1, 8))
        led = rng.choice([0, *SUIT_BITS.values()]) if rng.random() < 0.8 else 0
        led = led if led in (0, S, SUIT_BITS["H"], SUIT_BITS["D"], SUIT_BITS["C"]) else 0
        unbroken = rng.choice([0, S])
        legal = set(legal_set(hand, led, unbroken, False, banned=S)[1])
        for c in hand:
            assert is_legal(hand, c.play, led, unbroken, False, S) == (c.play in legal)


def _games(rules: RuleSet, seed: int, hands: int) -> list[Game]:
    out = []
    for i, player in enumerate((HeuristicPlayer(), RandomPlayer(), SimplePlayer())):
        g = Game(rules)
        play_game(g, [player] * 4, random.Random(seed + i), max_hands=hands)
        out.append(g)
    return out


@pytest.mark.parametrize("spade_lead", ["not_first_trick", "any"])
def test_whole_games_keep_the_lead_rule(spade_lead: str) -> None:
    """Every first trick under not_first_trick holds a Spade only from a seat that had nothing
    else (or followed a Spade lead); under any, some Spade is led before Spades are broken."""
    rules = RuleSet.preset("standard", spade_lead=spade_lead)
    led_unbroken = 0
    for g in _games(rules, 5, 6):
        for h in g.hands:
            if not h.tricks:
                continue
            t0 = h.tricks[0]
            held = [list(d) for d in h.deal]
            for seat, p in t0.plays:
                if spade_lead == "not_first_trick" and p.card.suit == "S" and t0.led != "S":
                    assert all(c.suit == "S" for c in held[seat]), (seat, held[seat])
            for t in h.tricks:
                if t.led == "S" and "S" not in t.broken_before:
                    led_unbroken += 1
            rec = replay(g.to_record())  # the record replays under the same rules
            assert rec.game.rules == rules
    if spade_lead == "any":
        assert led_unbroken > 0


# ---------------------------------------------------------------------------- the solver

def _endings(rules: RuleSet, seed: int, count: int) -> list[Game]:
    """Endings of 2-3 cards a seat set on the hand's first trick (trumps and one other suit,
    so seats are often void), some with a card or two of the trick already played."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = Game(rules)
        g.deal(rng=rng)
        for b in (3, 3, 3, 3):
            g.bid(b)
        k = rng.choice((2, 3))
        suits = ["S", rng.choice("HDC")]
        pool = [c for c in rules.deck.cards if c.suit in suits]
        rng.shuffle(pool)
        g.set_ending([pool[i * k:(i + 1) * k] for i in range(4)],
                     ["S"] if rng.random() < 0.3 else [], "S")
        for _ in range(rng.randrange(3)):
            g.play(rng.choice(g.legal_plays()))
        out.append(g)
    return out


@pytest.mark.parametrize("spade_lead", ["not_first_trick", "any"])
def test_solver_agrees_with_the_engine_minimax(spade_lead: str) -> None:
    rules = RuleSet.preset("standard", spade_lead=spade_lead)
    solvers = [Solver(rules), Solver(rules, fast=False), Solver(rules, enhancements=False)]
    differs = 0
    for i, g in enumerate(_endings(rules, 240 + len(spade_lead), 60)):
        want = engine_per_move(g)
        for s in solvers:
            r = s.solve(g)
            assert r.per_move == want, (i, spade_lead)
            assert r.tricks == max(want.values())
        h = g.hand
        assert h is not None and h.turn is not None
        seed_rules = set(legal_set(h.hands[h.turn], h.led_bit, SUIT_BITS["S"] & ~h.broken,
                                   False)[1])
        differs += seed_rules != set(want)
    assert differs >= 5  # the option changed the legal plays in some of these positions


def test_the_existing_solver_diff_test_covers_the_spade_lead_rules() -> None:
    text = (ROOT / "tests" / "test_solver_diff.py").read_text(encoding="utf-8")
    assert '"spade_lead": "not_first_trick"' in text and '"spade_lead": "any"' in text


# ---------------------------------------------------------------------------- every combination

KEYS = list(CHOICES)


@st.composite
def option_sets(draw: Any) -> dict[str, Any]:
    keys = draw(st.lists(st.sampled_from(KEYS), unique=True, max_size=5))
    return {k: draw(st.sampled_from(CHOICES[k])) for k in keys}


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["standard", "online", "original"]), options=option_sets(),
       seed=st.integers(0, 10**6))
def test_every_combination_validates_or_is_refused_and_plays(preset: str,
                                                           options: dict[str, Any],
                                                           seed: int) -> None:
    try:
        rules = RuleSet.preset(preset, options)
    except OptionError as e:
        assert e.rule == Rule.BAD_OPTION and "contradicts" in e.message
        assert len(e.message) < 300 and "_" in e.message.split(":")[0]  # names the option
        return
    rng = random.Random(seed)
    player = rng.choice([HeuristicPlayer(), RandomPlayer(), SimplePlayer()])
    g = Game(rules)
    play_game(g, [player] * 4, rng, max_hands=3)
    assert len(g.hands) >= 1 and all(h.scores is not None for h in g.hands)
    for h in g.hands:
        assert all(b is not None for b in h.bids)
    assert replay(g.to_record()).game.totals == g.totals


def test_every_pair_of_options_validates_or_says_why() -> None:
    """Exhaustively over pairs of non-default values: each validates or is refused with a
    sentence; a validated one deals, bids and plays a hand with heuristic bots."""
    refused = ok = 0
    for (k1, k2) in itertools.combinations(KEYS, 2):
        for v1 in CHOICES[k1][1:]:
            for v2 in CHOICES[k2][1:]:
                try:
                    rules = RuleSet.preset("standard", {k1: v1, k2: v2})
                except OptionError as e:
                    assert "contradicts" in e.message or "not valid" in e.message
                    refused += 1
                    continue
                ok += 1
                g = Game(rules)
                play_game(g, [HeuristicPlayer()] * 4, random.Random(ok), max_hands=1)
                assert g.hands[0].scores is not None
    assert ok > 100 and refused > 5


# ---------------------------------------------------------------------------- the CLI and batch

def test_the_batch_path_refuses_house_rules_in_words() -> None:
    from spades_lab.play.batch import play_random_hands

    with pytest.raises(ArgumentError) as e:
        play_random_hands(RuleSet.preset("standard", bidding="whiz"), 10)
    assert "played by the engine" in e.value.message


@pytest.mark.parametrize("option", ["spade_lead=not_first_trick", "bidding=suicide",
                                    "team_bid_max=10", "blind_bids=true", "zero_bid=ordinary",
                                    "nil_exchange=2", "nil_bids=off", "blind_nil=false",
                                    "team_bid_min=4"])
def test_cli_play_replay_explain_simulate_accept_the_options(option: str, tmp_path: Path,
                                                             capsys: Any) -> None:
    out = tmp_path / "game.json"
    assert main(["play", "--option", option, "--seed", "3", "--hands", "1", "--quiet",
                 "--out", str(out)]) == 0
    key, value = option.split("=")
    rec = json.loads(out.read_text())
    assert key in rec["rules"]["options"]
    assert main(["replay", str(out), "--json"]) == 0
    assert main(["explain", str(out)]) == 0
    assert main(["simulate", "--option", option, "--hands", "4", "--seed", "1",
                 "--players", "heuristic"]) == 0
    capsys.readouterr()


def test_cli_refuses_a_contradiction_in_one_line(capsys: Any) -> None:
    code = main(["simulate", "--option", "bidding=mirror", "--option", "team_bid_min=4",
                 "--hands", "2"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "contradicts" in err[0]


def test_the_rules_sheet_prints_the_house_rules_in_force() -> None:
    from spades_lab.teach.handout import rules_sheet

    plain = rules_sheet("standard")
    assert "House rules" not in plain and "may not lead an unbroken trump" in plain
    sheet = rules_sheet("standard", {"spade_lead": "any", "zero_bid": "ordinary"})
    assert "<h2>House rules</h2>" in sheet and "never need breaking" in sheet
    assert "may not lead an unbroken trump" not in sheet and "a bid of 0 is Nil" not in sheet
    jokers = rules_sheet("standard", {"jokers": "on"})
    assert "52-card deck with Jokers" in jokers and "King &lt; Ace; the highest trumps, from " \
        "the top: the Big Joker, the Little Joker, the 2 of Diamonds, the 2 of Spades" in jokers
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<style.*?</style>", "", jokers, flags=re.S))
    assert not re.search(r"\b(BJ|LJ|2D)\b", text)


@pytest.mark.parametrize(("options", "key", "topic"), [
    ({"team_bid_max": 10}, "team-bid-limit", "bidding"),
    ({"team_bid_min": 5}, "team-bid-limit", "bidding"),
    ({"bidding": "mirror"}, "bid-forced", "bidding"),
    ({"bidding": "whiz"}, "bid-forced", "bidding"),
    ({"bidding": "suicide"}, "bid-forced", "bidding"),
    ({"spade_lead": "not_first_trick"}, "spades-first-trick", "trumps"),
])
def test_the_quiz_asks_each_house_rule_where_it_is_on(options: dict[str, Any], key: str,
                                                      topic: str) -> None:
    from spades_lab.teach.quiz import TOPICS, applicable_ids, make_question, make_quiz, verify

    assert key in TOPICS[topic] and key in applicable_ids("standard", options)
    assert key not in applicable_ids("standard")
    for seed in range(3):
        q = make_question("standard", key, seed=seed, options=options)
        assert q.tests == key and verify(q)
    quiz = make_quiz("standard", 1, options=options, topics=[topic])
    assert key in {q.tests for q in quiz.questions} and all(verify(q) for q in quiz.questions)


def test_the_quiz_does_not_ask_about_breaking_spades_that_need_no_breaking() -> None:
    from spades_lab.teach.quiz import applicable_ids

    ids = applicable_ids("standard", {"spade_lead": "any"})
    assert "trump-not-broken" not in ids and "only-unbroken-trumps" not in ids
