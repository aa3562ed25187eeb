"""Claims: a player says how many of the remaining tricks their side takes, and the hand ends.

The rules of a claim (docs/rulings.md, "Claims"), in one place for the engine to call:

* the seat to play claims, during the play only (``claim-wrong-phase``, ``claim-not-your-turn``);
* a claim is of 0 to the tricks remaining, the trick in progress included (``claim-too-many``);
* claims are off in a hand where a Nil Spades or Nil Acorns bid stands: such a nil is decided
  by the cards its bidder wins, which counting tricks cannot settle (``claim-off``);
* an accepted claim ends the hand: the tricks claimed go to the claimer's side, the rest to the
  other players, and the hand is scored by the normal scoring.  Within a side the tricks go to
  the first seat in turn order (from the claimer for the claimer's side, from the claimer's
  left for the others) that bid no nil, else to that first seat: a claim never breaks a nil
  that the trick count alone leaves standing;
* ``verified`` says why the claim stands: ``exact`` (the double-dummy solver proved the claimer's
  side takes that many against any defence) or ``agreed`` (every other player, or the teacher,
  accepted it without the proof).

The checking by the solver and the robots' answers live above the core
(:mod:`spades_lab.teach.claims`); the engine applies a claim through :func:`claim_refusal`
and :func:`claim_takers`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..words.counting import plural
from .errors import IllegalAction, Rule
from .rules import RuleSet, seat_name

if TYPE_CHECKING:
    from .bids import Bid

__all__ = ["Claim", "VERIFIED", "TEACHER", "claim_refusal", "claim_takers", "side_seats",
           "claim_from_json"]

#: Why a claim stands: the solver proved it, or the other players (or the teacher) agreed.
VERIFIED = ("exact", "agreed")
#: The name the teacher accepts a claim under in ``accepted_by`` (the classroom).
TEACHER = "teacher"


class Claim(NamedTuple):
    """An accepted claim: ``seat`` claims ``tricks`` of the remaining tricks for its side;
    ``accepted_by`` the seats (or ``"teacher"``) that accepted it; ``verified`` one of
    :data:`VERIFIED`."""

    seat: int
    tricks: int
    accepted_by: tuple[int | str, ...] = ()
    verified: str = "agreed"

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "tricks": self.tricks, "accepted_by": list(self.accepted_by),
                "verified": self.verified}


def claim_from_json(data: Any) -> Claim:
    """A record's ``claim`` entry as a :class:`Claim` (its shape is checked by
    :mod:`spades_lab.core.validate`)."""
    return Claim(data["seat"], data["tricks"], tuple(data.get("accepted_by", ())),
                 data.get("verified", "agreed"))


def side_seats(rules: RuleSet, seat: int) -> tuple[int, ...]:
    """The seats on ``seat``'s side (its partnership; itself alone where each plays alone)."""
    return tuple(rules.team_seats[rules.team_of(seat)])


def claim_refusal(rules: RuleSet, *, playing: bool, turn: int | None, remaining: int,
                  bids: Sequence[Bid | None], seat: Any, tricks: Any,
                  accepted_by: Sequence[Any] = (), verified: str = "agreed"
                  ) -> IllegalAction | None:
    """Why ``seat`` may not claim ``tricks`` now (None: it may).  ``playing``: the hand is in
    its play; ``turn`` the seat to play; ``remaining`` the tricks not yet won."""
    n = rules.players
    if not playing:
        return IllegalAction(Rule.CLAIM_WRONG_PHASE, "A claim is made during the play, once the "
                             "bidding is over and before the last trick is won.")
    if type(seat) is not int or not 0 <= seat < n:
        return IllegalAction(Rule.CLAIM_NOT_YOUR_TURN, f"A claim is made by a seat, 1 to {n}.")
    if seat != turn:
        who = seat_name(turn, n) if turn is not None else "another player"
        return IllegalAction(Rule.CLAIM_NOT_YOUR_TURN, f"{seat_name(seat, n)} may claim only "
                             f"when it is their turn to play: it is {who}'s turn.")
    for s, b in enumerate(bids):
        if b is not None and b.nil_suit is not None:
            return IllegalAction(Rule.CLAIM_OFF, f"Claims are off in this hand: "
                                 f"{seat_name(s, n)}'s {b.nil.title() if b.nil else 'nil'} "
                                 "is decided by the cards they win, so every card is played.")
    if type(tricks) is not int or not 0 <= tricks <= remaining:
        return IllegalAction(Rule.CLAIM_TOO_MANY, f"{plural(remaining, 'trick')} remain: a "
                             f"claim is of 0 to {remaining}.")
    if verified not in VERIFIED:
        return IllegalAction(Rule.CLAIM_NOT_ACCEPTED, "A claim stands when the solver proved it "
                             "or the other players agreed to it.")
    mine = side_seats(rules, seat)
    seen: set[Any] = set()
    for a in accepted_by:
        if a in seen or not (a == TEACHER or type(a) is int and 0 <= a < n and a not in mine):
            return IllegalAction(Rule.CLAIM_NOT_ACCEPTED, "A claim is accepted by the other "
                                 "players (or the teacher), each once.")
        seen.add(a)
    if verified == "agreed" and TEACHER not in seen and tricks > 0 and not all(
            s in seen for s in range(n) if s not in mine):
        return IllegalAction(Rule.CLAIM_NOT_ACCEPTED, "A claim the solver has not proved "
                             "stands only when every other player accepts it.")
    return None


def _first_clean(order: Sequence[int], bids: Sequence[Bid | None]) -> int:
    for s in order:
        b = bids[s]
        if b is None or not b.is_nil:
            return s
    return order[0]


def claim_takers(rules: RuleSet, seat: int, bids: Sequence[Bid | None]) -> tuple[int, int | None]:
    """(the seat that takes the claimed tricks, the seat that takes the rest); None for the
    rest where no seat is outside the claimer's side."""
    n = rules.players
    mine = side_seats(rules, seat)
    order = [(seat + k) % n for k in range(n)]
    ours = [s for s in order if s in mine]
    theirs = [s for s in order if s not in mine]
    return _first_clean(ours, bids), (_first_clean(theirs, bids) if theirs else None)
