"""Explanations complete in every interface (issue 11): the failed-nil sentence names the
card the nil bidder won with and how it won; blind doubling, eight-player halving and th_low
are named where they decide a number or a trick; ``spades-lab explain`` explains bids,
exchanges and leads as the API does."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades_lab.cli.main import main
from spades_lab.core.cards import card_words
from spades_lab.core.records import replay
from spades_lab.teach.explain import explain_bid, explain_play, explain_score, explain_trick

DIR = Path(__file__).resolve().parent.parent / "data" / "scenarios"


def nils(name: str):  # type: ignore[no-untyped-def]
    h = replay(DIR / name).game.hands[0]
    return h, [n for t in explain_score(h).teams for n in t.nils]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_failed_nil_names_the_winning_card_and_how() -> None:
    h, (nil,) = nils("std_failed_nil_bags_only.json")
    t = h.tricks[nil.broken_in_trick]
    mine = next(p for s, p in t.plays if s == nil.seat)
    assert t.winner == nil.seat and nil.won_with == mine.card.code == nil.broken_by
    assert nil.won_how == "led-suit-wins"
    assert f"won trick {t.index + 1} with {card_words(mine.card)}" in nil.text
    assert "the highest card of the led suit" in nil.text
    led = t.plays[0][1].card
    if t.leader != nil.seat:  # the led card is named as the lead, not as the winner
        assert f"led {card_words(led)}" in nil.text


def test_partial_nil_names_the_suit_card_and_both_suits() -> None:
    h, (nil,) = nils("acorns_nil_spades_broken_by_traveler.json")
    t = h.tricks[nil.broken_in_trick]
    assert any(p.card.code == nil.broken_by for _, p in t.plays)
    assert nil.won_with == next(p for s, p in t.plays if s == nil.seat).card.code
    assert "counts as a card of both its suits" in nil.text and "a card of Spades" in nil.text


def test_blind_doubling_and_eight_player_halving_are_named() -> None:
    _, (blind,) = nils("std_blind_nil.json")
    assert "bid blind, so doubled: 100 × 2 = 200" in blind.text and blind.points == -200
    _, (half,) = nils("acorns8_pairs_half_nil.json")
    assert "with eight players: half of 100" in half.text and half.points == 50
    h = replay(DIR / "acorns8_pairs_half_nil.json").game.hands[0]
    assert half.text in explain_score(h).text  # made nils are shown in the score too


def test_th_low_is_named_when_it_decides_the_trick() -> None:
    h = replay(DIR / "acorns_th_low.json").game.hands[0]
    t = explain_trick(h, len(h.tricks) - 1)
    assert "th_low" in t.text and "under the default order" in t.text
    # and not where it decides nothing
    other = explain_trick(h, 0)
    assert "th_low" not in other.text or "under the default order" in other.text


def test_cli_explains_a_refused_blind_bid_and_an_only_spades_lead(
        capsys: pytest.CaptureFixture[str]) -> None:
    f = str(DIR / "online_blind_not_allowed.json")
    code, out = run(capsys, "explain", f, "--action", "blind nil")
    g = replay(f).game
    assert code == 0 and out.strip() == explain_bid(g, "blind nil").text
    code, out = run(capsys, "explain", f, "--action", "blind nil", "--json")
    data = json.loads(out)
    assert data["legal"] is False and data["rule"] == "blind-not-allowed"
    f = str(DIR / "std_only_spades_left.json")
    code, out = run(capsys, "explain", f)
    assert code == 0 and "waiting for" in out  # a position no longer prints nothing
    g = replay(f).game
    spade = g.hand.hands[g.hand.turn][0]
    code, out = run(capsys, "explain", f, "--action", spade.code, "--json")
    data = json.loads(out)
    assert data["legal"] and data["basis"] == "only-unbroken-trumps"
    assert data == explain_play(g, spade).to_dict()


def test_cli_actions_explain_every_bid_exchange_and_lead(
        capsys: pytest.CaptureFixture[str]) -> None:
    f = str(DIR / "original_blind_nil_up_to_3.json")
    code, out = run(capsys, "explain", f, "--actions", "--json")
    data = json.loads(out)
    acts = data[0]["actions"]
    h = replay(f).game.hands[0]
    kinds = [a["kind"] for a in acts]
    assert kinds.count("bid") == 4 and kinds.count("exchange") == 2
    assert kinds.count("play") == len(h.tricks)  # one lead per trick
    assert all(a["legal"] for a in acts)
    code, out = run(capsys, "explain", f, "--actions")
    assert "East may bid blind nil." in out and "East may pass 3 cards." in out
    code, out = run(capsys, "explain", f, "--at", "1:4", "--action", "2S 3S", "--json")
    assert json.loads(out)["rule"] == "exchange-invalid"
