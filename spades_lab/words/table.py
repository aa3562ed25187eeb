"""Words for the table model (:mod:`spades_lab.table`) and its widgets, taken from
:mod:`spades_lab.teach.explain` (which asks the engine), rendered for learners from the
explanations' lines (:func:`~spades_lab.words.said.learner`); counts through the one plural
rule (:func:`~spades_lab.words.counting.plural`)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.bids import Bid, parse_bid
from ..core.cards import SUITS, Play, card_words, parse_card, suit_name
from ..core.engine import BidEvent, ExchangeEvent, Game, Hand, PlayEvent, SeatView
from ..core.errors import RuleError
from ..core.rules import RuleSet, seat_name, team_name
from ..play.players import estimate_tricks
from ..teach.bestplay import play_words
from ..teach.explain import (
    TrickExplanation,
    explain_bid,
    explain_exchange,
    explain_play,
    explain_trick,
)
from ..words.counting import noun, plural
from ..words.said import learner
from .rules import option_words

if TYPE_CHECKING:
    from ..teach.bestplay import BestPlay
    from ..teach.compare import HandComparison
    from ..teach.whatif import Divergence

#: The Ace's rank in a trick still being played: high is settled by the first face card;
#: low only when the trick is complete (a face card may still come), so it is said as "so far".
ACE_WORDS = {
    "high": "Aces are high in this trick: {face} is a face card.",
    "low": "No face card is in this trick so far: an Ace in it ranks low unless a face card "
           "comes before the trick is complete.",
}


def describe_action(before: Game, after: Game, ev: Any, hand_index: int) -> list[str]:
    """Lines on one step, in learners' words: what was done, why it was allowed, and the state
    of the trick."""
    if isinstance(ev, BidEvent):
        return bid_words(before, ev)
    if isinstance(ev, ExchangeEvent):
        return exchange_words(before, ev)
    if not isinstance(ev, PlayEvent):
        return []
    p: Play = ev.play
    lg = explain_play(before, p.card, p.suit if p.card.is_dual else None, seat=ev.seat)
    lines = [learner(lg)]
    h = after.hands[hand_index]
    t = explain_trick(h)
    if t.steps:
        last = t.steps[-1]
        lines.append(learner(last))
        if t.ace is not None and not t.complete:
            face = card_words(parse_card(t.ace_face)) if t.ace_face else ""
            lines.append(ACE_WORDS[t.ace].format(face=face))
        if last.ace_flipped:
            lines.append("This card flipped the Ace: it now ranks high.")
    if t.superior and before.rules.superior_by_first_break and not t.complete:
        at = f" (set in trick {t.superior_set_at[0] + 1})" if t.superior_set_at else ""
        lines.append(f"{suit_name(t.superior)} are the superior trump{at}.")
    if t.complete and t.winner is not None:  # the trick's result: its sentences, not the cards
        lines.extend(learner(x) for x in t.said[1:] if x.level == 0)
    return lines


def _choices_words(bids: Sequence[Any]) -> str:
    """The engine's legal bids, summed up: "a number from 1 to 13, Nil or Blind Nil"."""
    numbers = [b.tricks for b in bids if not b.is_nil]
    kinds = list(dict.fromkeys(b.label.split(" + ")[0] for b in bids if b.is_nil))
    parts = []
    if numbers:
        parts.append(f"a number from {min(numbers)} to {max(numbers)}")
    parts += kinds
    text = ", ".join(parts[:-1]) + (" or " if len(parts) > 1 else "") + parts[-1] if parts else ""
    if any(" + " in b.label for b in bids):
        text += " (a nil may add + a number of tricks)"
    return text


def bid_words(before: Game, ev: BidEvent) -> list[str]:
    """A bid and why it was allowed, from :func:`~spades_lab.teach.explain.explain_bid` and the
    engine's legal bids at that moment."""
    who = before.seat_name(ev.seat)
    lg = explain_bid(before, ev.bid.to_json(), seat=ev.seat)
    lines = [f"{who} bids {ev.bid.label}" + (" (blind: before looking at the cards)."
                                            if ev.bid.blind else ".")]
    if not lg.legal:
        return lines + [learner(lg)]
    legal = before.legal_bids()
    if legal:
        lines.append(f"Allowed: {who} could bid {_choices_words(legal)}.")
    return lines


def exchange_words(before: Game, ev: ExchangeEvent) -> list[str]:
    """A blind nil exchange and why it was allowed, from
    :func:`~spades_lab.teach.explain.explain_exchange`."""
    who, to = before.seat_name(ev.seat), before.seat_name(ev.to)
    lines = [f"{who} passes {plural(len(ev.cards), 'card')} face down to {to}."]
    lg = explain_exchange(before, ev.seat, ev.cards)
    if not lg.legal:
        return lines + [learner(lg)]
    lo, hi = lg.evidence.get("lo"), lg.evidence.get("hi")
    if isinstance(lo, int) and isinstance(hi, int):
        due = (f"exactly {plural(hi, 'card')}" if lo == hi else f"up to {plural(hi, 'card')}")
        lines.append(f"Allowed: after a blind nil, partners exchange {due} each way.")
    return lines


Pair = tuple[Any, Any]


def _changes(players: int, team_seats: Sequence[Sequence[int]], taken: Pair,
             hand_scores: Sequence[Pair]) -> tuple[list[str], list[str]]:
    """Seats taking other numbers of tricks, and teams scoring otherwise, from (before, after)
    pairs."""
    seats, teams = [], []
    a, b = taken
    for s in range(min(players, len(a), len(b))):
        if a[s] != b[s]:
            seats.append(f"{seat_name(s, players)} takes {plural(b[s], 'trick')} instead of "
                     f"{a[s]}.")
    for team, (x, y) in zip(team_seats, hand_scores, strict=False):
        if x is not None and y is not None and x != y:
            teams.append(f"{team_name(team, players)} score {y:+d} instead of {x:+d} "
                         f"({y - x:+d}).")
    return seats, teams


def hand_changes(players: int, team_seats: Sequence[Sequence[int]], taken: Pair,
                 hand_scores: Sequence[Pair],
                 trick_winners: Sequence[tuple[int, int | None, int | None]] = (),
                 notes: Sequence[str] = ()) -> list[str]:
    """What changed in a hand (a :class:`~spades_lab.teach.whatif.HandDiff`'s pairs), in words."""
    seats, teams = _changes(players, team_seats, taken, hand_scores)
    moved = [(k, a, b) for k, a, b in trick_winners if a is not None and b is not None]
    if moved:
        seats.append("Tricks won by someone else: " + ", ".join(
            f"{k + 1} ({seat_name(b, players)} instead of {seat_name(a, players)})"
            for k, a, b in moved) + ".")
    out = seats + teams
    if not out:
        out.append("Nothing changes: every trick goes the same way and the scores are the "
                   "same.")
    out.extend(notes)
    return out


def compare_outcomes(a_rules: RuleSet, b_rules: RuleSet, hand: HandComparison,
                     notes: Sequence[str] = ()) -> list[str]:
    """What changes between the same deal played under two rule sets (one hand of a
    :class:`~spades_lab.teach.compare.RuleComparison`)."""
    out = []
    if a_rules.name != b_rules.name:
        out.append(f"Rule set: {a_rules.name} → {b_rules.name}.")
    a_words, b_words = option_words(a_rules), option_words(b_rules)
    if len(a_words) == len(b_words):
        out += [f"{y} (Before: {x})" for x, y in zip(a_words, b_words, strict=True) if x != y]
    else:
        out += [f"Now: {y}" for y in b_words if y not in a_words]
    seats, teams = _changes(b_rules.players, b_rules.team_seats, hand.taken,
                            [t.hand_score for t in hand.teams])
    changes = seats + teams
    if not out and not changes:
        out.append("Same rules: nothing changes.")
    elif not changes:
        out.append("The tricks and the scores come out the same on this deal.")
    out.extend(changes)
    out.extend(notes)
    return out


def step_words(d: Divergence, rules: RuleSet) -> str:
    """A recorded action that no longer fits (a :class:`~spades_lab.teach.whatif.Divergence`'s
    fields), for people: the seat by name, cards in words.

    >>> from spades_lab.teach.whatif import Divergence
    >>> acorns = RuleSet.preset("acorns")
    >>> step_words(Divergence(0, 9, "", "", "", "play", 0, ("8A",), None, "A"), acorns)
    'North plays the 8 of Acorns as Acorns'
    >>> step_words(Divergence(0, 4, "", "", "", "exchange", 1, ("2S", "QH")), acorns)
    'East passes the 2 of Spades and the Queen of Hearts'
    >>> step_words(Divergence(0, 2, "", "", "", "bid", 3, bid="nil"), RuleSet.preset("standard"))
    'West bids Nil'
    """
    players = rules.players
    who = seat_name(d.seat, players) if d.seat is not None and 0 <= d.seat < players else \
        "a seat the table does not have"

    def named(code: str) -> str:
        try:
            return card_words(parse_card(code))
        except RuleError:
            return f"a card the deck does not have ({code})"

    if d.kind == "bid":
        try:
            label = parse_bid(rules, d.bid).label
        except RuleError:
            label = f"{d.bid}, which is not a bid"
        return f"{who} bids {label}"
    names = " and ".join(named(c) for c in d.cards) or "no cards"
    if d.kind == "exchange":
        return f"{who} passes {names}"
    suit = f" as {SUITS[d.as_].name}" if d.as_ in SUITS else ""
    return f"{who} plays {names}{suit}"


def divergence_notes(divergences: Sequence[Divergence], first_play: int, rules: RuleSet
                     ) -> list[str]:
    """Where a re-played hand stopped following the record, in words from the divergences'
    fields (``first_play``: the STEP of the hand's first play, so a play's trick can be
    named)."""
    players = rules.players
    out = []
    for d in divergences:
        where = (f"In trick {(d.step - first_play) // players + 1}" if d.step >= first_play
                 else f"At step {d.step + 1} of the hand")
        out.append(f"{where} the record no longer fits: its next action "
                   f"({step_words(d, rules)}) is refused: {d.message.rstrip('.')}. Simple "
                   "players choose the rest of that hand.")
    return out


def recorded_play_words(who: str, play: Play, view: BestPlay, *, lead: bool) -> str:
    """The card a record plays next, measured by the best-play view of that position.

    >>> from spades_lab.core.cards import parse_card
    >>> from spades_lab.teach.bestplay import BestPlay, CardVerdict
    >>> nine, five = parse_card("9S").play, parse_card("5C").play
    >>> view = BestPlay(3, (1, 3), 7, 6, True, (CardVerdict(nine, 6, 0, ""),
    ...                 CardVerdict(five, 4, 2, "")), "")
    >>> recorded_play_words("West", five, view, lead=True)
    'Next in the record: West leads the 5♣, which gives two tricks away.'
    >>> recorded_play_words("West", nine, view, lead=True)
    'Next in the record: West leads the 9♠, a card that keeps the most (6 tricks).'
    """
    verb = "leads" if lead else "plays"
    head = f"Next in the record: {who} {verb} the {play_words(play)}"
    if not view.exact:
        return head + "."
    try:
        v = view.verdict(play)
    except KeyError:
        return head + "."
    if v.lost == 0:
        return head + f", a card that keeps the most ({plural(v.tricks, 'trick')})."
    n = _NUMBERS[v.lost] if v.lost < len(_NUMBERS) else str(v.lost)
    return head + f", which gives {n} {noun(v.lost, 'trick')} away."


_NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


# ---------------------------------------------------------------------------- teaching the bids


#: A nil kind in a learner's words: what the bid promises.
NIL_WORDS = {
    None: "a number of tricks: how many you expect your cards to win",
    "nil": "take no trick at all",
    "full nil": "take no trick at all",
    "nil spades": "take no trick with a Spade, plus a number of tricks with your other cards",
    "nil acorns": "take no trick with an Acorn, plus a number of tricks with your other cards",
}


@dataclass(frozen=True)
class BidKind:
    """One kind of bid a seat may make now (a number of tricks, Nil, Nil Spades, Blind Nil,
    ...), its words, and its bids by number of tricks: a menu of a kind and a number instead
    of one long list.

    >>> from spades_lab.core.engine import Game
    >>> g = Game("acorns"); g.deal(rng=__import__("random").Random(1)); g.look(g.turn)
    >>> [(k.label, len(k.bids)) for k in bid_kinds(g.legal_bids())]
    [('A number', 33), ('Nil Spades', 33), ('Nil Acorns', 33), ('Full Nil', 1)]
    """

    label: str
    words: str
    nil: str | None
    blind: bool
    bids: tuple[Bid, ...]

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(b.tricks for b in self.bids)

    def bid(self, tricks: int) -> Bid:
        """The bid of this kind with ``tricks`` (KeyError: no such bid of this kind)."""
        for b in self.bids:
            if b.tricks == tricks:
                return b
        raise KeyError(tricks)


def bid_kinds(bids: Sequence[Bid]) -> list[BidKind]:
    """The engine's legal bids grouped by kind (in the engine's order), each kind's bids by
    number of tricks."""
    groups: dict[tuple[str | None, bool], list[Bid]] = {}
    for b in bids:
        groups.setdefault((b.nil, b.blind), []).append(b)
    out = []
    for (nil, blind), bs in groups.items():
        name = "A number" if nil is None else nil.title()
        label = ("Blind " if blind else "") + (name if nil is not None or not blind else
                                               "number")
        words = NIL_WORDS.get(nil, "")
        if blind:
            words += ", bid before looking at your cards"
        out.append(BidKind(label, words, nil, blind, tuple(sorted(bs, key=lambda b: b.tricks))))
    return out


def _cards_list(cards: Sequence[Any]) -> str:
    names = [card_words(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _trump_words(rules: RuleSet) -> str:
    return " and ".join(suit_name(t) for t in rules.trumps)


def bid_reason(view: SeatView, bid: Bid) -> str:
    """Why the practice bot bids ``bid`` with the cards of ``view`` (its own reasoning: the
    tricks :func:`~spades_lab.play.players.estimate_tricks` counts, its likely winners, its
    trumps, the partner's bid), in words.

    >>> from spades_lab.core.engine import Game
    >>> g = Game("standard"); g.deal(rng=__import__("random").Random(3)); g.look(g.turn)
    >>> v = g.view(g.turn)
    >>> bid_reason(v, Bid(3)).startswith("It expects about 3 tricks from these cards")
    True
    """
    rules = view.rules
    hand = list(view.hand or ())
    if rules is None or not hand:
        return ""
    est = estimate_tricks(rules, hand)
    likely = [c for c in rules.deck.sorted(hand) if estimate_tricks(rules, [c]) >= 0.75]
    trumps = [c for c in hand if any(t in c.suits for t in rules.trumps)]
    share = sum(1 for c in rules.deck.cards if any(t in c.suits for t in rules.trumps)) \
        / rules.players
    mates = [s for s in rules.team_seats[rules.team_of(view.seat)] if s != view.seat]
    told = [(s, view.bids[s]) for s in mates if view.bids[s] is not None]
    partner = "".join(f" Your partner {seat_name(s, rules.players)} bid {b.label}."
                      for s, b in told if b is not None)
    if bid.nil is not None and bid.nil_suit is None:  # Nil, Full Nil
        return (f"None of these cards is likely to win a trick by itself (it counts about "
                f"{est:.1f} tricks in all), so it promises to take no trick at all: a bonus if "
                f"it takes none, a loss if it takes one.{partner}")
    if bid.nil is not None:
        suit = suit_name(bid.nil_suit or "")
        held = [c for c in hand if bid.nil_suit in c.suits]
        few = "no " + suit if not held else f"only {_cards_list(held)} in {suit}"
        return (f"It holds {few}, so it promises to take no trick with one of its {suit}, "
                f"and counts about {plural(bid.tricks, 'trick')} with its other cards."
                f"{partner}")
    parts = [f"It expects about {plural(bid.tricks, 'trick')} from these cards"]
    if likely:
        parts.append(f": {_cards_list(likely)} {'is' if len(likely) == 1 else 'are'} likely to "
                     "win")
    if trumps:
        many = len(trumps) > share
        parts.append(f"{', and' if likely else ':'} it holds {plural(len(trumps), 'trump')} "
                     f"({_trump_words(rules)}){', more than a fair share' if many else ''}")
    out = "".join(parts) + "."
    if told:
        both = sum(b.tricks for _, b in told if b is not None) + bid.tricks
        out += partner + f" Together that is a partnership bid of {both}."
    return out


def blind_reason(view: SeatView, pick: Bid | None) -> str:
    """Why the practice bot bids blind (``pick``) or looks first (None), in words: a blind bid
    is worth its risk only when its side trails far behind."""
    rules = view.rules
    if rules is None or not view.totals:
        return ""
    team = rules.team_of(view.seat)
    behind = max(t for i, t in enumerate(view.totals) if i != team) - view.totals[team]
    where = (f"your side trails by {plural(behind, 'point')}" if behind > 0 else
             "your side is not behind")
    if pick is None:
        return ("A blind bid, made before looking, scores more if it is made and loses more if "
                f"not: it is worth the risk only far behind, and {where}.")
    return f"It bids blind, before looking: {where}, far enough behind to take the risk."


# ---------------------------------------------------------------------------- a plain line a phase


def phase_line(wait: str, rules: RuleSet, seat: int, hand: Hand | None, *,
               legal: Sequence[Bid] = (), due: dict[str, Any] | None = None,
               lead: bool = False, waiting_for: str = "") -> str:
    """What to do now, in one plain line, for a person at ``seat`` (``wait``: one of
    :data:`spades_lab.table.WAITS`)."""
    mates = [s for s in rules.team_seats[rules.team_of(seat)] if s != seat]
    partner = " and ".join(seat_name(s, rules.players) for s in mates)
    if wait == "look":
        return ("Bidding: you may bid blind now, before looking at your cards (a bigger "
                "bonus if you make it, a bigger loss if not), or look at your cards first and "
                "then bid. Most players look first.")
    if wait == "bid":
        kinds = [k for k in bid_kinds(legal) if k.nil is not None]
        names = " and ".join(k.label for k in kinds) if len(kinds) < 3 else \
            ", ".join(k.label for k in kinds[:-1]) + " or " + kinds[-1].label
        nils = f" Or bid {kinds[0].label}: {kinds[0].words}." if len(kinds) == 1 else (
            f" Or bid a nil ({names}): a promise to take no trick, or none with one suit."
            if kinds else "")
        who = (f"your partner {partner} bids too, and your two bids" if len(mates) == 1 else
               f"your partners {partner} bid too, and your bids")
        return (f"Bidding: say how many tricks you expect your cards to win; {who} add up to "
                f"what your partnership must take.{nils}")
    if wait == "exchange" and due is not None:
        to = seat_name(due["to"], rules.players)
        n = plural(due["hi"], "card") if due["lo"] == due["hi"] else \
            f"{due['lo']} to {plural(due['hi'], 'card')}"
        how = "face down, without seeing them" if due["face_down"] else "of your choice"
        return (f"Card exchange after a blind nil: pass {n} {how} to {to}; you get as many "
                "back.")
    if wait == "play":
        trumps = _trump_words(rules)
        if lead:
            return (f"Your lead: play any card marked green; the others must follow its suit if "
                    f"they can. {trumps} are trumps: "
                    "you may lead a trump only once trumps are broken (or when you hold "
                    "nothing else).")
        return ("Your turn: follow the suit led if you can (the cards marked green are the ones "
                f"the rules allow); if you cannot, you may play a trump ({trumps}) to win the "
                "trick, or throw away any other card.")
    if wait in ("bots", "others"):
        return f"Wait: the table waits for {waiting_for}." if waiting_for else "Wait."
    if wait == "next-hand":
        return "The hand is over: read how it scored below, then deal the next hand."
    if wait == "over":
        return "The game is over: the highest total wins."
    return ""


def taken_words(hand: Hand, you: int | None = None) -> str:
    """What the "taken/bid" marks on the table mean, in words: each seat's tricks taken so far
    and its bid.

    >>> from spades_lab.core.records import replay
    >>> h = replay("data/scenarios/demo_acorns_th.json").game.hands[0]
    >>> taken_words(h).split(":")[0]
    'Tricks taken so far, of the tricks each seat bid'
    """
    n = hand.n
    parts = []
    for s in range(n):
        b = hand.bids[s]
        who = "you" if s == you else seat_name(s, n)
        if b is None:
            parts.append(f"{who} {hand.taken[s]} (no bid yet)")
        elif b.nil is not None and b.nil_suit is None:
            parts.append(f"{who} {hand.taken[s]} of none ({b.label})")
        else:
            parts.append(f"{who} {hand.taken[s]} of {b.tricks}" +
                         (f" ({b.label})" if b.nil is not None else ""))
    return "Tricks taken so far, of the tricks each seat bid: " + ", ".join(parts) + "."


def lost_ace_words(hand: Hand, k: int, explained: TrickExplanation | None = None) -> list[str]:
    """For a completed trick ``k`` where the Ace ranked low (no face card in it, the
    Acorns ace-low rule) and an Ace of the led suit lost: that the Ace was low, and why.
    ``explained``: the trick's :func:`explain_trick`, where the caller has it already."""
    t = explain_trick(hand, k) if explained is None else explained
    if t.ace != "low" or not t.complete or t.winner is None:
        return []
    trick = hand.tricks[k]
    led = trick.plays[0][1].suit
    won = dict(trick.plays)[t.winner]
    if won.suit != led:
        return []  # a trump won: the Ace lost to the trump, not for being low
    out = []
    for s, p in trick.plays:
        if p.card.is_ace and p.suit == led and s != t.winner:
            out.append(f"{seat_name(s, hand.n)}'s {p.card.name} counted low: with no "
                       "face card in the trick an Ace ranks below the 2, so it lost.")
    return out


def recap_lines(hand: Hand) -> list[str]:
    """The hand so far, for someone who takes it over: the bids, any exchange, and each trick
    played (who led, who won it and with what)."""
    n = hand.n
    out = [f"The hand so far (hand {hand.index + 1}):"]
    order = [(hand.dealer + 1 + k) % n for k in range(n)]
    bids = [f"{seat_name(s, n)} {b.label}" for s in order if (b := hand.bids[s]) is not None]
    if bids:
        out.append("Bids: " + ", ".join(bids) + ".")
    for e in hand.exchanges:
        if e.passed is not None:
            out.append(f"{seat_name(e.blind, n)} passed {plural(len(e.passed), 'card')} to "
                       f"{seat_name(e.partner, n)}" + (", who passed as many back."
                                                      if e.returned is not None else "."))
    for t in hand.tricks:
        s0, p0 = t.plays[0]
        win = dict(t.plays)[t.winner]
        out.append(f"Trick {t.index + 1}: {seat_name(s0, n)} led {card_words(p0.card)}; "
                   f"{seat_name(t.winner, n)} won it with {card_words(win.card)}.")
    if not hand.tricks:
        out.append("No trick has been played yet.")
    else:
        out.append(taken_words(hand))
    return out


__all__ = ["BidKind", "bid_kinds", "bid_reason", "blind_reason", "phase_line", "taken_words",
           "lost_ace_words", "recap_lines", "NIL_WORDS", "describe_action", "hand_changes",
           "compare_outcomes", "divergence_notes",
           "step_words", "bid_words", "exchange_words", "ACE_WORDS", "recorded_play_words"]
