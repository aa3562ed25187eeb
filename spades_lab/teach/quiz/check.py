"""Checking a question: :func:`verify` re-derives its answer from the engine on its own record."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core import args
from ...core.cards import SUIT_BITS, suit_name
from ...core.engine import Game, Phase, trump_states
from ...core.errors import RuleError, echo
from ...core.records import replay
from ...core.rules import RuleSet, rules_from_json, seat_name, team_name
from .model import QuizQuestion, bad_question
from .shown import broken_index, up_to


def _position(q: QuizQuestion) -> Game:
    return replay(q.record).game


def _at(seq: Sequence[Any] | None, i: Any, what: str) -> Any:
    """``seq[i]``, or a typed refusal when the question's record has no such item."""
    if seq is None or not args.is_whole(i) or not 0 <= i < len(seq):
        raise bad_question(f"it asks about {what} {echo(i)}, which its record does not have")
    return seq[i]


#: The fields each kind of question action carries, with their kinds (``object``: any).
_ACTIONS: dict[str, dict[str, Any]] = {
    "play": {"seat": int, "card": str}, "bid": {"seat": int, "bid": object},
    "exchange": {"seat": int, "cards": list}, "declaration": {"seat": int, "card": str},
    "trick": {"hand": int, "trick": int}, "ace": {"hand": int, "trick": int},
    "broken": {"hand": int, "trick": int}, "superior": {"hand": int, "trick": int},
    "score": {"hand": int, "team": int}, "game-over": {}, "first-lead": {},
    "exchange-count": {"seat": int}, "deal-size": {}, "option": {"option": str, "value": object},
    "deck": {"card": str}, "dealer": {"hand": int}, "next-lead": {"hand": int, "trick": int},
    "claim": {"seat": int, "tricks": int}, "claim-takers": {"seat": int, "tricks": int},
}


def _checked_action(q: QuizQuestion) -> dict[str, Any]:
    a = q.action
    kind = a.get("kind") if isinstance(a, Mapping) else None
    if not isinstance(kind, str) or kind not in _ACTIONS:
        raise bad_question(f"its action {echo(a)} is not one the engine can check")
    for key, want in _ACTIONS[kind].items():
        value = a.get(key)
        ok = (args.is_whole(value) if want is int else isinstance(value, want)
              and not (want is list and not all(isinstance(x, str) for x in value)))
        if key not in a or not ok:
            raise bad_question(f"its {kind} action needs {key!r}, not {echo(value)}")
    if a.get("as") is not None and not isinstance(a.get("as"), str):
        raise bad_question(f"its action's 'as' must be a suit letter, not {echo(a.get('as'))}")
    if not isinstance(q.choices, tuple) or not (args.is_whole(q.answer)
                                                and 0 <= q.answer < len(q.choices)):
        raise bad_question("its answer is not one of its choices")
    rules = RuleSet.preset(q.rules, q.options)  # its own rule set, or the option error
    if isinstance(q.record.get("rules"), Mapping) and rules_from_json(q.record["rules"]) != rules:
        raise bad_question(f"its record is played under other rules than {q.rules}")
    return dict(a)


def _seat_of(g: Game, a: Mapping[str, Any]) -> int:
    _at(range(g.rules.players), a["seat"], "seat")
    return int(a["seat"])


def verify(q: QuizQuestion | Mapping[str, Any]) -> bool:
    """Re-derive the answer from the engine on the question's own record, and compare.  ``q``
    is a :class:`QuizQuestion` or its JSON (:meth:`QuizQuestion.to_dict`); a malformed question
    is refused with a :class:`~spades_lab.core.errors.RecordError`."""
    if isinstance(q, Mapping):
        q = QuizQuestion.from_dict(q)
    args.instance(q, "the question", QuizQuestion, "a quiz question or its JSON")
    a = _checked_action(q)
    kind = a["kind"]
    if kind == "play":
        g = _position(q)
        ok = g.can_play(a["card"], a.get("as"), seat=_seat_of(g, a)).ok
        return q.answer == (0 if ok else 1)
    if kind == "bid":
        g = _position(q)
        seat = _seat_of(g, a)
        if a.get("looked") and g.hand is not None and g.hand.phase == Phase.BIDDING:
            g.look(seat)
        return q.answer == (0 if g.can_bid(a["bid"], seat).ok else 1)
    if kind == "exchange":
        g = _position(q)
        return q.answer == (0 if g.can_exchange(_seat_of(g, a), a["cards"]).ok else 1)
    if kind == "declaration":
        g = _position(q)
        seat = _seat_of(g, a)
        card = g.rules.deck.parse(a["card"])
        oks = [g.can_play(card, s, seat=seat).ok for s in card.suits]
        if len(oks) < 2:
            raise bad_question("its declaration question names a card of one suit")
        return q.answer == (2 if all(oks) else 0 if oks[0] else 1)
    if kind in ("trick", "ace", "broken", "superior"):
        h = _at(_position(q).hands, a["hand"], "hand")
        t = _at(h.tricks, a["trick"], "trick")
        if kind == "trick":
            return q.choices[q.answer] == seat_name(t.winner, len(h.hands))
        if kind == "ace":
            face = any(p.card.is_face for _, p in t.plays)
            return q.answer == (0 if face else 1)
        mask, sup = trump_states(h, a["trick"])[-1]
        if kind == "broken":
            broken = [x for x in h.rules.trumps if mask & SUIT_BITS[x]]
            return q.answer == broken_index(h.rules, broken)
        return q.choices[q.answer] == (suit_name(sup) if sup else "Neither yet")
    if kind == "score":
        h = _at(_position(q).hands, a["hand"], "hand")
        ts = _at(h.scores, a["team"], "partnership")
        return q.choices[q.answer] == f"{ts.hand_score:+d}"
    if kind == "game-over":
        g = _position(q)
        n = g.rules.players
        if not g.over:
            return q.answer == 0
        assert g.winner is not None
        return q.choices[q.answer] == f"Yes: {team_name(g.rules.team_seats[g.winner], n)} win"
    if kind in ("first-lead", "next-lead"):  # the seat to lead, as the engine has it
        g = _position(q)
        return q.choices[q.answer] == g.seat_name(g.turn) if g.turn is not None else False
    if kind == "exchange-count":
        g = _position(q)
        h = g.hand
        seat = _seat_of(g, a)
        if h is None:
            raise bad_question("its record has no hand dealt")
        due = h.exchange_due(seat)
        text = q.answer_text
        if due is None or due.blind != seat:
            return text.startswith("No cards")
        n = g.rules.players
        if due.lo == due.hi:
            return f"passes exactly {due.hi} " in text
        return text == up_to(seat_name(due.blind, n), seat_name(due.partner, n), due.lo, due.hi)
    if kind == "deal-size":
        return q.answer_text == str(RuleSet.preset(q.rules, q.options).hand_size)
    if kind == "deck":
        try:
            RuleSet.preset(q.rules, q.options).deck.parse(a["card"])
            return q.answer == 0
        except RuleError:
            return q.answer == 1
    if kind == "claim":  # may the seat claim that many of the remaining tricks now?
        g = _position(q)
        return q.answer == (0 if g.can_claim(_seat_of(g, a), a["tricks"]).ok else 1)
    if kind == "claim-takers":  # the claim applied, accepted by every other side's player
        g = _position(q)
        seat = _seat_of(g, a)
        rules = g.rules
        side = rules.team_seats[rules.team_of(seat)]
        before = list(g.hands[-1].taken)
        g.claim(seat, a["tricks"], accepted_by=[s for s in range(rules.players) if s not in side])
        gained = [s for s in side if g.hands[-1].taken[s] > before[s]]
        return bool(gained) and q.answer_text == seat_name(gained[0], rules.players)
    if kind == "dealer":
        h = _at(_position(q).hands, a["hand"], "hand")
        return q.answer_text == seat_name(h.dealer, len(h.hands))
    try:  # kind == "option"
        RuleSet.preset(q.rules, q.options).replace(**{a["option"]: a["value"]})
        return q.answer == 0
    except RuleError:
        return q.answer == 1
