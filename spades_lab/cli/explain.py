"""``spades-lab explain`` and ``spades-lab whatif``.

``spades-lab explain FILE [--hand H] [--trick K] [--ids] [--json]`` explains a record: every
trick of hand H (or only trick K; default: every hand), the trump timeline in the Acorns sets,
and each complete hand's score line by line, in words for learners; a record that stops
mid-hand ends with what the position waits for.  ``--ids`` adds, for teachers, the rule id of
each decision and the option (``name = value``) behind each scoring line; the JSON keeps every
id whatever is asked.  Hands and tricks are counted from 1: ``--hand 1 --trick 4`` is the fourth
trick of the first hand.  ``--actions`` adds why each bid, exchange and lead was allowed;
``--action TEXT [--at H:STEP]`` says whether TEXT (a bid, an exchange or a card, as for
whatif) is allowed at that position (default: where the record ends), and why.

``spades-lab whatif FILE --at H:STEP --action TEXT [--then record|players] [--option K=V]
[--seed N] [--json]`` goes to hand H (counted from 1: 1 is the first hand) after its first
STEP actions, replaces the action the record has next, and shows the difference.  STEP is a
count, from 0 (before the hand's first action): the bids, then the exchanges, then the plays
are counted, so ``--at 1:4`` replaces the fifth action of the first hand (the first play when
four players bid).  TEXT is a bid (``4``, ``nil``, ``"blind nil spades + 2"``), a card
(``QH``, ``"TPS as S"``) or an exchange (``"AS KS"``).  A rejected input exits with status 2
(with ``--json``: ``{"error": {"rule": ..., ...}}``).  The JSON outputs keep the library's
0-based indexes (``"hand": 0`` is the first hand, as in a record's error).
"""
from __future__ import annotations

import argparse
import json
from typing import Any

from ..core.errors import RecordError, Rule, RuleError
from ..words.said import learner, teacher
from .common import at_position, hand_index, report, trick_index


def register(sub: Any) -> None:
    e = sub.add_parser("explain", help="explain a record's tricks and scores",
                       description=__doc__.split("\n\n")[1])
    e.add_argument("file")
    e.add_argument("--hand", type=int, default=None, metavar="H",
                   help="only this hand, counted from 1 (1 = the first hand; default: every "
                   "hand)")
    e.add_argument("--trick", type=int, default=None, metavar="K",
                   help="only this trick of the hand, counted from 1 (1 = the first trick; "
                   "needs --hand when the record has several hands)")
    e.add_argument("--actions", action="store_true",
                   help="also explain why each bid, exchange and lead was allowed")
    e.add_argument("--action", default=None, metavar="TEXT",
                   help="is this bid / exchange / card ('TPS as S') allowed at --at, and why?")
    e.add_argument("--at", default=None, metavar="H:STEP",
                   help="with --action: the position, hand H (1 = the first hand) after its "
                   "first STEP actions (a count from 0; default: where the record ends)")
    e.add_argument("--ids", action="store_true",
                   help="for teachers: show each rule id and the option behind each scoring "
                   "line (the JSON always has them)")
    e.add_argument("--json", action="store_true")
    e.set_defaults(func=cmd_explain)
    w = sub.add_parser(
        "whatif", help="replace one action of a record and show the difference",
        description=__doc__.split("\n\n")[2],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    w.add_argument("file")
    w.add_argument("--at", default=None, metavar="H:STEP",
                   help="hand H (1 = the first hand) after its first STEP actions (a count "
                   "from 0 of its bids, then exchanges, then plays); the record's next action "
                   "there is replaced (needed with --action)")
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
    from ..core.line import Line
    from ..core.records import load_record, replay
    from ..teach.explain import explain_bid, explain_exchange, explain_play
    from ..teach.whatif import parse_action

    data = load_record(args.file)
    if args.at:
        hand, k = at_position(data, args.at)
        game = Line.of_checked(data, hand).at(k)
    else:
        game = replay(data).game
    step = parse_action(game, args.action)
    kind, entry = step.kind, step.entry()
    if kind == "bid":
        return explain_bid(game, entry["bid"], entry["seat"])
    if kind == "exchange":
        return explain_exchange(game, entry["from"], entry["cards"])
    return explain_play(game, entry["card"], entry.get("as"), entry["seat"])


def _explain_actions(game: Any, hand: int) -> list[Any]:
    """Why each bid, exchange and lead of hand ``hand`` (0-based) of ``game`` (a replayed
    record) was allowed, asked of the position just before it on the hand's line."""
    from ..core.line import Line
    from ..teach.explain import explain_bid, explain_exchange, explain_play

    line = Line.of(game, hand)
    out = []
    for position, step in zip(line, line.steps, strict=False):  # the last position: no action
        kind, e = step.kind, step.entry()
        h = position.hand
        if kind == "bid":
            out.append(explain_bid(position, e["bid"], e["seat"]))
        elif kind == "exchange":
            out.append(explain_exchange(position, e["from"], e["cards"]))
        elif h is not None and not h.trick:
            out.append(explain_play(position, e["card"], e.get("as"), e["seat"]))
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
        words = teacher if args.ids else learner
        print(json.dumps(legality.to_dict(), indent=1, ensure_ascii=False) if args.json
              else words(legality))
        return 0
    try:
        game = replay(args.file).game
        hands = game.hands
        if args.hand is not None:
            hands = [hands[hand_index(len(hands), args.hand)]]
        if args.trick is not None:
            if args.hand is None and len(game.hands) > 1:
                raise RecordError(Rule.BAD_RECORD, "--trick needs --hand when the record has "
                                  f"several hands: choose --hand 1 to {len(game.hands)} too.")
            if not hands:
                raise RecordError(Rule.BAD_RECORD, "The record has no hands, so it has no trick "
                                  "to explain.")
            h = hands[0]
            # complete tricks, and the trick in progress once a card of it is played
            count = len(h.tricks) + (1 if h.trick else 0)
            k = trick_index(h.index, count, args.trick, complete=h.complete)
            items: list[Any] = [explain_trick(h, k)]
        else:
            items = [explain_hand(h) for h in hands]
        actions = {h.index: _explain_actions(game, h.index) for h in hands} \
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
        words = teacher if args.ids else learner
        parts = []
        for i, acts in actions.items():
            parts.append(f"Hand {i + 1}: why each bid, exchange and lead was allowed\n"
                         + "\n".join("  " + words(a) for a in acts))
        parts += [words(x) for x in items if x.text]
        if waiting:
            parts.append(waiting)
        print("\n\n".join(parts))
    return 0


def cmd_whatif(args: argparse.Namespace) -> int:
    from ..core.records import load_record
    from ..core.rules import parse_option
    from ..teach.whatif import what_if

    try:
        options = dict(parse_option(o) for o in args.option)
        if args.action is None and not options:
            raise RuleError(Rule.BAD_OPTION, "Give --action TEXT (and/or --option KEY=VALUE): "
                            "what should change?")
        if args.action is not None and args.at is None:
            raise RecordError(Rule.BAD_RECORD, "Give --at HAND:STEP: which action should --action "
                              "replace? (spades-lab show FILE --at HAND:STEP lists the choices)")
        data = load_record(args.file)
        at = at_position(data, args.at) if args.at is not None else (0, 0)
        w = what_if(data, at, args.action, options=options or None, then=args.then,
                    seed=args.seed)
    except RuleError as e:
        return _error(e, args.json)
    if args.json:
        print(json.dumps(w.to_dict(), indent=1, ensure_ascii=False))
    else:
        print(w.text)
    return 0
