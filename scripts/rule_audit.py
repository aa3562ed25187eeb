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
  :class:`~spades_lab.words.said.Said` line): the explanation the question gives as
  feedback, or :mod:`spades_lab.teach.explain`'s account of the question's position (the
  verdict on its action, :func:`~spades_lab.teach.explain.explain_hand` of its hands, and
  each card's roles and each trick's reason in :func:`~spades_lab.teach.explain.explain_trick`);
- **words**: the learner's feedback is a sentence in words: not empty, and naming no rule id,
  no Python value (``None``, ``True``, ``False``) and no snake_case option name.

The **five-column audit** (issue 31) reads the same columns, and two more, over the rule
*sentences*: each sentence of ``docs/rulings.md`` sections 1 to 8 that states a rule, the rules
of the seed rule texts those sections do not state in so many words, and the house rules and
claims of sections 9 and 10.  :data:`SENTENCES` maps each sentence (quoted as the page says it)
to the rule id(s) that decide it, the rule sets it is about and a pattern of the words a
notebook teaches it with.  For each sentence:

- **scenario**: a record of ``data/scenarios/`` in a rule set the sentence is about that shows
  one of its ids (named in the record's row of ``data/scenarios/README.md``, or by a line of
  :func:`~spades_lab.teach.explain.explain_hand` on the record);
- **explanation**: an explanation line names one of its ids, in a rule set the sentence is
  about: on a scenario or course record (``data/course/``), or on a quiz question's position
  and feedback (as above);
- **notebook**: a course notebook's cells say the rule (the sentence's pattern);
- **quiz**: a question of the quiz tests one of its ids in a rule set the sentence is about,
  and :func:`~spades_lab.teach.quiz.verify` re-derives its answer;
- **words**: the learners' words for one of its ids are sentences in words (as above, and no
  card code): a quiz question's feedback, or every learners' line of an explanation tagged with
  the id.

Usage::

    .venv/bin/python scripts/rule_audit.py [--seeds 3] [--missing]
    .venv/bin/python scripts/rule_audit.py --sentences [--seeds 3] [--missing]
    .venv/bin/python scripts/rule_audit.py --sentences --write docs/teachers/rule_audit.md

The first prints one line per rule id (``Q E W``: a column covered, ``.``: not) and the three
totals; ``--sentences`` one line per sentence (``S E N Q W``) and the five totals; ``--write``
writes the table as a Markdown page; ``--missing`` prints only the rows with a gap.  Exit
status 0 when every column is full.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from spades_lab.core.cards import HECKADECK, HECKADECK_TH, STANDARD_DECK
from spades_lab.core.engine import Game
from spades_lab.core.records import replay
from spades_lab.core.rules import PRESETS, RuleSet
from spades_lab.teach.explain import (
    explain_bid,
    explain_exchange,
    explain_hand,
    explain_play,
    explain_trick,
)
from spades_lab.teach.quiz import INPUT_CHECK_IDS, QUIZ_IDS, applicable_ids, make_question, verify
from spades_lab.teach.quiz import model as quiz_module
from spades_lab.words.said import said_lines

ROOT = Path(__file__).resolve().parent.parent
SEEDS = Path("/work/shared/seeds")

#: Options that switch a rule on (a rule set's default leaves it off): the audit asks each
#: preset with its defaults and with each of these that it takes.
SWITCHES: tuple[dict[str, Any], ...] = (
    {}, {"travelers_hunters": True}, {"travelers_hunters": True, "th_low": True},
    {"bag_limit": None}, {"failed_nil_tricks": "count_toward_bid"}, {"teams": "fours"},
    {"blind_exchange": "up to 3"}, {"first_lead": "dealer"}, {"target": 200},
    {"bag_limit": 5, "bag_penalty": 50}, {"losing_floor": -200},
)
#: The house rules of docs/rulings.md section 9, one option (or a pair) each, as the scenario
#: records set them: the five-column audit asks the quiz in each.
HOUSE_SWITCHES: tuple[dict[str, Any], ...] = (
    {"spade_lead": "any"}, {"spade_lead": "not_first_trick"}, {"zero_bid": "ordinary"},
    {"nil_bids": "off"}, {"nil_bids": "below_target"}, {"blind_nil": False},
    {"team_bid_max": 10}, {"team_bid_min": 4}, {"blind_bids": True}, {"nil_exchange": 2},
    {"bidding": "mirror"}, {"bidding": "whiz"}, {"bidding": "suicide"}, {"jokers": "on"},
    {"cutthroat": "deal_17"}, {"cutthroat": "deal_13"}, {"nil_points": 50},
    {"partners_nil": "unit"}, {"failed_nil_tricks": "ignored"}, {"overtrick_points": 0},
    {"big_bid_bonus": 50, "moon_bonus": 200}, {"bag_penalty_once": True},
    {"bag_penalty_while_negative": False}, {"hand_limit": 3}, {"tie_break": "made_bid"},
)
PYTHONISH = re.compile(r"\b(None|True|False)\b|\b[a-z]+_[a-z_]+\b")
#: Every card code of the decks (``AH``, ``10S``, ``TPS``), found as a whole word.
CARD_CODES = {c.code for deck in (STANDARD_DECK, HECKADECK, HECKADECK_TH) for c in deck.cards}
CODE = re.compile(r"(?<![\w♠♥♦♣])([0-9A-Z]{2,4})(?![\w])")


def configs(switches: Sequence[Mapping[str, Any]] = SWITCHES
            ) -> Iterator[tuple[str, dict[str, Any]]]:
    for name in PRESETS:
        for opts in switches:
            try:
                applicable_ids(name, dict(opts), include_input_checks=True, include_claims=True)
            except (ValueError, LookupError):
                continue  # an option this preset does not take
            yield name, dict(opts)


class _Captured:
    """The explanation items the quiz turns into feedback while one question is made."""

    def __init__(self) -> None:
        self.rules: set[str] = set()
        self._real = quiz_module._feedback

    def __enter__(self) -> _Captured:
        def capture(items: Sequence[Any]) -> tuple[Any, ...]:
            for x in items:
                if x and not isinstance(x, str):
                    self.rules.update(r for s in said_lines(x) for r in s.rules)
            return self._real(items)
        quiz_module._feedback = capture
        return self

    def __exit__(self, *exc: object) -> None:
        quiz_module._feedback = self._real


def _hand_ids(h: Any) -> set[str]:
    """The ids :func:`explain_hand` names on a hand: its lines' tags, each card's roles in its
    trick and each trick's reasons."""
    out = {r for s in explain_hand(h).said for r in s.rules}
    for k in range(len(h.tricks) + (1 if h.trick else 0)):
        t = explain_trick(h, k)
        out |= {r for st in t.steps for r in st.roles} | set(t.reasons)
    return out


def explained(q: Any) -> set[str]:
    """The ids :mod:`spades_lab.teach.explain` names on the question's position: the verdict on
    the action it asks about, and the account of each hand of its record; a question about the
    rule set itself (no record: how many cards each player gets) is asked of a deal of it."""
    if not q.record:
        game = Game(RuleSet.preset(q.rules, dict(q.options)))
        game.deal(random.Random(0))
        return _hand_ids(game.hands[0])
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
    out = {r for x in items for s in said_lines(x) for r in s.rules}
    for h in game.hands:
        out |= _hand_ids(h)
    return out | {r for x in items for r in (getattr(x, "rule", None), getattr(x, "basis", None))
                  if r}


def words_ok(lines: Sequence[str]) -> bool:
    text = " ".join(lines)
    return bool(text.strip()) and not PYTHONISH.search(text) and \
        not any(re.search(rf"\b{re.escape(i)}\b", text) for i in QUIZ_IDS if "-" in i) and \
        not any(m in CARD_CODES for m in CODE.findall(text))


Key = tuple[str, str, str]  # (rule set, its options as JSON, id)


def _key(name: str, opts: Mapping[str, Any], rule: str) -> Key:
    return (name, json.dumps(dict(opts), sort_keys=True), rule)


def probe(seeds: int = 3, ids: Sequence[str] = QUIZ_IDS,
          switches: Sequence[Mapping[str, Any]] = SWITCHES, *,
          stop_when_found: bool = True) -> dict[Key, list[bool]]:
    """[quiz, explanation, words] for each (rule set, options, id) the quiz applies to, over
    ``switches``; ``stop_when_found``: once an id has all three in some rule set, the others
    are not asked (the per-id audit); else every rule set is asked."""
    per: dict[Key, list[bool]] = {}
    done: set[str] = set()
    for name, opts in configs(switches):
        for tests in applicable_ids(name, opts, include_input_checks=True, include_claims=True):
            if tests not in ids or (stop_when_found and tests in done):
                continue
            col = per.setdefault(_key(name, opts, tests), [False, False, False])
            for seed in range(seeds):
                with _Captured() as cap:
                    try:
                        q = make_question(name, tests, seed=seed, options=opts)
                    except (LookupError, ValueError):
                        continue
                if not verify(q):
                    continue
                col[0] = True
                col[1] = col[1] or tests in cap.rules or tests in explained(q)
                col[2] = col[2] or all(words_ok(q.feedback_for(k)) for k in range(len(q.choices)))
                if all(col):
                    done.add(tests)
                    break
    return per


def audit(seeds: int = 3, ids: Sequence[str] = QUIZ_IDS) -> list[tuple[str, bool, bool, bool]]:
    """(id, quiz, explanation, words) for each of ``ids`` (every id of :data:`QUIZ_IDS`), over
    the rule sets of :data:`SWITCHES` and the house rules of :data:`HOUSE_SWITCHES`."""
    found = {i: [False, False, False] for i in ids}
    for (_, _, rule), col in probe(seeds, ids, SWITCHES + HOUSE_SWITCHES).items():
        found[rule] = [a or b for a, b in zip(found[rule], col, strict=True)]
    return [(i, *found[i]) for i in ids]  # type: ignore[misc]


# ---------------------------------------------------------------------------- the sentences


class Sentence(NamedTuple):
    """A rule sentence: where it is (``§1`` of docs/rulings.md, ``seed 002``), the sentence as
    the page says it (a quote the tests find there), the ids that decide it, the rule sets it
    is about (all when empty) and the options it needs, and a pattern (case-insensitive) of
    the words a notebook teaches it with."""

    where: str
    quote: str
    ids: tuple[str, ...]
    sets: tuple[str, ...] = ()
    options: Mapping[str, Any] = {}
    teach: str = ""

    def fits(self, name: str, opts: Mapping[str, Any]) -> bool:
        return (not self.sets or name in self.sets) and \
            all(opts.get(k) == v for k, v in self.options.items())


S = Sentence
FIFTY_TWO = ("standard", "online", "original")
ACORNS = ("acorns", "acorns8")
#: The rule sentences: docs/rulings.md sections 1 to 8 (78), the seed texts' rules those
#: sections leave unsaid (the trick's winner leads the next, any card when void), and the
#: house rules and claims of sections 9 and 10.
SENTENCES: tuple[Sentence, ...] = (
    # §1 what every rule set shares
    S("§1", "Seat 0 deals first unless told otherwise; the deal moves one seat clockwise each "
      "hand.", ("dealer-rotation",), teach=r"deal(er)? (moves|passes|rotates)|next dealer|"
      r"dealt by the next player"),
    S("§1", "The player left of the dealer bids first and bidding goes once around the table.",
      ("not-your-turn",), teach=r"bidding (starts|goes)[^.]*(dealer's left|around)"),
    S("§1", "If the *superior* trump was played, its highest card wins.",
      ("superior-trump-wins",), teach=r"highest (spade|card of the superior)"),
    S("§1", "Otherwise, if the other trump was played, its highest card wins.",
      ("inferior-trump-wins",), ACORNS, teach=r"inferior trump"),
    S("§1", "Otherwise the highest card of the suit led wins.", ("led-suit-wins",),
      teach=r"highest card of the (suit led|led suit)"),
    S("§1", "A card of any other suit never wins.", ("led-suit-wins",),
      teach=r"(never wins|cannot win|can't win|loses? regardless|discard)"),
    S("§1", "The winner of a trick leads the next one.", ("next-lead",),
      teach=r"winner (of a trick )?leads|leads the next|won trick \d+, so \w+ leads"),
    S("§1", "A trump suit is *broken* as soon as any card is played *as* that suit, whether it "
      "was led or not.", ("broke-trump",), teach=r"breaks? spades|broken"),
    S("§1", "Nobody may lead an unbroken trump", ("trump-not-broken",),
      teach=r"(may not|cannot|can't) (be )?lead|no spade lead"),
    S("§1", "except a player whose every card could only be led as an unbroken trump: that "
      "player may lead any of them (and so breaks it).", ("only-unbroken-trumps",),
      teach=r"nothing but spades|only spades|only unbroken trumps"),
    S("§1", "A player who holds a card of the led suit must play one.", ("must-follow-suit",),
      teach=r"follow suit"),
    S("§1", "A card belongs to the led suit when the led suit is one of its suits",
      ("played-as-led-suit",), ACORNS, {"travelers_hunters": True},
      teach=r"(played|counts?) as the led suit"),
    S("§1", "A partnership's ordinary bid is its members' ordinary bids added up.",
      ("bid-made", "bid-missed"), teach=r"sum of its members|bid[^.]*together|added up"),
    S("§1", "Nil-type bids are scored apart, player by player, and added to the partnership's "
      "score for the hand.", ("nil-made", "nil-failed"),
      teach=r"(nil|nil bid) is scored on its own|scored apart|scored separately"),
    S("§1", "A made bid scores 10 per trick bid plus 1 per trick over the bid; those extra "
      "tricks are *bags*.", ("bid-made", "bags"), teach=r"10 (points )?(per|a|for each) trick|"
      r"bags?"),
    S("§1", "A missed bid scores minus 10 per trick bid, however many tricks were taken.",
      ("bid-missed",), teach=r"miss(es|ed)? (its|the|their) bid|minus 10|−10 per"),
    S("§1", "each time the running count reaches the limit, the penalty is taken off and the "
      "count carries what is left over", ("bag-penalty",),
      teach=r"10 bags|bag penalty|−100|-100 for"),
    S("§1", "`bag_limit: null` turns the penalty off", ("bags-off",),
      options={"bag_limit": None}, teach=r"no (bag )?penalty|carry no penalty|bags off"),
    S("§1", "With `bags_only` (the default) each scores 1 point and 1 bag and does not help the "
      "partner's ordinary bid.", ("failed-nil-tricks",),
      teach=r"bags.only|1 point and 1 bag|do(es)? not help"),
    S("§1", "With `count_toward_bid` they count toward the partnership's ordinary bid, and only "
      "tricks beyond it are bags.", ("failed-nil-tricks",),
      options={"failed_nil_tricks": "count_toward_bid"}, teach=r"count.toward"),
    S("§1", "A partial nil (Nil Spades, Nil Acorns, §5) never changes how its bidder's tricks "
      "count, since that player may hold an ordinary bid as well.", ("nil-failed", "bid-made"),
      ACORNS, teach=r"nil (spades|acorns) \+|ordinary bid (on top|as well)|\+ \d"),
    S("§1", "A game may start from given totals and bag counts (a record's `start`)",
      ("target-reached", "bag-penalty"), teach=r"start(s|ing)? (at|from|near|on) \d|"
      r"starting (scores|totals)"),
    S("§1", "The game ends after the hand in which some partnership reaches the target.",
      ("target-reached",), teach=r"reach(es)? (the target|500)|game (is )?over"),
    S("§1", "The highest total wins; if the highest totals are equal, another hand is played.",
      ("highest-tie",), teach=r"another hand|tie"),
    S("§1", "Option `losing_floor` (off by default): a partnership at or below it loses at once.",
      ("losing-floor",), teach=r"losing.floor|loses at once"),
    S("§1", "A player makes at most one nil-type bid in a hand.", ("bid-not-allowed",),
      teach=r"one nil|one special bid|not another nil|second nil"),
    S("§1", "A blind bid is made before the bidder looks at the cards.", ("blind-not-allowed",),
      teach=r"before (looking|the bidder looks|you look|they look)|without looking|"
      r"already looked"),
    S("§1", "If both partners bid blind, they exchange no cards.", ("blind-exchange",),
      FIFTY_TWO[1:] + ACORNS, teach=r"both (partners )?(bid )?blind"),
    S("§1", "The blind bidder passes first (choosing how many, where the rule set says \"up "
      "to\"), then the partner passes the same number back.",
      ("blind-exchange", "exchange-invalid"), FIFTY_TWO[1:] + ACORNS,
      teach=r"pass(es)? [^.]*back|exchange"),
    # §2 standard
    S("§2", "52 cards, 13 to each player, Ace high.", ("deal-size",), ("standard",),
      teach=r"13 (cards )?(to |each)|thirteen"),
    S("§2", "Bids run from 1 to 13, and 0 is nil (made +100, failed −100).",
      ("bid-out-of-range", "nil-made", "nil-failed"), FIFTY_TWO,
      teach=r"from 1 to 13|1 to 13"),
    S("§2", "Blind nil (±200) may be chosen only on the player's turn while the hand is still "
      "face down", ("blind-not-allowed",), ("standard",),
      teach=r"blind nil[^.]*(before|face down|look)"),
    S("§2", "there is no card exchange", ("blind-exchange",), ("standard",),
      teach=r"none in standard|no cards? (are )?exchanged|exchange no cards"),
    S("§2", "The player left of the dealer leads first.", ("first-lead",), ("standard",),
      teach=r"(dealer's left|left of the dealer)[^.]*lead|leads? the first trick"),
    S("§2", "The target is 500.", ("target-reached",), ("standard",), teach=r"500"),
    # §3 online
    S("§3", "The **dealer** leads the first trick.", ("first-lead",), ("online",),
      teach=r"dealer leads"),
    S("§3", "Blind nil is open only to a player whose partnership is behind by at least 100 "
      "points when the bidding starts", ("blind-not-allowed",), ("online",),
      teach=r"(behind|trail(s|ing)?) by (at least )?100|100 (points )?behind"),
    S("§3", "it exchanges exactly **2** cards each way", ("blind-exchange",), ("online",),
      teach=r"(exactly )?2 cards|two cards"),
    S("§3", "The bag rule is an option: 1:10:100 (the default) or 1:5:50.", ("bag-penalty",),
      ("online",), {"bag_limit": 5}, teach=r"1:5:50"),
    S("§3", "The target is an option too: 100, 200, 250, 300 or 500", ("target-reached",),
      ("online",), teach=r"target[^.]*(option|100, 200)"),
    # §4 original
    S("§4", "a blind nil may exchange **up to 3** cards: the blind bidder chooses 0 to 3 and "
      "the same number comes back", ("blind-exchange",), ("original",),
      teach=r"up to (3|three)"),
    S("§4", "The target is 500; the short game is 200.", ("target-reached",), ("original",),
      teach=r"short game"),
    # §5 acorns
    S("§5", "Eight suits of 16 ranks, 128 cards", ("deal-size",), ("acorns",),
      teach=r"128"),
    S("§5", "Option `travelers_hunters` (off by default) adds 8 cards that belong to two suits "
      "each", ("declared-suit", "played-as-led-suit"), ACORNS, {"travelers_hunters": True},
      teach=r"travelers? and hunters?"),
    S("§5", "Each player gets 32 cards (34 with Travelers and Hunters).", ("deal-size",),
      ("acorns",), teach=r"32 (cards|tricks)|34 (cards|tricks)"),
    S("§5", "By default Beast < Traveler < Jack < Hunter < Queen.", ("th-rank",), ACORNS,
      {"travelers_hunters": True}, teach=r"beast < traveler|traveler[^.]*between"),
    S("§5", "Option `th_low`: 11 < Traveler < Beast < Hunter < Jack.", ("th-rank",), ACORNS,
      {"th_low": True}, teach=r"th.low"),
    S("§5", "In a trick with no face card the Ace is low (between 0 and 2)", ("ace-low",),
      ACORNS, teach=r"ace is low|ace[^.]*low"),
    S("§5", "in a trick with any face card, of any suit, it is high (above the King)",
      ("ace-high",), ACORNS, teach=r"ace[^.]*high"),
    S("§5", "The Ace's rank is settled when the trick is complete, and the explanations show "
      "the moment it flips.", ("ace-high",), ACORNS, teach=r"flips?\b|rank is settled"),
    S("§5", "Spades and Acorns are both trumps, and each must be broken before it may be led.",
      ("trump-not-broken",), ACORNS, teach=r"acorns[^.]*broken|two trumps"),
    S("§5", "Whichever is broken first in a hand is the *superior* trump until the hand ends",
      ("superior-trump-set",), ACORNS, teach=r"broken first|first (trump )?broken"),
    S("§5", "Every new deal starts afresh.", ("superior-trump-reset",), ACORNS,
      teach=r"afresh|resets?|new deal|every deal|each deal"),
    S("§5", "When one of its suits was led, it is played as the led suit, even if its other suit "
      "is a trump.", ("played-as-led-suit",), ACORNS, {"travelers_hunters": True},
      teach=r"played as the led suit|as the led suit"),
    S("§5", "When it is led, its player says which of its two suits it is led as, and may name "
      "a trump only if that trump is broken", ("declared-suit", "bad-declaration"), ACORNS,
      {"travelers_hunters": True}, teach=r"declar"),
    S("§5", "named as a trump, it trumps and breaks that suit", ("declared-suit", "broke-trump"),
      ACORNS, {"travelers_hunters": True}, teach=r"declared as (spades|acorns|a trump), it trumps|"
      r"declared as a trump"),
    S("§5", "In the tricks a player won, it counts as a card of *both* its suits.",
      ("nil-failed",), ACORNS, {"travelers_hunters": True}, teach=r"both (of )?its suits"),
    S("§5", "Ordinary bids run from 0 to the number of cards in a hand; here an ordinary 0 is "
      "simply a bid of zero tricks, not a nil.", ("bid-out-of-range", "bid-made"), ACORNS,
      teach=r"ordinary zero|ordinary (bid of )?0|bid of zero tricks"),
    S("§5", "Nil Spades (100): take no Spade in any trick", ("nil-made", "nil-failed"), ACORNS,
      teach=r"nil spades"),
    S("§5", "Nil Acorns (100): the same for Acorns.", ("nil-made", "nil-failed"), ACORNS,
      teach=r"nil acorns"),
    S("§5", "Full Nil (240): take no trick at all, with no ordinary bid.",
      ("nil-made", "nil-failed"), ACORNS, teach=r"full nil"),
    S("§5", "Any of the three may be bid blind, before looking, for double the value (200, 200, "
      "480).", ("nil-made", "nil-failed", "blind-not-allowed"), ACORNS,
      teach=r"blind (full nil|nil spades|nil acorns)|480"),
    S("§5", "The blind bidder then exchanges up to 3 cards (Nil Spades, Nil Acorns) or up to 6 "
      "cards (Full Nil) with the partner.", ("blind-exchange", "full-nil-exchange"), ACORNS,
      teach=r"up to (6|six)|6 cards"),
    S("§5", "The target is 1000; short games of 500 or 400 are options.", ("target-reached",),
      ("acorns",), teach=r"1000|1,000"),
    # §6 acorns8
    S("§6", "`fours` (two teams of four, every other seat; the exchange partner is still the "
      "player opposite)", ("bid-made", "bid-missed", "blind-exchange"), ("acorns8",),
      {"teams": "fours"}, teach=r"teams of four|two teams"),
    S("§6", "Each player gets 16 cards (17 with Travelers and Hunters).", ("deal-size",),
      ("acorns8",), teach=r"16 (cards|tricks)|17 (cards|tricks)"),
    S("§6", "Nil-type bids are worth half: 50, 50 and 120, or 100, 100 and 240 blind.",
      ("nil-made", "nil-failed"), ("acorns8",), teach=r"half"),
    S("§6", "The target is 500; the short game 200.", ("target-reached",), ("acorns8",),
      teach=r"500|short game"),
    # §8 fine print
    S("§8", "In the Acorns sets 0 is an ordinary zero; `nil` and `blind nil` are not bids there "
      "(Full Nil is), and the Acorns nil names are not bids in the 52-card sets.",
      ("bid-not-allowed",), teach=r"not bids here|not (a )?bids? (there|in)"),
    S("§8", "A partial nil may be blind and carry `+ N`; only its nil value doubles.",
      ("nil-made", "nil-failed"), ACORNS, teach=r"only (its|the) nil (value|part)"),
    S("§8", "The partner may pass back any cards held at that moment.", ("exchange-invalid",),
      FIFTY_TWO[1:] + ACORNS, teach=r"pass back any cards|any cards held"),
    S("§8", "No card may be played while an exchange is still owed.", ("wrong-phase",),
      FIFTY_TWO[1:] + ACORNS, teach=r"exchange is (still )?owed|no card may be played until every "
      r"exchange"),
    S("§8", "When both trumps are broken for the first time in the same trick, the suit of the "
      "earlier card is superior, and it already decides that trick.", ("both-trumps-broken",),
      ACORNS, teach=r"same trick|earlier card"),
    S("§8", "Under `bags_only` a failed Full Nil's or nil's tricks score 1 point and 1 bag each, "
      "even when the partnership misses its bid.", ("failed-nil-tricks",),
      teach=r"1 point and (adds )?1 bag|one point and one bag"),
    S("§8", "A partnership whose ordinary bid is 0 has made it, for 0 points, and every trick it "
      "counts is a bag.", ("bid-made", "bags"), teach=r"bid (is )?0|bid of 0|0 in all|"
      r"ordinary bid is 0"),
    S("§8", "so it can be taken twice in one hand under 1:5:50", ("bag-penalty",),
      options={"bag_limit": 5}, teach=r"twice"),
    S("§8", "with no penalty the count is still kept and shown", ("bags-off",),
      options={"bag_limit": None}, teach=r"(still )?(kept|counted)[^.]*bags|bags[^.]*still"),
    S("§8", "The end is checked after every complete hand, never before the first.",
      ("target-reached", "below-target"), teach=r"after (each|every) (complete )?hand|"
      r"end of (each|every) hand"),
    S("§8", "The game is over when some total is at or above the target, or (with "
      "`losing_floor`) at or below the floor.", ("target-reached", "losing-floor"),
      teach=r"at or above|game (is )?over"),
    S("§8", "The winner is the partnership with the highest total among those above the floor; "
      "if the highest are equal, play goes on.", ("highest-tie", "target-reached"),
      teach=r"highest total|another hand"),
    S("§8", "Nothing may be played after the end.", ("wrong-phase",),
      teach=r"game is over, nothing more may be played|nothing more may be "
      r"played"),
    S("§8", "A replay cannot know whether a player looked, so it accepts a blind bid wherever "
      "the rule set allows one.", ("blind-not-allowed",), teach=r"looked|look at"),
    S("§8", "A bid text naming two nil types is refused by the one-nil-per-player rule.",
      ("bid-not-allowed",), ACORNS, teach=r"one special bid|one nil"),
    # the seed rule texts: rules docs/rulings.md leaves to them
    S("seed 002", "Another trick is led by the player who has won the previous trick.",
      ("next-lead",), teach=r"won trick \d+, so \w+ leads|winner (of a trick )?leads|"
      r"leads the next"),
    S("seed 003", "The winner leads the next trick.", ("next-lead",),
      teach=r"winner (of a trick )?leads|leads the next|so \w+ leads trick"),
    S("seed 003", "If you cannot, you may discard or play a spade.", ("cannot-follow",),
      teach=r"cannot follow[^.]*any card|may play \*?any\*? card|discard"),
    S("seed 002", "Players are dealt 13 each.", ("deal-size",), FIFTY_TWO,
      teach=r"13 (cards )?(to |each)|thirteen"),
    S("seed 000", "The first trump suit to be broken in each round of play is the superior trump "
      "for the remainder of that round's tricks. This resets with each new deal.",
      ("superior-trump-set", "superior-trump-reset"), ACORNS,
      teach=r"afresh|resets?|each new deal|every deal"),
    # §9 house rules (each option's rule; the scoring ones are asked as hand scores)
    S("§9", "Spades may be led at any time: they never need breaking.", ("leads",), FIFTY_TWO,
      {"spade_lead": "any"}, teach=r"led at any time"),
    S("§9", "No Spade may be played on the first trick, led or not, by a player who holds any "
      "other card", ("spades-first-trick",), FIFTY_TWO, {"spade_lead": "not_first_trick"},
      teach=r"first trick[^.]*spade|spades? on the first trick"),
    S("§9", "A partnership's bids may add up to at most 13 tricks.", ("team-bid-limit",),
      FIFTY_TWO, {"team_bid_max": 10}, teach=r"at most \d+ tricks|team_bid_max|cap"),
    S("§9", "A partnership's bids must add up to at least 4 tricks.", ("team-bid-limit",),
      FIFTY_TWO, {"team_bid_min": 4}, teach=r"at least \d+ tricks|team_bid_min"),
    S("§9", "Mirror: every player bids the number of Spades held (nil with none).",
      ("bid-forced",), FIFTY_TWO, {"bidding": "mirror"}, teach=r"mirror"),
    S("§9", "Whiz: every player bids nil or the number of Spades held (nil with none).",
      ("bid-forced",), FIFTY_TWO, {"bidding": "whiz"}, teach=r"whiz"),
    S("§9", "Suicide: in each partnership one partner bids nil and the other bids 4 or more.",
      ("bid-forced",), FIFTY_TWO, {"bidding": "suicide"}, teach=r"suicide"),
    S("§9", "A player who has not looked may bid a number of tricks blind: it counts double, made "
      "or missed", ("blind-bid",), FIFTY_TWO, {"blind_bids": True},
      teach=r"blind (ordinary )?bids?|blind \d+"),
    S("§9", "the 2 of Diamonds counts as a Spade.", ("jokers-follow",), FIFTY_TWO,
      {"jokers": "on"}, teach=r"jokers?"),
    S("§9", "Three players, each alone: 17 cards each, the 2 of Clubs out of the deck",
      ("deal-size",), FIFTY_TWO, {"cutthroat": "deal_17"}, teach=r"three players|cutthroat"),
    S("§9", "`deal_13`: 13 cards each; the other 13 are left face down, unplayed",
      ("deal-size",), FIFTY_TWO, {"cutthroat": "deal_13"}, teach=r"deal.13|left face down"),
    S("§9", "Option `nil_points`: what a made nil scores and a failed one costs, 100 (the "
      "default) or 50", ("nil-points",), FIFTY_TWO, {"nil_points": 50},
      teach=r"nil.points|nil (is )?worth 50"),
    S("§9", "`unit` scores the two as one bid worth both values", ("partners-nil",), FIFTY_TWO,
      {"partners_nil": "unit"}, teach=r"partners.nil|one bid"),
    S("§9", "the tricks of a player whose nil (or Full Nil) failed score nothing, are not bags",
      ("failed-nil-ignored",), options={"failed_nil_tricks": "ignored"}, teach=r"ignored"),
    S("§9", "With 0, a trick over the bid scores no point, but it is still a bag",
      ("overtricks-nothing",), options={"overtrick_points": 0},
      teach=r"overtrick|score nothing"),
    S("§9", "a partnership that makes an ordinary bid of `big_bid_min` tricks or more scores "
      "`big_bid_bonus` more", ("big-bid",), FIFTY_TWO, {"big_bid_bonus": 50},
      teach=r"big.bid"),
    S("§9", "a partnership whose players take all 13 tricks between them, whatever they bid, "
      "shoots the moon", ("moon",), FIFTY_TWO, {"moon_bonus": 200}, teach=r"moon"),
    S("§9", "when true, a hand takes at most one bag penalty", ("bag-penalty", "bag-penalty-held"),
      options={"bag_penalty_once": True}, teach=r"one bag penalty|penalty once"),
    S("§9", "when false, a partnership whose total, after the hand's other points, is below 0 "
      "takes no bag penalty", ("bag-penalty-held",),
      options={"bag_penalty_while_negative": False}, teach=r"while negative|below 0"),
    S("§9", "the game ends after that many hands at the latest", ("hand-limit",),
      options={"hand_limit": 3}, teach=r"hand.limit|number of hands"),
    S("§9", "`made_bid`: the tied partnership that made its bid, and every nil of its players, "
      "in the last hand wins", ("tie-break",), options={"tie_break": "made_bid"},
      teach=r"tie.break|tie (at the end )?broken"),
    # §10 claims
    S("§10", "During the play, the player whose turn it is may claim the rest of the tricks, or "
      "a number of them", ("claim-not-your-turn", "claim-too-many", "claim-wrong-phase"),
      teach=r"\bclaim"),
    S("§10", "In a hand with a Nil Spades or Nil Acorns bid (the acorns rule sets)",
      ("claim-off",), ACORNS, teach=r"claims? (are )?off"),
)
#: How many of :data:`SENTENCES` are docs/rulings.md sections 1 to 8.
RULINGS_1_TO_8 = sum(1 for x in SENTENCES if x.where in {f"§{i}" for i in range(1, 9)})


def _readme_ids(known: set[str]) -> dict[str, set[str]]:
    """Each scenario file's ids named (in backticks) in its row of data/scenarios/README.md."""
    out: dict[str, set[str]] = {}
    for line in (ROOT / "data" / "scenarios" / "README.md").read_text("utf-8").splitlines():
        m = re.match(r"\| `([^`]+\.json)` \|", line)
        if m:
            out[m.group(1)] = {t for t in re.findall(r"`([a-z0-9-]+)`", line) if t in known}
    return out


class RecordFacts(NamedTuple):
    name: str
    preset: str
    options: dict[str, Any]
    shows: set[str]  # ids the scenario shows (README row, or its explanation)
    cited: set[str]  # ids its README row names
    explains: set[str]  # ids an explanation line names on it
    bad_words: set[str]  # ids whose learners' lines on it are not words
    good_words: set[str]  # ids with learners' lines on it, all in words


def record_facts(known: set[str]) -> list[RecordFacts]:
    """What each record of data/scenarios and data/course shows and explains."""
    readme = _readme_ids(known)
    out = []
    for folder in ("scenarios", "course"):
        for path in sorted((ROOT / "data" / folder).glob("*.json")):
            if path.name.startswith("demo_"):
                continue
            data = json.loads(path.read_text("utf-8"))
            game = replay(data).game
            ids: set[str] = set()
            lines: dict[str, list[str]] = {}
            for h in game.hands:
                ids |= _hand_ids(h)
                for s in explain_hand(h).said:
                    for r in s.rules:
                        lines.setdefault(r, []).append(s.learner())
            bad = {r for r, ls in lines.items() if not words_ok(ls)}
            rules = data.get("rules", {})
            out.append(RecordFacts(
                f"{folder}/{path.name}", rules.get("preset", "standard"),
                dict(rules.get("options") or {}),
                (readme.get(path.name, set()) | ids) if folder == "scenarios" else set(),
                readme.get(path.name, set()) if folder == "scenarios" else set(),
                ids, bad, set(lines) - bad))
    return out


def notebook_texts() -> dict[str, str]:
    """Each course notebook's cells (prose and code), by notebook name, each run of white space
    one space (a sentence may break across lines)."""
    out = {}
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        nb = json.loads(path.read_text("utf-8"))
        out[path.stem] = re.sub(r"\s+", " ", " ".join("".join(c["source"]) for c in nb["cells"]))
    return out


class Row(NamedTuple):
    sentence: Sentence
    scenarios: tuple[str, ...]
    explanation: bool
    notebooks: tuple[str, ...]
    quiz: bool
    words: bool

    @property
    def marks(self) -> tuple[bool, bool, bool, bool, bool]:
        return (bool(self.scenarios), self.explanation, bool(self.notebooks), self.quiz,
                self.words)


def five_columns(seeds: int = 3, sentences: Sequence[Sentence] = SENTENCES,
                 per: Mapping[Key, list[bool]] | None = None) -> list[Row]:
    """The five columns for each of ``sentences`` (see the module's description); ``per`` is
    a :func:`probe` already made (over :data:`SWITCHES` and :data:`HOUSE_SWITCHES`, every rule
    set asked)."""
    known = set(QUIZ_IDS) | {i for x in sentences for i in x.ids}
    if per is None:
        per = probe(seeds, tuple(i for i in QUIZ_IDS if i in known),
                    SWITCHES + HOUSE_SWITCHES, stop_when_found=False)
    facts = record_facts(known)
    books = notebook_texts()
    rows = []
    for x in sentences:
        ids = set(x.ids)
        mine = [f for f in facts if x.fits(f.preset, f.options)]
        quiz = [col for (name, opts, rule), col in per.items()
                if rule in ids and x.fits(name, json.loads(opts))]
        # the records whose README row names the rule first, then those whose explanation does
        shown = [f for f in mine if f.name.startswith("scenarios/") and f.shows & ids]
        shown.sort(key=lambda f: not f.cited & ids)
        scen = tuple(f.name.split("/", 1)[1] for f in shown)
        expl = any(c[1] for c in quiz) or any(f.explains & ids for f in mine)
        pattern = re.compile(x.teach, re.I) if x.teach else None
        nbs = tuple(n for n, t in books.items() if pattern and pattern.search(t))
        q = any(c[0] for c in quiz)
        words = any(c[2] for c in quiz) or (
            any(f.good_words & ids for f in mine) and not any(f.bad_words & ids for f in mine))
        rows.append(Row(x, scen, expl, nbs, q, words))
    return rows


def _short(text: str, n: int = 90) -> str:
    return text if len(text) <= n else text[:n - 1].rstrip() + "…"


def markdown(rows: Sequence[Row], seeds: int) -> str:
    """The table as a Markdown page (docs/teachers/rule_audit.md)."""
    n = len(rows)
    first = rows[:RULINGS_1_TO_8]
    tot = [sum(r.marks[k] for r in rows) for k in range(5)]
    tot8 = [sum(r.marks[k] for r in first) for k in range(5)]
    names = ("scenario", "explanation", "notebook", "quiz", "words")
    out = [
        "# The rule audit: every rule sentence, five columns",
        "",
        "Made by `scripts/rule_audit.py` (issue 31), reading the code, the records and the",
        "notebooks as they are; do not edit by hand. To make it again:",
        "",
        "```bash",
        f".venv/bin/python scripts/rule_audit.py --sentences --seeds {seeds} "
        "--write docs/teachers/rule_audit.md",
        "```",
        "",
        "Each row is a rule sentence: of [the rulings](../rulings.md) (sections 1 to 8, then the",
        "house rules of section 9 and the claims of section 10) or of a seed rule text where the",
        "rulings leave the rule to it. The rule ids beside it are the engine's names for what",
        "decides it. The columns (yes: covered, with the records or notebooks that do; **no**:",
        "not):",
        "",
        "- **scenario**: a record of `data/scenarios/` in a rule set the sentence is about shows",
        "  one of its ids (its row of the scenarios README, or a line of its explanation);",
        "- **explanation**: a line of the engine's explanation names one of its ids (on a",
        "  scenario or course record, or on a quiz question's position and feedback);",
        "- **notebook**: a course notebook says the rule;",
        "- **quiz**: the quiz makes a question on one of its ids, in a rule set the sentence is",
        "  about, and re-derives its answer from the engine",
        f"  ({seeds} seeds for each rule set and option of the audit);",
        "- **words**: the learners' words for it are sentences in words (no rule id, no card",
        "  code, no Python value).",
        "",
        f"Totals over the {RULINGS_1_TO_8} sentences of sections 1 to 8: "
        + ", ".join(f"{tot8[k]} in the {names[k]} column" for k in range(5)) + ".",
        f"Over all {n} rows: " + ", ".join(f"{tot[k]} in the {names[k]} column"
                                           for k in range(5)) + ".",
        "",
        "| where | rule sentence | ids | scenario | explanation | notebook | quiz | words |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        x = r.sentence
        scen = ", ".join(f"`{s}`" for s in r.scenarios[:2]) + (
            f" (+{len(r.scenarios) - 2})" if len(r.scenarios) > 2 else "")
        nbs = ", ".join(n[:2] for n in r.notebooks)
        quote = _short(x.quote).replace("|", "\\|")
        yes, no = "yes", "**no**"
        out.append(f"| {x.where} | {quote} | {', '.join(f'`{i}`' for i in x.ids)} | "
                   f"{yes + ' ' + scen if r.scenarios else no} | "
                   f"{yes if r.explanation else no} | "
                   f"{yes + ' ' + nbs if r.notebooks else no} | {yes if r.quiz else no} | "
                   f"{yes if r.words else no} |")
    return "\n".join(out) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=3, help="seeds per rule set (default 3)")
    ap.add_argument("--missing", action="store_true", help="print only rows with a gap")
    ap.add_argument("--sentences", action="store_true",
                    help="the five-column audit over the rule sentences")
    ap.add_argument("--write", type=Path, metavar="FILE",
                    help="with --sentences: write the table as a Markdown page")
    a = ap.parse_args(argv)
    if a.sentences:
        srows = five_columns(a.seeds)
        if a.write:
            a.write.write_text(markdown(srows, a.seeds), "utf-8")
        print("S E N Q W  sentence (scenario, explanation, notebook, quiz, words)")
        for r in srows:
            if a.missing and all(r.marks):
                continue
            marks = " ".join(c if m else "." for c, m in zip("SENQW", r.marks, strict=True))
            print(f"{marks}  {r.sentence.where} {_short(r.sentence.quote, 70)} "
                  f"[{', '.join(r.sentence.ids)}]")
        for label, part in ((f"sections 1-8 ({RULINGS_1_TO_8})", srows[:RULINGS_1_TO_8]),
                            (f"all ({len(srows)})", srows)):
            t = [sum(r.marks[k] for r in part) for k in range(5)]
            print(f"{label}: scenario {t[0]}, explanation {t[1]}, notebook {t[2]}, quiz {t[3]}, "
                  f"words {t[4]}")
        return 0 if all(all(r.marks) for r in srows) else 1
    rows = audit(a.seeds)
    print("Q E W  rule (Q quiz question, E explanation line, W learner words)")
    for rule, q, e, w in rows:
        if a.missing and q and e and w:
            continue
        note = "  (input check)" if rule in INPUT_CHECK_IDS else ""
        print(f"{'Q' if q else '.'} {'E' if e else '.'} {'W' if w else '.'}  {rule}{note}")
    n = len(rows)
    totals = [sum(bool(r[k]) for r in rows) for k in (1, 2, 3)]
    print(f"quiz {totals[0]} of {n}, explanation {totals[1]} of {n}, words {totals[2]} of {n}")
    return 0 if all(t == n for t in totals) else 1


if __name__ == "__main__":
    sys.exit(main())
