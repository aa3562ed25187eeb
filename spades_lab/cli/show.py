"""spades-lab show: the cards each seat holds at one step of a record, and what the seat to act
may do there (handy for choosing a what-if action)."""
from __future__ import annotations

import argparse
import json
from typing import Any

from ..core.engine import Phase
from ..core.errors import RecordError, Rule, RuleError
from .common import at_position, report

DESCRIPTION = (
    "Show the position after the first STEP actions of hand H of a game record: whose turn it "
    "is, the trick on the table, the cards each seat holds, and the bids or cards the seat to "
    "act may choose. Each card is shown with its symbols and with the text to type for it, "
    "for example in: spades-lab whatif FILE --at H:STEP --action TEXT (which replaces the "
    "record's next action there). Hands count from 1 (1 is the first hand); STEP is a count "
    "from 0 (0 is before the hand's first action) of its bids, then its card exchanges, then "
    "its plays. With --json the position keeps the library's numbering: \"hand\" is 0 for "
    "the first hand.")


def register(sub: Any) -> None:
    p = sub.add_parser("show", help="list the cards each seat holds at a step of a record",
                       description=DESCRIPTION)
    p.add_argument("file", metavar="FILE", help="a game record (JSON)")
    p.add_argument("--at", required=True, metavar="H:STEP",
                   help="hand H (1 = the first hand) after its first STEP actions (a count: "
                   "1:0 is before the first bid of the first hand)")
    p.add_argument("--seat", type=int, default=None, metavar="N",
                   help="show only this seat (0 North, 1 East, 2 South, 3 West; 0-7 with "
                   "eight players)")
    p.add_argument("--json", action="store_true", help="print the position as JSON")
    p.set_defaults(func=cmd_show)


def position(file: str, at: str, seat: int | None) -> dict[str, Any]:
    """The position ``at`` (``--at HAND:STEP`` as typed: the hand counted from 1, STEP a count
    of its actions) of the record ``file``, as JSON-ready data: ``hand`` is the 0-based hand
    index, ``step`` the count, ``steps`` the hand's recorded actions."""
    from ..core.line import Line
    from ..core.records import load_record

    data = load_record(file)
    hand, step = at_position(data, at)
    line = Line.of_checked(data, hand)
    steps = line.steps
    game = line.at(step)
    n = game.rules.players
    if seat is not None and not 0 <= seat < n:
        raise RecordError(Rule.BAD_RECORD, f"Seats are numbered 0 to {n - 1}; there is no seat "
                          f"{seat}.")
    h = game.hand
    assert h is not None
    turn = game.turn
    out: dict[str, Any] = {
        "hand": hand, "step": step, "steps": len(steps), "phase": game.phase,
        "waiting_for": h.waiting_for(), "turn": turn,
        "next": ({"kind": steps[step].kind, **steps[step].entry()} if step < len(steps)
                 else None),
        "trick": [{"seat": seat, "card": str(play), "pretty": play.pretty}
                  for seat, play in h.trick],
        "seats": [],
    }
    for s in range(n) if seat is None else [seat]:
        cards = sorted(h.hands[s], key=lambda c: (c.suits, -game.rules.deck.cards.index(c)))
        out["seats"].append({"seat": s, "name": game.seat_name(s),
                             "cards": [c.code for c in cards],
                             "pretty": [c.pretty for c in cards]})
    if turn is not None and game.phase == Phase.PLAY:
        order = {c: i for i, c in enumerate(sorted(
            h.hands[turn], key=lambda c: (c.suits, -game.rules.deck.cards.index(c))))}
        plays = sorted(game.legal_plays(), key=lambda p: (order.get(p.card, 0), str(p)))
        out["choices"] = [str(p) for p in plays]
        out["choices_pretty"] = [p.pretty for p in plays]
    elif turn is not None and game.phase == Phase.BIDDING:
        out["choices"] = out["choices_pretty"] = [str(b) for b in game.legal_bids()]
    out["turn_name"] = game.seat_name(turn) if turn is not None else None
    return out


def text(pos: dict[str, Any]) -> str:
    lines = [f"Hand {pos['hand'] + 1}, after {pos['step']} of its {pos['steps']} recorded steps: "
             f"waiting for {pos['waiting_for']}."]
    if pos["trick"]:
        lines.append("On the table: " + ", ".join(t["pretty"] for t in pos["trick"]) + ".")
    for s in pos["seats"]:
        mark = "  <- to act" if s["seat"] == pos["turn"] else ""
        lines.append(f"{s['name']}{mark}")
        lines.append(f"  holds {len(s['cards'])}: " + " ".join(s["pretty"]))
        lines.append("  type:     " + " ".join(s["cards"]))
    if pos.get("choices"):
        what = "play" if pos["phase"] == "play" else "bid"
        lines.append(f"{pos['turn_name']} may {what}: " + ", ".join(
            p if p == c else f"{p} ({c})" for p, c in zip(pos["choices_pretty"],
                                                          pos["choices"], strict=True)))
    if pos["next"] is not None:
        nxt = pos["next"]
        done = nxt.get("card") or nxt.get("bid") if nxt["kind"] != "exchange" else \
            " ".join(nxt.get("cards", []))
        lines.append(f"The record's next step: {nxt['kind']} {done} (whatif --at "
                     f"{pos['hand'] + 1}:{pos['step']} replaces it).")
    return "\n".join(lines)


def cmd_show(args: argparse.Namespace) -> int:
    try:
        pos = position(args.file, args.at, args.seat)
    except RuleError as e:
        return report(e, args.json)
    if args.json:
        print(json.dumps(pos, indent=1, ensure_ascii=False))
    else:
        print(text(pos))
    return 0
