"""``spades-lab explain`` and ``spades-lab whatif``.

``spades-lab explain FILE [--hand H] [--trick K] [--json]`` explains a record: every trick
of hand H (or only trick K; default: every hand), the trump timeline in the Acorns sets, and
each complete hand's score line by line.

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
    e.add_argument("--json", action="store_true")
    e.set_defaults(func=cmd_explain)
    w = sub.add_parser(
        "whatif", help="replace one action of a record and show the difference",
        description=__doc__.split("\n\n")[2],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    w.add_argument("file")
    w.add_argument("--at", required=False, default=None, metavar="H:STEP",
                   help="hand and step, 0-based; STEP counts bids, then exchanges, then plays")
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


def cmd_explain(args: argparse.Namespace) -> int:
    from ..core.records import replay
    from ..teach.explain import explain_hand, explain_trick

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
    except RuleError as e:
        return _error(e, args.json)
    if args.json:
        print(json.dumps([x.to_dict() for x in items], indent=1, ensure_ascii=False))
    else:
        print("\n\n".join(x.text for x in items))
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
        w = what_if(args.file, _parse_at(args.at), args.action, options=options or None,
                    then=args.then, seed=args.seed)
    except RuleError as e:
        return _error(e, args.json)
    if args.json:
        print(json.dumps(w.to_dict(), indent=1, ensure_ascii=False))
    else:
        print(w.text)
    return 0
