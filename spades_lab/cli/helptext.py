"""Plain-words help for every spades-lab command.

The sub-command modules take their descriptions from their docstrings, which are written for
the API documentation (reStructuredText: ``code``, :func:`name`).  ``plain_help`` turns them into
plain words for ``--help``, and gives every argument that has none a short description, so
``spades-lab COMMAND --help`` always says what the command and each of its options do.
"""
from __future__ import annotations

import argparse
import re

DESCRIPTION = (
    "spades-lab plays, replays, explains and analyses games of Spades and Spades (and Acorns), "
    "and hands out the course. Run spades-lab COMMAND --help for the words on one command.")

EPILOG = (
    "Start here: spades-lab course (copies the course notebooks into ./spades-course), or try "
    "spades-lab replay data/course/standard_hand.json in a clone of the project. Hands and "
    "tricks are counted from 1 on the command line (--hand 1 is the first hand, --trick 1 the "
    "first trick); a STEP counts the actions a hand has made, so --at 1:0 is before the first "
    "bid of the first hand.")

#: Descriptions for commands registered without one.
DESCRIPTIONS = {
    "play": "Play a game between simple computer players under a rule set and print it trick "
            "by trick, hand by hand. With --out the game record is written too, ready for "
            "replay, explain, show, whatif and solve. The same --seed plays the same game.",
    "replay": "Replay a game record through the engine, checking every bid, exchange and play, "
              "and print what each hand came to. A record that breaks a rule is refused: the "
              "command names the hand, the step and the rule, and exits with status 2.",
}

#: Help for arguments that a command left without one, by their destination name.
DEFAULT_HELP = {
    "file": "a game record (JSON), for example data/course/standard_hand.json",
    "json": "print the result as JSON instead of text",
    "option": "change one rule option, as KEY=VALUE (for example bag_limit=5); repeat it for "
              "more options",
    "seed": "seed for the random choices: the same seed gives the same game",
    "rules": "the rule set: standard, online, original, acorns or acorns8",
    "processes": "how many processes to run at once (more than the computer's cores does not "
                 "help)",
}


def plain(text: str | None) -> str | None:
    """``text`` without reStructuredText markup: roles and backticks go, the words stay."""
    if not text:
        return text
    text = re.sub(r":[a-z]+:`~?([^`]+)`", r"\1", text)
    return text.replace("``", "").replace("`", "")


def plain_help(parser: argparse.ArgumentParser) -> None:
    """Clean ``parser`` and all its sub-command parsers in place (see the module docstring)."""
    if parser.description is None or "``" in parser.description or parser.prog == "spades-lab":
        parser.description = DESCRIPTION if parser.prog == "spades-lab" else plain(
            parser.description)
    if parser.prog == "spades-lab" and not parser.epilog:
        parser.epilog = EPILOG
    parser.epilog = plain(parser.epilog)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = plain(choice.help)
                sub = action.choices[choice.dest]
                if not sub.description:
                    sub.description = DESCRIPTIONS.get(choice.dest) or (
                        choice.help[0].upper() + choice.help[1:] + "." if choice.help else None)
            for sub in action.choices.values():
                plain_help(sub)
            continue
        if action.help is argparse.SUPPRESS:
            continue
        if not action.help and action.dest in DEFAULT_HELP:
            action.help = DEFAULT_HELP[action.dest]
        action.help = plain(action.help)
