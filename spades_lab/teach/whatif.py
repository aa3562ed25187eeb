"""What if? Replace one action of a record (or change the rule options) and see the difference.

**STEP numbering.** Within hand ``H`` (0-based), the actions are numbered from 0: first the
record's bids in order, then its exchange entries, then its plays — the order
``records.replay(record, upto=(H, k))`` uses, so ``--at H:STEP`` / ``at=(H, STEP)`` names the
position *before* action STEP.  STEP may equal the number of recorded actions of a hand that
stops mid-way: the new action is then added at the end.

**The action** is read by the phase at that point: a bid (``"4"``, ``"nil"``,
``"blind nil spades + 2"``), a card (``"QH"``, ``"TPS as S"``), or an exchange (``"AS KS"``,
``""`` for a 0-card pass; the seat is the one recorded at that step, else the first seat owing
cards).  An illegal replacement raises :class:`~spades_lab.core.errors.IllegalAction` with its rule
id, and changes nothing.

**Policies** (``then``) for what follows the replaced action:

- ``"record"`` (default): keep the record's remaining actions while they stay legal; from the
  first that is not (say, a card that is no longer held, or a seat that is no longer on lead)
  the players choose for the rest of that hand; later hands are dealt as recorded and follow
  the record again while legal.  The branch stops where the record stops, except that a hand
  the players took over is played to its end.
- ``"players"``: the players choose every later action to the end of the current hand.
- a list of actions (texts as above, or record entries): applied in order, then stop.

Players default to a :class:`~spades_lab.play.players.SimplePlayer` per seat with
``random.Random(seed)``.  The original record is never changed.

>>> from spades_lab.core.records import replay
>>> import random
>>> from spades_lab import Game
>>> from spades_lab.play.players import SimplePlayer, play_hand
>>> g = Game("standard"); play_hand(g, [SimplePlayer()] * 4, random.Random(5))
>>> rec = g.to_record()
>>> w = what_if(rec, at=(0, 0), action="nil")
>>> w.diff[0].changed, w.original.hands[0].teams[1].bid == rec["hands"][0]["bids"][0]["bid"]
(True, False)
>>> try:
...     what_if(rec, at=(0, 4), action="ZZ")
... except IllegalAction as e:
...     print(e.rule)
unknown-card
"""
from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..core.engine import BIDDING, DEAL, EXCHANGE, PLAY, Game, Hand
from ..core.errors import IllegalAction, OptionError, RuleError, echo, parse_whole
from ..core.records import apply_entry, check_upto, load_record, record_steps, replay
from ..core.rules import RuleSet, rules_from_json
from ..core.scoring import seat_name, team_name
from ..play.players import Player, SimplePlayer, act
from .explain import LineSummary

POLICIES = ("record", "players")

# ---------------------------------------------------------------------------- steps


def parse_action(game: Game, action: Any, recorded: Mapping[str, Any] | None = None
                 ) -> tuple[str, dict[str, Any]]:
    """Read an action for the position ``game`` is in, as (kind, record entry).

    A mapping is taken as a record entry of the phase's kind; a text is a bid, a card
    (``"TPS as S"``) or an exchange (cards separated by spaces or commas), by phase.
    """
    h = game.hand
    phase = game.phase
    if h is None or phase not in (BIDDING, EXCHANGE, PLAY):
        raise IllegalAction("wrong-phase", "No hand is waiting for an action here.")
    if phase == BIDDING:
        assert h.turn is not None
        if isinstance(action, Mapping):
            if "bid" not in action:
                raise IllegalAction("bid-not-allowed", "A bid entry has a 'bid'.")
            return "bid", {"seat": action.get("seat", h.turn), "bid": action["bid"]}
        value: Any = action
        number = parse_whole(action)
        if number is not None:
            value = number
        return "bid", {"seat": h.turn, "bid": value}
    if phase == EXCHANGE:
        if isinstance(action, Mapping):
            if "from" not in action or not isinstance(action.get("cards"), (list, tuple)):
                raise IllegalAction("exchange-invalid", "An exchange entry has 'from' and a "
                                    "list of 'cards'.")
            seat = action["from"]
            cards = list(action["cards"])
        else:
            seat = recorded["from"] if recorded and "from" in recorded else h.awaiting()[0]
            text = action if isinstance(action, str) else " ".join(map(str, action))
            cards = text.replace(",", " ").split()
        return "exchange", {"from": seat, "to": game.rules.partner(seat), "cards": cards}
    assert h.turn is not None
    if isinstance(action, Mapping):
        if "card" not in action:
            raise IllegalAction("unknown-card", "A play entry has a 'card'.")
        entry = {"seat": action.get("seat", h.turn), "card": action["card"]}
        if action.get("as"):
            entry["as"] = action["as"]
        return "play", entry
    words = str(action).split()
    entry = {"seat": h.turn, "card": words[0] if words else ""}
    if len(words) == 3 and words[1].lower() == "as":
        entry["as"] = words[2]
    elif len(words) != 1:
        raise IllegalAction("unknown-card", f"{echo(action)} is not a card: write e.g. 'QH' or "
                            "'TPS as S'.")
    return "play", entry


def action_text(kind: str, e: Mapping[str, Any], players: int = 4) -> str:
    """``"North (seat 0) plays 8A"`` for a record entry."""
    def who(seat: Any) -> str:
        ok = isinstance(seat, int) and 0 <= seat < players
        return f"{seat_name(seat, players)} (seat {seat})" if ok else f"seat {seat}"
    if kind == "bid":
        return f"{who(e['seat'])} bids {e['bid']}"
    if kind == "exchange":
        return f"{who(e['from'])} passes {' '.join(map(str, e['cards'])) or 'no cards'}"
    return f"{who(e['seat'])} plays {e['card']}" + (f" as {e['as']}" if e.get("as") else "")


# ---------------------------------------------------------------------------- outcomes


@dataclass(frozen=True)
class NilSummary:
    seat: int
    bid: str
    made: bool
    points: int
    broken_by: str | None


@dataclass(frozen=True)
class TeamOutcome:
    team: int
    seats: tuple[int, ...]
    bid: int
    counted: int
    made: bool
    hand_score: int
    total: int
    bags: int
    lines: tuple[LineSummary, ...]
    nils: tuple[NilSummary, ...]


@dataclass(frozen=True)
class HandOutcome:
    """One hand of a game as it ended (or stands): tricks by seat, each trick's winner, the
    superior trump and, once complete, each partnership's score."""

    index: int
    complete: bool
    bids: tuple[str | None, ...]
    tricks_by_seat: tuple[int, ...]
    trick_winners: tuple[int, ...]
    superior: str | None
    superior_set_at: tuple[int, int] | None
    teams: tuple[TeamOutcome, ...]

    @classmethod
    def of(cls, h: Hand) -> HandOutcome:
        teams = []
        for ts in h.scores or ():
            teams.append(TeamOutcome(
                ts.team, ts.seats, ts.bid, ts.tricks, ts.made, ts.hand_score, ts.total, ts.bags,
                tuple(LineSummary.of(i) for i in ts.items),
                tuple(NilSummary(n.seat, str(n.bid.to_json()), n.made, n.points,
                                 n.broken_by.code if n.broken_by else None) for n in ts.nils)))
        return cls(h.index, h.complete, tuple(str(b.to_json()) if b is not None else None
                                              for b in h.bids),
                   tuple(h.taken), tuple(t.winner for t in h.tricks), h.superior, h.superior_at,
                   tuple(teams))


@dataclass(frozen=True)
class GameOutcome:
    """A whole line of play: its hands, totals, bags, whether over and the winner, and the
    record that reproduces it (``record``)."""

    rules: dict[str, Any]
    hands: tuple[HandOutcome, ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    over: bool
    winner: int | None
    record: dict[str, Any]

    @classmethod
    def of(cls, game: Game) -> GameOutcome:
        return cls(game.rules.to_json(), tuple(HandOutcome.of(h) for h in game.hands),
                   tuple(game.totals), tuple(game.bags), game.over, game.winner,
                   game.to_record())

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class TeamDiff:
    team: int
    name: str
    hand_score: tuple[int | None, int | None]
    total: tuple[int | None, int | None]
    bags: tuple[int | None, int | None]
    lines: tuple[tuple[LineSummary, ...], tuple[LineSummary, ...]]
    nils: tuple[tuple[NilSummary, ...], tuple[NilSummary, ...]]

    @property
    def changed(self) -> bool:
        return (self.hand_score[0] != self.hand_score[1] or self.total[0] != self.total[1]
                or self.bags[0] != self.bags[1] or self.lines[0] != self.lines[1])


@dataclass(frozen=True)
class HandDiff:
    """The difference in one hand: (original, branch) pairs; ``trick_winners`` lists
    (trick, original winner, branch winner) where they differ (None where a trick is
    missing on one side)."""

    hand: int
    complete: tuple[bool, bool]
    bids: tuple[tuple[str | None, ...], tuple[str | None, ...]]
    tricks_by_seat: tuple[tuple[int, ...], tuple[int, ...]]
    trick_winners: tuple[tuple[int, int | None, int | None], ...]
    superior: tuple[str | None, str | None]
    teams: tuple[TeamDiff, ...]

    @property
    def changed(self) -> bool:
        return (self.bids[0] != self.bids[1] or self.tricks_by_seat[0] != self.tricks_by_seat[1]
                or bool(self.trick_winners) or self.superior[0] != self.superior[1]
                or any(t.changed for t in self.teams))


def diff_outcomes(rules_players: int, team_seats: Sequence[Sequence[int]], a: GameOutcome,
                  b: GameOutcome) -> tuple[HandDiff, ...]:
    out = []
    for i in range(max(len(a.hands), len(b.hands))):
        ha = a.hands[i] if i < len(a.hands) else None
        hb = b.hands[i] if i < len(b.hands) else None
        wa = ha.trick_winners if ha else ()
        wb = hb.trick_winners if hb else ()
        winners = tuple((k, wa[k] if k < len(wa) else None, wb[k] if k < len(wb) else None)
                        for k in range(max(len(wa), len(wb)))
                        if (wa[k] if k < len(wa) else None) != (wb[k] if k < len(wb) else None))
        teams = []
        for t, seats in enumerate(team_seats):
            ta = ha.teams[t] if ha and t < len(ha.teams) else None
            tb = hb.teams[t] if hb and t < len(hb.teams) else None
            teams.append(TeamDiff(
                t, team_name(seats, rules_players),
                (ta.hand_score if ta else None, tb.hand_score if tb else None),
                (ta.total if ta else None, tb.total if tb else None),
                (ta.bags if ta else None, tb.bags if tb else None),
                (ta.lines if ta else (), tb.lines if tb else ()),
                (ta.nils if ta else (), tb.nils if tb else ())))
        out.append(HandDiff(
            i, (bool(ha and ha.complete), bool(hb and hb.complete)),
            (ha.bids if ha else (), hb.bids if hb else ()),
            (ha.tricks_by_seat if ha else (), hb.tricks_by_seat if hb else ()), winners,
            (ha.superior if ha else None, hb.superior if hb else None), tuple(teams)))
    return tuple(out)


@dataclass(frozen=True)
class Divergence:
    """Where a branch stopped following the record: the hand, the step, the recorded action
    and the rule id that refused it."""

    hand: int
    step: int
    action: str
    rule: str
    message: str


class Told:
    """Common behaviour of a result told in words: ``text`` (from ``_tell``), ``describe()``,
    ``str()``, and ``to_dict()`` (the fields as JSON-ready values, plus ``text``)."""

    def _tell(self) -> str:
        raise NotImplementedError

    @property
    def text(self) -> str:
        return self._tell()

    def describe(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)  # type: ignore[call-overload]
        d["text"] = self.text
        return d


@dataclass(frozen=True)
class WhatIf(Told):
    """A what-if: the point (``at`` = (hand, step)), the replaced and new actions, changed
    options, the policy, both outcomes, the per-hand difference and where (if anywhere) the
    branch left the record."""

    at: tuple[int, int]
    replaced: str | None
    action: str | None
    options: dict[str, Any]
    policy: str
    original: GameOutcome
    branch: GameOutcome
    diff: tuple[HandDiff, ...]
    divergences: tuple[Divergence, ...]

    def _tell(self) -> str:
        return describe_whatif(self)

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        for hd, obj in zip(d["diff"], self.diff, strict=True):
            hd["changed"] = obj.changed
        return d


def describe_whatif(w: WhatIf) -> str:
    """The what-if in words: the question, the policy, where the record stopped fitting, and
    per changed hand the tricks, trick winners, superior trump and scores (before -> after)."""
    lines = []
    h, k = w.at
    if w.action is not None:
        lines.append(f"What if, at {h}:{k} (hand {h + 1}), {w.action}"
                     + (f" instead of: {w.replaced}" if w.replaced else "") + "?")
    if w.options:
        lines.append("With options " + ", ".join(f"{a} = {v}" for a, v in w.options.items()))
    lines.append(f"Then: {w.policy}.")
    for d in w.divergences:
        lines.append(f"  The record stops fitting at {d.hand}:{d.step} ({d.action}: "
                     f"{d.rule}); the players choose from there to the end of that hand.")
    for hd in w.diff:
        if not hd.changed:
            continue
        lines.append(f"Hand {hd.hand + 1}: tricks by seat {list(hd.tricks_by_seat[0])} -> "
                     f"{list(hd.tricks_by_seat[1])}")
        if hd.bids[0] != hd.bids[1]:
            lines.append(f"  bids {list(hd.bids[0])} -> {list(hd.bids[1])}")
        for t, a, b in hd.trick_winners:
            lines.append(f"  trick {t + 1}: won by seat {a} -> seat {b}"
                         + ("" if a is None or b is None else
                            f" ({seat_name(a, len(hd.tricks_by_seat[0]))} -> "
                            f"{seat_name(b, len(hd.tricks_by_seat[0]))})"))
        if hd.superior[0] != hd.superior[1]:
            lines.append(f"  superior trump {hd.superior[0]} -> {hd.superior[1]}")
        for td in hd.teams:
            if td.changed:
                lines.append(f"  {td.name}: hand score {td.hand_score[0]} -> "
                             f"{td.hand_score[1]}, total {td.total[0]} -> {td.total[1]}, "
                             f"bags {td.bags[0]} -> {td.bags[1]}")
                for ln in td.lines[1]:
                    lines.append(f"      {ln.points:+5d}  {ln.text}")
    if not any(hd.changed for hd in w.diff):
        lines.append("Nothing changes.")
    lines.append(f"Totals: {list(w.original.totals)} -> {list(w.branch.totals)}.")
    return "\n".join(lines)


# ---------------------------------------------------------------------------- running


def _players(players: Player | Sequence[Player] | None, n: int) -> list[Player]:
    if players is None:
        return [SimplePlayer()] * n
    if isinstance(players, Sequence):
        if len(players) != n:
            raise ValueError(f"{n} players are needed, one per seat.")
        return list(players)
    return [players] * n


def _finish_hand(game: Game, index: int, players: list[Player], rng: random.Random) -> None:
    while not game.over and game.hands[index].scores is None:
        act(game, players, rng)


def _follow_record(game: Game, data: Mapping[str, Any], start_hand: int, start_step: int,
                   players: list[Player], rng: random.Random, divergences: list[Divergence]
                   ) -> None:
    hands = data.get("hands", [])
    for i in range(start_hand, len(hands)):
        if i > start_hand:
            if game.over or game.phase != DEAL:
                return
            game.deal(cards=hands[i]["deal"])
        steps = record_steps(data, i)
        first = start_step if i == start_hand else 0
        for k in range(first, len(steps)):
            kind, e = steps[k]
            try:
                apply_entry(game, kind, e)
            except (RuleError, KeyError, TypeError) as err:
                rule = err.rule if isinstance(err, RuleError) else "bad-record"
                msg = err.message if isinstance(err, RuleError) else str(err)
                divergences.append(Divergence(i, k, action_text(kind, e, game.rules.players),
                                              rule, msg))
                _finish_hand(game, i, players, rng)
                break


def _copy_record(data: Mapping[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(data))


def other_rules(base: RuleSet, options: Mapping[str, Any] | RuleSet | None
                ) -> tuple[RuleSet, dict[str, Any]]:
    """``base`` with ``options`` changed (or the whole rule set ``options``), and the options
    that differ from ``base`` (with ``preset`` first when the preset changes).

    >>> r, changed = other_rules(RuleSet.preset("standard"), {"bag_limit": 5})
    >>> r.bag_limit, changed
    (5, {'bag_limit': 5})
    """
    if isinstance(options, RuleSet):
        new = options
        was = base.options(all=True) if new.name == base.name else {}
        changed = {} if new.name == base.name else {"preset": new.name}
        changed.update({k: v for k, v in new.options(all=True).items()
                        if k not in was or was[k] != v})
        return new, changed
    return base.replace(**dict(options or {})), dict(options or {})


def same_teams(a: RuleSet, b: RuleSet) -> None:
    """Refuse (``bad-option``) to put two rule sets' outcomes side by side when their
    partnerships differ (``teams``: four pairs vs two teams of four): team 1 under one is not
    team 1 under the other."""
    if a.team_seats != b.team_seats:
        def teams(r: RuleSet) -> str:
            return (f"teams = {r.teams}: " if r.name == "acorns8" else f"{r.name}: ") + \
                "; ".join(team_name(t, r.players) for t in r.team_seats)
        raise OptionError(
            f"The two rule sets pair the players differently ({teams(a)} | {teams(b)}), so a "
            "team under one is not a team under the other and their scores cannot be put side "
            "by side. Compare options that keep the same teams, or replay the record under each "
            "rule set on its own.", option="teams")


def _branch_start(data: dict[str, Any], options: Mapping[str, Any] | RuleSet | None,
                  at: tuple[int, int]) -> tuple[dict[str, Any], Game, dict[str, Any]]:
    """The branch's record (options applied) and its game at ``at``."""
    branch = _copy_record(data)
    opts: dict[str, Any] = {}
    if options:
        try:
            base = rules_from_json(data["rules"])
            new_rules, opts = other_rules(base, options)
            same_teams(base, new_rules)
        except RuleError as e:
            raise IllegalAction(e.rule, e.message, **e.details) from None
        branch["rules"] = new_rules.to_json()
    h, k = check_upto(branch, at)
    game = replay(branch, upto=(h, k)).game
    return branch, game, opts


def what_if(record: str | Path | Mapping[str, Any], at: tuple[int, int] = (0, 0),
            action: Any = None, *, options: Mapping[str, Any] | RuleSet | None = None,
            then: str | Sequence[Any] = "record",
            players: Player | Sequence[Player] | None = None, seed: int = 0) -> WhatIf:
    """Replace the action at ``at`` = (hand, STEP) by ``action`` (and/or play under changed
    rule ``options``, or under another whole :class:`RuleSet`), continue by ``then``, and
    compare with the record.

    ``action=None`` keeps the recorded action (useful with ``options``).  Raises
    :class:`IllegalAction` (rule id of RULINGS.md section 7) for an illegal replacement, and
    :class:`RecordError` for a bad record or a STEP outside the hand.
    """
    data = _copy_record(load_record(record))
    original_game = replay(data).game
    original = GameOutcome.of(original_game)
    branch, game, opts = _branch_start(data, options, at)
    h, k = at
    steps = record_steps(branch, h)
    recorded = steps[k][1] if k < len(steps) else None
    rng = random.Random(seed)
    pl = _players(players, game.rules.players)
    n = game.rules.players
    replaced = action_text(*steps[k], n) if k < len(steps) else None
    new_text = None
    divergences: list[Divergence] = []
    next_step = k
    if action is not None:
        kind, entry = parse_action(game, action, recorded)
        try:
            apply_entry(game, kind, entry)
        except RuleError as e:
            raise IllegalAction(e.rule, e.message, **e.details) from None
        new_text = action_text(kind, entry, n)
        next_step = k + 1
    if isinstance(then, str):
        if then not in POLICIES:
            raise ValueError(f"then must be one of {', '.join(POLICIES)} or a list of actions")
        policy = then
        if then == "record":
            _follow_record(game, branch, h, next_step, pl, rng, divergences)
        else:
            _finish_hand(game, h, pl, rng)
    else:
        policy = "list"
        for j, a in enumerate(then):
            kind, entry = parse_action(game, a)
            try:
                apply_entry(game, kind, entry)
            except RuleError as e:
                raise IllegalAction(e.rule, f"Action {j} of the list: {e.message}",
                                    **e.details) from None
    out = GameOutcome.of(game)
    rules = game.rules
    diff = diff_outcomes(rules.players, rules.team_seats, original, out)
    return WhatIf(at, replaced, new_text, opts, policy, original, out, diff, tuple(divergences))


__all__ = ["what_if", "WhatIf", "GameOutcome", "HandOutcome", "TeamOutcome", "LineSummary",
           "NilSummary", "HandDiff", "TeamDiff", "Divergence",
           "parse_action", "diff_outcomes", "POLICIES", "describe_whatif", "action_text",
           "other_rules", "same_teams", "Told"]
