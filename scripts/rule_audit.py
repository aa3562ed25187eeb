"""The rule audit of issue 23: for every rule the engine names, is it covered by a quiz
question, an explanation line and learner words?

The rules are the engine's own catalogue, :data:`spades_lab.teach.quiz.QUIZ_IDS` (the rule ids
of RULINGS section 7, the trick reasons, the scoring lines, the ends of a game and the other
topics the rule texts state), not a hand-kept table.  For each id and each rule set it applies
to (:func:`~spades_lab.teach.quiz.applicable_ids`, over the presets and the options that switch
a rule on), the audit asks the quiz for a question on a few seeds and reads three columns:

- **quiz**: a question tests the id and :func:`~spades_lab.teach.quiz.verify` re-derives its
  answer from the engine;
- **explanation**: the engine's explanation names the id in a line (the teacher's view of a
  :class:`~spades_lab.teach.wording.Said` line): the explanation the question gives as
  feedback, or :mod:`spades_lab.teach.explain`'s account of the question's position (the
  verdict on its action, :func:`~spades_lab.teach.explain.explain_hand` of its hands, and
  each card's roles and each trick's reason in :func:`~spades_lab.teach.explain.explain_trick`);
- **words**: the learner's feedback is a sentence in words: not empty, and naming no rule id,
  no Python value (``None``, ``True``, ``False``) and no snake_case option name.

Usage::

    .venv/bin/python scripts/rule_audit.py [--seeds 3] [--missing]

It prints one line per rule (``Q E W``: a column covered, ``.``: not) and the three totals;
``--missing`` prints only the rules with a gap.  Exit status 0 when every column is full.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from spades_lab.core.records import replay
from spades_lab.core.rules import PRESETS
from spades_lab.teach.explain import (
    explain_bid,
    explain_exchange,
    explain_hand,
    explain_play,
    explain_trick,
)
from spades_lab.teach.quiz import INPUT_CHECK_IDS, QUIZ_IDS, applicable_ids, make_question, verify
from spades_lab.teach.quiz import model as quiz_module
from spades_lab.teach.wording import said_lines

#: Options that switch a rule on (a rule set's default leaves it off): the audit asks each
#: preset with its defaults and with each of these that it takes.
SWITCHES: tuple[dict[str, Any], ...] = (
    {}, {"travelers_hunters": True}, {"travelers_hunters": True, "th_low": True},
    {"bag_limit": None}, {"failed_nil_tricks": "count_toward_bid"}, {"teams": "fours"},
    {"blind_exchange": "up to 3"}, {"first_lead": "dealer"}, {"target": 200},
    # the house rules (docs/rulings.md section 9), of the 52-card rule sets
    {"jokers": "on"}, {"jokers": "jokers_only"}, {"cutthroat": "deal_17"},
    {"cutthroat": "deal_13"}, {"spade_lead": "not_first_trick"}, {"spade_lead": "any"},
    {"team_bid_max": 10}, {"team_bid_min": 4}, {"bidding": "mirror"}, {"bidding": "whiz"},
    {"bidding": "suicide"}, {"blind_bids": True}, {"nil_bids": "off"}, {"blind_nil": False},
    {"zero_bid": "ordinary"}, {"nil_exchange": 2}, {"big_bid_bonus": 50}, {"moon_bonus": 200},
    {"bag_penalty_while_negative": False}, {"nil_points": 50}, {"partners_nil": "unit"},
    {"failed_nil_tricks": "ignored"}, {"overtrick_points": 0},
)
PYTHONISH = re.compile(r"\b(None|True|False)\b|\b[a-z]+_[a-z_]+\b")


def configs() -> Iterator[tuple[str, dict[str, Any]]]:
    for name in PRESETS:
        for opts in SWITCHES:
            try:
                applicable_ids(name, opts, include_input_checks=True, include_claims=True)
            except (ValueError, LookupError):
                continue  # an option this preset does not take
            yield name, opts


class _Captured:
    """The explanation items the quiz turns into feedback while one question is made."""

    def __init__(self) -> None:
        self.rules: set[str] = set()
        self._real = quiz_module._feedback

    def __enter__(self) -> _Captured:
        def capture(items: Sequence[Any]) -> tuple[str, ...]:
            for x in items:
                if x and not isinstance(x, str):
                    self.rules.update(r for s in said_lines(x) for r in s.rules)
            return self._real(items)
        quiz_module._feedback = capture  # type: ignore[assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        quiz_module._feedback = self._real  # type: ignore[assignment]


def explained(q: Any) -> set[str]:
    """The ids :mod:`spades_lab.teach.explain` names on the question's position: the verdict on
    the action it asks about, and the account of each hand of its record."""
    if not q.record:
        return set()
    game = replay(q.record).game
    a = q.action
    items: list[Any] = []
    if a.get("kind") == "play":
        items.append(explain_play(game, a["card"], a.get("as"), seat=a["seat"]))
    elif a.get("kind") == "bid":
        if a.get("looked") and game.hand is not None and game.hand.phase == "bidding":
            game.look(a["seat"])  # as verify does: the record keeps no look
        items.append(explain_bid(game, a["bid"], seat=a["seat"]))
    elif a.get("kind") == "exchange":
        items.append(explain_exchange(game, a["seat"], a["cards"]))
    items.extend(explain_hand(h) for h in game.hands)
    out = {r for x in items for s in said_lines(x) for r in s.rules}
    for h in game.hands:  # each card's roles in its trick, and why the trick was won
        for k in range(len(h.tricks)):
            t = explain_trick(h, k)
            out |= {r for s in t.steps for r in s.roles} | {t.reason}
    return out | {r for x in items for r in (getattr(x, "rule", None), getattr(x, "basis", None))
                  if r}


def words_ok(lines: Sequence[str]) -> bool:
    text = " ".join(lines)
    return bool(text.strip()) and not PYTHONISH.search(text) and \
        not any(re.search(rf"\b{re.escape(i)}\b", text) for i in QUIZ_IDS if "-" in i)


def audit(seeds: int = 3, ids: Sequence[str] = QUIZ_IDS) -> list[tuple[str, bool, bool, bool]]:
    """(id, quiz, explanation, words) for each of ``ids`` (every id of :data:`QUIZ_IDS`)."""
    found = {i: [False, False, False] for i in ids}
    for name, opts in configs():
        for tests in applicable_ids(name, opts, include_input_checks=True, include_claims=True):
            if tests not in found or all(found[tests]):
                continue
            for seed in range(seeds):
                with _Captured() as cap:
                    try:
                        q = make_question(name, tests, seed=seed, options=opts)
                    except (LookupError, ValueError):
                        continue
                if not verify(q):
                    continue
                col = found[tests]
                col[0] = True
                col[1] = col[1] or tests in cap.rules or tests in explained(q)
                col[2] = col[2] or all(words_ok(q.feedback_for(k)) for k in range(len(q.choices)))
                if all(col):
                    break
    return [(i, *found[i]) for i in ids]  # type: ignore[misc]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=3, help="seeds per rule set (default 3)")
    ap.add_argument("--missing", action="store_true", help="print only rules with a gap")
    a = ap.parse_args(argv)
    rows = audit(a.seeds)
    print("Q E W  rule (Q quiz question, E explanation line, W learner words)")
    for rule, q, e, w in rows:
        if a.missing and q and e and w:
            continue
        note = "  (input check)" if rule in INPUT_CHECK_IDS else ""
        print(f"{'Q' if q else '.'} {'E' if e else '.'} {'W' if w else '.'}  {rule}{note}")
    n = len(rows)
    totals = [sum(r[k] for r in rows) for k in (1, 2, 3)]
    print(f"quiz {totals[0]} of {n}, explanation {totals[1]} of {n}, words {totals[2]} of {n}")
    return 0 if all(t == n for t in totals) else 1


if __name__ == "__main__":
    sys.exit(main())
