"""Typed errors.  Every rejected action raises a :class:`RuleError` that carries a stable
rule id (RULINGS.md section 7) and a sentence a student understands.  A rejected action
never changes the state it was tried on.
"""
from __future__ import annotations

import re
from enum import StrEnum
from typing import Any


class Rule(StrEnum):
    """The rule ids of RULINGS.md section 7, one member each (:data:`RULE_IDS` says what each
    means), the three refusals of the double-dummy analysis (:data:`SOLVER_IDS`) and the
    classroom's (:data:`CLASSROOM_IDS`).  A
    member *is* its id: it equals the string, hashes like it, and ``str()``, ``repr()`` and
    JSON show the id itself, so records, quizzes, notebooks and messages read the same as with
    plain strings; code writes ``Rule.BAD_RECORD`` and mypy refuses a misspelt id.

    >>> Rule.BAD_RECORD, str(Rule.MUST_FOLLOW_SUIT), Rule("wrong-phase") is Rule.WRONG_PHASE
    ('bad-record', 'must-follow-suit', True)
    >>> Rule.BAD_RECORD == "bad-record", {"bad-record": 1}[Rule.BAD_RECORD]
    (True, 1)
    >>> import json; json.dumps({Rule.BAD_OPTION: Rule.BAD_OPTION})
    '{"bad-option": "bad-option"}'
    """

    WRONG_PHASE = "wrong-phase"
    NOT_YOUR_TURN = "not-your-turn"
    UNKNOWN_CARD = "unknown-card"
    CARD_NOT_IN_HAND = "card-not-in-hand"
    MUST_FOLLOW_SUIT = "must-follow-suit"
    TRUMP_NOT_BROKEN = "trump-not-broken"
    BAD_DECLARATION = "bad-declaration"
    BID_OUT_OF_RANGE = "bid-out-of-range"
    BID_NOT_ALLOWED = "bid-not-allowed"
    BLIND_NOT_ALLOWED = "blind-not-allowed"
    EXCHANGE_INVALID = "exchange-invalid"
    BAD_RECORD = "bad-record"
    BAD_OPTION = "bad-option"
    # house rules: bidding and play (docs/rulings.md section 9)
    TEAM_BID_LIMIT = "team-bid-limit"
    BID_FORCED = "bid-forced"
    SPADES_FIRST_TRICK = "spades-first-trick"
    # end house rules: bidding and play
    # the solver's (spades_lab.solver): not rules of the game, as stable
    BAD_POSITION = "bad-position"
    BAD_BUDGET = "bad-budget"
    BUDGET_EXCEEDED = "budget-exceeded"
    # the classroom's (spades_lab.classroom): the teacher's, not rules of the game, as stable
    TABLE_PAUSED = "table-paused"
    HINTS_OFF = "hints-off"
    UNDO_OFF = "undo-off"
    NOTHING_TO_UNDO = "nothing-to-undo"
    NAME_LENGTH = "name-length"
    NAME_UNREADABLE = "name-unreadable"
    NAME_ROBOT = "name-robot"
    ALREADY_SEATED = "already-seated"
    SAME_DEAL = "same-deal"
    SEAT_RESERVED = "seat-reserved"
    # the classroom's table lifecycle and roster (docs/classroom.md, "Tables that wait")
    TABLE_WAITING = "table-waiting"
    TABLE_STARTED = "table-started"
    TABLE_CLOSED = "table-closed"
    TABLE_OPEN = "table-open"
    STUDENT_TWICE = "student-twice"
    UNKNOWN_STUDENT = "unknown-student"
    SAME_STUDENT = "same-student"
    # claims of the remaining tricks (spades_lab.core.claims; docs/rulings.md, "Claims")
    CLAIM_WRONG_PHASE = "claim-wrong-phase"
    CLAIM_NOT_YOUR_TURN = "claim-not-your-turn"
    CLAIM_TOO_MANY = "claim-too-many"
    CLAIM_OFF = "claim-off"
    CLAIM_NOT_ACCEPTED = "claim-not-accepted"
    # end claims

    def __repr__(self) -> str:
        return repr(self._value_)


#: The rule ids of RULINGS.md section 7, with what each means.  They are a contract:
#: records, quizzes, notebooks and tests use them.
RULE_IDS: dict[Rule, str] = {
    Rule.WRONG_PHASE: "it is not a bid, exchange or play that the hand is waiting for",
    Rule.NOT_YOUR_TURN: "another seat is to act",
    Rule.UNKNOWN_CARD: "the card text names no card of this deck",
    Rule.CARD_NOT_IN_HAND: "the seat does not hold that card",
    Rule.MUST_FOLLOW_SUIT: "the seat holds a card of the led suit and played another",
    Rule.TRUMP_NOT_BROKEN: "it leads an unbroken trump while holding something else to lead",
    Rule.BAD_DECLARATION: "a Traveler/Hunter declared as a suit it may not be played as here "
    "(or a declaration on a card that takes none)",
    Rule.BID_OUT_OF_RANGE: "an ordinary bid below 0 or above the hand size",
    Rule.BID_NOT_ALLOWED: "a bid kind this rule set lacks, or a second nil-type bid by one "
    "player",
    Rule.BLIND_NOT_ALLOWED: "a blind bid the bidder may not make",
    Rule.EXCHANGE_INVALID: "the wrong number of cards, cards not held, or an exchange where "
    "none is due",
    Rule.BAD_RECORD: "the record is malformed",
    Rule.BAD_OPTION: "an unknown rule-set option or a bad option value",
    # house rules: bidding and play (docs/rulings.md section 9)
    Rule.TEAM_BID_LIMIT: "a partnership's bids would add up to more than the house rules' cap "
    "or less than their minimum",
    Rule.BID_FORCED: "the house bidding game (Mirror, Whiz or Suicide) does not allow that bid "
    "here",
    Rule.SPADES_FIRST_TRICK: "a Spade played on the first trick by a player holding another "
    "card, where the house rules keep Spades out of it",
    # end house rules: bidding and play
}

#: The ids the double-dummy analysis refuses with: not rules of the game (so not in
#: :data:`RULE_IDS`), but members of :class:`Rule` and as stable.
SOLVER_IDS: dict[Rule, str] = {
    Rule.BAD_POSITION: "the hand, seat or bid asked about is not in the game",
    Rule.BAD_BUDGET: "a time or node limit that is not a positive number",
    Rule.BUDGET_EXCEEDED: "the time or node budget ran out before the analysis finished",
}


#: The ids the classroom server refuses with for the teacher's reasons (a paused table, the
#: table's settings for hints and taking back) and for the seats' (a student sits at one table
#: at a time, never where the cards of a hand still being played would show): not rules of
#: the game either, as stable.
CLASSROOM_IDS: dict[Rule, str] = {
    Rule.TABLE_PAUSED: "the teacher has paused the table (or it waits for the teacher after a "
    "prepared hand)",
    Rule.HINTS_OFF: "the teacher has not turned hints on at this table",
    Rule.UNDO_OFF: "the teacher has not turned taking back on at this table",
    Rule.NOTHING_TO_UNDO: "no person at the table has made a decision to take back",
    # a student's name (spades_lab.classroom.names)
    Rule.NAME_LENGTH: "a name is 1 to 40 characters",
    Rule.NAME_UNREADABLE: "a name with no letter or digit, or with characters that show as "
    "nothing (zero-width, text direction, fillers, a pile of accents)",
    Rule.NAME_ROBOT: "a name that reads as Robot, the robots' name (in any case or look-alike "
    "letters)",
    Rule.ALREADY_SEATED: "the student already sits at a table: a student sits at one table at "
    "a time",
    Rule.SAME_DEAL: "the table was dealt the same cards as a hand the student is still playing "
    "(a prepared deal at several tables), or the other way round",
    Rule.SEAT_RESERVED: "a robot holds that seat for the student the teacher keeps it for",
    Rule.TABLE_WAITING: "the table has not started: it waits for its players or the teacher's "
    "Start",
    Rule.TABLE_STARTED: "the table has started already",
    Rule.TABLE_CLOSED: "the teacher has closed the table",
    Rule.TABLE_OPEN: "the table is still open: close it before archiving it",
    Rule.STUDENT_TWICE: "one student is given two seats at once",
    Rule.UNKNOWN_STUDENT: "no student of this class has that number",
    Rule.SAME_STUDENT: "a student cannot be merged into themselves",
}

#: The ids a claim of the remaining tricks is refused with (spades_lab.core.claims): the kit's
#: own rules of claiming, beside the game's (so not in :data:`RULE_IDS`, which the quiz asks
#: about), as stable.
CLAIM_IDS: dict[Rule, str] = {
    Rule.CLAIM_WRONG_PHASE: "a claim outside the play (during the bidding or the exchange, or "
    "after the last trick)",
    Rule.CLAIM_NOT_YOUR_TURN: "a claim by a seat that is not the one to play",
    Rule.CLAIM_TOO_MANY: "a claim of more tricks than remain (or fewer than none)",
    Rule.CLAIM_OFF: "a claim in a hand where claims are off: a Nil Spades or Nil Acorns bid "
    "stands, which the cards won decide",
    Rule.CLAIM_NOT_ACCEPTED: "a claim recorded as standing without the solver's proof or every "
    "other player's (or the teacher's) acceptance",
}


def as_rule(rule: Rule | str) -> Rule:
    """The :class:`Rule` an id names (a member is itself; a string read from a record or JSON
    is looked up), else ValueError: an error never carries an id that is not a member.

    >>> as_rule("bad-record") is Rule.BAD_RECORD, as_rule(Rule.BAD_OPTION)
    (True, 'bad-option')
    >>> as_rule("bad-recrod")
    Traceback (most recent call last):
    ...
    ValueError: 'bad-recrod' is not a rule id (RULINGS.md section 7) or a solver's
    """
    if type(rule) is Rule:
        return rule
    try:
        return Rule(rule)
    except ValueError:
        raise ValueError(f"{echo(rule)} is not a rule id (RULINGS.md section 7) or a "
                         "solver's") from None


class SpadesLabError(Exception):
    """Base class of every error the kit raises on purpose."""


class RuleError(SpadesLabError, ValueError):
    """An action or input broke a rule.

    ``rule`` is a stable id, a :class:`Rule` (a plain id string is accepted and looked up, as
    when an error is rebuilt from JSON); ``message`` is the student-facing sentence;
    ``details`` holds structured evidence (e.g. the cards of the led suit the seat holds).

    >>> e = RuleError(Rule.UNKNOWN_CARD, "XX is not a card.")
    >>> e, e.rule is Rule.UNKNOWN_CARD, e.to_dict()
    (RuleError('unknown-card', 'XX is not a card.'), True, {'rule': 'unknown-card', \
'message': 'XX is not a card.'})
    """

    def __init__(self, rule: Rule, message: str, **details: Any) -> None:
        super().__init__(message)
        self.rule: Rule = as_rule(rule)
        self.message = message
        self.details = details

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rule!r}, {self.message!r})"

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message}


class IllegalAction(RuleError):
    """A bid, exchange or play the hand may not take now."""


class OptionError(RuleError):
    """An unknown rule-set preset or option, or a bad option value.

    ``message`` names the option and its value (for the command line, records and teachers'
    tools); ``words`` is the same refusal for people choosing a table's rules in play mode or
    the rule explorer: no option names, no values as Python writes them (``message`` itself
    where the error gives none).

    >>> e = OptionError("Option x = 1 contradicts the other options: no.", words="No.")
    >>> e.message, e.words, OptionError("Bad.").words
    ('Option x = 1 contradicts the other options: no.', 'No.', 'Bad.')
    """

    def __init__(self, message: str, *, words: str | None = None, **details: Any) -> None:
        super().__init__(Rule.BAD_OPTION, message, **details)
        self.words = message if words is None else words


class RecordError(RuleError):
    """A game record was rejected.  ``hand`` is the 0-based hand index and ``step`` names the
    action (``"bid 2"``, ``"exchange 0"``, ``"play 17"``) where that is known."""

    def __init__(self, rule: Rule, message: str, *, hand: int | None = None,
                 step: str | None = None, **details: Any) -> None:
        super().__init__(rule, message, **details)
        self.hand = hand
        self.step = step

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "hand": self.hand, "step": self.step, "message": self.message}


# ---------------------------------------------------------------------------- bounded input
#: At most this many characters of a bad value are repeated in a message.
ECHO_LIMIT = 80
#: Whole numbers read from text (records, options, bids, command lines) have at most this many
#: digits: no count, score or seat of the kit comes near it.
MAX_INT_DIGITS = 12

_WHOLE = re.compile(rf"-?[0-9]{{1,{MAX_INT_DIGITS}}}", re.ASCII)


def parse_whole(text: Any) -> int | None:
    """The whole number ``text`` spells in ASCII digits (an optional ``-``, at most
    :data:`MAX_INT_DIGITS` digits, spaces around allowed), else None.

    Stricter than ``int()``: superscripts, fullwidth and other Unicode digits, ``_`` separators,
    ``+`` and over-long numbers are not numbers here.

    >>> parse_whole(" 12 "), parse_whole("-3"), parse_whole("\uff11\uff12"), parse_whole("\u00b3")
    (12, -3, None, None)
    >>> parse_whole("1_000"), parse_whole("9" * 13), parse_whole(7)
    (None, None, None)
    """
    if not isinstance(text, str):
        return None
    text = text.strip()
    return int(text) if _WHOLE.fullmatch(text) else None


def echo(value: Any, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters (for repeating bad input in a message):
    never longer, never slow, whatever the value's size or depth.

    >>> echo("x" * 1000)[-4:], len(echo("x" * 1000)) <= 81
    ('xxx…', True)
    >>> echo(10 ** 5000)
    'a number of about 5001 digits'
    >>> echo([[[[[[1]]]]]], 12)
    '[[[[…]]]]'
    """
    out: list[str] = []
    _echo(value, out, [limit], 0)
    text = "".join(out)
    return text if len(text) <= limit + 1 else text[:limit] + "…"


def _echo(v: Any, out: list[str], budget: list[int], depth: int) -> None:
    if budget[0] <= 0:
        return
    if isinstance(v, bool) or v is None or isinstance(v, float):
        piece = repr(v)
    elif isinstance(v, int):
        if v.bit_length() > 200:
            piece = f"a number of about {int(v.bit_length() * 0.30103) + 1} digits"
        else:
            piece = repr(v)
    elif isinstance(v, str):
        piece = repr(v[:budget[0] + 1])
        if len(v) > budget[0]:
            piece = piece[:budget[0]] + "…"
    elif isinstance(v, (list, tuple, dict)) and depth < 4:
        opening, closing = ("{", "}") if isinstance(v, dict) else \
            (("[", "]") if isinstance(v, list) else ("(", ")"))
        out.append(opening)
        budget[0] -= 1
        items = list(v.items())[:budget[0]] if isinstance(v, dict) else list(v[:budget[0]])
        for i, item in enumerate(items):
            if budget[0] <= 0:
                out.append("…")
                break
            if i:
                out.append(", ")
                budget[0] -= 2
            if isinstance(v, dict):
                _echo(item[0], out, budget, depth + 1)
                out.append(": ")
                budget[0] -= 2
                _echo(item[1], out, budget, depth + 1)
            else:
                _echo(item, out, budget, depth + 1)
        if len(v) > len(items):
            out.append(", …")
        out.append(closing)
        return
    elif isinstance(v, (list, tuple, dict)):
        piece = "…"
    else:
        piece = f"<{type(v).__name__}>"
    out.append(piece)
    budget[0] -= len(piece)


# ---------------------------------------------------------------------------- bad arguments
class ArgumentError(OptionError):
    """A call to the Python API (a widget model, the quiz API) was given an argument of the
    wrong kind or out of range: rule id ``bad-option``; ``argument`` names it in words.  The
    checks live in :mod:`spades_lab.core.args`; a refused call changes nothing."""

    def __init__(self, message: str, *, argument: str = "", **details: Any) -> None:
        super().__init__(message, **details)
        self.argument = argument


# ---------------------------------------------------------------------------- files and folders
class OutputId(StrEnum):
    """The ids of a refusal to write a file or folder (the commands' outputs, a saved game),
    one member each (:data:`OUTPUT_IDS` says what each means).  Not rules of the game
    (:class:`Rule` holds those) but as stable; like a :class:`Rule`, a member is its id.

    >>> OutputId.FILE_EXISTS, OutputId("busy") is OutputId.BUSY
    ('file-exists', True)
    """

    UNSAFE_TARGET = "unsafe-target"
    NOT_OURS = "not-ours"
    FILE_EXISTS = "file-exists"
    NOT_A_FOLDER = "not-a-folder"
    CANNOT_WRITE = "cannot-write"
    BUSY = "busy"
    TOOL_FAILED = "tool-failed"

    def __repr__(self) -> str:
        return repr(self._value_)


#: The ids of a refusal to write a file or folder, with what each means.
OUTPUT_IDS: dict[OutputId, str] = {
    OutputId.UNSAFE_TARGET: "the folder is one a command never fills or replaces: the current "
    "folder or one holding it, the home folder, /, the download cache, the course's own source",
    OutputId.NOT_OURS: "the folder holds files that are not an earlier result of the command",
    OutputId.FILE_EXISTS: "a file of that name is there already",
    OutputId.NOT_A_FOLDER: "the name is a file or a link to nothing, not a folder",
    OutputId.CANNOT_WRITE: "the file or folder could not be written (permissions, a full disk, "
    "...)",
    OutputId.BUSY: "another run holds the folder",
    OutputId.TOOL_FAILED: "an outside program (Chromium) failed or did not finish",
}


class OutputError(SpadesLabError, OSError):
    """A file or folder was not written, or a folder was refused as a place to write.

    ``rule`` is a stable id, an :class:`OutputId` (a plain id string is looked up);
    ``message`` is one sentence a teacher understands, naming the file and what to do
    (``--force``, another folder).  An
    ``OSError``, so code that reports operating-system errors reports it too, with its sentence.

    >>> e = OutputError(OutputId.FILE_EXISTS, "handouts/rules_standard.html is there already.")
    >>> str(e), e.rule, isinstance(e, OSError)
    ('handouts/rules_standard.html is there already.', 'file-exists', True)
    """

    def __init__(self, rule: OutputId, message: str, *, path: str | None = None) -> None:
        OSError.__init__(self, 0, message)
        self.rule: OutputId = rule if type(rule) is OutputId else OutputId(rule)
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rule!r}, {self.message!r})"

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message}
