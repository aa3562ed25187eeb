"""Text a student reads speaks in words (the charter): no rule ids, no Python values (None, True,
False, dicts, lists), no raw card codes, seats and teams by name, hands and tricks from 1.

Checked here: every course notebook's checked output (the expected text of its
``# NBVAL_CHECK_OUTPUT`` cells) and the texts of the what-if and rule-comparison results.
"""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from conftest import ROOT
from spades_lab import RuleSet
from spades_lab.core.cards import HECKADECK, HECKADECK_TH, STANDARD_DECK
from spades_lab.core.errors import RULE_IDS
from spades_lab.core.tricks import REFUSED_BY, WIN_REASONS
from spades_lab.teach.compare import compare_rules
from spades_lab.teach.explain import CARD_ROLES, TRICK_REASONS
from spades_lab.teach.whatif import what_if

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
COURSE = ROOT / "data" / "course"
SCENARIOS = ROOT / "data" / "scenarios"

#: Python values and programmers' notation: None/True/False, a dict, a list of numbers, teams
#: and seats by number, a rule id followed by a colon.
PYTHON = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\{'|\['|\[-?\d|\(-?\d+, -?\d+\)|\bTeam \d"
                    r"|\bteam \d|\bseats? \d|\b[a-z]+-[a-z]+(?:-[a-z]+)*:|\b[a-z]+(?:_[a-z]+)+ = "
                    r"|\(bags\)")
#: Every id a rule, a trick decision or a scoring line carries.
SCORING_IDS = set(re.findall(r'"([a-z]+(?:-[a-z]+)+)"',
                             (ROOT / "spades_lab" / "core" / "scoring.py").read_text()))
IDS = {x for x in {*RULE_IDS, *WIN_REASONS.values(), *REFUSED_BY.values(), *SCORING_IDS,
                   *TRICK_REASONS, *CARD_ROLES} if "-" in x}
RULE_ID = re.compile(r"(?<![\w-])(?:" + "|".join(sorted(map(re.escape, IDS), key=len,
                                                        reverse=True)) + r")(?![\w-])")
#: Every card code of both decks (``AH``, ``10S``, ``TPS``), as a whole word.
CODES = {c.code for deck in (STANDARD_DECK, HECKADECK, HECKADECK_TH) for c in deck.cards}
CODE = re.compile(r"(?<![\w♠♥♦♣])([0-9A-Z]{2,4})(?![\w])")

#: Text that matches a pattern but is words (keep this short; every entry says why).
ALLOWED: tuple[str, ...] = ()


def problems(text: str) -> list[str]:
    """The lines of ``text`` a student should not read, each with what is wrong."""
    out = []
    for line in text.splitlines():
        probe = line
        for ok in ALLOWED:
            probe = probe.replace(ok, "")
        found = [m.group(0) for m in PYTHON.finditer(probe)]
        found += [m.group(0) for m in RULE_ID.finditer(probe)]
        found += [m.group(1) for m in CODE.finditer(probe) if m.group(1) in CODES]
        if found:
            out.append(f"{line!r}: {', '.join(found)}")
    return out


def test_the_checker_catches_what_it_should() -> None:
    assert problems("losing_floor = None") and problems("winner A 0, B None")
    assert problems("Lead the J♠? False") and problems("{'seat': 1, 'bid': 1}")
    assert problems("Tricks so far: [7, 2, 0, 1]") and problems("Team 0 (seats 0, 2)")
    assert problems("KS: trump-not-broken — North may not lead Spades")
    assert problems("wins the trick (led-suit-wins)") and problems("seat 3 -> seat 1")
    assert problems("Unbroken trumps: ['S', 'A']") and problems("Range: (0, 3)")
    assert problems("1 point each (failed_nil_tricks = bags_only)") and problems("each (bags)")
    assert problems("South plays 7H") and problems("broken by: HPS") and problems("as 10S")
    assert not problems("North/South bid 5 and counted 8 tricks toward it: made, 10 × 5")
    assert not problems("South plays 7♥; Ann leads the A♠ in trick 1 of hand 1.")
    assert not problems("A: Spades (standard) | B: as A, except: every 5 bags cost 50 points.")


def _checked_outputs() -> list[tuple[str, int, str]]:
    out = []
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        for i, cell in enumerate(nb.cells):
            expected = cell.metadata.get("nbval_expected")
            if cell.cell_type == "code" and expected:
                out.append((path.name, i, "".join(o.get("text", "") for o in expected)))
    return out


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_outputs_speak_in_words(path: Path) -> None:
    bad = [f"cell {i}: {p}" for name, i, text in _checked_outputs() if name == path.name
           for p in problems(text)]
    assert not bad, "\n".join(bad)


def test_some_outputs_are_checked() -> None:
    assert len(_checked_outputs()) > 50


WHAT_IFS = [
    (COURSE / "standard_hand.json", (0, 2), "5", None),
    (COURSE / "standard_hand.json", (0, 30), "7H", None),
    (COURSE / "standard_hand.json", (0, 0), None, {"bag_limit": None}),
    (COURSE / "acorns_th_hand.json", (0, 4), None, {"th_low": True}),
    (COURSE / "acorns8_pairs.json", (0, 0), None, {"failed_nil_tricks": "count_toward_bid"}),
    (COURSE / "blind_nil.json", (0, 0), None, {"target": 300}),
]


@pytest.mark.parametrize("record,at,action,options", WHAT_IFS)
def test_what_if_text_speaks_in_words(record: Path, at: tuple[int, int], action: str | None,
                                      options: dict[str, object] | None) -> None:
    w = what_if(record, at, action, options=options)
    assert not problems(w.text), "\n".join(problems(w.text))


def test_what_if_text_names_seats_cards_and_counts_from_one() -> None:
    w = what_if(COURSE / "standard_hand.json", at=(0, 30), action="7H")
    lines = w.text.splitlines()
    assert lines[0] == ("What if, in trick 7 of hand 1, South plays the 7 of Hearts instead of "
                        "the Ace of Hearts?")
    # the record's step 42 (the 7♥ South no longer holds) is the third card of trick 10
    assert "In trick 10 of hand 1, the record's next action (South plays the 7 of Hearts) no " \
        "longer fits: South does not hold the 7 of Hearts." in w.text
    assert "Hand 1, tricks taken: North 7, East 5 → 3, South 0 → 1, West 1 → 2." in lines
    assert "  Trick 11 is won by West instead of East." in lines
    assert lines[-1] == "Totals: North/South 134 → -65, East/West -70; no winner yet."
    # the structured data stays for code
    assert w.diff[0].trick_winners[0] == (10, 1, 3) and w.divergences[0].rule == \
        "card-not-in-hand"


def test_what_if_bids_and_options_in_words() -> None:
    w = what_if(COURSE / "standard_hand.json", at=(0, 1), action="2")
    assert w.text.startswith("What if, in the bidding of hand 1, South bids 2 instead of Nil?")
    assert "  Bids: South Nil → 2." in w.text.splitlines()
    w = what_if(COURSE / "standard_hand.json", options={"bag_limit": None})
    assert "Under other rules:\n  Bags: tricks over the bid score 1 point each and carry no " \
        "penalty." in w.text and "Nothing changes" in w.text
    assert w.options == {"bag_limit": None}


def test_what_if_winner_in_words() -> None:
    w = what_if(SCENARIOS / "std_game_over.json", options={"target": 1000})
    assert w.text.splitlines()[-1].endswith("; North/South win in the record, no winner yet in "
                                            "the what-if.")


COMPARISONS = [
    (SCENARIOS / "online_bag_penalty_1_5_50.json", {"bag_limit": None}, None),
    (COURSE / "bags_penalty.json", {"bag_limit": None}, None),
    (COURSE / "standard_game.json", {"bag_limit": 5, "bag_penalty": 50}, None),
    (COURSE / "acorns_th_hand.json", {"th_low": True}, None),
    (COURSE / "acorns8_pairs.json", {"failed_nil_tricks": "count_toward_bid"}, {"target": 300}),
    (COURSE / "acorns8_fours.json", {"bag_limit": None}, None),
    (COURSE / "standard_hand.json", RuleSet.preset("original"), None),
]


@pytest.mark.parametrize("record,b,a", COMPARISONS)
def test_comparison_text_speaks_in_words(record: Path, b: object, a: object) -> None:
    c = compare_rules(record, b, a)  # type: ignore[arg-type]
    assert not problems(c.text), "\n".join(problems(c.text))


def test_comparison_names_teams_options_and_winners() -> None:
    c = compare_rules(COURSE / "standard_game.json", {"bag_limit": 5, "bag_penalty": 50})
    lines = c.text.splitlines()
    assert lines[:3] == ["A: Spades (standard), the preset's own options.", "B: as A, except:",
                         "     Bags: every 5 bags cost 50 points."]
    assert "  North/South: hand score +71 | +71, total 71 | 71, bags 1 | 1" in lines
    assert lines[-1] == ("Totals: A: North/South 519, East/West 380 (North/South win); "
                         "B: North/South 469, East/West 380 (no winner yet).")
    assert c.a.winner == 0 and c.b.winner is None  # the data stays for code
    c = compare_rules(COURSE / "acorns8_pairs.json", {"bag_limit": None}, {"target": 300})
    assert c.text.splitlines()[:2] == [
        "A: Spades and Acorns, 8 players (Heckadeck), with:",
        "     Target: 300 points. The game ends after the hand in which a partnership reaches "
        "300 points; the highest total wins, and a tie for the highest plays another hand."]
    assert "  North/South: hand score" in c.text and "Northeast/Southwest" in c.text


def test_what_if_exchanges_and_two_suit_cards_in_words() -> None:
    w = what_if(COURSE / "online_hand.json", at=(0, 4), action="3H 6H")
    assert w.text.startswith("What if, in the exchange of hand 1, South passes the 3 and 6 of "
                             "Hearts to North instead of the 5 and Queen of Spades to North?")
    w = what_if(COURSE / "acorns_th_hand.json", at=(0, 8), action="TDW as W")
    assert w.text.startswith("What if, in trick 2 of hand 1, North plays the Traveler of "
                             "Diamonds/Swords as Swords instead of the Zero of Hearts?")
    assert not problems(w.text)
    w = what_if(COURSE / "acorns8_pairs.json", at=(0, 2), action="3")
    assert "  Bids: Southeast 4 → 3." in w.text.splitlines() and not problems(w.text)
