"""What if? Replace one action of a record (or change the rule options) and see the difference.

**STEP numbering** is :mod:`spades_lab.core.line`'s: ``at=(H, STEP)`` names the position of
hand ``H`` (0-based) *before* its action STEP (its bids, then its exchange entries, then its
plays), a position of the hand's :class:`~spades_lab.core.line.Line`.  STEP may equal the
number of recorded actions of a hand that stops mid-way: the new action is then added at the
end.

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

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path
from typing import Any

from ..core.bids import Bid
from ..core.cards import SUITS, Card
from ..core.engine import Game, Phase
from ..core.errors import (
    IllegalAction,
    OptionError,
    RecordError,
    Rule,
    RuleError,
    echo,
    parse_whole,
)
from ..core.line import Line, replay_line
from ..core.records import HandSummary, ReplayResult, Step, apply_step, replay_log
from ..core.rules import RuleSet, seat_name, team_name
from ..core.scoring import LineItem, NilResult
from ..play.players import Player, SimplePlayer, act
from ..words.play import place_words, seat_changes, step_words, winner_words
from ..words.rules import option_changes
from ..words.said import line_text

POLICIES = ("record", "players")

# ---------------------------------------------------------------------------- steps


def parse_action(game: Game, action: Any, recorded: Step | None = None) -> Step:
    """Read an action for the position ``game`` is in, as a :class:`Step`.

    A mapping is taken as a record entry of the phase's kind; a text is a bid, a card
    (``"TPS as S"``) or an exchange (cards separated by spaces or commas), by phase; an
    exchange passes from the seat of ``recorded`` (the action it replaces), else from the
    first seat owing cards.
    """
    h = game.hand
    phase = game.phase
    if h is None or phase not in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY):
        raise IllegalAction(Rule.WRONG_PHASE, "No hand is waiting for an action here.")
    if phase == Phase.BIDDING:
        assert h.turn is not None
        if isinstance(action, Mapping):
            if "bid" not in action:
                raise IllegalAction(Rule.BID_NOT_ALLOWED, "A bid entry has a 'bid'.")
            return Step("bid", action.get("seat", h.turn), action["bid"])
        value: Any = action
        number = parse_whole(action)
        if number is not None:
            value = number
        return Step("bid", h.turn, value)
    if phase == Phase.EXCHANGE:
        if isinstance(action, Mapping):
            if "from" not in action or not isinstance(action.get("cards"), (list, tuple)):
                raise IllegalAction(Rule.EXCHANGE_INVALID, "An exchange entry has 'from' and a "
                                    "list of 'cards'.")
            seat = action["from"]
            cards = list(action["cards"])
        else:
            seat = recorded.seat if recorded and recorded.kind == "exchange" else \
                h.awaiting()[0]
            text = action if isinstance(action, str) else " ".join(map(str, action))
            cards = text.replace(",", " ").split()
        return Step("exchange", seat, cards, to=game.rules.partner(seat))
    assert h.turn is not None
    if isinstance(action, Mapping):
        if "card" not in action:
            raise IllegalAction(Rule.UNKNOWN_CARD, "A play entry has a 'card'.")
        return Step("play", action.get("seat", h.turn), action["card"], action.get("as") or None)
    words = str(action).split()
    if len(words) == 3 and words[1].lower() == "as":
        return Step("play", h.turn, words[0], words[2])
    if len(words) != 1:
        raise IllegalAction(Rule.UNKNOWN_CARD, f"{echo(action)} is not a card: write e.g. 'QH' or "
                            "'TPS as S'.")
    return Step("play", h.turn, words[0])


def action_text(step: Step, players: int = 4) -> str:
    """``"North (seat 0) plays 8A"`` for a step."""
    def who(seat: Any) -> str:
        ok = isinstance(seat, int) and 0 <= seat < players
        return f"{seat_name(seat, players)} (seat {seat})" if ok else f"seat {seat}"
    e = step.entry()
    if step.kind == "bid":
        return f"{who(step.seat)} bids {e['bid']}"
    if step.kind == "exchange":
        return f"{who(step.seat)} passes {' '.join(map(str, e['cards'])) or 'no cards'}"
    return f"{who(step.seat)} plays {e['card']}" + (f" as {e['as']}" if e.get("as") else "")


# ---------------------------------------------------------------------------- results


def _json(v: Any) -> Any:
    """A result's value as JSON-ready data."""
    if isinstance(v, ReplayResult):
        return {**v.to_dict(), "rules": v.rules.to_json(), "record": v.game.to_record()}
    if isinstance(v, (HandSummary, NilResult)):
        return v.to_dict()
    if isinstance(v, LineItem):
        return v._asdict()
    if isinstance(v, Bid):
        return v.to_json()
    if isinstance(v, Card):
        return v.code
    if is_dataclass(v) and not isinstance(v, type):
        return {f.name: _json(getattr(v, f.name)) for f in fields(v)}
    if isinstance(v, (list, tuple)):
        return [_json(x) for x in v]
    if isinstance(v, dict):
        return {k: _json(x) for k, x in v.items()}
    return v


def _bids(h: HandSummary | None) -> tuple[str | None, ...]:
    return () if h is None else tuple(None if b is None else str(b.to_json()) for b in h.bids)


@dataclass(frozen=True)
class TeamDiff:
    team: int
    name: str
    hand_score: tuple[int | None, int | None]
    total: tuple[int | None, int | None]
    bags: tuple[int | None, int | None]
    lines: tuple[tuple[LineItem, ...], tuple[LineItem, ...]]
    nils: tuple[tuple[NilResult, ...], tuple[NilResult, ...]]

    @property
    def changed(self) -> bool:
        return (self.hand_score[0] != self.hand_score[1] or self.total[0] != self.total[1]
                or self.bags[0] != self.bags[1] or self.lines[0] != self.lines[1])


@dataclass(frozen=True)
class HandDiff:
    """The difference in one hand: (original, branch) pairs; ``bids`` as record texts;
    ``trick_winners`` lists (trick, original winner, branch winner) where they differ (None
    where a trick is missing on one side)."""

    hand: int
    complete: tuple[bool, bool]
    bids: tuple[tuple[str | None, ...], tuple[str | None, ...]]
    taken: tuple[tuple[int, ...], tuple[int, ...]]
    trick_winners: tuple[tuple[int, int | None, int | None], ...]
    superior: tuple[str | None, str | None]
    teams: tuple[TeamDiff, ...]

    @property
    def changed(self) -> bool:
        return (self.bids[0] != self.bids[1] or self.taken[0] != self.taken[1]
                or bool(self.trick_winners) or self.superior[0] != self.superior[1]
                or any(t.changed for t in self.teams))


def diff_outcomes(rules_players: int, team_seats: Sequence[Sequence[int]], a: ReplayResult,
                  b: ReplayResult) -> tuple[HandDiff, ...]:
    """Hand by hand, what differs between two lines of play of the same game."""
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
                (ta.items if ta else (), tb.items if tb else ()),
                (ta.nils if ta else (), tb.nils if tb else ())))
        out.append(HandDiff(
            i, (bool(ha and ha.complete), bool(hb and hb.complete)), (_bids(ha), _bids(hb)),
            (ha.taken if ha else (), hb.taken if hb else ()), winners,
            (ha.superior_trump if ha else None, hb.superior_trump if hb else None),
            tuple(teams)))
    return tuple(out)


@dataclass(frozen=True)
class Divergence:
    """Where a branch stopped following the record: the hand, the step, the recorded action
    (as text for teachers in ``action``, and as fields: its ``kind`` -- ``bid``, ``exchange``
    or ``play`` --, the ``seat`` acting, the ``cards`` played or passed as record codes, the
    ``bid`` as the record writes it, a Traveler/Hunter's declared suit ``as_``) and the rule
    id that refused it."""

    hand: int
    step: int
    action: str
    rule: str
    message: str
    kind: str = ""
    seat: int | None = None
    cards: tuple[str, ...] = ()
    bid: Any = None
    as_: str | None = None

    @classmethod
    def at(cls, hand: int, k: int, step: Step, players: int, err: RuleError) -> Divergence:
        """The divergence at step ``k`` of hand ``hand``: ``step`` refused with ``err``."""
        e = step.entry()
        cards = e["cards"] if step.kind == "exchange" else [e["card"]] if "card" in e else []
        return cls(hand, k, action_text(step, players), err.rule, err.message, step.kind,
                   step.seat if isinstance(step.seat, int) else None,
                   tuple(str(c) for c in cards), e.get("bid"),
                   str(e["as"]) if e.get("as") else None)


class Told:
    """Common behaviour of a result told in words: ``text`` (from ``_tell``), ``str()``, and
    ``to_dict()`` (the fields as JSON-ready values, plus ``text``)."""

    def _tell(self) -> str:
        raise NotImplementedError

    @property
    def text(self) -> str:
        return self._tell()

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = _json(self)
        d["text"] = self.text
        return d


@dataclass(frozen=True)
class WhatIfResult(Told):
    """A what-if: the point (``at`` = (hand, step)), the replaced and new actions, changed
    options, the policy, both lines of play (``original`` and ``branch``, each a
    :class:`~spades_lab.core.records.ReplayResult` with its ``game``), the per-hand difference
    and where (if anywhere) the branch left the record."""

    at: tuple[int, int]
    replaced: str | None
    action: str | None
    options: dict[str, Any]
    policy: str
    original: ReplayResult
    branch: ReplayResult
    diff: tuple[HandDiff, ...]
    divergences: tuple[Divergence, ...]

    def _tell(self) -> str:
        return describe_whatif(self)

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        for hd, obj in zip(d["diff"], self.diff, strict=True):
            hd["changed"] = obj.changed
        return d


_POLICY_WORDS = {
    "record": "Then: the record's own actions, while they stay legal.",
    "players": "Then: the players choose the rest of the hand.",
    "list": "Then: the actions listed, and nothing more.",
}


def _object_words(step: Step, players: int) -> str:
    """What a step bids, passes or plays, without the seat."""
    return step_words(step, players).split(" ", 2)[2]


def _signed(v: int | None) -> str:
    return "not scored" if v is None else f"{v:+d}"


def _plain(v: Any) -> str:
    return "none" if v is None else str(v)


def _change(a: Any, b: Any, fmt: Any = _plain) -> str:
    return fmt(a) if a == b else f"{fmt(a)} → {fmt(b)}"


def _suit_words(letter: str | None) -> str:
    return "none" if letter is None else SUITS[letter].name


def _steps(game: Game, hand: int) -> tuple[Step, ...]:
    """The actions of ``game``'s hand ``hand`` in STEP order (none if it has no such hand)."""
    return Line.of(game, hand).steps if hand < len(game.hands) else ()


def _question(w: WhatIfResult, n: int) -> list[str]:
    h, k = w.at
    branch_steps = _steps(w.branch.game, h)
    if w.action is None or k >= len(branch_steps):
        return []
    new = branch_steps[k]
    steps = _steps(w.original.game, h)
    old = steps[k] if k < len(steps) else None
    if old is None:
        instead = " next"
    elif old.seat == new.seat and old.kind == new.kind:
        instead = f" instead of {_object_words(old, n)}"
    else:
        instead = f" instead of: {step_words(old, n)}"
    return [f"What if, in {place_words(branch_steps, k, n)} of hand {h + 1}, "
            f"{step_words(new, n)}{instead}?"]


def describe_whatif(w: WhatIfResult) -> str:
    """The what-if in words: the question, the policy, where the record stopped fitting, and
    per changed hand the tricks, trick winners, superior trump and scores (before → after),
    with seat and team names, cards with suit symbols, hands and tricks counted from 1."""
    n = w.original.rules.players
    lines = _question(w, n)
    if w.options:
        changes = option_changes(w.original.rules, w.branch.rules)
        lines += ["Under other rules:"] + [f"  {x}" for x in changes or
                                           ["(the same rules in other words)"]]
    lines.append(_POLICY_WORDS.get(w.policy, f"Then: {w.policy}."))
    for d in w.divergences:
        steps = _steps(w.original.game, d.hand)
        refused = step_words(steps[d.step], n) if d.step < len(steps) else "the next action"
        where = place_words(steps, d.step, n) if steps else "the hand"
        lines.append(f"  In {where} of hand {d.hand + 1}, the record's next action ({refused}) "
                     f"no longer fits: {d.message} The players choose from there to the end of "
                     "that hand.")
    hands_a, hands_b = w.original.hands, w.branch.hands
    for hd in w.diff:
        if not hd.changed:
            continue
        lines.append(f"Hand {hd.hand + 1}, tricks taken: "
                     f"{seat_changes(hd.taken[0], hd.taken[1], n)}.")
        if hd.bids[0] != hd.bids[1]:
            ba = hands_a[hd.hand].bids if hd.hand < len(hands_a) else ()
            bb = hands_b[hd.hand].bids if hd.hand < len(hands_b) else ()
            changed = []
            for s in range(max(len(ba), len(bb))):
                x = ba[s].label if s < len(ba) and ba[s] is not None else None  # type: ignore
                y = bb[s].label if s < len(bb) and bb[s] is not None else None  # type: ignore
                if x != y:
                    changed.append(f"{seat_name(s, n)} {_plain(x)} → {_plain(y)}")
            lines.append("  Bids: " + ", ".join(changed) + ".")
        for t, a, b in hd.trick_winners:
            if a is not None and b is not None:
                lines.append(f"  Trick {t + 1} is won by {seat_name(b, n)} instead of "
                             f"{seat_name(a, n)}.")
            elif b is None and a is not None:
                lines.append(f"  Trick {t + 1} (won by {seat_name(a, n)} in the record) is not "
                             "played in the what-if.")
            elif b is not None:
                lines.append(f"  Trick {t + 1}, which the record does not reach, is won by "
                             f"{seat_name(b, n)}.")
        if hd.superior[0] != hd.superior[1]:
            lines.append("  Superior trump: "
                         f"{_change(hd.superior[0], hd.superior[1], _suit_words)}.")
        for td in hd.teams:
            if td.changed:
                lines.append(f"  {td.name}: hand score "
                             f"{_change(td.hand_score[0], td.hand_score[1], _signed)}, "
                             f"total {_change(td.total[0], td.total[1])}, "
                             f"bags {_change(td.bags[0], td.bags[1])}")
                for ln in td.lines[1]:
                    lines.append(f"      {ln.points:+5d}  {line_text(ln)}")
    if not any(hd.changed for hd in w.diff):
        lines.append("Nothing changes: every trick goes the same way and the scores are the "
                     "same.")
    rules = w.original.rules
    totals = ", ".join(
        f"{team_name(seats, n)} {_change(a, b)}" for seats, a, b in
        zip(rules.team_seats, w.original.totals, w.branch.totals, strict=False))
    wa, wb = winner_words(w.original), winner_words(w.branch)
    lines.append(f"Totals: {totals}; " + (f"{wa}." if wa == wb else
                                          f"{wa} in the record, {wb} in the what-if."))
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


def _follow(game: Game, source: Game, line: Line, start_step: int, players: list[Player],
            rng: random.Random, divergences: list[Divergence]) -> None:
    """Apply the actions of ``line`` (a hand of ``source``) from ``start_step`` on, then those
    of ``source``'s later hands, while they stay legal; from the first that is not, the players
    finish that hand; later hands are dealt as in ``source``."""
    for i in range(line.hand, len(source.hands)):
        if i > line.hand:
            if game.over or game.phase != Phase.DEAL:
                return
            game.deal(cards=source.hands[i].deal)
        steps = line.steps if i == line.hand else Line.of(source, i).steps
        for k in range(start_step if i == line.hand else 0, len(steps)):
            try:
                apply_step(game, steps[k])
            except RuleError as err:
                divergences.append(Divergence.at(i, k, steps[k], game.rules.players, err))
                _finish_hand(game, i, players, rng)
                break


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
        # house=True: a house rule set on one side and left at its default on the other counts
        was = base.options(all=True, house=True) if new.name == base.name else {}
        changed = {} if new.name == base.name else {"preset": new.name}
        changed.update({k: v for k, v in new.options(all=True,
                                                     house=new.name == base.name).items()
                        if k not in was or was[k] != v})
        return new, changed
    changed = dict(options or {})
    # the options set on ``base`` and the changed ones, settled as a record's rules are (an
    # option left to the preset follows the new ones: no bag limit means no bag penalty)
    return RuleSet.preset(base.name, {**base.options(), **changed}), changed


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


def what_if_game(game: Game, at: tuple[int, int] = (0, 0), action: Any = None, *,
                 options: Mapping[str, Any] | RuleSet | None = None,
                 then: str | Sequence[Any] = "record",
                 players: Player | Sequence[Player] | None = None, seed: int = 0,
                 start: Game | None = None) -> WhatIfResult:
    """The what-if of a :class:`Game`: from position ``at`` = (hand, STEP) of ``game``, play
    ``action`` instead of the action there (and/or play under changed rule ``options``, or under
    another whole :class:`RuleSet`), continue by ``then`` (the policies of :func:`what_if`, the
    "record" being ``game``'s own actions), and compare with ``game``.

    ``game`` is never changed: the branch works on a copy.  ``start``, if given, is ``game`` as
    it stood at ``at`` (a snapshot a caller already holds, as the table app does); the branch
    then starts from ``start.copy()`` and replays nothing.  Without it, or under other rules,
    the branch replays ``game``'s log up to ``at``.

    >>> import random
    >>> from spades_lab.play.players import play_hand
    >>> g = Game("standard"); play_hand(g, [SimplePlayer()] * 4, random.Random(5))
    >>> w = what_if_game(g, (0, 0), "nil")
    >>> w.original.game is g, w.branch.hands[0].bids != g.hands[0].bids
    (True, True)
    """
    return _what_if(game, at, action, options, then, players, seed, start, False)


def _what_if(game: Game, at: tuple[int, int], action: Any,
             options: Mapping[str, Any] | RuleSet | None, then: str | Sequence[Any],
             players: Player | Sequence[Player] | None, seed: int, start: Game | None,
             own: bool) -> WhatIfResult:
    """:func:`what_if_game`; ``own``: ``start`` is the caller's to give, not copied."""
    opts: dict[str, Any] = {}
    new_rules: RuleSet | None = None
    if options:
        try:
            new_rules, opts = other_rules(game.rules, options)
            same_teams(game.rules, new_rules)
        except RuleError as e:
            raise IllegalAction(e.rule, e.message, **e.details) from None
    h, k = at
    line = Line.of(game, h)
    k = line.check_step(k)
    if new_rules is not None:  # the same actions up to ``at`` under the other rules
        branch = replay_log(game, line.log(k), rules=new_rules)
    else:
        branch = line.at(k) if start is None else start if own else start.copy()
    steps = line.steps
    recorded = steps[k] if k < len(steps) else None
    rng = random.Random(seed)
    n = branch.rules.players
    pl = _players(players, n)
    replaced = action_text(recorded, n) if recorded is not None else None
    new_text = None
    divergences: list[Divergence] = []
    next_step = k
    if action is not None:
        step = parse_action(branch, action, recorded)
        try:
            apply_step(branch, step)
        except RuleError as e:
            raise IllegalAction(e.rule, e.message, **e.details) from None
        new_text = action_text(step, n)
        next_step = k + 1
    if isinstance(then, str):
        if then not in POLICIES:
            raise ValueError(f"then must be one of {', '.join(POLICIES)} or a list of actions")
        policy = then
        if then == "record":
            _follow(branch, game, line, next_step, pl, rng, divergences)
        else:
            _finish_hand(branch, h, pl, rng)
    else:
        policy = "list"
        for j, a in enumerate(then):
            step = parse_action(branch, a)
            try:
                apply_step(branch, step)
            except RuleError as e:
                raise IllegalAction(e.rule, f"Action {j} of the list: {e.message}",
                                    **e.details) from None
    original = ReplayResult.of(game)
    out = ReplayResult.of(branch)
    rules = branch.rules
    diff = diff_outcomes(rules.players, rules.team_seats, original, out)
    return WhatIfResult(at, replaced, new_text, opts, policy, original, out, diff,
                        tuple(divergences))


def what_if(record: str | Path | Mapping[str, Any], at: tuple[int, int] = (0, 0),
            action: Any = None, *, options: Mapping[str, Any] | RuleSet | None = None,
            then: str | Sequence[Any] = "record",
            players: Player | Sequence[Player] | None = None, seed: int = 0) -> WhatIfResult:
    """Replace the action at ``at`` = (hand, STEP) of a record by ``action`` (and/or play under
    changed rule ``options``, or under another whole :class:`RuleSet`), continue by ``then``,
    and compare with the record.

    ``action=None`` keeps the recorded action (useful with ``options``).  Raises
    :class:`IllegalAction` (rule id of RULINGS.md section 7) for an illegal replacement, and
    :class:`RecordError` for a bad record or a STEP outside the hand.  The record is replayed
    once (:func:`~spades_lab.core.line.replay_line`: the line of hand ``at[0]`` made on the
    way, the position at ``at`` kept) and branched with :func:`what_if_game` (under changed
    ``options`` the branch replays up to ``at`` itself).
    """
    if not (isinstance(at, (tuple, list)) and len(at) == 2):
        raise RecordError(Rule.BAD_RECORD, f"at is a pair (hand, STEP), not {echo(at, 40)}.")
    game, line = replay_line(record, at[0], None if options else at[1])
    return _what_if(game, at, action, options, then, players, seed,
                    None if options else line.at(at[1]), True)


__all__ = ["what_if", "what_if_game", "WhatIfResult", "HandDiff", "TeamDiff", "Divergence",
           "parse_action", "diff_outcomes", "POLICIES", "describe_whatif", "action_text",
           "other_rules", "same_teams", "Told"]
