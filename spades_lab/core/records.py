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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine import (
    RECORD_FORMAT,
    BidEvent,
    DealEvent,
    ExchangeEvent,
    Game,
    Hand,
    PlayEvent,
    game_to_record,
)
from .errors import IllegalAction, RecordError, RuleError, echo
from .rules import RuleSet, rules_from_json
from .scoring import TeamScore
from .validate import read_record

FORMAT = RECORD_FORMAT


def _bad(message: str, hand: int | None = None, step: str | None = None) -> RecordError:
    return RecordError("bad-record", message, hand=hand, step=step)


# ---------------------------------------------------------------------------- load / dump


def load_record(source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    """Read a record from a path, a JSON text (starting with ``{``) or a dict, and check its
    keys, types and shapes (:mod:`spades_lab.core.validate`).

    Returns the record as a plain dict.  Whether its actions follow the rules is checked by
    :func:`replay`.  Raises :class:`RecordError` ``bad-record`` naming the key path.
    """
    return read_record(source)


def record_steps(record: Mapping[str, Any], hand: int) -> list[tuple[str, dict[str, Any]]]:
    """The actions of hand ``hand`` in STEP order: (kind, record entry) with kind ``bid``,
    ``exchange`` or ``play``."""
    hands = record.get("hands", [])
    if not 0 <= hand < len(hands):
        raise RecordError("bad-record", f"The record has {len(hands)} hand(s); there is no hand "
                          f"{hand}.", hand=hand)
    h = hands[hand]
    out: list[tuple[str, dict[str, Any]]] = [("bid", dict(e)) for e in h.get("bids", [])]
    out += [("exchange", dict(e)) for e in h.get("exchange", [])]
    out += [("play", dict(e)) for e in h.get("plays", [])]
    return out


def apply_entry(game: Game, kind: str, e: Mapping[str, Any]) -> None:
    """Apply one record entry to ``game`` (raises :class:`RuleError` when illegal)."""
    if kind == "bid":
        game.bid(e["bid"], seat=e["seat"])
    elif kind == "exchange":
        partner = game.rules.partner(e["from"])
        if e.get("to", partner) != partner:
            raise IllegalAction("exchange-invalid", f"{game.seat_name(e['from'])} passes to "
                                f"{game.seat_name(partner)}, the player opposite.")
        game.exchange(e["from"], e["cards"])
    elif kind == "play":
        game.play(e["card"], e.get("as"), seat=e["seat"])
    else:
        raise ValueError(kind)


def dump_record(game_or_record: Game | Mapping[str, Any], path: str | Path | None = None,
                ) -> str:
    """The record as JSON text (one hand's lists kept compact), written to ``path`` if given."""
    rec = game_to_record(game_or_record) if isinstance(game_or_record, Game) \
        else dict(game_or_record)
    text = _pretty_json(rec)
    if path is not None:
        Path(path).write_text(text, encoding="utf-8")
    return text


def _pretty_json(rec: Mapping[str, Any]) -> str:
    """Readable JSON: one line per bid, exchange, play and dealt hand."""
    def enc(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False)

    lines = ["{", f'  "format": {enc(rec.get("format", FORMAT))},',
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
        lines.append(",\n".join(parts))
        lines.append("    }" + ("," if i < len(hands) - 1 else ""))
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- replay


@dataclass(frozen=True)
class HandResult:
    """What a replayed hand came to (RECORD-FORMAT.md, What a replay returns)."""

    index: int
    dealer: int
    complete: bool
    tricks: tuple[int, ...]
    superior_trump: str | None
    superior_set_at: tuple[int, int] | None
    teams: tuple[TeamScore, ...]

    @classmethod
    def of(cls, hand: Hand) -> HandResult:
        return cls(hand.index, hand.dealer, hand.complete, tuple(hand.taken), hand.superior,
                   hand.superior_at, hand.scores or ())

    def to_dict(self) -> dict[str, Any]:
        at = self.superior_set_at
        return {
            "complete": self.complete,
            "tricks": list(self.tricks),
            "superior_trump": self.superior_trump,
            "superior_set_at": None if at is None else {"trick": at[0], "seat": at[1]},
            "teams": [t.to_dict() for t in self.teams],
        }

    def _repr_html_(self) -> str:
        from ..render import hand_result_html

        return hand_result_html(self)


@dataclass(frozen=True)
class ReplayResult:
    """The replayed game: one :class:`HandResult` per hand, whether the game is over and who
    won (a team index, teams in order of their lowest seat), and the :class:`Game` itself at
    the position reached."""

    hands: tuple[HandResult, ...]
    over: bool
    winner: int | None
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    game: Game = field(compare=False, repr=False)

    @property
    def rules(self) -> RuleSet:
        return self.game.rules

    def to_dict(self) -> dict[str, Any]:
        return {"hands": [h.to_dict() for h in self.hands], "over": self.over,
                "winner": self.winner, "totals": list(self.totals), "bags": list(self.bags)}


def game_from_record(record: str | Path | Mapping[str, Any]) -> Game:
    """A fresh :class:`Game` set up from a record's rules, players and start (no hands)."""
    return _new_game(load_record(record))


def _new_game(data: Mapping[str, Any]) -> Game:
    """The game a checked record starts from."""
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
    data = load_record(record)
    if upto is not None:
        upto = check_upto(data, upto)
    game = _new_game(data)
    n = game.rules.players
    for i, h in enumerate(data.get("hands", [])):
        if upto is not None and i > upto[0]:
            break
        limit = upto[1] if upto is not None and i == upto[0] else None
        _replay_hand(game, i, h, n, limit)
    return result_of(game)


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
    h = hands[hand]
    steps = sum(len(h.get(key, [])) for key in ("bids", "exchange", "plays"))
    if not 0 <= k <= steps:
        raise _bad(f"There is no step {k} in hand {hand}: its steps are 0-{steps} (the number "
                   "of actions to replay, bids first, then exchanges, then plays).", hand=hand)
    return hand, k


def result_of(game: Game) -> ReplayResult:
    return ReplayResult(tuple(HandResult.of(h) for h in game.hands), game.over, game.winner,
                        tuple(game.totals), tuple(game.bags), game)


def _replay_hand(game: Game, i: int, h: Mapping[str, Any], n: int, limit: int | None) -> None:
    dealer = h.get("dealer")
    if dealer is not None and (not isinstance(dealer, int) or not 0 <= dealer < n):
        raise _bad(f"The dealer must be a seat 0-{n - 1}.", i, "deal")
    if i > 0 and dealer is not None and dealer != game.next_dealer:
        raise _bad(f"Hand {i}'s dealer should be seat {game.next_dealer} (the deal passes "
                   f"clockwise), not {dealer}.", i, "deal")
    try:
        game.deal(cards=h["deal"], dealer=dealer if i == 0 and dealer is not None else None)
    except RuleError as err:
        raise RecordError(err.rule, err.message, hand=i, step="deal", **err.details) from None
    steps: list[tuple[str, int, Any]] = []
    steps += [("bid", j, e) for j, e in enumerate(h.get("bids", []))]
    steps += [("exchange", j, e) for j, e in enumerate(h.get("exchange", []))]
    steps += [("play", j, e) for j, e in enumerate(h.get("plays", []))]
    if limit is not None:
        steps = steps[:limit]
    for kind, j, e in steps:
        try:
            if kind == "bid":
                _seat(e["seat"], n)
                game.bid(e["bid"], seat=e["seat"])
            elif kind == "exchange":
                _seat(e["from"], n)
                _seat(e["to"], n)
                partner = game.rules.partner(e["from"])
                if e["to"] != partner:
                    raise RuleError("exchange-invalid", f"{game.seat_name(e['from'])} passes to "
                                    f"{game.seat_name(partner)}, the player opposite, not "
                                    f"{game.seat_name(e['to'])}.")
                game.exchange(e["from"], e["cards"])
            else:
                _seat(e["seat"], n)
                game.play(e["card"], e.get("as"), seat=e["seat"])
        except RuleError as err:
            raise RecordError(err.rule, err.message, hand=i, step=f"{kind} {j}",
                              **err.details) from None


def _seat(seat: Any, n: int) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise RuleError("bad-record", f"{seat!r} is not a seat: seats are 0-{n - 1}.")


def replay_events(game: Game, count: int) -> Game:
    """A fresh game with the first ``count`` events of ``game.log`` applied again (for
    stepping back and forth through a game)."""
    return replay_log(game, game.log[:count])


def replay_log(template: Game, events: Sequence[Any]) -> Game:
    """A fresh game like ``template`` (rules, players, first dealer, start) with ``events``
    (from a ``Game.log``) applied in order."""
    g = Game(template.rules, players=template.players, dealer=template.first_dealer,
             start={"scores": list(template.start_scores), "bags": list(template.start_bags)})
    for ev in events:
        apply_event(g, ev)
    return g


def apply_event(game: Game, ev: Any) -> None:
    """Apply one ``Game.log`` event (deal, look, bid, exchange, play) to ``game`` again;
    scoring events are produced by the game itself and skipped."""
    if isinstance(ev, DealEvent):
        game.deal(cards=ev.deal, dealer=ev.dealer)
    elif isinstance(ev, BidEvent):
        game.bid(ev.bid, seat=ev.seat)
    elif isinstance(ev, ExchangeEvent):
        game.exchange(ev.seat, ev.cards)
    elif isinstance(ev, PlayEvent):
        game.play(ev.play, seat=ev.seat)
    elif ev.kind == "look":
        game.look(ev.seat)
