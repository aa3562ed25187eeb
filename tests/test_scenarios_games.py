"""The scenarios of issue 23 that no record showed before: the short games (standard 200, the
Acorns 400, the eight-player 200), an online game over, and a game of several hands whose
dealer rotates; and the scenario README's numbers, which count hands and tricks from 1 as the
records have them."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from spades_lab.core.records import load_record, replay
from spades_lab.core.rules import RuleSet
from spades_lab.teach.explain import explain_score, explain_trick

DIR = Path(__file__).resolve().parent.parent / "data" / "scenarios"
README = (DIR / "README.md").read_text(encoding="utf-8")
NEW = ["std_short_game_200.json", "acorns_short_game_400.json", "acorns8_short_game_200.json",
       "online_game_over.json", "std_dealer_rotates.json"]


def _row(name: str) -> str:
    return next(line for line in README.splitlines() if line.startswith(f"| `{name}`"))


@pytest.mark.parametrize("name", NEW)
def test_each_new_scenario_is_listed_and_keeps_to_the_format(name: str) -> None:
    data = load_record(DIR / name)
    assert list(data) == [k for k in ("format", "rules", "start", "hands") if k in data]
    assert data["format"] == "spades-lab/1"
    g = replay(data).game
    assert all(h.complete for h in g.hands)
    assert max(g.start_scores) < g.rules.target  # the game was not over before it began
    assert _row(name)


@pytest.mark.parametrize(("name", "preset", "target", "players"), [
    ("std_short_game_200.json", "standard", 200, 4),
    ("acorns_short_game_400.json", "acorns", 400, 4),
    ("acorns8_short_game_200.json", "acorns8", 200, 8),
    ("online_game_over.json", "online", 500, 4)])
def test_short_and_online_games_end_after_the_hand_that_reaches_the_target(
        name: str, preset: str, target: int, players: int) -> None:
    g = replay(DIR / name).game
    assert g.rules.name == preset and g.rules.target == target and g.rules.players == players
    if preset == "acorns":
        assert RuleSet.preset("acorns").target == 1000  # 400 is the short game, an option
    sc = explain_score(g.hands[-1])
    totals = [t.total for t in sc.teams]
    assert sc.over and g.over and len(g.hands) == 1
    assert sc.winner == totals.index(max(totals)) == g.winner
    assert max(totals) >= target and sorted(totals)[-2] < max(totals)
    row = _row(name)
    for n in (*g.start_scores, max(totals)):
        assert str(n) in row, (n, row)


def test_the_first_near_the_target_is_not_the_winner() -> None:
    # the misconception "the first partnership past the target wins" (misconceptions.md)
    g = replay(DIR / "std_short_game_200.json").game
    start, end = g.start_scores, [t.total for t in g.hands[0].scores]
    assert start[1] > start[0] and min(end) >= 200  # both pass 200 in the same hand
    assert g.winner == 0 and end[0] > end[1]


def test_the_dealer_rotates_and_the_player_on_the_left_bids_and_leads() -> None:
    data = load_record(DIR / "std_dealer_rotates.json")
    g = replay(data).game
    n = g.rules.players
    assert len(g.hands) == 3 and not g.over
    assert [h.dealer for h in g.hands] == [0, 1, 2] == [h["dealer"] for h in data["hands"]]
    for h, rec in zip(g.hands, data["hands"], strict=True):
        left = (h.dealer + 1) % n
        assert rec["bids"][0]["seat"] == left
        assert h.tricks[0].leader == left
    totals = [t.total for t in g.hands[-1].scores]
    assert totals == [sum(h.scores[i].hand_score for h in g.hands) for i in range(2)]


_NUMBERED = re.compile(r"\b([Tt]rick|[Hh]and|[Dd]eal) (\d+)\b")


def test_readme_counts_hands_and_tricks_from_1_as_the_records_have_them() -> None:
    assert "0-based" not in README and "trick 0" not in README.lower()
    rows = [line for line in README.splitlines() if line.startswith("| `")]
    checked = 0
    for row in rows:
        name = re.match(r"\| `([a-z0-9_]+\.json)`", row)
        assert name
        g = replay(DIR / name.group(1)).game
        for word, num in _NUMBERED.findall(row.split("|", 4)[4]):
            k = int(num)
            assert k >= 1, row
            if word.lower() in ("hand", "deal"):
                assert k <= len(g.hands), row
            else:
                h = g.hands[-1]
                assert k <= len(h.tricks) + (1 if h.trick else 0), row
            checked += 1
    assert checked >= 5
    # the two rows the issue names: trick 1 is complete; trick 2 is the one trumped
    h = replay(DIR / "std_led_suit_wins.json").game.hands[0]
    assert len(h.tricks) == 1 and "after trick 1" in _row("std_led_suit_wins.json")
    h = replay(DIR / "std_spades_broken_by_trumping.json").game.hands[0]
    t = explain_trick(h, 1)
    assert "broke-trump" in {r for s in t.steps for r in s.roles}
    assert "Trick 2:" in _row("std_spades_broken_by_trumping.json")
    assert [x.superior for x in replay(DIR / "acorns_game_superiority_resets.json").game.hands] \
        == ["S", "A", "S"]
    assert "Spades again in the third" in _row("acorns_game_superiority_resets.json")
