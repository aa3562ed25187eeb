"""``spades-lab explain`` and ``spades-lab whatif``.

``spades-lab explain FILE [--hand H] [--trick K] [--json]`` explains a record: every trick
of hand H (or only trick K; default: every hand), the trump timeline in the Acorns sets, and
each complete hand's score line by line; a record that stops mid-hand ends with what the
position waits for.  ``--actions`` adds why each bid, exchange and lead was allowed;
``--action TEXT [--at H:STEP]`` says whether TEXT (a bid, an exchange or a card, as for
whatif) is allowed at that position (default: where the record ends), and why.

``spades-lab whatif FILE --at H:STEP --action TEXT [--then record|players] [--option K=V]
[--seed N] [--json]`` replaces action STEP of hand H and shows the difference.  STEP counts
the hand's actions from 0: the bids, then the exchanges, then the plays (as
``records.replay(upto=(H, STEP))``).  TEXT is a bid (``4``, ``nil``, ``"blind nil spades + 2"``),
a card (``QH``, ``"TPS as S"``) or an exchange (``"AS KS"``).  A rejected input exits with
status 2 (with ``--json``: ``{"error": {"rule": ..., ...}}``).
"""
from __future__ import annotations

import argparse
import json
from typing import Any

from ..core.errors import RecordError, RuleError, echo, parse_whole
from .common import report


def register(sub: Any) -> None:
    e = sub.add_parser("explain", help="explain a record's tricks and scores",
                       description=__doc__.split("\n\n")[1])
    e.add_argument("file")
    e.add_argument("--hand", type=int, default=None, help="0-based hand index")
    e.add_argument("--trick", type=int, default=None, help="0-based trick index (with --hand)")
    e.add_argument("--actions", action="store_true",
                   help="also explain why each bid, exchange and lead was allowed")
    e.add_argument("--action", default=None, metavar="TEXT",
                   help="is this bid / exchange / card ('TPS as S') allowed at --at, and why?")
    e.add_argument("--at", default=None, metavar="H:STEP",
                   help="with --action: the position (default: where the record ends)")
    e.add_argument("--json", action="store_true")
    e.set_defaults(func=cmd_explain)
    w = sub.add_parser(
        "whatif", help="replace one action of a record and show the difference",
        description=__doc__.split("\n\n")[2],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    w.add_argument("file")
    w.add_argument("--at", default=None, metavar="H:STEP",
                   help="hand and step, 0-based; STEP counts bids, then exchanges, then plays "
                   "(needed with --action)")
    w.add_argument("--action", default=None, metavar="TEXT",
                   help="a bid, a card ('TPS as S') or an exchange ('AS KS')")
    w.add_argument("--then", default="record", choices=("record", "players"),
                   help="record: keep the recorded actions while legal, then players to the "
                   "end of that hand; players: players finish the hand")
    w.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="change a rule option for the branch")
    w.add_argument("--seed", type=int, default=0, help="seed of the players' random choices")
    w.add_argument("--json", action="store_true")
    w.set_defaults(func=cmd_whatif)


def _error(e: RuleError, as_json: bool) -> int:

    return report(e, as_json)


def _explain_one_action(args: argparse.Namespace) -> Any:
    """The legality explanation of ``--action`` at ``--at`` (default: the record's end)."""
    from ..core.records import load_record, replay
    from ..teach.explain import explain_bid, explain_exchange, explain_play
    from ..teach.whatif import parse_action

    data = load_record(args.file)
    game = replay(data, upto=_parse_at(args.at) if args.at else None).game
    step = parse_action(game, args.action)
    kind, entry = step.kind, step.entry()
    if kind == "bid":
        return explain_bid(game, entry["bid"], entry["seat"])
    if kind == "exchange":
        return explain_exchange(game, entry["from"], entry["cards"])
    return explain_play(game, entry["card"], entry.get("as"), entry["seat"])


def _explain_actions(file: str, hand: int) -> list[Any]:
    """Why each bid, exchange and lead of hand ``hand`` was allowed, asked of the position
    just before it."""
    from ..core.records import apply_step, hand_steps, load_record, replay
    from ..teach.explain import explain_bid, explain_exchange, explain_play

    data = load_record(file)
    game = replay(data, upto=(hand, 0)).game
    out = []
    for step in hand_steps(data, hand):
        kind, e = step.kind, step.entry()
        h = game.hand
        if kind == "bid":
            out.append(explain_bid(game, e["bid"], e["seat"]))
        elif kind == "exchange":
            out.append(explain_exchange(game, e["from"], e["cards"]))
        elif h is not None and not h.trick:
            out.append(explain_play(game, e["card"], e.get("as"), e["seat"]))
        apply_step(game, step)
    return out


def _waiting(game: Any) -> str:
    """What a position stopped mid-hand waits for."""
    h = game.hand
    if h is None or h.complete or game.over:
        return ""
    return f"Hand {h.index + 1} is waiting for {h.waiting_for()}."


def cmd_explain(args: argparse.Namespace) -> int:
    from ..core.records import replay
    from ..teach.explain import explain_hand, explain_trick

    if args.action is not None:
        try:
            legality = _explain_one_action(args)
        except RuleError as e:
            return _error(e, args.json)
        print(json.dumps(legality.to_dict(), indent=1, ensure_ascii=False) if args.json
              else legality.text)
        return 0
    try:
        game = replay(args.file).game
        hands = game.hands
        if args.hand is not None:
            if not 0 <= args.hand < len(hands):
                raise RecordError("bad-record", f"The record has {len(hands)} hand(s); there "
                                  f"is no hand {args.hand}.", hand=args.hand)
            hands = [hands[args.hand]]
        if args.trick is not None:
            if args.hand is None and len(game.hands) > 1:
                raise RecordError("bad-record", "--trick needs --hand when the record has "
                                  "several hands.")
            if not hands:
                raise RecordError("bad-record", "The record has no hands, so it has no trick "
                                  f"{args.trick}.")
            h = hands[0]
            # complete tricks, and the trick in progress once a card of it is played
            count = len(h.tricks) + (1 if h.trick else 0)
            if not 0 <= args.trick < count:
                valid = f"its tricks are 0-{count - 1}" if count else "no card is played yet"
                raise RecordError("bad-record", f"Hand {h.index} has no trick {args.trick}: "
                                  f"{valid} (0-based).", hand=h.index)
            items: list[Any] = [explain_trick(h, args.trick)]
        else:
            items = [explain_hand(h) for h in hands]
        actions = {h.index: _explain_actions(args.file, h.index) for h in hands} \
            if args.actions else {}
    except RuleError as e:
        return _error(e, args.json)
    waiting = _waiting(game) if args.trick is None and hands and hands[-1] is game.hand else ""
    if args.json:
        out: list[Any] = [x.to_dict() for x in items]
        if args.actions:
            out = [{"hand": i, "actions": [a.to_dict() for a in acts]}
                   for i, acts in actions.items()] + out
        print(json.dumps(out, indent=1, ensure_ascii=False))
    else:
        parts = []
        for i, acts in actions.items():
            parts.append(f"Hand {i + 1}: why each bid, exchange and lead was allowed\n"
                         + "\n".join("  " + a.text for a in acts))
        parts += [x.text for x in items if x.text]
        if waiting:
            parts.append(waiting)
        print("\n\n".join(parts))
    return 0


def _parse_at(text: str | None) -> tuple[int, int]:
    if text is None:
        return (0, 0)
    h, _, k = text.partition(":")
    hand, step = parse_whole(h), parse_whole(k)
    if hand is None or step is None or hand < 0 or step < 0:
        raise RecordError("bad-record", f"--at takes HAND:STEP, two whole numbers from 0, not "
                          f"{echo(text, 40)}.")
    return hand, step


def cmd_whatif(args: argparse.Namespace) -> int:
    from ..core.rules import parse_option
    from ..teach.whatif import what_if

    try:
        options = dict(parse_option(o) for o in args.option)
        if args.action is None and not options:
            raise RuleError("bad-option", "Give --action TEXT (and/or --option KEY=VALUE): "
                            "what should change?")
        if args.action is not None and args.at is None:
            raise RecordError("bad-record", "Give --at HAND:STEP: which action should --action "
                              "replace? (spades-lab show FILE --at HAND:STEP lists the choices)")
        w = what_if(args.file, _parse_at(args.at), args.action, options=options or None,
                    then=args.then, seed=args.seed)
    except RuleError as e:
        return _error(e, args.json)
    if args.json:
        print(json.dumps(w.to_dict(), indent=1, ensure_ascii=False))
    else:
        print(w.text)
    return 0
