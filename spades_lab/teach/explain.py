"""Explanations: "why?" for any play, trick, score or trump, as plain data with words on top.

Every answer is a frozen dataclass with a ``text`` (the teachers' account, with the rule ids and
option notes; also ``describe()`` and ``str()``) and ``to_dict()`` (JSON-ready: cards as record
codes, seats as numbers).  Its ``said`` lines (:class:`~spades_lab.teach.wording.Said`) keep each
sentence, its ids and notes and its layout apart: :func:`~spades_lab.teach.wording.learner`
renders them for students (no ids) and :func:`~spades_lab.teach.wording.teacher` gives
``text``; no one reads the text back.  Rules are never re-derived here: legality comes from
:meth:`Hand.can_play` (and ``can_bid`` /
``can_exchange``) and the basis of the legal set
(:meth:`Hand.legal_set`), trick winners from :func:`~spades_lab.core.tricks.trick_winner`,
broken and superior trumps from the state each trick records
(:func:`~spades_lab.core.engine.trump_states`), scores from the engine's
:class:`~spades_lab.core.scoring.TeamScore` line items.

API overview (stable; widgets, notebooks, quizzes and the CLI build on it):

================================  ==========================================================
``explain_play(game, card, as_=None, seat=None)``  -> :class:`Legality` (legal?, rule id of
                                  RULINGS.md section 7, words, evidence)
``explain_bid(game, bid, seat=None)`` / ``explain_exchange(game, seat, cards)`` -> :class:`Legality`
``explain_trick(hand, k=None)``   -> :class:`TrickExplanation`: led suit, each card's roles
                                  and the card winning after it (:class:`CardStep`), Ace
                                  high/low and the face card that made it so, winner, reasons
``explain_score(hand)``           -> :class:`ScoreExplanation`: per partnership
                                  (:class:`TeamScoreExplanation`) every line
                                  (:class:`ScoreLine`) with rule, option and evidence, each nil
                                  (:class:`NilExplanation`) and what decided it
``trump_timeline(hand)``          -> :class:`TrumpTimeline`: breaks (:class:`TrumpBreak`),
                                  superior trump, tricks the superiority decided
``who_knows_what(game)``          -> tuple of :class:`SeatKnowledge` (own cards, cards seen,
                                  voids revealed, cards passed/received) for the position
``knowledge_steps(record, hand)`` -> one :class:`KnowledgeStep` per action of a recorded hand
``explain_hand(hand)``            -> :class:`HandExplanation` (the opening: dealer, blind
                                  exchanges, first lead; all tricks, score, timeline)
================================  ==========================================================

``hand`` arguments take an engine :class:`~spades_lab.core.engine.Hand` (``game.hands[i]``).

>>> from spades_lab.core.records import replay
>>> g = replay({"rules": {"preset": "standard"}, "hands": [{"deal": [
...     ["AS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"],
...     ["AH", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"],
...     ["AD", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"],
...     ["AC", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]],
...     "bids": [{"seat": 1, "bid": 1}, {"seat": 2, "bid": 1}, {"seat": 3, "bid": 9},
...              {"seat": 0, "bid": 2}],
...     "plays": [{"seat": 1, "card": "2D"}, {"seat": 2, "card": "AD"},
...               {"seat": 3, "card": "2S"}, {"seat": 0, "card": "2H"}]}]}).game
>>> t = explain_trick(g.hands[0], 0)
>>> t.winner, t.reason, [s.roles for s in t.steps]
(3, 'superior-trump-wins', [('led',), ('followed',), ('trumped', 'broke-trump'), ('discarded',)])
>>> print(t.steps[2].text)
West plays the 2 of Spades (trumped, broke Spades): West now wins the trick (superior-trump-wins)
>>> from spades_lab.teach.wording import learner
>>> print(learner(t.steps[2]))
West plays the 2 of Spades (trumped, broke Spades): West now wins the trick
>>> explain_play(g, "3S").basis, explain_play(g, "3H", seat=0).rule
('leads-broken-trump', 'not-your-turn')
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any

from ..core.cards import (
    RANK_NAMES,
    SUIT_BITS,
    Card,
    Play,
    card_words,
    cards_text,
    counted_words,
    is_counted_as,
    suit_name,
    trump_order_words,
)
from ..core.engine import Game, Hand, Phase, trump_states
from ..core.errors import Rule, RuleError
from ..core.line import Line
from ..core.rules import RuleSet, team_name
from ..core.tricks import (
    CANNOT_FOLLOW,
    FOLLOWS_SUIT,
    NO_SPADES_FIRST_TRICK,
    ONLY_UNBROKEN_TRUMPS,
    trick_winner,
)
from ..words.counting import plural
from ..words.rules import exchange_count_words
from ..words.said import Said, Tag, item_said, join_said, option_tag, rule_tag, teacher_text

if TYPE_CHECKING:
    from pathlib import Path

    from ..core.scoring import LineItem, TeamScore

TRICK_REASONS = ("led-suit-wins", "superior-trump-wins", "inferior-trump-wins", "ace-high",
                 "ace-low", "played-as-led-suit", "declared-suit", "broke-trump",
                 "superior-trump-set")
#: Roles a card can play in a trick (``CardStep.roles``).
CARD_ROLES = ("led", "followed", "discarded", "trumped", "played-as-led-suit", "declared-suit",
              "broke-trump", "superior-trump-set")


#: A field's metadata for what ``to_dict()`` leaves out: the ``said`` lines (the JSON keeps
#: ``text`` and every id in its own field).
NOT_JSON = {"json": False}


def _said() -> Any:
    """The ``said`` field: the lines, kept out of ``to_dict()`` and out of comparisons."""
    return field(default=(), compare=False, repr=False, metadata=NOT_JSON)


class _Explained:
    """Common behaviour: ``describe()`` / ``str()`` give ``text``; ``to_dict()`` gives JSON."""

    text: str

    def describe(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = _jsonable(self)
        return d


def _fields_dict(x: Any) -> dict[str, Any]:
    """A dataclass's JSON fields (``said`` left out), values as they are."""
    return {f.name: getattr(x, f.name) for f in fields(x) if f.metadata.get("json", True)}


def _jsonable(x: Any) -> Any:
    if is_dataclass(x) and not isinstance(x, type):
        return _jsonable(_fields_dict(x))
    if isinstance(x, dict):
        return {(str(k) if not isinstance(k, str) else k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (Card, Play)):
        return str(x)
    return x


def _suits_text(letters: Iterable[str]) -> str:
    names = [suit_name(s) for s in letters]
    return " and ".join(names) if names else "none"


def _name(hand: Hand, seat: int) -> str:
    return hand.seat_name(seat)


# ---------------------------------------------------------------------------- legality


@dataclass(frozen=True)
class Legality(_Explained):
    """Why an action is legal or not.

    ``rule`` is the RULINGS.md section 7 id when the action is refused (None when legal);
    ``basis`` names why a legal play is legal (``follows-suit``, ``cannot-follow``,
    ``leads``, ``leads-broken-trump``, ``only-unbroken-trumps``; ``bid-ok``, ``exchange-ok``).
    ``evidence`` holds the facts: the led suit, the seat's cards of it, the broken and unbroken
    trumps, the superior trump, alternatives, and the engine's own details.
    """

    kind: str
    seat: int | None
    action: str
    legal: bool
    rule: str | None
    basis: str | None
    text: str
    evidence: dict[str, Any] = field(default_factory=dict)

    @property
    def said(self) -> tuple[Said, ...]:
        """The verdict's sentence, with the refusal's rule id (or the legal basis) as a tag."""
        why = self.rule or self.basis
        tags: tuple[Tag, ...] = (rule_tag(why, bracket=True),) if why else ()
        if self.evidence.get("counted_as_trump"):  # house rules: Jokers Spades
            tags += (rule_tag("jokers-follow", bracket=True),)
        return (Said(self.text, tags),)


def _trump_evidence(hand: Hand) -> dict[str, Any]:
    rules = hand.rules
    return {"broken": [t for t in rules.trumps if hand.is_broken(t)],
            "unbroken": hand.unbroken_trumps(),
            "superior": hand.superior}


def explain_play(game: Game, card: Any, as_: Any = None, seat: int | None = None) -> Legality:
    """Is playing ``card`` (declared ``as_``) legal for ``seat`` (default: the seat to play)
    now, and why?  The verdict and rule id are the engine's (:meth:`Hand.can_play`)."""
    hand = game.hand
    text_action = str(card) + (f" as {as_}" if as_ else "")
    if hand is None or hand.complete or game.over:
        check = game.can_play(card, as_, seat)
        return Legality("play", seat, text_action, False, check.rule, None, check.message,
                        dict(check.details))
    check = hand.can_play(card, as_, seat)
    turn = hand.turn
    ev: dict[str, Any] = {"phase": hand.phase, "turn": turn}
    if hand.phase == Phase.PLAY:
        ev.update(_trump_evidence(hand))
        ev["led"] = hand.led
        ev["trick"] = [str(p) for _, p in hand.trick]
    ev.update(check.details)
    if not check.ok:
        return Legality("play", seat if seat is not None else turn, text_action, False,
                        check.rule, None, check.message, ev)
    assert turn is not None
    c, decl = hand.resolve(card, as_)
    who = _name(hand, turn)
    pretty = card_words(c.play_as[SUIT_BITS[decl]] if decl and c.is_dual else c, verb=True)
    legal_basis, legal = hand.legal_set()  # the engine's legal set and why it is so
    if hand.trick:
        led = hand.trick[0][1].suit
        if legal_basis == FOLLOWS_SUIT:
            basis = "follows-suit"
            words = f"{who} may play {pretty}: it is of the led suit, {suit_name(led)}"
            if c.is_dual:
                words += f", so it is played as {suit_name(led)}"
            if is_counted_as(c):  # house rules: a Joker, or the Jokers rule's trump 2
                words += f" ({counted_words(c)})"
                ev["counted_as_trump"] = [c.code]
        elif legal_basis == NO_SPADES_FIRST_TRICK:  # house rules: bidding and play
            basis = "no-spades-first-trick"
            words = f"{who} may play {pretty}: {who} holds no {suit_name(led)} (the led suit), " \
                "and on the first trick your rules keep Spades out while other cards are held"
        else:
            assert legal_basis == CANNOT_FOLLOW
            basis = "cannot-follow"
            words = f"{who} may play {pretty}: {who} holds no {suit_name(led)} (the led suit)," \
                " so any card may be played"
            looks = [x for x in hand.hands[turn] if is_counted_as(x) and led in x.face]
            if looks:  # a card that shows the led suit but counts as a trump (Jokers)
                words += f" ({'; '.join(counted_words(x) for x in looks)})"
                ev["counted_as_trump"] = [x.code for x in looks]
        ev["holding_led"] = [q.card.code for q in legal] if legal_basis == FOLLOWS_SUIT else []
    else:
        played_as = decl or c.suit
        if legal_basis == ONLY_UNBROKEN_TRUMPS:
            basis = "only-unbroken-trumps"
            words = f"{who} may lead {pretty} although {suit_name(played_as)} are not broken: " \
                f"every card {who} holds could only be led as an unbroken trump"
        elif played_as in hand.rules.trumps and not hand.rules.spades_need_breaking \
                and not hand.is_broken(played_as):  # house rules: bidding and play
            basis = "leads"
            words = f"{who} may lead {pretty}: your rules let Spades be led at any time"
        elif played_as in hand.rules.trumps:
            basis = "leads-broken-trump"
            words = f"{who} may lead {pretty}: {suit_name(played_as)} are already broken"
        else:
            basis = "leads"
            words = f"{who} may lead {pretty}: the leader may lead any suit but an unbroken trump"
    return Legality("play", turn, text_action, True, None, basis, words + ".", ev)


def explain_bid(game: Game, bid: Any, seat: int | None = None) -> Legality:
    """Is ``bid`` legal for ``seat`` (default: the seat to bid) now?  (``Hand.can_bid``.)"""
    check = game.can_bid(bid, seat)
    hand = game.hand
    turn = hand.turn if hand is not None else None
    who = _name(hand, turn) if hand is not None and turn is not None else "The player"
    ev: dict[str, Any] = {"turn": turn, **check.details}
    if check.ok:
        return Legality("bid", turn, str(bid), True, None, "bid-ok",
                        f"{who} may bid {bid}.", ev)
    return Legality("bid", seat if seat is not None else turn, str(bid), False, check.rule,
                    None, check.message, ev)


def explain_exchange(game: Game, seat: int, cards: Sequence[Any]) -> Legality:
    """Is passing ``cards`` legal for ``seat`` now?  (``Hand.can_exchange``.)"""
    check = game.can_exchange(seat, cards)
    hand = game.hand
    ev: dict[str, Any] = dict(check.details)
    if hand is not None and hand.phase == Phase.EXCHANGE:
        due = hand.exchange_due(seat)
        if due is not None:
            ev.update({"blind": due.blind, "partner": due.partner, "lo": due.lo, "hi": due.hi})
    action = " ".join(str(c) for c in cards) or "(no cards)"
    if check.ok:
        assert hand is not None
        return Legality("exchange", seat, action, True, None, "exchange-ok",
                        f"{_name(hand, seat)} may pass {plural(len(cards), 'card')}.", ev)
    return Legality("exchange", seat, action, False, check.rule, None, check.message, ev)


# ---------------------------------------------------------------------------- tricks


@dataclass(frozen=True)
class CardStep(_Explained):
    """One card of a trick and what it did.

    ``roles`` are ids of :data:`CARD_ROLES`; ``winning_seat``/``winning_card``/
    ``winning_reason`` say who is winning once this card is down (``lead_changed`` when that
    is a different seat from before); ``ace_high`` is whether Aces rank high at this point
    (None in decks whose Ace never changes), ``ace_flipped`` when this card flipped an Ace
    already in the trick; ``superior`` and ``broken`` are the trump state after the card.
    """

    index: int
    seat: int
    card: str
    played_as: str
    roles: tuple[str, ...]
    winning_seat: int
    winning_card: str
    winning_reason: str
    lead_changed: bool
    ace_high: bool | None
    ace_flipped: bool
    superior: str | None
    broken: tuple[str, ...]
    text: str
    said: tuple[Said, ...] = _said()


@dataclass(frozen=True)
class TrickExplanation(_Explained):
    """Why a trick (complete or in progress) is won by whom.

    ``reason`` is the deciding id (``led-suit-wins``, ``superior-trump-wins``,
    ``inferior-trump-wins``); ``reasons`` adds every other id of RULINGS.md section 7 that
    applies (``ace-high``/``ace-low`` when an Ace is in a Heckadeck trick, ``broke-trump``,
    ``superior-trump-set``, ``declared-suit``, ``played-as-led-suit``).  ``superior`` is the
    superior trump in force at the trick's end (``"S"`` in the 52-card sets, where Spades are
    the only trump) and ``superior_set_at`` = (trick, seat) where it was set.  ``ace`` is
    ``"high"``, ``"low"`` or None (no Ace, or a deck whose Ace does not flip), ``ace_face`` the
    first face card, which made Aces high.
    """

    hand: int
    trick: int
    complete: bool
    leader: int
    led: str | None
    steps: tuple[CardStep, ...]
    winner: int | None
    winning_card: str | None
    reason: str | None
    reasons: tuple[str, ...]
    superior: str | None
    superior_set_here: bool
    superior_set_at: tuple[int, int] | None
    broken_before: tuple[str, ...]
    ace: str | None
    ace_face: str | None
    text: str
    said: tuple[Said, ...] = _said()


def _roles(rules: Any, i: int, p: Play, led: str, before: tuple[int, str | None],
           after: tuple[int, str | None]) -> list[str]:
    roles: list[str] = []
    c = p.card
    L = SUIT_BITS[led]
    if i == 0:
        roles.append("led")
        if c.is_dual:
            roles.append("declared-suit")
    elif c.bits & L:
        roles.append("followed")
        if c.is_dual:
            roles.append("played-as-led-suit")
    else:
        roles.append("trumped" if p.suit in rules.trumps else "discarded")
        if c.is_dual:
            roles.append("declared-suit")
    if after[0] & ~before[0]:
        roles.append("broke-trump")
    if after[1] is not None and before[1] is None:
        roles.append("superior-trump-set")
    return roles


_ROLE_WORDS = {"led": "led", "followed": "followed suit", "discarded": "discarded",
               "trumped": "trumped", "played-as-led-suit": "played as the led suit",
               "declared-suit": "declared", "broke-trump": "broke",
               "superior-trump-set": "now the superior trump"}


def _role_words(roles: Sequence[str], p: Play) -> str:
    out = []
    for r in roles:
        if r == "declared-suit":
            out.append(f"declared as {suit_name(p.suit)}")
        elif r == "broke-trump":
            out.append(f"broke {suit_name(p.suit)}")
        elif r == "superior-trump-set":
            out.append(f"{suit_name(p.suit)} now the superior trump")
        else:
            out.append(_ROLE_WORDS[r])
    return ", ".join(out)


def explain_trick(hand: Hand, k: int | None = None) -> TrickExplanation:
    """Explain trick ``k`` (0-based) of ``hand``; ``k=None`` (or ``k`` = the number of complete
    tricks) is the trick in progress.  A trick with no card yet gives an empty explanation."""
    rules = hand.rules
    done = len(hand.tricks)
    if k is None:
        k = done if hand.trick or not hand.tricks else done - 1
    if not 0 <= k <= done:
        raise RuleError(Rule.BAD_RECORD, f"Hand {hand.index} has {done} complete tricks; there is "
                        f"no trick {k}.", trick=k)
    complete = k < done
    plays = list(hand.tricks[k].plays) if complete else list(hand.trick)
    states = trump_states(hand, k)  # before the trick's first card, then after each card
    before0 = states[0]
    set_at = hand.superior_at
    trumps = rules.trumps
    broken_before = tuple(t for t in trumps if before0[0] & SUIT_BITS[t])
    flips = rules.deck.ace_flips
    if not plays:
        empty = Said(f"Trick {k + 1}: no card played yet.")
        return TrickExplanation(hand.index, k, False, hand.turn if hand.turn is not None else 0,
                                None, (), None, None, None, (), before0[1], False,
                                set_at, broken_before, None, None, empty.teacher(), (empty,))
    led = plays[0][1].suit
    steps: list[CardStep] = []
    prev_state = before0
    prev_winner: int | None = None
    face: Card | None = None
    ace_seen = False
    extra: list[str] = []
    for i, (seat, p) in enumerate(plays):
        state = states[i + 1]
        roles = _roles(rules, i, p, led, prev_state, state)
        for r in roles:
            if r in TRICK_REASONS and r not in extra:
                extra.append(r)
        win_seat, why = trick_winner(rules, plays[:i + 1], state[1])
        win_play = next(q for s, q in plays[:i + 1] if s == win_seat)
        flipped = False
        if flips and p.card.is_face and face is None:
            face = p.card
            flipped = ace_seen
        if p.card.is_ace:
            ace_seen = True
        ace_high = (face is not None) if flips else None
        changed = prev_winner is not None and win_seat != prev_winner
        who = _name(hand, seat)
        verb = "leads" if i == 0 else "plays"
        words = f"{who} {verb} {card_words(p, verb=True)}"
        words += f" ({_role_words(roles, p)})"
        if flipped:
            aces_down = sum(q.card.is_ace for _, q in plays[:i])
            words += "; the face card makes " + ("the Ace already played rank" if aces_down == 1
                                                 else "the Aces already played rank") + " high"
        tags: tuple[Tag, ...] = ()
        if i == 0:
            pass
        elif changed:
            words += f": {_name(hand, win_seat)} now wins the trick"
            tags = (rule_tag(why),)
        else:
            words += f": {_name(hand, win_seat)} still winning with {card_words(win_play)}"
        said = Said(words, tags)
        steps.append(CardStep(i, seat, p.card.code, p.suit, tuple(roles), win_seat,
                              win_play.card.code, why, changed, ace_high, flipped,
                              state[1], tuple(t for t in trumps if state[0] & SUIT_BITS[t]),
                              said.teacher(), (said,)))
        prev_state = state
        prev_winner = win_seat
    last = states[-1]
    superior = last[1]
    win_seat, reason = trick_winner(rules, plays, last[1])
    win_play = next(q for s, q in plays if s == win_seat)
    aces = [q.card for _, q in plays if q.card.is_ace]
    ace = None
    if flips and aces:
        ace = "high" if face is not None else "low"
    reasons = [reason]
    if ace:
        reasons.append("ace-" + ace)
    reasons.extend(r for r in ("superior-trump-set", "broke-trump", "declared-suit",
                               "played-as-led-suit") if r in extra)
    set_here = set_at is not None and set_at[0] == k
    # words
    who = _name(hand, win_seat)
    lines = [Said(f"Trick {k + 1}" + ("" if complete else " (in progress)") +
                  f": {suit_name(led)} led by {_name(hand, plays[0][0])}.")]
    lines.extend(Said(x.words, x.tags, x.stop, 1) for st in steps for x in st.said)
    verb = "wins" if complete else "is winning"
    if reason == "superior-trump-wins":
        if rules.superior_by_first_break:
            assert superior is not None and set_at is not None
            why = (f"the highest card of {suit_name(superior)}, the superior trump (broken "
                   f"first, by "
                   f"{_name(hand, set_at[1])} in trick {set_at[0] + 1})")
        else:
            why = "the highest Spade, the trump"
    elif reason == "inferior-trump-wins":
        other = next(t for t in trumps if t != superior)
        why = f"the highest card of {suit_name(other)}, the inferior trump: no card of " \
            f"{suit_name(superior) if superior else 'the superior trump'} was played"
    else:
        why = f"the highest card of the led suit, {suit_name(led)}: no trump was played"
    lines.append(Said(f"{who} {verb} with {card_words(win_play)}: {why}",
                      (rule_tag(reason, bracket=True),), "."))
    moved = [q.card for _, q in plays if is_counted_as(q.card)]
    if moved:  # house rules: Jokers Spades -- where the Jokers and the trump 2s rank
        note = "; ".join(counted_words(x) for x in moved)
        lines.append(Said(f"{note[0].upper()}{note[1:]}: the trumps rank "
                          f"{trump_order_words(rules.deck)}",
                          (rule_tag("jokers-follow", bracket=True),), "."))
    if ace == "high":
        assert face is not None
        lines.append(Said(f"Aces are high in this trick: {card_words(face)} is a face card",
                          (rule_tag("ace-high", bracket=True),), "."))
    elif ace == "low":  # settled only when the trick is complete: a face card may still come
        lines.append(Said("Aces are low in this trick: it holds no face card" if complete else
                          "Aces are low in this trick so far: it holds no face card yet",
                          (rule_tag("ace-low", bracket=True),), "."))
    if set_here:
        lines.append(Said(f"{suit_name(superior or '')} became the superior trump in this "
                          "trick", (rule_tag("superior-trump-set", bracket=True),), "."))
    lines.extend(_both_trumps_said(hand, plays, before0[0], last, win_seat, complete))
    lines.extend(_th_rank_said(hand, plays, last[1], win_seat, complete))
    # the teachers' text: each card's line is its step's text already rendered, indented
    n = len(steps)
    text = "\n".join([lines[0].teacher(), *["  " + st.text for st in steps],
                      *[x.teacher() for x in lines[1 + n:]]])
    return TrickExplanation(hand.index, k, complete, plays[0][0], led, tuple(steps), win_seat,
                            win_play.card.code, reason, tuple(reasons), superior, set_here,
                            set_at, broken_before, ace, face.code if face else None,
                            text, tuple(lines))


def _next_lead_said(hand: Hand, k: int) -> list[Said]:
    """Who leads the trick after complete trick ``k`` (``next-lead``): its winner, as the
    engine set the next leader (the next trick's leader, or the hand's leader while that trick
    waits for its first card); nothing once the hand is over (its last trick, or a claim that
    ended it)."""
    nxt: int | None
    if k + 1 < len(hand.tricks):
        nxt = hand.tricks[k + 1].leader
    elif not hand.complete:  # (a hand is complete after its last trick, or a claim)
        nxt = hand.trick[0][0] if hand.trick else hand.leader
    else:
        return []
    if nxt is None:  # pragma: no cover - a hand in play always has its next leader
        return []
    return [Said(f"{_name(hand, nxt)} leads trick {k + 2}: the winner of a trick leads the next",
                 (rule_tag("next-lead", bracket=True),), ".")]


def _both_trumps_said(hand: Hand, plays: Sequence[tuple[int, Play]], broken_before: int,
                      last: tuple[int, str | None], winner: int, complete: bool
                      ) -> list[Said]:
    """A line when both trumps were broken for the first time in this trick (RULINGS.md
    section 8, Trumps): the earlier card's suit is superior, already in this trick, and whether
    that decided the winner (the engine's trick rule with the other trump superior)."""
    rules = hand.rules
    trumps = rules.trumps
    if len(trumps) < 2 or broken_before & _mask_of(trumps) or \
            last[0] & _mask_of(trumps) != _mask_of(trumps) or last[1] is None:
        return []
    superior = last[1]
    other = next(t for t in trumps if t != superior)
    (s1, p1), (s2, p2) = (next((s, p) for s, p in plays if p.suit == t)
                          for t in (superior, other))
    words = (f"Both trumps were broken for the first time in this trick: {_name(hand, s1)} "
             f"broke {suit_name(superior)} with {card_words(p1)} before {_name(hand, s2)} broke "
             f"{suit_name(other)} with {card_words(p2)}, so {suit_name(superior)} are the "
             "superior trump, already in this trick")
    alt, _ = trick_winner(rules, plays, other)
    if alt != winner:
        words += (f", and that decides it: were {suit_name(other)} superior, "
                  f"{_name(hand, alt)} would " + ("have won" if complete else "be winning"))
    return [Said(words, (rule_tag("both-trumps-broken", bracket=True),), ".")]


def _mask_of(suits: Iterable[str]) -> int:
    m = 0
    for x in suits:
        m |= SUIT_BITS[x]
    return m


def _th_order_words(rules: RuleSet) -> str:
    """Where Travelers and Hunters rank in ``rules``, from the rank below the lower of the two
    to the rank above the higher: ``"Beast < Traveler < Jack < Hunter < Queen"``."""
    order = rules.rank_order
    at = [order.index(x) for x in ("T", "H")]
    return " < ".join(RANK_NAMES.get(x, x) for x in order[min(at) - 1:max(at) + 2])


def _th_rank_said(hand: Hand, plays: Sequence[tuple[int, Play]], superior: str | None,
                  winner: int, complete: bool) -> list[Said]:
    """A line when where Travelers and Hunters rank (the option ``th_low``) decided the trick:
    under the other rank order the engine's trick rule names another winner."""
    rules = hand.rules
    if not any(p.card.is_dual for _, p in plays):
        return []
    other = rules.replace(th_low=not rules.th_low)
    alt, _ = trick_winner(other, plays, superior)
    if alt == winner:
        return []
    would = "would have won" if complete else "would be winning"
    if rules.th_low:
        words = (f"Travelers and Hunters rank low at this table ({_th_order_words(rules)}), and "
                 f"that decides it: under the default order {_name(hand, alt)} {would}")
    else:
        words = (f"Travelers and Hunters rank high at this table ({_th_order_words(rules)}), and "
                 f"that decides it: were they to rank low ({_th_order_words(other)}), "
                 f"{_name(hand, alt)} {would}")
    return [Said(words, (rule_tag("th-rank", bracket=True), option_tag("th_low", rules.th_low)),
                 ".")]


# ---------------------------------------------------------------------------- scores


@dataclass(frozen=True)
class NilExplanation(_Explained):
    """A nil-type bid and what decided it: ``broken_by`` the card that broke it (Nil Spades /
    Nil Acorns: the first card of the suit the bidder won; full nils: the bidder's card that
    won its first trick), ``broken_in_trick`` the 0-based trick and ``broken_card_seat`` the seat
    that played that card.  ``won_with`` is the card the bidder won that trick with and
    ``won_how`` the trick's reason id (``led-suit-wins``, ``superior-trump-wins``,
    ``inferior-trump-wins``).  For a full nil ``broken_by`` is ``won_with``: the bidder's own
    card that took the first trick."""

    seat: int
    bid: str
    made: bool
    points: int
    tricks: int
    broken_by: str | None
    broken_in_trick: int | None
    broken_card_seat: int | None
    won_with: str | None
    won_how: str | None
    text: str


@dataclass(frozen=True)
class LineSummary:
    """The engine's :class:`~spades_lab.core.scoring.LineItem` as a frozen dataclass: ``rule``
    (``bid-made``, ``bid-missed``, ``bags``, ``failed-nil-tricks``, ``nil-made``,
    ``nil-failed``, ``bag-penalty``; with the house rules of RULINGS.md §9 also ``big-bid``,
    ``moon``, ``bag-penalty-held``), text, points, bags, the seat it concerns and the option
    that decided it."""

    rule: str
    text: str
    points: int
    bags: int
    seat: int | None
    option: str | None

    @classmethod
    def of(cls, item: LineItem) -> LineSummary:
        return cls(item.rule, item.text, item.points, item.bags, item.seat, item.option)


@dataclass(frozen=True)
class ScoreLine(LineSummary, _Explained):
    """One line of a partnership's hand score (a :class:`LineSummary`) with the value of the
    option that decided it and evidence (the numbers it came from)."""

    option_value: Any
    evidence: dict[str, Any] = field(default_factory=dict)
    said: tuple[Said, ...] = _said()


@dataclass(frozen=True)
class TeamScoreExplanation(_Explained):
    team: int
    seats: tuple[int, ...]
    name: str
    bid: int
    counted: int
    made: bool
    tricks_by_seat: dict[int, int]
    lines: tuple[ScoreLine, ...]
    nils: tuple[NilExplanation, ...]
    points: int
    bags_before: int
    bags_added: int
    bag_penalty: int
    penalties: int
    bags: int
    hand_score: int
    total_before: int
    total: int
    text: str
    said: tuple[Said, ...] = _said()


@dataclass(frozen=True)
class ScoreExplanation(_Explained):
    """How a complete hand was scored: one :class:`TeamScoreExplanation` per partnership, the
    options in force, and the game's state after it (``over``, ``winner``, ``outcome``)."""

    hand: int
    teams: tuple[TeamScoreExplanation, ...]
    options: dict[str, Any]
    over: bool
    winner: int | None
    outcome: str
    text: str
    said: tuple[Said, ...] = _said()


def _value_words(hand: Hand, bid: Any) -> str:
    """Why a nil is worth what it is worth: halved with eight players, doubled when blind."""
    rules = hand.rules
    kind = bid.nil
    notes = []
    single = rules.nil_value(kind, False)
    if kind == "nil" and rules.nil_points != 100:  # house rules: scoring (nil_points)
        notes.append(f"Nil is worth {single} in your rules")
    if rules.players == 8:
        notes.append(f"{kind.title()} is worth {single} with eight players: half of "
                     f"{single * 2}")
    if bid.blind:
        notes.append(f"bid blind, so doubled: {single} × 2 = {rules.nil_value(kind, True)}")
    return f" ({'; '.join(notes)})" if notes else ""


def _win_words(hand: Hand, t: TrickExplanation) -> str:
    """How the winner of a complete trick won it, in words."""
    rules = hand.rules
    sup = t.superior
    if t.reason == "superior-trump-wins":
        how = (f"the highest card of {suit_name(sup)}, the superior trump"
               if len(rules.trumps) > 1 and sup else "the highest Spade, the trump")
    elif t.reason == "inferior-trump-wins":
        other = next(x for x in rules.trumps if x != sup)
        how = f"the highest card of {suit_name(other)}, the inferior trump, as no card of " \
            f"{suit_name(sup) if sup else 'the superior trump'} was played"
    else:
        how = f"the highest card of the led suit, {suit_name(t.led or '')}"
    win = rules.deck.parse(t.winning_card) if t.winning_card else None
    if win is not None and win.is_ace and t.ace == "high":
        how += " (the Ace ranks high: the trick holds a face card)"
    return how


def rules_unit_words(hand: Hand, nr: Any) -> str:
    """Under ``partners_nil = unit`` (both partners bid nil), how the pair scored, in words;
    else ``""``."""
    rules = hand.rules
    if rules.partners_nil != "unit" or hand.scores is None:
        return ""
    ts = hand.scores[rules.team_of(nr.seat)]
    if len(ts.nils) < 2 or len(ts.nils) != len(ts.seats):
        return ""
    other = next(n for n in ts.nils if n.seat != nr.seat)
    partner = _name(hand, other.seat)
    if all(n.made for n in ts.nils):
        return f"both partners bid nil and both made it, scored as one bid with {partner}'s"
    return (f"both partners bid nil, scored as one bid with {partner}'s, and "
            f"{'this one' if not nr.made else partner + chr(39) + 's'} failed, so both lose")


def _nil_explanation(hand: Hand, nr: Any) -> NilExplanation:
    seat = nr.seat
    who = _name(hand, seat)
    label = nr.bid.label
    value = _value_words(hand, nr.bid)
    trick_at = seat_at = None
    won_with = won_how = None
    broken = nr.broken_by
    partial = nr.bid.nil_suit is not None
    if not nr.made:
        for t in hand.tricks:
            if t.winner != seat:
                continue
            if not partial:
                trick_at = t.index
                break
            for s, p in t.plays:
                if p.card is nr.broken_by:
                    trick_at, seat_at = t.index, s
            if trick_at is not None:
                break
    # house rules: scoring (partners_nil = unit): the two nils score as one bid
    unit = rules_unit_words(hand, nr)
    if nr.made and nr.points < 0:
        words = f"{who}'s {label} made, but {nr.points}{value}: {unit}."
    elif nr.made:
        words = f"{who}'s {label} made: +{nr.points}{value}" + (f": {unit}" if unit else "") \
            + "."
    else:
        words = f"{who}'s {label} failed: {nr.points}{value}"
        if trick_at is not None:
            tex = explain_trick(hand, trick_at)
            tr = hand.tricks[trick_at]
            mine = next(p for s, p in tr.plays if s == seat)
            won_with, won_how = mine.card.code, tex.reason
            words += f". {who} won trick {trick_at + 1} with {card_words(mine)}"
            if tr.leader != seat:
                led_play = tr.plays[0][1]
                words += f" after {_name(hand, tr.leader)} led {card_words(led_play, verb=True)}"
            words += f": {_win_words(hand, tex)}"
            if not partial:
                broken, seat_at = mine.card, seat
            elif broken is not None and seat_at is not None:
                if seat_at == seat:
                    words += f"; {card_words(broken)} is itself a card of "
                else:
                    words += f"; the trick holds {_name(hand, seat_at)}'s {broken.name}, a " \
                        "card of "
                words += suit_name(nr.bid.nil_suit)
                if broken.is_dual:
                    words += " (won in a trick, a Traveler or Hunter counts as a card of both " \
                        "its suits)"
        if unit:
            words += f"; {unit}"
        words += "."
    return NilExplanation(seat, str(nr.bid.to_json()), nr.made, nr.points, nr.tricks,
                          broken.code if broken is not None else None, trick_at, seat_at,
                          won_with, won_how, words)


def _house_line_rule(rules: RuleSet, ln: ScoreLine) -> str | None:
    """The scoring house rule (docs/rulings.md section 9) a score line shows, by the id the quiz
    asks it with: a nil worth other than 100 (``nil-points``), partners' nils scored as a unit
    or without bags (``partners-nil``), a failed nil's tricks ignored (``failed-nil-ignored``),
    overtricks worth nothing (``overtricks-nothing``); None for a line of the seed rules."""
    if ln.option == "partners_nil" and ln.option_value != "separate":
        return "partners-nil"
    if ln.option == "failed_nil_tricks" and ln.option_value == "ignored":
        return "failed-nil-ignored"
    if ln.option == "overtrick_points" and ln.option_value == 0:
        return "overtricks-nothing"
    if ln.rule in ("nil-made", "nil-failed") and rules.nil_points != 100 and \
            ln.seat is not None and ln.evidence.get("bid") in ("nil", "blind nil"):
        return "nil-points"
    return None


def explain_score(hand: Hand) -> ScoreExplanation:
    """Every line item of each partnership's score for a complete hand, adding up to the hand
    score and running total.  Raises ``wrong-phase`` for a hand still in play."""
    if hand.scores is None:
        raise RuleError(Rule.WRONG_PHASE, f"Hand {hand.index + 1} is not complete: it has no score "
                        "yet.")
    rules = hand.rules
    n = rules.players
    teams = []
    for ts in hand.scores:
        by_seat = {s: hand.taken[s] for s in ts.seats}
        nils = tuple(_nil_explanation(hand, nr) for nr in ts.nils)
        nil_by_seat = {x.seat: x for x in nils}
        lines = []
        for item in ts.items:
            ev: dict[str, Any] = {}
            if item.rule in ("bid-made", "bid-missed"):
                ev = {"bid": ts.bid, "counted": ts.tricks, "tricks_by_seat": by_seat,
                      "bids_by_seat": {s: str(hand.bids[s]) for s in ts.seats}}
            elif item.rule == "bags":
                ev = {"over": item.bags, "bid": ts.bid, "counted": ts.tricks}
            elif item.rule == "failed-nil-tricks":
                ev = {"tricks": hand.taken[item.seat] if item.seat is not None else 0}
            elif item.rule in ("nil-made", "nil-failed") and item.seat in nil_by_seat:
                ev = {k: v for k, v in _fields_dict(nil_by_seat[item.seat]).items() if k != "text"}
            elif item.rule in ("bag-penalty", "bag-penalty-held"):
                ev = {"bags_before": ts.bags_before, "bags_added": ts.bags_added,
                      "limit": rules.bag_limit, "penalty": rules.bag_penalty,
                      "penalties": ts.penalties, "carried": ts.bags}
            elif item.rule == "big-bid":  # house rules: scoring
                ev = {"bid": ts.bid, "min": rules.big_bid_min, "bonus": rules.big_bid_bonus}
            elif item.rule == "moon":
                ev = {"tricks": sum(hand.taken[s] for s in ts.seats), "bonus": rules.moon_bonus}
            value = getattr(rules, item.option) if item.option else None
            own = item_said(item)
            lines.append(ScoreLine(item.rule, own.teacher(), item.points, item.bags, item.seat,
                                   item.option, value, ev, (own,)))
        name = team_name(ts.seats, n)
        words = [Said(f"{name}: hand {ts.hand_score:+d}, total {ts.total_before} -> "
                      f"{ts.total}, bags {ts.bags_before} + {ts.bags_added}"
                      + (f" - {ts.penalties * (rules.bag_limit or 0)}" if ts.penalties else "")
                      + f" = {ts.bags}")]
        for ln in lines:
            opt = (option_tag(ln.option, ln.option_value, bracket=True),) if ln.option else ()
            house = _house_line_rule(rules, ln)
            extra = (rule_tag(house),) if house else ()
            words.extend(Said(x.words, (*x.tags, rule_tag(ln.rule), *extra, *opt), level=1,
                              points=ln.points) for x in ln.said)
        words.extend(_bags_off_said(rules, ts, name))
        words.extend(Said(x.text, level=1, column=True) for x in nils)
        teams.append(TeamScoreExplanation(
            ts.team, ts.seats, name, ts.bid, ts.tricks, ts.made, by_seat, tuple(lines), nils,
            ts.points, ts.bags_before, ts.bags_added, ts.bag_penalty, ts.penalties, ts.bags,
            ts.hand_score, ts.total_before, ts.total, teacher_text(words), tuple(words)))
    # the outcome after this hand (the engine records it when the hand is scored), tagged
    # with the end rule that decided it (core.scoring.game_outcome)
    over, winner, outcome = False, None, ""
    end_tags: tuple[Tag, ...] = ()
    if hand.outcome is not None:
        over, winner, outcome = hand.outcome.over, hand.outcome.winner, hand.outcome.reason
        end_tags = (rule_tag(hand.outcome.rule, bracket=True),
                    *_end_notes(rules, hand.outcome.rule))
    said = [Said(f"Hand {hand.index + 1} scored ({rules.name}):")]
    said.extend(x for t in teams for x in t.said)
    said.append(Said(f"After the hand: {outcome}" + (
        f"; {team_name(rules.team_seats[winner], n)} win" if over and winner is not None
        else ""), end_tags, "."))
    return ScoreExplanation(hand.index, tuple(teams), rules.options(all=True), over, winner,
                            outcome, teacher_text(said), tuple(said))


#: The option that an end rule reads (shown to teachers beside the end-of-game line).
_END_OPTIONS = {"target-reached": "target", "below-target": "target",
                "losing-floor": "losing_floor",
                # house rules: scoring
                "hand-limit": "hand_limit", "tie-break": "tie_break"}


def _end_notes(rules: RuleSet, rule: str) -> tuple[Tag, ...]:
    key = _END_OPTIONS.get(rule)
    return (option_tag(key, getattr(rules, key)),) if key else ()


def _bags_off_said(rules: RuleSet, ts: TeamScore, name: str) -> list[Said]:
    """A line when bags carry no penalty (``bag_limit = None`` or a penalty of 0) and that
    decided something in this hand: the partnership's running count of bags passed a multiple
    of the rule set's usual limit, where a penalty would have been taken were bags counted."""
    if (rules.bag_limit is not None and rules.bag_penalty != 0) or ts.bags_added <= 0:
        return []
    usual = RuleSet.preset(rules.name)
    limit = rules.bag_limit or usual.bag_limit
    penalty = rules.bag_penalty or usual.bag_penalty
    if not limit or not penalty:
        return []
    reached = ts.bags_before + ts.bags_added
    times = reached // limit - ts.bags_before // limit
    if times <= 0:
        return []
    option = "bag_limit" if rules.bag_limit is None else "bag_penalty"
    return [Said(f"No bag penalty at this table: {name}'s bags reach {reached} and cost "
                 f"nothing; were every {limit} bags to cost {penalty} points, this hand would "
                 f"cost {times * penalty}", (rule_tag("bags-off"),
                                              option_tag(option, getattr(rules, option))),
                 level=1, column=True)]


# ---------------------------------------------------------------------------- trumps


@dataclass(frozen=True)
class TrumpBreak(_Explained):
    """A trump broken: by ``seat`` with ``card`` (``declared`` when a Traveler/Hunter was
    declared as the trump), in trick ``trick``; ``led`` when the breaking card was led (under
    the only-unbroken-trumps exception); ``superior`` when this break made it the superior
    trump."""

    suit: str
    trick: int
    seat: int
    card: str
    declared: bool
    led: bool
    superior: bool
    text: str


@dataclass(frozen=True)
class DecidedTrick(_Explained):
    """A trick whose winner the superiority decided: ``winner`` as played, ``would_win`` had
    the other trump been superior."""

    trick: int
    winner: int
    would_win: int
    superior: str
    text: str


@dataclass(frozen=True)
class TrumpTimeline(_Explained):
    hand: int
    trumps: tuple[str, ...]
    superior: str | None
    superior_set_at: tuple[int, int] | None
    breaks: tuple[TrumpBreak, ...]
    decided: tuple[DecidedTrick, ...]
    text: str
    said: tuple[Said, ...] = _said()


def trump_timeline(hand: Hand) -> TrumpTimeline:
    """When each trump was broken, by whom and with which card, which became superior, and
    every complete trick whose winner the superiority decided (the winner would differ were
    the other trump superior).  In the 52-card sets there is one trump and nothing to decide."""
    rules = hand.rules
    breaks = []
    decided = []
    superior = hand.superior
    other = next(t for t in rules.trumps if t != superior) \
        if rules.two_trumps and superior is not None else None
    for k in range(len(hand.tricks) + (1 if hand.trick else 0)):
        states = trump_states(hand, k)  # read from the state the trick recorded
        plays = hand.tricks[k].plays if k < len(hand.tricks) else hand.trick
        for i, (seat, p) in enumerate(plays):
            prev, st = states[i], states[i + 1]
            if not st[0] & ~prev[0]:
                continue
            sup = prev[1] is None and st[1] is not None
            words = f"Trick {k + 1}: {_name(hand, seat)} broke {suit_name(p.suit)} with " \
                f"{card_words(p)}" + (" (led: only unbroken trumps in hand)" if i == 0 else "")
            if sup:
                words += f"; {suit_name(p.suit)} is the superior trump for this hand"
            breaks.append(TrumpBreak(p.suit, k, seat, p.card.code, p.card.is_dual, i == 0,
                                     sup, words + "."))
        end = states[-1][1]
        if other is not None and end is not None and k < len(hand.tricks):
            t = hand.tricks[k]
            alt, _ = trick_winner(rules, t.plays, other)
            if alt != t.winner:
                decided.append(DecidedTrick(
                    t.index, t.winner, alt, end,
                    f"Trick {t.index + 1}: {_name(hand, t.winner)} won because "
                    f"{suit_name(end)} are superior; were {suit_name(other)} superior, "
                    f"{_name(hand, alt)} would have won."))
    set_at = hand.superior_at
    lines = [f"Trumps in hand {hand.index + 1}: {_suits_text(rules.trumps)}."]
    lines.extend(b.text for b in breaks)
    if not breaks:
        lines.append("No trump has been broken yet.")
    lines.extend(d.text for d in decided)
    if other is not None and not decided:
        lines.append("No trick's winner has depended on which trump is superior.")
    said = tuple(Said(x) for x in lines)
    return TrumpTimeline(hand.index, rules.trumps, superior, set_at,
                         tuple(breaks), tuple(decided), teacher_text(said), said)


# ---------------------------------------------------------------------------- knowledge


@dataclass(frozen=True)
class SeatKnowledge(_Explained):
    """What ``seat`` may know at a position: its own cards (None before it has looked), the
    cards it has seen played, the voids revealed (seat -> suits it failed to follow), the cards
    it passed and received in an exchange, and the bids made."""

    seat: int
    own: tuple[str, ...] | None
    seen_played: tuple[str, ...]
    voids: dict[int, tuple[str, ...]]
    passed: tuple[str, ...]
    received: tuple[str, ...]
    bids: tuple[str | None, ...]
    text: str


def who_knows_what(game: Game, seats: Iterable[int] | None = None
                   ) -> tuple[SeatKnowledge, ...]:
    """For each seat (or the given ones), what it may know now, read from
    :meth:`Game.view` (never from other seats' hidden cards)."""
    n = game.rules.players
    out = []
    for seat in (range(n) if seats is None else seats):
        v = game.view(seat)
        voids: dict[int, list[str]] = {}
        tricks = [t.plays for t in v.tricks] + ([v.trick] if v.trick else [])
        for plays in tricks:
            L = SUIT_BITS[plays[0][1].suit]
            for s, p in plays[1:]:
                if not p.card.bits & L:
                    led = plays[0][1].suit
                    if led not in voids.setdefault(s, []):
                        voids[s].append(led)
        own = tuple(c.code for c in v.hand) if v.hand is not None else None
        seen = tuple(c.code for c in v.played_cards())
        name = game.seat_name(seat)
        words = [f"{name} knows:"]
        words.append("  own cards: " + (cards_text(v.hand) if v.hand is not None else
                                        "not looked at yet"))
        words.append(f"  cards seen played: {len(seen)}")
        for s, suits in sorted(voids.items()):
            words.append(f"  {game.seat_name(s)} has no {_suits_text(suits)}")
        if v.passed or v.received:
            words.append(f"  passed {cards_text(v.passed) or 'nothing'}; received "
                         f"{cards_text(v.received) or 'nothing yet'}")
        out.append(SeatKnowledge(seat, own, seen, {s: tuple(x) for s, x in voids.items()},
                                 tuple(c.code for c in v.passed),
                                 tuple(c.code for c in v.received),
                                 tuple(str(b) if b is not None else None for b in v.bids),
                                 "\n".join(words)))
    return tuple(out)


@dataclass(frozen=True)
class KnowledgeStep(_Explained):
    """The position after ``step`` actions of a hand (STEP numbering as in
    :mod:`spades_lab.teach.whatif`), what the action was, and each seat's knowledge."""

    hand: int
    step: int
    action: str | None
    seats: tuple[SeatKnowledge, ...]
    text: str


def knowledge_steps(record: str | Path | Mapping[str, Any], hand: int = 0
                    ) -> tuple[KnowledgeStep, ...]:
    """Who knows what after each action of hand ``hand`` of a record (step 0 = after the
    deal, step k = after the first k actions: the positions of the hand's
    :class:`~spades_lab.core.line.Line`)."""
    line = Line.from_record(record, hand)
    out = []
    for k, game in enumerate(line):
        if k == 0:
            out.append(KnowledgeStep(hand, 0, None, who_knows_what(game), "After the deal."))
            continue
        step = line.steps[k - 1]
        label = _entry_text(game, step.kind, step.entry())
        out.append(KnowledgeStep(hand, k, label, who_knows_what(game), f"After {label}."))
    return tuple(out)


def _entry_text(game: Game, kind: str, e: Mapping[str, Any]) -> str:
    if kind == "bid":
        return f"{game.seat_name(e['seat'])} bids {e['bid']}"
    if kind == "exchange":
        return f"{game.seat_name(e['from'])} passes {plural(len(e['cards']), 'card')}"
    return f"{game.seat_name(e['seat'])} plays {e['card']}" + (
        f" as {e['as']}" if e.get("as") else "")


# ---------------------------------------------------------------------------- a whole hand


@dataclass(frozen=True)
class HandExplanation(_Explained):
    hand: int
    tricks: tuple[TrickExplanation, ...]
    score: ScoreExplanation | None
    trumps: TrumpTimeline
    text: str
    said: tuple[Said, ...] = _said()


def _exchange_said(hand: Hand) -> list[Said]:
    """Once the bidding is over, one line per blind nil-type bid: the exchange it brings and
    what has been passed (``blind-exchange``; ``full-nil-exchange`` for a blind Full Nil), or
    why none follows (the rule set passes no cards, or both partners bid blind), as the engine
    set the exchanges up (:attr:`Hand.exchanges`)."""
    if hand.phase == Phase.BIDDING or any(b is None for b in hand.bids):
        return []
    rules = hand.rules
    out = []
    if not rules.has_partners:  # each alone: no partner, no exchange to explain
        return []
    for seat, bid in enumerate(hand.bids):
        if bid is None or not bid.blind or not bid.nil:
            continue
        rule = "full-nil-exchange" if bid.nil == "full nil" else "blind-exchange"
        who = _name(hand, seat)
        partner = rules.partner(seat)
        mate = _name(hand, partner)
        pbid = hand.bids[partner]
        due = next((e for e in hand.exchanges if e.blind == seat), None)
        lo, hi = rules.exchange_range(bid.nil)
        if due is not None:
            words = (f"{who} bid {bid.label} before looking, so {who} passes "
                     f"{exchange_count_words(due.lo, due.hi)} face down to {mate}, who passes "
                     "as many back")
            if due.passed is not None:
                k = len(due.passed)
                words += f": {who} passed " + (
                    "no cards, so none come back" if k == 0 else plural(k, "card") + (
                        f" and {mate} passed {k} back" if due.returned is not None else ""))
        elif hi == 0:
            words = (f"{who} bid {bid.label}: in these rules no cards are exchanged after a "
                     f"blind {bid.nil.title()}")
        elif pbid is not None and pbid.blind:
            if pbid.nil and partner < seat:
                continue  # the pair's line is said once, at the first of the two
            words = (f"{who} and {mate} both bid blind ({bid.label}, {pbid.label}): when both "
                     "partners bid blind, no cards are exchanged")
        else:  # pragma: no cover - the engine sets up an exchange in every other case
            continue
        out.append(Said(words, (rule_tag(rule, bracket=True),), "."))
    return out


def _deal_size_said(hand: Hand) -> Said:
    """How many cards each player was dealt (``deal-size``): the rule set's hand size, players
    and deck (RuleSet.hand_size, RuleSet.deck), and so how many tricks the hand has; with three
    players dealt 13 each, the cards left face down."""
    rules = hand.rules
    n, size, deck = rules.players, rules.hand_size, rules.deck
    label = deck.label if deck.label.startswith(str(deck.size)) else \
        f"{deck.label} ({deck.size} cards)"
    words = f"Each of the {n} players is dealt {size} cards from the {label}"
    rest = deck.size - n * size
    if rest:
        words += f"; the other {rest} stay face down, unplayed"
    return Said(f"{words}, so the hand has {size} tricks", (rule_tag("deal-size", bracket=True),),
                ".", level=1)


def _bidding_order_said(hand: Hand) -> Said:
    """Who bids first and in what order (``not-your-turn``, the rule that refuses a bid out
    of turn): the engine's first bidder, on the dealer's left, then once around the table."""
    first, n = hand.first_bidder, hand.rules.players
    order = ", ".join(_name(hand, (first + i) % n) for i in range(n))
    return Said(f"{_name(hand, first)} bids first, on the dealer's left, and the bidding goes "
                f"once around the table, clockwise: {order}",
                (rule_tag("not-your-turn", bracket=True),), ".", level=1)


def _superior_reset_said(hand: Hand) -> Said:
    """At a new deal of the two-trump sets (``superior-trump-reset``): both trumps start
    unbroken and neither is superior until one is broken, whatever the hand before had
    (the engine's superior trump at the end of that hand)."""
    k = hand.index
    before = hand.game.hands[k - 1].superior
    had = f"in hand {k}, {suit_name(before)} were superior" if before else \
        f"in hand {k}, no trump was broken"
    names = " and ".join(suit_name(t) for t in hand.rules.trumps)
    return Said(f"A new deal: {names} are both unbroken again, and neither is superior until "
                f"one is broken ({had}): the superior trump is chosen afresh every deal",
                (rule_tag("superior-trump-reset", bracket=True),), ".")


def _opening_said(hand: Hand) -> list[Said]:
    """The lines that open a hand's account: who deals (after the first hand, the deal
    passed on clockwise: ``dealer-rotation``), how many cards each player was dealt
    (``deal-size``), who bids first and the order of the bidding (``not-your-turn``), in the
    two-trump sets after the first hand the superior trump chosen
    afresh (``superior-trump-reset``), the exchanges of the blind nil-type bids once the
    bidding is over, and who leads the first trick once the play has started
    (``first-lead``, the option ``first_lead``)."""
    rules = hand.rules
    k = hand.index
    dealer = _name(hand, hand.dealer)
    hands = hand.game.hands
    if k == 0 or k > len(hands):
        lines = [Said(f"Hand {k + 1}: {dealer} deals", stop=".")]
    else:
        before = _name(hand, hands[k - 1].dealer)
        lines = [Said(f"Hand {k + 1}: {dealer} deals: the deal passes clockwise (to the left) "
                      f"after every hand, from {before}, who dealt hand {k}",
                      (rule_tag("dealer-rotation", bracket=True),), ".")]
    lines.append(_deal_size_said(hand))
    lines.append(_bidding_order_said(hand))
    if k > 0 and rules.superior_by_first_break:
        lines.append(_superior_reset_said(hand))
    lines.extend(_exchange_said(hand))
    first = hand.tricks[0].leader if hand.tricks else hand.trick[0][0] if hand.trick else \
        hand.leader if hand.phase == Phase.PLAY else None
    if first is not None:
        why = "in these rules the dealer leads first" if rules.first_lead == "dealer" else \
            "the player on the dealer's left leads first"
        lines.append(Said(f"{_name(hand, first)} leads the first trick: {why}",
                          (rule_tag("first-lead", bracket=True),
                           option_tag("first_lead", rules.first_lead)), "."))
    return lines


def explain_hand(hand: Hand) -> HandExplanation:
    """The hand's opening (the dealer, the cards dealt, the blind exchanges, the first lead),
    every trick (the one in progress included) and after each complete one who leads the next,
    the trump timeline and, once complete, the score."""
    k = len(hand.tricks) + (1 if hand.trick else 0)
    opening = tuple(_opening_said(hand))
    tricks = tuple(explain_trick(hand, i) for i in range(k))
    score = explain_score(hand) if hand.scores is not None else None
    tl = trump_timeline(hand)
    # each complete trick, then who leads the next (its winner), while the hand goes on
    leads = [tuple(_next_lead_said(hand, i)) if t.complete else () for i, t in enumerate(tricks)]
    parts = [opening, *(t.said + nl for t, nl in zip(tricks, leads, strict=True))]
    if hand.rules.two_trumps:
        parts.append(tl.said)
    if score is not None:
        parts.append(score.said)
    # the parts' texts are their lines already rendered for teachers: joined, not re-rendered
    text = "\n\n".join([teacher_text(opening)]
                       + ["\n".join([t.text, *(x.teacher() for x in nl)])
                          for t, nl in zip(tricks, leads, strict=True)]
                       + ([tl.text] if hand.rules.two_trumps else [])
                       + ([score.text] if score is not None else []))
    return HandExplanation(hand.index, tricks, score, tl, text, join_said(parts))


__all__ = ["Legality", "CardStep", "TrickExplanation", "NilExplanation", "LineSummary", "ScoreLine",
           "TeamScoreExplanation", "ScoreExplanation", "TrumpBreak", "DecidedTrick",
           "TrumpTimeline", "SeatKnowledge", "KnowledgeStep", "HandExplanation",
           "explain_play", "explain_bid", "explain_exchange", "explain_trick", "explain_score",
           "trump_timeline", "who_knows_what", "knowledge_steps", "explain_hand",
           "TRICK_REASONS", "CARD_ROLES"]
