"""What every ``spades-lab`` sub-command shares: how a refused record or action is reported,
how numbers on the command line are read, how the hand, trick and step a person names are
found in a record (counted as people count: hand 1 is the first hand, trick 1 the first trick),
how output paths are checked before work starts, and how Ctrl-C and a closed pipe end a
command (:func:`run_command`)."""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NoReturn

from ..core.errors import (
    ECHO_LIMIT,
    MAX_INT_DIGITS,
    RecordError,
    Rule,
    RuleError,
    echo,
    parse_whole,
)
from ..words.counting import plural

#: The longest error message printed (the sources keep theirs short; this is the last guard).
MAX_MESSAGE = 300
#: Exit status after Ctrl-C (128 + SIGINT, as shells report it) and after a closed pipe
#: (128 + SIGPIPE).
EXIT_INTERRUPTED = 130
EXIT_CLOSED_PIPE = 141


def report(e: RuleError, as_json: bool) -> int:
    """Print ``e`` (as ``{"error": ...}`` with ``as_json``, else one line on stderr); exit
    status 2."""
    err = e if isinstance(e, RecordError) else RecordError(e.rule, e.message)
    message = err.message if len(err.message) <= MAX_MESSAGE else \
        err.message[:MAX_MESSAGE - 1] + "…"
    if as_json:
        print(json.dumps({"error": {**err.to_dict(), "message": message}},
                         ensure_ascii=False))
    else:
        where = ""
        if err.hand is not None and not (err.message.startswith(f"Hand {err.hand + 1} ")
                                         and not err.step):
            where = f"hand {err.hand + 1}" + (f", {step_words(err.step)}" if err.step else "")
            where += ": "
        print(f"error [{err.rule}] {where}{message}", file=sys.stderr)
    return 2


_STEP_LABEL = re.compile(r"(bid|exchange|play) ([0-9]{1,12})", re.ASCII)


def step_words(label: str) -> str:
    """A refused record's step label (``"play 17"``: the 0-based place in the hand's list of
    plays, as the JSON error gives it) as a person counts it: ``"play 18"``.  Other labels are
    returned as they are.

    >>> step_words("play 17"), step_words("bid 0"), step_words("12")
    ('play 18', 'bid 1', '12')
    """
    m = _STEP_LABEL.fullmatch(label)
    return f"{m.group(1)} {int(m.group(2)) + 1}" if m else label


# ---------------------------------------------------------------------------- parsing


def short_error(message: str) -> str:
    """An argparse error message with the input it repeats cut short: every word longer than
    :data:`~spades_lab.core.errors.ECHO_LIMIT` characters (a bad value, as argparse quotes it
    or as typed) is cut to that many and "…", and the whole to at most :data:`MAX_MESSAGE`
    characters, keeping a short "(choose from ...)" at its end.

    >>> short_error("argument kind: invalid choice: '" + "x" * 10**6 + "' (choose from 'a')")
    ... # doctest: +ELLIPSIS
    "argument kind: invalid choice: 'xxx...xxx…' (choose from 'a')"
    >>> len(short_error("unrecognized arguments: " + "ab " * 10**5)) <= MAX_MESSAGE
    True
    """
    tail = ""
    k = message.rfind(" (choose from ")
    if k != -1 and len(message) - k <= MAX_MESSAGE // 2:
        message, tail = message[:k], message[k:]
    for marker in ("invalid choice: ", " value: "):  # argparse's repr of the bad value
        i = message.find(marker)
        if i != -1:
            j = i + len(marker)
            value = message[j:]
            if len(value) > ECHO_LIMIT + 2:
                quote = value[0] if value[0] in "'\"" else ""
                message = message[:j] + value[:ECHO_LIMIT] + "…" + quote
            break
    words = []
    for word in message.split(" "):
        if len(word) > ECHO_LIMIT:
            quote = word[0] if word[0] in "'\"" and word[-1] == word[0] else ""
            word = word[:ECHO_LIMIT] + "…" + quote
        words.append(word)
    text = " ".join(words)
    if len(text) + len(tail) > MAX_MESSAGE:
        text = text[:MAX_MESSAGE - len(tail) - 1] + "…"
    return text + tail


class Parser(argparse.ArgumentParser):
    """The command line's parser (and, through ``add_subparsers``, each sub-command's): its
    error messages repeat at most about 80 characters of a bad value (:func:`short_error`),
    however long the value typed.  A value like ``-1:4`` (a negative hand in ``--at``) is read
    as a value, as ``-1`` is, so the command can say which hands there are."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = re.compile(r"^-\d+(:-?\d+)?$|^-\d*\.\d+$")

    def error(self, message: str) -> NoReturn:
        super().error(short_error(message))


# ---------------------------------------------------------------------------- numbers

#: The least value of each whole-number option that counts something (hands to play, games,
#: processes), by its name, for every sub-command; :func:`harden_numbers` applies them.  Hand and
#: trick numbers and step counts are checked against the record instead (:func:`hand_index`,
#: :func:`trick_index`, :func:`check_step`), so the message can give the record's range.
MINIMUM: dict[str, int] = {"hands": 1, "games": 1, "max_hands": 1, "processes": 1}


def whole_number(minimum: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number in ASCII digits (at most 12 digits), at least
    ``minimum``; anything else is an error naming the valid range."""
    def parse(text: str) -> int:
        value = parse_whole(text)
        if value is None:
            more = "" if minimum is None else f" of at least {minimum}"
            raise argparse.ArgumentTypeError(
                f"{echo(text, 40)} is not a whole number{more} (digits 0-9, at most "
                f"{MAX_INT_DIGITS})")
        if minimum is not None and value < minimum:
            raise argparse.ArgumentTypeError(
                f"{value} is out of range: give a whole number of at least {minimum}")
        return value
    parse.__name__ = "whole number"
    return parse


def harden_numbers(parser: argparse.ArgumentParser) -> None:
    """Read every ``type=int`` option of ``parser`` and its sub-commands strictly (ASCII digits,
    the least value from :data:`MINIMUM`): ``int()`` also takes fullwidth digits, ``_`` and
    thousands of digits."""
    for action in parser._actions:
        if action.type is int:
            action.type = whole_number(MINIMUM.get(action.dest))
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                harden_numbers(sub)


# ---------------------------------------------------------------------------- hands, tricks, steps
#
# People count hands and tricks from 1, and so does the command line: ``--hand 1`` is a record's
# first hand, ``--trick 1`` a hand's first trick, ``--at 1:4`` hand 1 after its first 4 actions.
# STEP (and ``solve --from-step``) is a count of actions (or plays) already made, so it starts
# at 0: "before the first one".  The engine and the JSON outputs keep 0-based indexes.


def _choose(flag: str, low: int, high: int) -> str:
    """``--hand 1 to 3`` / ``--hand 1``; a ``flag`` holding ``{}`` (where the number goes)
    gives ``--at 1:STEP to 3:STEP``."""
    name, _, form = flag.partition(" ")
    form = form or "{}"
    return f"{name} {form.format(low)}" + ("" if low == high else f" to {form.format(high)}")


def hand_index(hands: int, number: int | None, flag: str = "--hand") -> int:
    """The 0-based index of hand ``number`` (counted from 1) of a record with ``hands`` hands;
    ``None`` is the last hand.  A number the record does not have is refused
    (:class:`RecordError` ``bad-record``) with the numbers it does have; ``flag`` is how the
    number is typed, ``{}`` standing for it (``"--at {}:STEP"``).

    >>> hand_index(3, 1), hand_index(3, None)
    (0, 2)
    >>> for hands, number, flag in ((3, 0, "--hand"), (3, 4, "--hand"), (1, 2, "--at {}:STEP"),
    ...                             (2, 3, "--at {}:STEP")):
    ...     try:
    ...         hand_index(hands, number, flag)
    ...     except RecordError as e:
    ...         print(e.message)
    This record has 3 hands, counted from 1 (1 is the first hand): choose --hand 1 to 3.
    This record has 3 hands: choose --hand 1 to 3; there is no hand 4.
    This record has 1 hand: choose --at 1:STEP; there is no hand 2.
    This record has 2 hands: choose --at 1:STEP to 2:STEP; there is no hand 3.
    """
    if hands <= 0:
        raise RecordError(Rule.BAD_RECORD, "This record has no hands yet" + (
            "." if number is None else f", so it has no hand {echo(number, 20)}."))
    if number is None:
        return hands - 1
    choose = _choose(flag, 1, hands)
    if number < 1:
        raise RecordError(Rule.BAD_RECORD, f"This record has {plural(hands, 'hand')}, counted "
                          f"from 1 (1 is the first hand): choose {choose}.")
    if number > hands:
        raise RecordError(Rule.BAD_RECORD, f"This record has {plural(hands, 'hand')}: choose "
                          f"{choose}; there is no hand {echo(number, 20)}.")
    return number - 1


def trick_index(hand: int, tricks: int, number: int, complete: bool = True) -> int:
    """The 0-based index of trick ``number`` (counted from 1) of the hand with index ``hand``,
    which has ``tricks`` tricks (complete ones, and the one on the table once a card of it is
    played); ``complete`` says whether the hand is over.

    >>> trick_index(0, 13, 1), trick_index(0, 13, 13)
    (0, 12)
    >>> for number in (0, 6):
    ...     try:
    ...         trick_index(1, 5, number, complete=False)
    ...     except RecordError as e:
    ...         print(e.message)
    Hand 2 has 5 tricks so far, counted from 1 (1 is the first trick): choose --trick 1 to 5.
    Hand 2 has 5 tricks so far: choose --trick 1 to 5; there is no trick 6 yet.
    """
    if tricks <= 0:
        raise RecordError(Rule.BAD_RECORD,
                          f"No card of hand {hand + 1} is played yet, so it has no "
                          "trick to explain.", hand=hand)
    has = f"Hand {hand + 1} has {plural(tricks, 'trick')}" + ("" if complete else " so far")
    choose = _choose("--trick", 1, tricks)
    if number < 1:
        raise RecordError(Rule.BAD_RECORD, f"{has}, counted from 1 (1 is the first trick): "
                          f"choose {choose}.", hand=hand)
    if number > tricks:
        raise RecordError(Rule.BAD_RECORD, f"{has}: choose {choose}; there is no trick "
                          f"{echo(number, 20)}{'' if complete else ' yet'}.", hand=hand)
    return number - 1


def hand_step_count(record: Mapping[str, Any], hand: int) -> int:
    """How many actions hand ``hand`` (0-based) of a loaded record has: its bids, its exchange
    entries and its plays (the STEP order of ``records.replay(upto=...)``)."""
    h = record.get("hands", [])[hand]
    return sum(len(h.get(key, [])) for key in ("bids", "exchange", "plays"))


def check_step(record: Mapping[str, Any], hand: int, step: int,
               flag: str = "--at {}:STEP") -> int:
    """``step`` (a count of the hand's actions already made: 0 is before its first) if hand
    ``hand`` (0-based) of the loaded ``record`` has that many, else a refusal naming the counts
    it has.  ``flag`` shows how the STEP is typed, ``{}`` standing for the hand's number."""
    steps = hand_step_count(record, hand)
    if not 0 <= step <= steps:
        name, _, form = flag.replace("{}", str(hand + 1)).replace("STEP", "{}").partition(" ")
        raise RecordError(Rule.BAD_RECORD, f"Hand {hand + 1} has {plural(steps, 'recorded step')} "
                          f"(its bids, then its exchanges, then its plays): choose {name} "
                          f"{form.format(0)} (before its first) to {form.format(steps)} (after "
                          f"its last); there is no step {echo(step, 20)}.", hand=hand)
    return step


def parse_at(text: str) -> tuple[int, int]:
    """``--at HAND:STEP`` as typed: the hand's number (counted from 1) and STEP (how many of
    its actions are made, from 0), not yet checked against a record (:func:`at_position`).

    >>> parse_at("1:4"), parse_at(" 2 : 0 ")
    ((1, 4), (2, 0))
    """
    h, colon, k = text.partition(":")
    hand, step = parse_whole(h), parse_whole(k)
    if not colon or hand is None or step is None:
        raise RecordError(Rule.BAD_RECORD, "--at takes HAND:STEP, two whole numbers like 1:4 (hand "
                          f"1 after its first 4 actions), not {echo(text, 40)}.")
    return hand, step


def at_position(record: Mapping[str, Any], text: str) -> tuple[int, int]:
    """``--at HAND:STEP`` checked against the loaded ``record``: the (0-based hand index, STEP)
    pair that ``records.replay(upto=...)`` takes.

    >>> rec = {"hands": [{"bids": [{}] * 4, "plays": [{}] * 52}] * 2}
    >>> at_position(rec, "1:0"), at_position(rec, "2:56")
    ((0, 0), (1, 56))
    """
    number, step = parse_at(text)
    hand = hand_index(len(record.get("hands", [])), number, "--at {}:STEP")
    return hand, check_step(record, hand, step)


# ---------------------------------------------------------------------------- output paths


def check_output_path(path: str | None, what: str) -> str | None:
    """``None`` when ``path`` can be written (its folder exists and is writable, and it is not
    a folder), else a one-line reason; checked before a long run, so that the run's results
    are not lost at the end."""
    if path is None:
        return None
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    try:
        if p.is_dir():
            return f"{what} {echo(path, 60)} is a folder, not a file."
        if not folder.is_dir():
            return (f"cannot write {what} {echo(path, 60)}: there is no folder "
                    f"{echo(str(folder), 60)}.")
        if not os.access(folder, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
            return f"cannot write {what} {echo(path, 60)}: permission denied."
    except (OSError, ValueError) as e:  # a name too long, a NUL byte
        reason = e.strerror if isinstance(e, OSError) and e.strerror else "not a file name"
        return f"cannot write {what} {echo(path, 60)}: {reason[0].lower() + reason[1:]}."
    return None


def usage_error(command: str, message: str) -> int:
    """A command-line mistake found after parsing: one line on stderr, exit status 2."""
    print(f"spades-lab {command}: error: {message}", file=sys.stderr)
    return 2


# ---------------------------------------------------------------------------- running


def run_command(func: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run a sub-command: a refused input is reported (exit 2), Ctrl-C prints one line and
    exits 130, a closed pipe (``spades-lab ... | head``) ends quietly with 141, and a file or
    folder that cannot be read or written is one short line (exit 2)."""
    try:
        return int(func(args))
    except RuleError as e:
        return report(e, bool(getattr(args, "json", False)))
    except KeyboardInterrupt:
        _quiet_stdout_flush()
        print("spades-lab: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        silence_stdout()
        return EXIT_CLOSED_PIPE
    except OSError as e:  # a file or folder named on the command line that cannot be used
        _quiet_stdout_flush()
        print(f"spades-lab {getattr(args, 'command', '') or ''}: error: "
              f"{os_error_text(e)}".replace(" :", ":"), file=sys.stderr)
        return 2


def os_error_text(e: OSError) -> str:
    """An operating-system error in one short line: its reason and the file it names (cut to
    about 60 characters), never the whole of a huge name."""
    reason = e.strerror or type(e).__name__
    name = e.filename if e.filename is not None else None
    text = f"{reason}: {echo(str(name), 60)}" if name is not None else reason
    return short_error(text)


def _quiet_stdout_flush() -> None:
    try:
        sys.stdout.flush()
    except (BrokenPipeError, OSError, ValueError):
        silence_stdout()


def silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (e.g. captured in a test): nothing left to flush


__all__ = ["report", "step_words", "short_error", "Parser", "os_error_text", "whole_number",
           "harden_numbers", "hand_index", "trick_index", "hand_step_count", "check_step",
           "parse_at", "at_position", "check_output_path", "usage_error", "run_command",
           "silence_stdout", "MINIMUM", "EXIT_INTERRUPTED", "EXIT_CLOSED_PIPE"]
