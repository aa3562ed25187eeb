"""``spades-lab handout``: printable pages for a lesson (HTML with print CSS, and PDF).

``spades-lab handout rules --rules NAME [--option K=V ...]`` writes a one-page rules sheet;
``spades-lab handout deal FILE [--hand H]`` a deal handout of hand H (counted from 1: 1 is the
first hand, the default) with the cards dealt, bids, trick table and score;
``spades-lab handout quiz --rules NAME [--seed N] [--count K] [--level L] [--topic T]
[--rule ID] [--input-checks]`` a quiz sheet and, on a separate page, its answer key: questions
about the game's rules (``--topic`` one of play, trumps, tricks, bidding, scoring, game, or
claims, the kit's own rule of play mode and the classroom, asked only when asked for;
``--rule`` one rule id, as ``spades-lab explain --ids`` prints them; both repeatable); the
software's own input checks (a card the deck lacks, a play out of turn) only with
``--input-checks``.  Pages go to ``--out DIR`` (default
``handouts``), named after what they show, so different handouts never share a file:
``rules_acorns_travelers-hunters-true.html``, ``deal_standard-hand_hand2.html`` (the record and
the hand), ``quiz_online_seed2_count5.html``.  A page already there with other content is
replaced only with ``--force``.  ``--pdf`` also prints each to PDF with a headless Chromium
(exit status 1 with a message where none is installed; the HTML pages print the same from any
browser; a Chromium that fails or hangs is one line, exit status 2, and nothing is written).
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

from ..core.errors import OutputError, Rule, RuleError
from .common import hand_index, report


def register(sub: Any) -> None:
    h = sub.add_parser("handout", help="printable rules sheets, deal handouts and quizzes",
                       description=__doc__.split("\n\n")[1],
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    h.add_argument("kind", choices=("rules", "deal", "quiz"),
                   help="what to make: a rules sheet, a deal handout or a quiz sheet")
    h.add_argument("file", nargs="?", default=None, help="the game record (deal)")
    h.add_argument("--rules", default="standard",
                   help="the rule set for a rules sheet or a quiz: standard, online, original, "
                   "acorns or acorns8")
    h.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="change one rule option, as KEY=VALUE (repeatable)")
    h.add_argument("--hand", type=int, default=1, metavar="H",
                   help="which hand of the record, counted from 1 (1 = the first hand, the "
                   "default; deal handout)")
    h.add_argument("--seed", type=int, default=0, help="the quiz's seed (same seed, same quiz)")
    h.add_argument("--count", type=int, default=None, help="at most this many questions")
    h.add_argument("--level", type=int, action="append", default=None, choices=(1, 2, 3),
                   help="only questions of this difficulty (repeatable)")
    h.add_argument("--topic", action="append", default=None, metavar="TOPIC",
                   help="only questions on this topic: play, trumps, tricks, bidding, scoring, "
                   "game or claims (repeatable; quiz)")
    h.add_argument("--rule", action="append", default=None, metavar="ID",
                   help="only questions on this rule id, e.g. trump-not-broken (repeatable; "
                   "quiz)")
    h.add_argument("--input-checks", action="store_true",
                   help="also ask about the software's input checks (a card the deck does not "
                   "have, a play out of turn or before the bidding is over; quiz)")
    h.add_argument("--out", default="handouts", metavar="DIR",
                   help="the folder the pages are written to (default: handouts)")
    h.add_argument("--pdf", action="store_true", help="also print each page to PDF")
    h.add_argument("--force", action="store_true",
                   help="replace a page already there that shows something else (or holds "
                   "your changes)")
    h.set_defaults(func=cmd_handout)


def cmd_handout(args: argparse.Namespace) -> int:
    from ..core.records import replay
    from ..core.rules import RuleSet, parse_option
    from ..teach.handout import (
        answer_key,
        chromium_path,
        deal_handout,
        deal_stem,
        quiz_command,
        quiz_sheet,
        quiz_stem,
        rules_sheet,
        rules_stem,
        write_pages,
    )
    from ..teach.quiz import TOPICS, applicable_ids

    try:
        rules = RuleSet.preset(args.rules, dict(parse_option(o) for o in args.option))
        if args.kind == "rules":
            pages = [(rules_stem(rules), rules_sheet(rules))]
        elif args.kind == "deal":
            if args.file is None:
                raise RuleError(Rule.BAD_RECORD, "handout deal needs a game record FILE.")
            game = replay(args.file).game
            hand = hand_index(len(game.hands), args.hand)
            pages = [(deal_stem(args.file, hand), deal_handout(game, hand))]
        else:
            here = applicable_ids(rules, include_input_checks=True, include_claims=True)
            for t in args.topic or ():
                if t not in TOPICS:
                    raise RuleError(Rule.BAD_OPTION, f"There is no quiz topic {t!r}; the topics "
                                    f"are {', '.join(TOPICS)}.")
            for k in args.rule or ():
                if k not in here:
                    raise RuleError(Rule.BAD_OPTION, f"A {rules.name} quiz has no questions on "
                                    f"{k!r}: name a rule id such as trump-not-broken or "
                                    f"bid-made, or a --topic ({', '.join(TOPICS)}).")
            quiz = _quiz(args, rules)
            stem = quiz_stem(rules, args.seed, args.count, args.level)
            stem += "".join(f"_{x}" for x in (*(args.topic or ()), *(args.rule or ())))
            if args.input_checks and "input-checks" not in (args.topic or ()):
                stem += "_input-checks"
            command = quiz_command(rules, args.seed, args.count, args.level, args.topic or (),
                                   args.rule or (), args.input_checks)
            pages = [(stem, quiz_sheet(quiz, command=command)), (f"{stem}_key", answer_key(quiz))]
    except RuleError as e:
        return report(e, False)
    try:
        if args.pdf and chromium_path() is None:
            write_pages(pages, args.out, force=args.force)
            print("No Chromium found: wrote the HTML pages only (print them from a browser).",
                  file=sys.stderr)
            return 1
        written = write_pages(pages, args.out, pdf=args.pdf, force=args.force)
    except OutputError as e:
        print(f"spades-lab handout: error: {e.message}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    return 0


def _quiz(args: argparse.Namespace, rules: Any) -> Any:
    """The quiz ``handout quiz`` prints for these arguments."""
    from ..teach.quiz import make_quiz

    return make_quiz(rules, args.seed, count=args.count, difficulty=args.level, ids=args.rule,
                     topics=args.topic, include_input_checks=args.input_checks)


def quiz_of_args(argv: list[str]) -> Any:
    """The quiz ``spades-lab handout quiz ARGV`` prints (a test reads what a lesson plan's
    command asks)."""
    from ..core.rules import RuleSet, parse_option

    parser = argparse.ArgumentParser(prog="spades-lab")
    register(parser.add_subparsers())
    args = parser.parse_args(["handout", "quiz", *argv])
    return _quiz(args, RuleSet.preset(args.rules, dict(parse_option(o) for o in args.option)))
