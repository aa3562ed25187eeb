"""What a quiz asks about: the ids of the rules it tests (:data:`QUIZ_IDS`), their topics
(:data:`TOPICS`), the level of the lesson that teaches each (:func:`level_of`) and the ids that
apply to a rule set (:func:`applicable_ids`)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import args
from ...core.bids import Bid
from ...core.cards import Card
from ...core.errors import RULE_IDS, RuleError
from ...core.rules import HOUSE_PLAY_OPTIONS, RuleSet, rules_of
from ..explain import (
    TRICK_REASONS,
)

#: The rule ids of RULINGS.md section 7 the quiz asks about (``bad-option`` included).
RULE_QUESTION_IDS: tuple[str, ...] = tuple(RULE_IDS)
#: The rule ids that guard the software's input rather than a rule of the game (a card the deck
#: does not have, a card another seat holds, acting out of turn or phase, an option or a record
#: the engine refuses): a quiz leaves them out unless asked (``include_input_checks=True``).
INPUT_CHECK_IDS: tuple[str, ...] = ("unknown-card", "card-not-in-hand", "not-your-turn",
                                    "wrong-phase", "bad-option", "bad-record")
#: The trick reason ids of RULINGS.md section 7.
REASON_QUESTION_IDS: tuple[str, ...] = TRICK_REASONS
#: Scoring line ids (the engine's ``LineItem.rule``) and the end-of-game outcomes.
SCORE_QUESTION_IDS: tuple[str, ...] = ("bid-made", "bid-missed", "bags", "nil-made",
                                       "nil-failed", "failed-nil-tricks", "bag-penalty")
END_QUESTION_IDS: tuple[str, ...] = ("target-reached", "highest-tie", "losing-floor",
                                     "below-target")
#: Other topics: who leads first, how many cards a blind nil exchanges, who deals the next
#: hand, the lead of a hand of unbroken trumps only, both trumps broken in one trick, where
#: Travelers and Hunters rank, bags with no penalty, the blind Full Nil exchange; any card
#: when void in the led suit, the trick's winner leading the next, the superior trump chosen
#: afresh each deal, how many cards each player is dealt.
TOPIC_QUESTION_IDS: tuple[str, ...] = ("first-lead", "blind-exchange", "dealer-rotation",
                                       "only-unbroken-trumps", "both-trumps-broken",
                                       "th-rank", "bags-off", "full-nil-exchange",
                                       "cannot-follow", "next-lead", "superior-trump-reset",
                                       "deal-size")
# house rules: scoring
#: The scoring house rules' questions (docs/rulings.md section 9), each asked only where its
#: option is on: a hand score with a big-bid bonus, the moon, a bag penalty held back below 0,
#: a blind ordinary bid (``blind_bids``), nil worth 50, partners' nils scored as a unit (or
#: their tricks not bags), a failed nil's tricks ignored, overtricks worth nothing.
HOUSE_SCORE_QUESTION_IDS: tuple[str, ...] = ("big-bid", "moon", "bag-penalty-held", "blind-bid",
                                             "nil-points", "partners-nil", "failed-nil-ignored",
                                             "overtricks-nothing")
# end of house rules: scoring
#: house rules: bidding and play -- each asked where its option is on: may a seat play a Joker
#: or a card the Jokers rule makes a trump (the 2 of Diamonds) on this trick (``jokers``)? who
#: wins a trick the Jokers' order of trumps decides? is a card the house rules take out of the
#: deck dealt (``jokers``, three players' ``cutthroat``)? may the table add an option to the
#: house rules it plays, or does the combination contradict itself (a clash)?
HOUSE_PLAY_QUESTION_IDS: tuple[str, ...] = ("jokers-follow", "jokers-rank", "deck-out",
                                            "option-clash")
#: Claims (docs/rulings.md section 10, a spades_lab rule the seed rules lack, for play mode and
#: the classroom): who may claim (the player to play), how many tricks (no more than remain),
#: where claims are off (a Nil Spades or Nil Acorns bid stands), who on the claimer's side
#: takes the tricks claimed.  Like the input checks, asked only when a teacher asks for them
#: (the topic ``claims``, or their ids).
CLAIM_QUESTION_IDS: tuple[str, ...] = ("claim-not-your-turn", "claim-too-many", "claim-off",
                                       "claim-takers")
QUIZ_IDS: tuple[str, ...] = (RULE_QUESTION_IDS + REASON_QUESTION_IDS + SCORE_QUESTION_IDS
                             + END_QUESTION_IDS + TOPIC_QUESTION_IDS + HOUSE_SCORE_QUESTION_IDS
                             + HOUSE_PLAY_QUESTION_IDS + CLAIM_QUESTION_IDS)

#: The topics by name, as a teacher asks for them (``spades-lab handout quiz --topic``): the
#: ids each covers (those that apply to the rule set are asked).
TOPICS: dict[str, tuple[str, ...]] = {
    "play": ("must-follow-suit", "first-lead", "led-suit-wins", "played-as-led-suit",
             "declared-suit", "bad-declaration", "cannot-follow", "next-lead",
             "jokers-follow"),
    "trumps": ("trump-not-broken", "only-unbroken-trumps", "broke-trump", "superior-trump-wins",
               "inferior-trump-wins", "superior-trump-set", "both-trumps-broken",
               "superior-trump-reset",
               "spades-first-trick"),  # (house rules: bidding and play)
    "tricks": REASON_QUESTION_IDS + ("th-rank", "jokers-rank"),
    "bidding": ("bid-out-of-range", "bid-not-allowed", "blind-not-allowed", "exchange-invalid",
                "blind-exchange", "full-nil-exchange",
                # house rules: bidding and play (asked where the option is on)
                "team-bid-limit", "bid-forced"),
    "scoring": SCORE_QUESTION_IDS + ("bags-off",) + HOUSE_SCORE_QUESTION_IDS,
    "game": END_QUESTION_IDS + ("dealer-rotation", "deal-size", "deck-out", "option-clash"),
    "claims": CLAIM_QUESTION_IDS,
    "input-checks": INPUT_CHECK_IDS,
}


#: Difficulty per id, following the lesson plans (docs/teachers/lesson_plans.md): 1 lesson 1
#: (tricks, following suit, the trump and its lead), 2 lesson 2 (bids, scores, nil, the end of
#: a game), 3 the fine print and lesson 3 (the Heckadeck).  In the two-trump sets every trump
#: question is lesson 3's (:func:`level_of`).
DIFFICULTY: dict[str, int] = {
    "wrong-phase": 1, "not-your-turn": 1, "unknown-card": 1, "card-not-in-hand": 1,
    "must-follow-suit": 1, "led-suit-wins": 1, "first-lead": 1,
    "trump-not-broken": 1, "superior-trump-wins": 1, "broke-trump": 1,
    "only-unbroken-trumps": 1, "cannot-follow": 1, "next-lead": 1, "deal-size": 1,
    "bid-out-of-range": 2, "bid-not-allowed": 2, "dealer-rotation": 2,
    "blind-not-allowed": 2, "bid-made": 2, "bid-missed": 2, "bags": 2, "nil-made": 2,
    "nil-failed": 2, "target-reached": 2, "below-target": 2, "bag-penalty": 2,
    "failed-nil-tricks": 2, "highest-tie": 2, "losing-floor": 2, "blind-exchange": 2,
    "exchange-invalid": 2, "bags-off": 2,
    "bad-declaration": 3, "bad-record": 3, "bad-option": 3,
    "inferior-trump-wins": 3, "ace-high": 3, "ace-low": 3, "played-as-led-suit": 3,
    "declared-suit": 3, "superior-trump-set": 3, "both-trumps-broken": 3, "th-rank": 3,
    "full-nil-exchange": 3, "superior-trump-reset": 3,
    # house rules: bidding and play
    "team-bid-limit": 2, "bid-forced": 2, "spades-first-trick": 1, "jokers-follow": 1,
    "jokers-rank": 1, "deck-out": 1, "option-clash": 3,
    # claims (asked when asked for)
    **dict.fromkeys(CLAIM_QUESTION_IDS, 3),
    # house rules: scoring
    **dict.fromkeys(HOUSE_SCORE_QUESTION_IDS, 2),
}
#: The ids that are lesson 3's wherever there are two trumps (the Heckadeck sets).
_HECKADECK_LEVEL3 = ("trump-not-broken", "superior-trump-wins", "broke-trump",
                     "only-unbroken-trumps", "blind-exchange", "exchange-invalid",
                     "bid-not-allowed", "deal-size")


def level_of(rules: RuleSet, key: str) -> int:
    """The difficulty of a question on ``key`` in this rule set (the lesson that teaches it).

    >>> level_of(RuleSet.preset("standard"), "trump-not-broken")
    1
    >>> level_of(RuleSet.preset("acorns"), "trump-not-broken")
    3
    """
    if len(rules.trumps) > 1 and key in _HECKADECK_LEVEL3:
        return 3
    return DIFFICULTY.get(key, 2)


# house rules: scoring
def _house_score_on(rules: RuleSet, key: str) -> bool:
    """Whether the option a scoring house rule's question is about is on in ``rules``."""
    return {"big-bid": rules.big_bid_bonus > 0, "moon": rules.moon_bonus > 0,
            "bag-penalty-held": not rules.bag_penalty_while_negative,
            "blind-bid": rules.blind_bids,
            "nil-points": "nil" in rules.nil_kinds and rules.nil_points != 100,
            "partners-nil": rules.partners_nil != "separate",
            "failed-nil-ignored": rules.failed_nil_tricks == "ignored",
            "overtricks-nothing": rules.overtrick_points == 0}[key]
# end of house rules: scoring


#: The ids of a nil bid, its scores and the exchange after a blind one: not asked where the
#: house rules switch nil off (``nil_bids: off``).
NIL_IDS = ("blind-not-allowed", "nil-made", "nil-failed", "failed-nil-tricks", "blind-exchange",
           "exchange-invalid", "full-nil-exchange", "nil-points", "partners-nil",
           "failed-nil-ignored")

#: Options a table might add to the house rules it plays, in words: (option, value, words).
#: Some combinations contradict themselves and the engine refuses them in a sentence
#: (docs/rulings.md section 9); ``option-clash`` asks which.
CLASH_CANDIDATES: tuple[tuple[str, Any, str], ...] = (
    ("team_bid_min", 4, "a partnership's bids adding up to at least 4 tricks"),
    ("team_bid_max", 1, "a partnership's bids capped at 1 trick"),
    ("team_bid_max", 10, "a partnership's bids capped at 10 tricks"),
    ("blind_bids", True, "blind bids of a number of tricks"),
    ("bidding", "mirror", "Mirror (every player bids the Spades held)"),
    ("bidding", "whiz", "Whiz (every player bids nil or the Spades held)"),
    ("bidding", "suicide", "Suicide (one partner bids nil, the other 4 or more)"),
    ("nil_bids", "off", "nil switched off"),
    ("nil_bids", "below_target", "no nil for a partnership at the target"),
    ("partners_nil", "unit", "partners' nils scored as one"),
    ("nil_exchange", 2, "2 cards passed after a nil"),
    ("cutthroat", "deal_17", "three players each alone"),
    ("jokers", "on", "Jokers Spades"),
    ("spade_lead", "any", "Spades led at any time"),
    ("zero_bid", "ordinary", "a bid of 0 as an ordinary bid"),
)


def clash_choices(rules: RuleSet) -> tuple[list[tuple[str, Any, str]], list[tuple[str, Any, str]]]:
    """Where the rule set plays a house rule of bidding and play: the options of
    :data:`CLASH_CANDIDATES` it may add (the engine accepts the combination) and those it may
    not (the engine refuses it); both empty where it plays none."""
    if not any(k in rules.options() for k in HOUSE_PLAY_OPTIONS):
        return [], []
    ok: list[tuple[str, Any, str]] = []
    refused: list[tuple[str, Any, str]] = []
    for key, value, words in CLASH_CANDIDATES:
        if getattr(rules, key) == value:
            continue
        try:
            rules.replace(**{key: value})
            ok.append((key, value, words))
        except RuleError:
            refused.append((key, value, words))
    return ok, refused


def _blind_nil_bid(rules: RuleSet) -> bool:
    """A blind nil-type bid can be made (not where the house rules switch blind nil off, nor in
    Mirror, whose one bid is the Spades held)."""
    return rules.blind_nil and rules.bidding != "mirror"


def _has_exchange(rules: RuleSet) -> bool:
    return any(hi > 0 for _, (_, hi) in rules.blind_exchange)


def plain_trumps(rules: RuleSet) -> list[Card]:
    return [c for c in rules.deck.cards if not c.is_dual and c.suit in rules.trumps]


def applicable_ids(rules: RuleSet | str, options: Mapping[str, Any] | None = None, *,
                   include_input_checks: bool = False, include_claims: bool = False
                   ) -> tuple[str, ...]:
    """The ids a quiz asks about in this rule set: every rule id except ``exchange-invalid``
    where no blind bid exchanges cards; ``inferior-trump-wins``, ``superior-trump-set`` and
    ``both-trumps-broken`` with two trumps; ``ace-high``/``ace-low`` where the Ace flips;
    ``played-as-led-suit``, ``declared-suit`` and ``th-rank`` with Travelers and Hunters;
    ``bag-penalty`` with bags counted, ``bags-off`` without; every other scoring and
    end-of-game id.  The input checks (:data:`INPUT_CHECK_IDS`) only with
    ``include_input_checks``, the claims (:data:`CLAIM_QUESTION_IDS`) only with
    ``include_claims``.

    >>> "unknown-card" in applicable_ids("standard")
    False
    >>> "unknown-card" in applicable_ids("standard", include_input_checks=True)
    True
    >>> "bag-penalty" in applicable_ids("standard", {"bag_limit": None})
    False
    """
    r = rules_of(rules, options)
    args.flag(include_input_checks, "include_input_checks")
    args.flag(include_claims, "include_claims")
    out = []
    for key in QUIZ_IDS:
        if key in INPUT_CHECK_IDS and not include_input_checks:
            continue
        if key in CLAIM_QUESTION_IDS and not include_claims:
            continue
        if key == "claim-off" and not any(Bid(0, k).nil_suit for k in r.nil_kinds):
            continue  # no Nil Spades or Nil Acorns to switch claims off
        if key == "claim-takers" and (not r.has_partners or r.nil_bids == "off"):
            continue  # no partner who bid a nil to pass the claimed tricks by
        if key in ("exchange-invalid", "blind-exchange") and not _has_exchange(r):
            continue
        if key == "full-nil-exchange" and r.exchange_range("full nil")[1] == 0:
            continue
        if key in ("inferior-trump-wins", "superior-trump-set", "both-trumps-broken",
                   "superior-trump-reset") and len(r.trumps) < 2:
            continue
        if key in ("ace-high", "ace-low") and not r.deck.ace_flips:
            continue
        if key in ("played-as-led-suit", "declared-suit", "th-rank") \
                and not r.deck.travelers_hunters:
            continue
        # house rules: bidding and play -- each asked where its option is on
        if key == "team-bid-limit" and r.team_bid_max is None and r.team_bid_min is None:
            continue
        if key == "bid-forced" and r.bidding == "free":
            continue
        if key == "spades-first-trick" and not r.no_spades_first_trick:
            continue
        if key in ("jokers-follow", "jokers-rank") and r.deck.jokers is None:
            continue
        if key == "deck-out" and not r.deck.out:
            continue
        if key == "option-clash" and not all(clash_choices(r)):
            continue
        if key in NIL_IDS and r.nil_bids == "off":
            continue  # nil switched off: no nil is bid, made, failed or exchanged after
        if key == "exchange-invalid" and not r.has_partners:
            continue  # three players each alone: no partner, no exchange to get wrong
        if key in ("blind-exchange", "exchange-invalid", "full-nil-exchange") \
                and not _blind_nil_bid(r) and not (key == "exchange-invalid" and r.nil_exchange):
            continue  # no blind nil is bid (switched off, or Mirror's bids): none exchanges
        if key in ("trump-not-broken", "only-unbroken-trumps") and not r.spades_need_breaking:
            continue
        if key in HOUSE_SCORE_QUESTION_IDS and not _house_score_on(r, key):  # house rules
            continue
        if key == "only-unbroken-trumps" and len(plain_trumps(r)) < r.hand_size:
            continue  # (a hand of unbroken trumps only cannot be dealt: acorns with T/H)
        if (key == "bag-penalty") == (r.bag_limit is None) and key in ("bag-penalty",
                                                                       "bags-off"):
            continue
        out.append(key)
    return tuple(out)
