"""Plain-text accounts of hands and scores, for the command line and for logs.

Cards are named in words (:func:`~spades_lab.core.cards.card_words`: "the Beast of Clouds");
``codes=True`` names them by their record codes instead (``BO``), for people who read records.

The score lines are the learners' rendering of the engine's line items
(:func:`~spades_lab.words.said.learner`); with ``codes`` the teachers' rendering
(:func:`~spades_lab.words.said.teacher`: with the option notes).
"""
from __future__ import annotations

from collections.abc import Iterable

from ..core.cards import SUITS, Play, card_words, cards_text
from ..core.engine import Game, Hand, Trick
from ..core.rules import team_name
from ..core.scoring import TeamScore
from ..words.counting import plural
from ..words.said import learner, teacher


def play_text(p: Play, codes: bool = False) -> str:
    """One play: in words after "leads"/"plays" (``the Traveler of Clouds/Hearts as Hearts``),
    or its record code with ``codes`` (``TOH as H``)."""
    if codes:
        return f"{p.card.code} as {p.suit}" if p.card.is_dual else p.card.code
    return card_words(p, verb=True)


def trick_line(game: Game, trick: Trick, codes: bool = False) -> str:
    parts = []
    for i, (seat, p) in enumerate(trick.plays):
        who = game.seat_name(seat)
        verb = "leads" if i == 0 else "plays"
        parts.append(f"{who} {verb} {play_text(p, codes)}")
    line = f"Trick {trick.index + 1:>2}: " + ", ".join(parts) + \
        f" -> {game.seat_name(trick.winner)} wins"
    return line


def hand_account(game: Game, hand: Hand, codes: bool = False) -> list[str]:
    """Lines describing a hand: deal, bids, exchanges, tricks, and the score; cards in words,
    or their record codes with ``codes``."""
    rules = game.rules
    lines = [f"Hand {hand.index + 1} ({rules.name}), dealer {game.seat_name(hand.dealer)}"]
    for seat, cards in enumerate(hand.deal):
        lines.append(f"  {game.seat_name(seat):>10}: "
                     f"{cards_text(rules.deck.sorted(cards), not codes)}")
    order = [(hand.dealer + 1 + k) % rules.players for k in range(rules.players)]
    bids = [f"{game.seat_name(s)} {hand.bids[s].label}" for s in order  # type: ignore[union-attr]
            if hand.bids[s] is not None]
    lines.append("  Bids: " + ", ".join(bids))
    for e in hand.exchanges:
        if e.passed is not None:
            lines.append(f"  Exchange: {game.seat_name(e.blind)} passes "
                         f"{plural(len(e.passed), 'card')}"
                         f" to {game.seat_name(e.partner)}" +
                         (", who passes back the same number" if e.returned is not None
                          else ""))
    for t in hand.tricks:
        lines.append("  " + trick_line(game, t, codes))
        if hand.superior_at is not None and hand.superior_at[0] == t.index:
            sup = hand.superior
            assert sup is not None
            lines.append(f"           {SUITS[sup].name} broken first: {SUITS[sup].name} "
                         "is the superior trump for this hand")
    if hand.trick:
        lines.append("  Trick in progress: " + ", ".join(
            f"{game.seat_name(s)} {play_text(p, codes)}" for s, p in hand.trick))
    if hand.scores:
        lines.extend("  " + x for x in score_lines(game, hand.scores, codes))
    return lines


def score_lines(game: Game, scores: Iterable[TeamScore], codes: bool = False) -> list[str]:
    out = []
    n = game.rules.players
    for s in scores:
        out.append(f"{team_name(s.seats, n)}: hand {s.hand_score:+d}, total {s.total}, "
                   f"bags {s.bags}")
        for item in s.items:
            out.append(f"    {item.points:+5d}  {teacher(item) if codes else learner(item)}")
    return out


def game_result_line(game: Game) -> str:
    """The game's standing in one sentence: who won, or the totals and bags so far."""
    if game.over and game.winner is not None:
        seats = game.rules.team_seats[game.winner]
        return (f"Game over: {team_name(seats, game.rules.players)} win with "
                f"{game.totals[game.winner]} ({', '.join(map(str, game.totals))}).")
    return (f"Totals: {', '.join(map(str, game.totals))}; bags: "
            f"{', '.join(map(str, game.bags))}.")


def game_account(game: Game, codes: bool = False) -> str:
    lines: list[str] = []
    for h in game.hands:
        lines.extend(hand_account(game, h, codes))
        lines.append("")
    lines.append(game_result_line(game))
    return "\n".join(lines)
