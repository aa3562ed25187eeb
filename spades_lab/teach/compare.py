"""Same deal, other rules: replay a record under two rule sets (option values) and put each
partnership's line items side by side.

The actions are the record's, kept while they stay legal under each rule set (the what-if
``record`` policy of :mod:`spades_lab.teach.whatif`): options that only score
(``failed_nil_tricks``, ``bag_limit``/``bag_penalty``, ``target``, ``losing_floor``) never
change the play; ``th_low`` may change trick winners and so who leads next, after which the
record may no longer fit and seeded players finish that hand (reported in ``divergences``).
An option that changes the deck (``travelers_hunters``) cannot replay the same deal and is
refused with ``bad-record``.

>>> import random
>>> from spades_lab import Game
>>> from spades_lab.play.players import SimplePlayer, play_hand
>>> g = Game("standard"); play_hand(g, [SimplePlayer()] * 4, random.Random(2))
>>> c = compare_rules(g.to_record(), {"bag_limit": 5, "bag_penalty": 50})
>>> c.same_play, len(c.hands[0].teams)
(True, 2)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.engine import Game
from ..core.errors import RecordError, Rule, RuleError
from ..core.line import Line
from ..core.records import ReplayResult, replay
from ..core.rules import RuleSet, team_name
from ..core.scoring import LineItem, NilResult
from ..words.play import place_words, team_totals, winner_words
from ..words.rules import option_changes, rules_title
from ..words.said import line_text
from .whatif import Divergence, Told, other_rules, same_teams, what_if_game


@dataclass(frozen=True)
class LinePair:
    """One row of a side-by-side: the same line (rule, seat) under rules A and B (None where
    one side has no such line)."""

    rule: str
    seat: int | None
    a: LineItem | None
    b: LineItem | None

    @property
    def points(self) -> tuple[int | None, int | None]:
        return (self.a.points if self.a else None, self.b.points if self.b else None)


@dataclass(frozen=True)
class TeamComparison:
    team: int
    seats: tuple[int, ...]
    rows: tuple[LinePair, ...]
    hand_score: tuple[int | None, int | None]
    total: tuple[int | None, int | None]
    bags: tuple[int | None, int | None]
    nils: tuple[tuple[NilResult, ...], tuple[NilResult, ...]]


@dataclass(frozen=True)
class HandComparison:
    hand: int
    same_play: bool
    taken: tuple[tuple[int, ...], tuple[int, ...]]
    superior: tuple[str | None, str | None]
    teams: tuple[TeamComparison, ...]


@dataclass(frozen=True)
class RuleComparison(Told):
    """Outcome A (``rules_a``) and outcome B (``rules_b``) of the same deals and play, hand by
    hand, with line items side by side; ``a`` and ``b`` are the two lines of play (each a
    :class:`~spades_lab.core.records.ReplayResult` with its ``game``)."""

    rules_a: dict[str, Any]
    rules_b: dict[str, Any]
    a: ReplayResult
    b: ReplayResult
    hands: tuple[HandComparison, ...]
    divergences_a: tuple[Divergence, ...]
    divergences_b: tuple[Divergence, ...]

    @property
    def same_play(self) -> bool:
        return all(h.same_play for h in self.hands)

    def _tell(self) -> str:
        return describe_comparison(self)

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        d["same_play"] = self.same_play
        return d


def _pair_lines(a: tuple[LineItem, ...], b: tuple[LineItem, ...]) -> tuple[LinePair, ...]:
    rows: list[LinePair] = []
    used: set[int] = set()
    for la in a:
        match = None
        for j, lb in enumerate(b):
            if j not in used and lb.rule == la.rule and lb.seat == la.seat:
                match = j
                break
        if match is None:
            # a made bid under A may be missed under B: pair bid-made with bid-missed
            for j, lb in enumerate(b):
                if j not in used and {lb.rule, la.rule} == {"bid-made", "bid-missed"}:
                    match = j
                    break
        if match is not None:
            used.add(match)
            rows.append(LinePair(la.rule, la.seat, la, b[match]))
        else:
            rows.append(LinePair(la.rule, la.seat, la, None))
    rows.extend(LinePair(lb.rule, lb.seat, None, lb) for j, lb in enumerate(b) if j not in used)
    return tuple(rows)


def _side(game: Game, options: Mapping[str, Any] | RuleSet | None, seed: int
          ) -> tuple[ReplayResult, tuple[Divergence, ...]]:
    """``game`` played again under ``options`` (the record's actions kept while legal), or
    ``game`` itself when nothing changes."""
    if not options:
        return ReplayResult.of(game), ()
    w = what_if_game(game, (0, 0), None, options=options, seed=seed)
    return w.branch, w.divergences


def compare_rules(record: str | Path | Mapping[str, Any] | Game,
                  options_b: Mapping[str, Any] | RuleSet | None = None,
                  options_a: Mapping[str, Any] | RuleSet | None = None, *, seed: int = 0
                  ) -> RuleComparison:
    """Replay ``record`` (or take the :class:`Game`) under its rules with ``options_a`` (A) and
    with ``options_b`` (B) and compare them hand by hand.  Either may also be a whole
    :class:`RuleSet` (another preset).  The record is replayed once; each side with changed
    options is played once more from the first deal.  Raises :class:`RuleError`:
    ``bad-option`` for an unknown option or when A and B have different partnerships (the
    ``teams`` option of ``acorns8``), ``bad-record`` when the deal does not fit the other
    rules.

    >>> try:
    ...     compare_rules("data/course/acorns8_pairs.json", {"teams": "fours"})
    ... except RuleError as e:
    ...     print(e.rule, "|", e.message[:46])
    bad-option | The two rule sets pair the players differently
    """
    game = record if isinstance(record, Game) else replay(record).game
    if not game.hands:
        raise RecordError(Rule.BAD_RECORD, "The record has no hand to compare.")
    base = game.rules
    same_teams(other_rules(base, options_a)[0], other_rules(base, options_b)[0])
    try:
        a, divergences_a = _side(game, options_a, seed)
        b, divergences_b = _side(game, options_b, seed)
    except RecordError as e:
        raise RecordError(e.rule, "The same deal cannot be replayed under the other rules: "
                          f"{e.message}", hand=e.hand, step=e.step) from None
    except RuleError as e:
        raise RuleError(e.rule, e.message) from None
    hands = []
    for i in range(max(len(a.hands), len(b.hands))):
        ha = a.hands[i] if i < len(a.hands) else None
        hb = b.hands[i] if i < len(b.hands) else None
        same = (ha is not None and hb is not None and ha.bids == hb.bids
                and ha.taken == hb.taken and ha.trick_winners == hb.trick_winners)
        teams = []
        count = max(len(ha.teams) if ha else 0, len(hb.teams) if hb else 0)
        for t in range(count):
            ta = ha.teams[t] if ha and t < len(ha.teams) else None
            tb = hb.teams[t] if hb and t < len(hb.teams) else None
            seats = (ta or tb).seats  # type: ignore[union-attr]
            teams.append(TeamComparison(
                t, seats, _pair_lines(ta.items if ta else (), tb.items if tb else ()),
                (ta.hand_score if ta else None, tb.hand_score if tb else None),
                (ta.total if ta else None, tb.total if tb else None),
                (ta.bags if ta else None, tb.bags if tb else None),
                (ta.nils if ta else (), tb.nils if tb else ())))
        hands.append(HandComparison(
            i, same, (ha.taken if ha else (), hb.taken if hb else ()),
            (ha.superior_trump if ha else None, hb.superior_trump if hb else None),
            tuple(teams)))
    return RuleComparison(a.rules.to_json(), b.rules.to_json(), a, b, tuple(hands),
                          divergences_a, divergences_b)


def _points(v: int | None) -> str:
    return "" if v is None else f"{v:+d}"


def _pair(pair: tuple[int | None, int | None], signed: bool = False) -> str:
    return " | ".join("none" if v is None else (f"{v:+d}" if signed else str(v)) for v in pair)


def _rules_lines(c: RuleComparison) -> list[str]:
    """Which rules A and B play, in words: A against its preset's defaults, B against A."""
    ra, rb = c.a.rules, c.b.rules
    lines = [f"A: {rules_title(ra)}"]
    own = option_changes(RuleSet.preset(ra.name), ra)
    if own:
        lines[0] += ", with:"
        lines += [f"     {x}" for x in own]
    else:
        lines[0] += ", the preset's own options."
    if rb.name != ra.name:
        lines.append(f"B: {rules_title(rb)}")
        own = option_changes(RuleSet.preset(rb.name), rb)
        if own:
            lines[-1] += ", with:"
            lines += [f"     {x}" for x in own]
        else:
            lines[-1] += ", the preset's own options."
        return lines
    changes = option_changes(ra, rb)
    if not changes:
        return lines + ["B: the same rules as A."]
    return lines + ["B: as A, except:"] + [f"     {x}" for x in changes]


def _divergence_lines(label: str, side: ReplayResult, divergences: tuple[Divergence, ...]
                      ) -> list[str]:
    out = []
    n = side.rules.players
    for d in divergences:
        steps = Line.of(side.game, d.hand).steps if d.hand < len(side.game.hands) else ()
        where = place_words(steps, d.step, n) if steps else "the hand"
        out.append(f"  Under {label}, in {where} of hand {d.hand + 1}, the record no longer "
                   f"fits: {d.message} The players finish that hand.")
    return out


def describe_comparison(c: RuleComparison) -> str:
    """The comparison in words: the two rule sets, where a side left the record, and per hand
    and partnership each scoring line's points under A | B (``<-`` marks a line that
    differs), then the totals and who won under each."""
    lines = _rules_lines(c)
    lines += _divergence_lines("A", c.a, c.divergences_a)
    lines += _divergence_lines("B", c.b, c.divergences_b)
    n = c.b.rules.players
    for h in c.hands:
        lines.append(f"Hand {h.hand + 1}" + ("" if h.same_play else
                                             " (the play differs between A and B)") + ":")
        for t in h.teams:
            lines.append(f"  {team_name(t.seats, n)}: hand score {_pair(t.hand_score, True)}, "
                         f"total {_pair(t.total)}, bags {_pair(t.bags)}")
            for row in t.rows:
                pa, pb = row.points
                texts = dict.fromkeys(line_text(x) for x in (row.a, row.b) if x)
                mark = "" if pa == pb else "  <-"
                lines.append(f"    {_points(pa):>5} | {_points(pb):<5}  "
                             f"{' → '.join(texts)}{mark}")
    lines.append(f"Totals: A: {team_totals(c.a)} ({winner_words(c.a)}); "
                 f"B: {team_totals(c.b)} ({winner_words(c.b)}).")
    return "\n".join(lines)


__all__ = ["compare_rules", "describe_comparison", "RuleComparison", "HandComparison",
           "TeamComparison", "LinePair"]
