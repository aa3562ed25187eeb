"""Game records (RECORD-FORMAT.md): load, dump and replay.

>>> import random
>>> from spades_lab import Game
>>> g = Game("standard")
>>> g.deal(rng=random.Random(3))
>>> for b in (3, 4, "nil", 3): g.bid(b)
>>> for _ in range(8): g.play(g.legal_plays()[0])
>>> rec = g.to_record()
>>> rec["format"], len(rec["hands"][0]["plays"])
('spades-lab/1', 8)
>>> result = replay(rec)
>>> result.hands[0].complete, result.game.hand.trick_number()
(False, 2)
"""
from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ..words.counting import plural
from .bids import Bid
from .cards import Card, Play
from .claims import Claim, claim_from_json
from .engine import (
    RECORD_FORMAT,
    BidEvent,
    ClaimEvent,
    DealEvent,
    ExchangeEvent,
    Game,
    Hand,
    HandScoredEvent,
    LookEvent,
    PlayEvent,
    game_to_record,
)
from .errors import IllegalAction, RecordError, Rule, RuleError, echo
from .files import write_text
from .rules import RuleSet, rules_from_json
from .scoring import TeamScore
from .validate import gc_paused, read_record


def _bad(message: str, hand: int | None = None, step: str | None = None) -> RecordError:
    return RecordError(Rule.BAD_RECORD, message, hand=hand, step=step)


# ---------------------------------------------------------------------------- load / dump


def load_record(source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    """Read a record from a path, a JSON text (starting with ``{``) or a dict, and check its
    keys, types and shapes (:mod:`spades_lab.core.validate`).

    Returns the record as a plain dict.  Whether its actions follow the rules is checked by
    :func:`replay`.  Raises :class:`RecordError` ``bad-record`` naming the key path.
    """
    return read_record(source)


# ---------------------------------------------------------------------------- steps


class Step(NamedTuple):
    """One thing done to a game: a deal, a look at the cards, a bid, an exchange or a play.

    The same type serves a record's entries (``value`` as the record writes it: ``4``,
    ``"nil"``, ``"QH"``, ``["AS", "KS"]``) and the events of a ``Game.log`` (``value`` the
    engine's own :class:`~spades_lab.core.bids.Bid`, :class:`~spades_lab.core.cards.Play` or
    cards); :func:`apply_step` applies either.
    ``seat`` is the bidder, the passer, the player, the seat looking, or the dealer (None: the
    next dealer); ``to`` the seat an exchange passes to; ``as_`` a Traveler/Hunter's suit.
    """

    kind: str
    seat: int | None
    value: Any = None
    as_: str | None = None
    to: int | None = None

    @classmethod
    def of(cls, event: Any) -> Step | None:
        """The step of one ``Game.log`` event (None for a scoring event, which the game makes
        itself)."""
        if isinstance(event, PlayEvent):
            return cls("play", event.seat, event.play)
        if isinstance(event, BidEvent):
            return cls("bid", event.seat, event.bid)
        if isinstance(event, DealEvent):
            return cls("deal", event.dealer, event.deal)
        if isinstance(event, ExchangeEvent):
            return cls("exchange", event.seat, event.cards, to=event.to)
        if isinstance(event, LookEvent):
            return cls("look", event.seat)
        if isinstance(event, ClaimEvent):
            return cls("claim", event.seat, event.claim)
        return None

    def entry(self) -> dict[str, Any]:
        """The step as a record entry (``{"seat": 1, "bid": 4}``, ``{"from": 0, "to": 2,
        "cards": [...]}``, ``{"seat": 3, "card": "TPS", "as": "S"}``)."""
        v = self.value
        if self.kind == "bid":
            return {"seat": self.seat, "bid": v.to_json() if isinstance(v, Bid) else v}
        if self.kind == "exchange":
            return {"from": self.seat, "to": self.to,
                    "cards": [c.code if isinstance(c, Card) else c for c in v]}
        if self.kind == "play":
            if isinstance(v, Play):
                e: dict[str, Any] = {"seat": self.seat, "card": v.card.code}
                if v.card.is_dual:
                    e["as"] = v.suit
                return e
            e = {"seat": self.seat, "card": v.code if isinstance(v, Card) else v}
            if self.as_:
                e["as"] = self.as_
            return e
        if self.kind == "deal":
            return {"dealer": self.seat, "deal": [[c.code if isinstance(c, Card) else c
                                                   for c in h] for h in v]}
        if self.kind == "claim":
            return v.to_json() if isinstance(v, Claim) else dict(v)
        return {"seat": self.seat}


def hand_steps(source: Game | Mapping[str, Any], hand: int) -> list[Step]:
    """The actions of hand ``hand`` (of a record or a game) in STEP order: its bids, then its
    exchange entries, then its plays.  Step ``k`` is the position ``replay(..., upto=(hand,
    k))`` stops before."""
    if isinstance(source, Game):
        if not 0 <= hand < len(source.hands):
            raise RecordError(Rule.BAD_RECORD, f"The game has {plural(len(source.hands), 'hand')}; "
                              f"there "
                              f"is no hand {hand}.", hand=hand)
        out: list[Step] = []
        for ev in source.log[source.hands[hand].first_event + 1:]:
            if isinstance(ev, (DealEvent, HandScoredEvent)):
                break
            if not isinstance(ev, LookEvent):
                step = Step.of(ev)
                assert step is not None
                out.append(step)
        return out
    hands = source.get("hands", [])
    if not 0 <= hand < len(hands):
        raise RecordError(Rule.BAD_RECORD, f"The record has {plural(len(hands), 'hand')}; there is "
                          f"no hand "
                          f"{hand}.", hand=hand)
    h = hands[hand]
    out = [Step("bid", e["seat"], e["bid"]) for e in h.get("bids", [])]
    out += [Step("exchange", e["from"], e["cards"], to=e["to"]) for e in h.get("exchange", [])]
    out += [Step("play", e["seat"], e["card"], e.get("as")) for e in h.get("plays", [])]
    if "claim" in h:  # a spades_lab extension: the hand ended by an accepted claim
        out.append(Step("claim", h["claim"]["seat"], claim_from_json(h["claim"])))
    return out


def apply_step(game: Game, step: Step) -> None:
    """Apply one step to ``game`` through the engine's checks (raises :class:`RuleError`, the
    game unchanged, when the step is illegal or names no seat)."""
    kind = step.kind
    n = game.rules.players
    if kind == "play":
        game.play(step.value, step.as_, seat=_seat(step.seat, n))
    elif kind == "bid":
        game.bid(step.value, seat=_seat(step.seat, n))
    elif kind == "exchange":
        seat = _seat(step.seat, n)
        to = _seat(step.to, n)
        partner = game.rules.partner(seat)
        if to != partner:
            raise IllegalAction(Rule.EXCHANGE_INVALID, f"{game.seat_name(seat)} passes to "
                                f"{game.seat_name(partner)}, the player opposite, not "
                                f"{game.seat_name(to)}.")
        game.exchange(seat, step.value)
    elif kind == "deal":
        game.deal(cards=step.value, dealer=None if step.seat is None else _seat(step.seat, n))
    elif kind == "look":
        game.look(_seat(step.seat, n))
    elif kind == "claim":
        c = step.value if isinstance(step.value, Claim) else claim_from_json(step.value)
        game.claim(c.seat, c.tricks, c.accepted_by, c.verified)
    else:
        raise RuleError(Rule.BAD_RECORD, f"{kind!r} is not a step: a step is a deal, look, bid, "
                        "exchange, play or claim.")


def _seat(seat: Any, n: int) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise RuleError(Rule.BAD_RECORD, f"{seat!r} is not a seat: seats are 0-{n - 1}.")
    return seat


def dump_record(game_or_record: Game | Mapping[str, Any], path: str | Path | None = None,
                ) -> str:
    """The record as JSON text (one hand's lists kept compact), written to ``path`` if given:
    whole or not at all (:func:`~spades_lab.core.files.write_text`), so a full disk or Ctrl-C
    never leaves half a record over a good one."""
    rec = game_to_record(game_or_record) if isinstance(game_or_record, Game) \
        else dict(game_or_record)
    text = _pretty_json(rec)
    if path is not None:
        write_text(path, text)
    return text


def _pretty_json(rec: Mapping[str, Any]) -> str:
    """Readable JSON: one line per bid, exchange, play and dealt hand."""
    def enc(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False)

    lines = ["{", f'  "format": {enc(rec.get("format", RECORD_FORMAT))},',
             f'  "rules": {enc(rec["rules"])},']
    for key in ("players", "start"):
        if key in rec:
            lines.append(f'  "{key}": {enc(rec[key])},')
    lines.append('  "hands": [')
    hands = rec.get("hands", [])
    for i, h in enumerate(hands):
        lines.append("    {")
        parts = []
        if "dealer" in h:
            parts.append(f'      "dealer": {enc(h["dealer"])}')
        parts.append('      "deal": [\n' + ",\n".join(f"        {enc(x)}" for x in h["deal"])
                     + "\n      ]")
        for key in ("bids", "exchange", "plays"):
            if key in h:
                items = h[key]
                if items:
                    parts.append(f'      "{key}": [\n' + ",\n".join(
                        f"        {enc(x)}" for x in items) + "\n      ]")
                else:
                    parts.append(f'      "{key}": []')
        if "claim" in h:  # a spades_lab extension (docs/record-format.md, "Claims")
            parts.append(f'      "claim": {enc(h["claim"])}')
        lines.append(",\n".join(parts))
        lines.append("    }" + ("," if i < len(hands) - 1 else ""))
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- replay


@dataclass(frozen=True)
class HandSummary:
    """What a hand came to, or stands at: the bids, the tricks each seat has taken, each
    trick's winner, the superior trump and, once complete, each partnership's score.  Its
    ``to_dict()`` is RECORD-FORMAT.md's hand in a replay result (where ``taken`` is written
    ``tricks``)."""

    index: int
    dealer: int
    complete: bool
    bids: tuple[Bid | None, ...]
    taken: tuple[int, ...]
    trick_winners: tuple[int, ...]
    superior_trump: str | None
    superior_set_at: tuple[int, int] | None
    teams: tuple[TeamScore, ...]

    @classmethod
    def of(cls, hand: Hand) -> HandSummary:
        # a superior trump is "set" by a break (two-trump sets); RECORD-FORMAT.md writes null
        # until then, and in the one-trump sets, where nothing sets it
        at = hand.superior_at
        return cls(hand.index, hand.dealer, hand.complete, tuple(hand.bids), tuple(hand.taken),
                   tuple(t.winner for t in hand.tricks), hand.superior if at else None, at,
                   hand.scores or ())

    @property
    def hand_scores(self) -> tuple[int, ...]:
        """Each partnership's hand score (empty until the hand is complete)."""
        return tuple(t.hand_score for t in self.teams)

    def to_dict(self) -> dict[str, Any]:
        at = self.superior_set_at
        return {
            "complete": self.complete,
            "tricks": list(self.taken),
            "superior_trump": self.superior_trump,
            "superior_set_at": None if at is None else {"trick": at[0], "seat": at[1]},
            "teams": [t.to_dict() for t in self.teams],
        }

    def _repr_html_(self) -> str:
        from ..render import hand_result_html

        return hand_result_html(self.index, self.complete, self.taken, self.superior_trump,
                                self.superior_set_at, self.teams)


@dataclass(frozen=True)
class ReplayResult:
    """A game summed up: one :class:`HandSummary` per hand, whether the game is over and who
    won (a team index, teams in order of their lowest seat), the running totals and bags, and
    the :class:`Game` itself at the position reached (``replay`` returns one; so do both sides
    of a what-if)."""

    hands: tuple[HandSummary, ...]
    over: bool
    winner: int | None
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    game: Game = field(compare=False, repr=False)

    @classmethod
    def of(cls, game: Game) -> ReplayResult:
        return cls(tuple(HandSummary.of(h) for h in game.hands), game.over, game.winner,
                   tuple(game.totals), tuple(game.bags), game)

    @property
    def rules(self) -> RuleSet:
        return self.game.rules

    def to_dict(self) -> dict[str, Any]:
        return {"hands": [h.to_dict() for h in self.hands], "over": self.over,
                "winner": self.winner, "totals": list(self.totals), "bags": list(self.bags)}


def game_from_record(record: str | Path | Mapping[str, Any]) -> Game:
    """A fresh :class:`Game` set up from a record's rules, players and start (no hands)."""
    return checked_game(load_record(record))


def checked_game(data: Mapping[str, Any]) -> Game:
    """The fresh :class:`Game` (no hands) that a record already checked by
    :func:`load_record` starts from: :func:`game_from_record` without checking the record's
    shape a second time.  Its rules, players and start are still checked by the engine
    (``bad-record``)."""
    try:
        rules = rules_from_json(data["rules"])
    except RuleError as e:
        raise _bad(e.message) from None
    hands = data.get("hands", [])
    dealer = hands[0].get("dealer", 0) if hands else 0
    start = data.get("start")
    if start is not None and not isinstance(start, dict):
        raise _bad("'start' is an object with 'scores' and 'bags'.")
    try:
        return Game(rules, players=data.get("players"), dealer=dealer, start=start)
    except RuleError as e:
        raise _bad(e.message, 0 if hands else None) from None


def replay(record: str | Path | Mapping[str, Any], *, upto: tuple[int, int] | None = None,
           ) -> ReplayResult:
    """Replay a record; a record that breaks a rule raises :class:`RecordError` naming the hand,
    the step and the rule.  ``upto=(hand, k)`` stops after the first ``k`` actions (bids,
    exchanges, plays in that order) of hand ``hand``, for stepping through a record."""
    with gc_paused():
        data = load_record(record)
        if upto is not None:
            upto = check_upto(data, upto)
        game = checked_game(data)
        play_record(game, data, upto=upto)
        del data  # freed before the collector is back on, which then has less to look at
        return ReplayResult.of(game)


def play_record(game: Game, record: Mapping[str, Any], *, upto: tuple[int, int] | None = None,
                since: int = 0) -> None:
    """Apply a loaded record's hands to ``game``, up to ``upto`` = (hand, k) if given (after
    hand ``hand``'s first ``k`` actions, in STEP order).  ``game`` is fresh (from
    :func:`checked_game`), or with ``since``, the game at the end of the record's hand
    ``since - 1``, and the hands from ``since`` on are applied.  Raises :class:`RecordError`
    naming the hand, the step and the rule."""
    n = game.rules.players
    hands = record.get("hands", [])
    last = len(hands) if upto is None else min(len(hands), upto[0] + 1)
    for i in range(since, last):
        h = hands[i]
        dealer = h.get("dealer")
        if dealer is not None and (not isinstance(dealer, int) or not 0 <= dealer < n):
            raise _bad(f"The dealer must be a seat 0-{n - 1}.", i, "deal")
        if i > 0 and dealer is not None and dealer != game.next_dealer:
            raise _bad(f"Hand {i}'s dealer should be seat {game.next_dealer} (the deal passes "
                       f"clockwise), not {dealer}.", i, "deal")
        _apply(game, Step("deal", dealer if i == 0 else None, h["deal"]), i, "deal")
        if upto is None or i < upto[0]:
            _play_hand(game, h, i, n)
        elif upto[1]:
            for _ in play_steps(game, hand_steps(record, i)[:upto[1]], i):
                pass


def play_steps(game: Game, steps: Sequence[Step], hand: int) -> Iterator[Game]:
    """Apply ``steps`` (actions of hand ``hand``, in order) to ``game`` one by one, yielding
    ``game`` after each: the one labelled walk through a hand's positions.  A step the rules
    refuse raises :class:`RecordError` naming the hand and the step as a record's error does
    (``"bid 2"``, ``"exchange 0"``, ``"play 17"``: counted per kind from 0; ``"deal"``), the
    game as it was before that step."""
    counts: dict[str, int] = {}
    for step in steps:
        kind = step.kind
        n = counts.get(kind, 0)
        try:
            apply_step(game, step)
        except RuleError as err:
            raise _refused(err, hand, "deal" if kind == "deal" else f"{kind} {n}") from None
        counts[kind] = n + 1
        yield game


def check_upto(record: Mapping[str, Any], upto: Any) -> tuple[int, int]:
    """``upto`` as a (hand, step) pair inside the record: hand 0..hands-1 and step 0..the
    number of that hand's actions; anything else is refused (``bad-record``) with the range."""
    hands = record.get("hands", [])
    if not (isinstance(upto, (tuple, list)) and len(upto) == 2
            and all(type(x) is int for x in upto)):
        raise _bad(f"upto is a pair of whole numbers (hand, step), not {echo(upto)}.")
    hand, k = upto
    if not hands:
        raise _bad("The record has no hands, so there is no step to stop at.")
    if not 0 <= hand < len(hands):
        raise _bad(f"There is no hand {hand}: the record's hands are numbered 0-"
                   f"{len(hands) - 1}.", hand=hand if 0 <= hand < 10**6 else None)
    steps = len(hand_steps(record, hand))
    if not 0 <= k <= steps:
        raise _bad(f"There is no step {k} in hand {hand}: its steps are 0-{steps} (the number "
                   "of actions to replay, bids first, then exchanges, then plays).", hand=hand)
    return hand, k


def _apply(game: Game, step: Step, hand: int, label: str) -> None:
    try:
        apply_step(game, step)
    except RuleError as err:
        raise _refused(err, hand, label) from None


def _refused(err: RuleError, hand: int, label: str) -> RecordError:
    """The engine's refusal of a record's step, naming the hand and the step."""
    return RecordError(err.rule, err.message, hand=hand, step=label, **err.details)


def _play_hand(game: Game, h: Mapping[str, Any], hand: int, n: int) -> None:
    """Apply hand ``hand``'s bids, exchanges and plays (a checked record's entries) in STEP
    order, as :func:`apply_step` does but without a :class:`Step` and a label per bid and per
    common play: ``Game.bid`` makes every check itself (verify first, change nothing when
    refusing), and a refusal becomes the same :class:`RecordError` as :func:`_apply` makes it;
    the plays go in bulk through :meth:`Hand.play_entries` (the fast path ``Game.play`` takes
    too).  Bids whose seat is not a seat number, the exchanges and the plays the fast path
    leaves take :func:`_apply` itself."""
    bid = game.bid
    for k, e in enumerate(h.get("bids", [])):
        seat = e["seat"]
        if type(seat) is int and 0 <= seat < n:
            try:
                bid(e["bid"], seat=seat)
            except RuleError as err:
                raise _refused(err, hand, f"bid {k}") from None
        else:
            _apply(game, Step("bid", seat, e["bid"]), hand, f"bid {k}")
    for k, e in enumerate(h.get("exchange", [])):
        _apply(game, Step("exchange", e["from"], e["cards"], to=e["to"]), hand, f"exchange {k}")
    plays = h.get("plays", [])
    current = game.hand
    assert current is not None  # dealt just before
    k = current.play_entries(plays)  # the common entries in bulk (Game.play's fast path)
    while k < len(plays):  # the others one by one, through every check of Game.play
        e = plays[k]
        _apply(game, Step("play", e["seat"], e["card"], e.get("as")), hand, f"play {k}")
        k = current.play_entries(plays, k + 1)
    if "claim" in h:  # a spades_lab extension: the hand ended by an accepted claim
        _apply(game, Step("claim", h["claim"]["seat"], claim_from_json(h["claim"])), hand,
               "claim")


def restart(template: Game, rules: RuleSet | None = None) -> Game:
    """A fresh game like ``template`` (players, first dealer, start), under ``template``'s rules
    or ``rules``."""
    return Game(rules or template.rules, players=template.players,
                dealer=template.first_dealer,
                start={"scores": list(template.start_scores), "bags": list(template.start_bags)})


def replay_log(template: Game, events: Sequence[Any], *, rules: RuleSet | None = None) -> Game:
    """A fresh game like ``template`` (see :func:`restart`) with ``events`` (from a
    ``Game.log``) applied in order.  A step the rules refuse raises :class:`RecordError` naming
    the hand and step (:func:`play_steps`).  (A position of a hand is
    :meth:`Line.at <spades_lab.core.line.Line.at>`; its log, to replay here under other rules,
    :meth:`Line.log <spades_lab.core.line.Line.log>`.)"""
    g = restart(template, rules)
    hand = -1
    steps: list[Step] = []
    for ev in events:
        step = Step.of(ev)
        if step is None:
            continue
        if step.kind == "deal":
            for _ in play_steps(g, steps, hand):
                pass
            hand += 1
            steps = []
        steps.append(step)
    for _ in play_steps(g, steps, hand):
        pass
    return g


__all__ = ["Step", "hand_steps", "apply_step", "load_record", "dump_record",
           "game_from_record", "checked_game", "game_to_record", "replay", "play_record",
           "play_steps", "replay_log", "restart", "HandSummary", "ReplayResult"]
