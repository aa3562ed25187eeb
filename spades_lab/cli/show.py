"""spades-lab show: the cards each seat holds at one step of a record, and what the seat to act
may do there (handy for choosing a what-if action)."""
from __future__ import annotations

import argparse
import json
from typing import Any

from ..core.errors import RecordError, RuleError
from .common import report

DESCRIPTION = (
    "Show the position after the first STEP actions of hand H of a game record: whose turn it "
    "is, the trick on the table, the cards each seat holds, and the bids or cards the seat to "
    "act may choose. Each card is shown with its symbols and with the text to type for it, "
    "for example in: spades-lab whatif FILE --at H:STEP --action TEXT (which replaces exactly "
    "this action). Hands and steps count from 0; the steps of a hand are its bids, then its "
    "card exchanges, then its plays.")


def register(sub: Any) -> None:
    p = sub.add_parser("show", help="list the cards each seat holds at a step of a record",
                       description=DESCRIPTION)
    p.add_argument("file", metavar="FILE", help="a game record (JSON)")
    p.add_argument("--at", required=True, metavar="H:STEP",
                   help="hand and step, both counted from 0 (0:0 is before the first bid)")
    p.add_argument("--seat", type=int, default=None, metavar="N",
                   help="show only this seat (0 North, 1 East, 2 South, 3 West; 0-7 with "
                   "eight players)")
    p.add_argument("--json", action="store_true", help="print the position as JSON")
    p.set_defaults(func=cmd_show)


def parse_at(text: str) -> tuple[int, int]:
    try:
        h, k = text.split(":")
        at = int(h), int(k)
    except ValueError:
        raise RecordError("bad-record", f"--at takes HAND:STEP, two numbers counted from 0 "
                          f"(like 0:12), not {text!r}.") from None
    if min(at) < 0:
        raise RecordError("bad-record", "--at counts hands and steps from 0; negative numbers "
                          "name nothing.")
    return at


def position(file: str, at: tuple[int, int], seat: int | None) -> dict[str, Any]:
    from ..core.records import hand_steps, load_record, replay

    data = load_record(file)
    hand, step = at
    steps = hand_steps(data, hand)
    if step > len(steps):
        raise RecordError("bad-record", f"Hand {hand} has {len(steps)} recorded steps (0 to "
                          f"{len(steps)}); there is no step {step}.", hand=hand)
    game = replay(data, upto=(hand, step)).game
    n = game.rules.players
    if seat is not None and not 0 <= seat < n:
        raise RecordError("bad-record", f"Seats are numbered 0 to {n - 1}; there is no seat "
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
    if turn is not None and game.phase == "play":
        order = {c: i for i, c in enumerate(sorted(
            h.hands[turn], key=lambda c: (c.suits, -game.rules.deck.cards.index(c))))}
        plays = sorted(game.legal_plays(), key=lambda p: (order.get(p.card, 0), str(p)))
        out["choices"] = [str(p) for p in plays]
        out["choices_pretty"] = [p.pretty for p in plays]
    elif turn is not None and game.phase == "bidding":
        out["choices"] = out["choices_pretty"] = [str(b) for b in game.legal_bids()]
    out["turn_name"] = game.seat_name(turn) if turn is not None else None
    return out


def text(pos: dict[str, Any]) -> str:
    lines = [f"Hand {pos['hand']}, step {pos['step']} of {pos['steps']}: waiting for "
             f"{pos['waiting_for']}."]
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
        lines.append(f"The record's step {pos['step']}: {nxt['kind']} {done}.")
    return "\n".join(lines)


def cmd_show(args: argparse.Namespace) -> int:
    try:
        pos = position(args.file, parse_at(args.at), args.seat)
    except RuleError as e:
        return report(e, args.json)
    if args.json:
        print(json.dumps(pos, indent=1, ensure_ascii=False))
    else:
        print(text(pos))
    return 0
