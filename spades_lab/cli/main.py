"""The ``spades-lab`` command.

``spades-lab play --rules NAME [--option key=value ...] [--seed N] [--hands K] [--out FILE]
[--codes]`` plays a game between simple players and prints it trick by trick, cards in words
(``--codes``: their record codes); ``spades-lab replay FILE [--json] [--codes]`` replays a
record.  A rejected record exits with status 2 and (with ``--json``) prints
``{"error": {"rule": ..., "hand": ..., "step": ..., "message": ...}}``.
"""
from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from ..core.errors import RecordError
from ..core.rules import parse_option
from .common import (
    EXIT_CLOSED_PIPE,
    EXIT_INTERRUPTED,
    Parser,
    check_output_path,
    harden_numbers,
    report,
    run_command,
    silence_stdout,
    usage_error,
)
from .helptext import plain_help

#: Modules that add sub-commands: each has ``register(subparsers)``.
COMMAND_MODULES = ("spades_lab.cli.explain", "spades_lab.cli.sim", "spades_lab.cli.solve",
                   "spades_lab.cli.show", "spades_lab.cli.course", "spades_lab.cli.serve",
                   "spades_lab.cli.site", "spades_lab.cli.handout", "spades_lab.cli.classroom")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="spades-lab", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a game between simple players and print it")
    p.add_argument("--rules", default="standard", help="preset: standard, online, original, "
                   "acorns, acorns8")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--hands", type=int, default=None, help="stop after K hands")
    p.add_argument("--out", default=None, help="write the game record here")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    p.add_argument("--codes", action="store_true", help="name cards by their record codes "
                   "(BO, TOH as H) instead of in words, and add the option notes to score lines")
    p.set_defaults(func=cmd_play)
    r = sub.add_parser("replay", help="replay a game record")
    r.add_argument("file")
    r.add_argument("--json", action="store_true", help="print the replay result as JSON")
    r.add_argument("--codes", action="store_true", help="name cards by their record codes "
                   "instead of in words, and add the option notes to score lines")
    r.set_defaults(func=cmd_replay)
    for name in COMMAND_MODULES:
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            continue
        mod.register(sub)
    plain_help(parser)
    harden_numbers(parser)
    return parser


def cmd_play(args: argparse.Namespace) -> int:
    from ..core.engine import Game
    from ..core.records import dump_record
    from ..core.rules import RuleSet
    from ..play.players import SimplePlayer, play_game
    from ..render.text import game_account, game_result_line
    from ..words.rules import option_words

    options = dict(parse_option(o) for o in args.option)
    rules = RuleSet.preset(args.rules, options)
    problem = check_output_path(args.out, "the record")
    if problem:
        return usage_error("play", f"--out: {problem}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    game = Game(rules)
    players = [SimplePlayer()] * rules.players
    play_game(game, players, rng, max_hands=args.hands if args.hands is not None else 500)
    if not args.quiet:
        given = "".join(f" --option {o}" for o in args.option)
        print(f"# spades-lab play --rules {rules.name}{given} --seed {seed}"
              + (" --codes" if args.codes else ""))
        print(f"# {rules.name}, {rules.players} players, {rules.hand_size} cards each; the rules "
              "in force:")
        for line in option_words(rules):
            print(f"#   {line}")
        print(game_account(game, args.codes))
    else:
        print(game_result_line(game))
    if args.out:
        dump_record(game, args.out)
        print(f"Record written to {args.out}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from ..core.records import replay
    from ..render.text import game_account

    try:
        result = replay(args.file)
    except RecordError as e:
        return report(e, args.json)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(game_account(result.game, args.codes))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``spades-lab`` with ``argv``; returns the exit status: 0 done, 2 a refused input or
    a bad command line, 130 interrupted (Ctrl-C), 141 stdout closed (``| head``)."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, or a bad command line (argparse printed why)
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    except KeyboardInterrupt:
        print("spades-lab: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        silence_stdout()
        return EXIT_CLOSED_PIPE
    if isinstance(getattr(args, "file", None), str):
        args.file = Path(args.file)  # a FILE argument is a path, even one starting with '{'
    return run_command(args.func, args)


if __name__ == "__main__":
    sys.exit(main())
