"""What every ``spades-lab`` sub-command shares: how a refused record or action is reported,
how numbers on the command line are read, how output paths are checked before work starts,
and how Ctrl-C and a closed pipe end a command (:func:`run_command`)."""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from ..core.errors import ECHO_LIMIT, MAX_INT_DIGITS, RecordError, RuleError, echo, parse_whole

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
        if err.hand is not None:
            where = f"hand {err.hand}" + (f", {err.step}" if err.step else "") + ": "
        print(f"error [{err.rule}] {where}{message}", file=sys.stderr)
    return 2


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
    however long the value typed."""

    def error(self, message: str) -> NoReturn:
        super().error(short_error(message))


# ---------------------------------------------------------------------------- numbers

#: The least value of each whole-number option, by its name, for every sub-command (hand,
#: trick and step numbers count from 0; counts from 1).  :func:`harden_numbers` applies them.
MINIMUM: dict[str, int] = {
    "hand": 0, "trick": 0, "at": 0, "from_step": 0,
    "hands": 1, "games": 1, "max_hands": 1, "processes": 1,
}


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
                f"{value} is out of range: give a whole number of at least {minimum}"
                + (" (0-based)" if minimum == 0 else ""))
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


__all__ = ["report", "short_error", "Parser", "os_error_text", "whole_number",
           "harden_numbers", "check_output_path", "usage_error", "run_command",
           "silence_stdout", "MINIMUM", "EXIT_INTERRUPTED", "EXIT_CLOSED_PIPE"]
