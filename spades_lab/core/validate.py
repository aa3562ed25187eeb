"""Checking a game record's types and shapes once, before anything replays it.

A record comes from a file, a JSON text or a dict (RECORD-FORMAT.md).  Everything that reads
one goes through :func:`read_record`: the file is read once with a size limit, decoded as UTF-8,
parsed with bounded numbers and nesting, duplicate keys refused, and every key and type checked
against the format, so that what the replay sees is well formed and every later message stays
short.  A refusal is a :class:`~spades_lab.core.errors.RecordError` ``bad-record`` whose message
names the key path (``hands[3].exchange[1].cards``) and repeats at most about 80 characters of
the bad value.

>>> try:
...     check_record({"rules": "standard", "start": {"score": [10, 0]}})
... except RecordError as e:
...     print(e.message)
start has no key 'score' (did you mean 'scores'?); its keys are scores, bags.
>>> check_record({"rules": "standard", "hands": [{"deal": [], "bids": [{"seat": 9, "bid": 3}]}]})
Traceback (most recent call last):
...
spades_lab.core.errors.RecordError: hands[0].bids[0].seat must be a seat number 0-3, not 9.

The rules themselves (who may bid what, which card may be played) are the replay's business.
"""
from __future__ import annotations

import difflib
import gc
import json
import threading
from collections.abc import Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from .errors import MAX_INT_DIGITS, RecordError, Rule, RuleError, echo
from .rules import RuleSet, rules_from_json

#: The record format this kit reads and writes (RECORD-FORMAT.md).
FORMAT = "spades-lab/1"
#: The largest record file or text read (a 10,000-hand 52-card game is about 25 MB).
MAX_RECORD_BYTES = 64 * 2**20
#: The longest player name (names appear in every message about that seat).
MAX_NAME = 40
#: The longest text taken for a bid, a card or a declared suit.
MAX_TEXT = 40

RECORD_KEYS = ("format", "rules", "players", "start", "hands")
RULES_KEYS = ("preset", "options")
START_KEYS = ("scores", "bags")
#: ``claim``: a spades_lab extension (docs/record-format.md, "Claims"), absent unless a hand
#: ended by an accepted claim
HAND_KEYS = ("dealer", "deal", "bids", "exchange", "plays", "claim")
CLAIM_KEYS = ("seat", "tricks", "accepted_by", "verified")
ENTRY_KEYS = {"bids": ("seat", "bid"), "exchange": ("from", "to", "cards"),
              "plays": ("seat", "card", "as")}
_ENTRY_REQUIRED = {"bids": ("seat", "bid"), "exchange": ("from", "to", "cards"),
                   "plays": ("seat", "card")}
_STEP = {"bids": "bid", "exchange": "exchange", "plays": "play"}
_PLAY_KEYS = frozenset(ENTRY_KEYS["plays"])


def _bad(message: str, path: str = "", hand: int | None = None,
         step: str | None = None) -> RecordError:
    return RecordError(Rule.BAD_RECORD, message, hand=hand, step=step, path=path)


# ---------------------------------------------------------------------------- reading


def read_record(source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    """The record ``source`` names (a path, a JSON text starting with ``{``, or a mapping),
    read once and checked once: a plain dict whose every key and type is as RECORD-FORMAT.md
    says.  Raises :class:`RecordError` ``bad-record``."""
    if isinstance(source, Mapping):
        data: Any = dict(source)
    elif isinstance(source, Path) or (isinstance(source, str)
                                      and not source.lstrip().startswith("{")):
        data = _parse(read_record_file(source))
    elif isinstance(source, str):
        if len(source) > MAX_RECORD_BYTES:
            raise _bad(f"The record text is {len(source):,} characters long; a record may have "
                       f"at most {MAX_RECORD_BYTES:,}.")
        data = _parse(source)
    else:
        raise _bad(f"A record is a file path, a JSON text or a dict, not {echo(source)}.")
    check_record(data)
    return data  # type: ignore[no-any-return]


def read_record_file(path: str | Path) -> str:
    """The text of a record file: at most :data:`MAX_RECORD_BYTES` bytes of UTF-8 (a leading
    byte-order mark is dropped)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_RECORD_BYTES + 1)
    except (OSError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else type(e).__name__
        raise _bad(f"Cannot read the record file {echo(str(path))}: {reason}.") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise _bad(f"The record file is larger than {MAX_RECORD_BYTES // 2**20} MiB, the "
                   "largest record this kit reads.")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise _bad(f"The record file is not UTF-8 text (byte {e.start} is "
                   f"0x{raw[e.start]:02x}); save it as UTF-8.") from None


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"The record has a number of {len(text.lstrip('-')):,} digits; numbers "
                         f"in a record have at most {MAX_INT_DIGITS}.")
    return int(text)


class _Wholes(dict[str, int]):
    """JSON number text -> int: the small numbers a record is full of (seats, bids) found
    without a Python call, any other through :func:`_whole`."""

    def __missing__(self, text: str) -> int:
        return _whole(text)


_WHOLES = _Wholes({str(i): i for i in range(-999, 1000)})
_parse_whole = _WHOLES.__getitem__


def _constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number a record may hold; numbers are whole numbers.")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    d = dict(pairs)
    if len(d) != len(pairs):
        seen: set[str] = set()
        for k, _ in pairs:
            if k in seen:
                raise ValueError(f"The record repeats the key {echo(k)} in one object; each key "
                                 "may appear once.")
            seen.add(k)
    return d


class _GcPause:
    """The collector's pause for bulk jobs (:func:`gc_paused`): one lock-guarded depth count for
    the whole process, so nested and concurrent pauses (threads) end with the collector as the
    outermost pause found it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.depth = 0
        self.was_enabled = False

    def __enter__(self) -> None:
        with self.lock:
            self.depth += 1  # first: Ctrl-C can only strike at a call, and undoes it below
            try:
                if self.depth == 1:
                    self.was_enabled = gc.isenabled()
                    gc.disable()
            except BaseException:
                self._leave()
                raise

    def __exit__(self, *exc: object) -> None:
        with self.lock:
            self._leave()

    def _leave(self) -> None:
        self.depth -= 1
        if self.depth or not self.was_enabled:
            return
        self.was_enabled = False
        try:
            if gc.get_freeze_count() == 0:
                # promote what the job built to the oldest generation without walking it:
                # freeze() moves every tracked object to the permanent generation and
                # unfreeze() hands them all back as the oldest generation, two list splices.
                # Otherwise the first young collection after the pause would walk every object
                # the job left (a third of a second for a 10,000-hand game), and the next
                # middle one walk them all again.  Only when nothing else is frozen: unfreeze()
                # would release that too.
                try:
                    gc.freeze()
                finally:
                    gc.unfreeze()
        finally:
            gc.enable()


_GC_PAUSE = _GcPause()


def gc_paused() -> AbstractContextManager[None]:
    """Pause Python's cyclic garbage collector for a bulk job (parsing and replaying a long
    record), as a ``with`` block.

    Why: such a job builds a million objects that stay alive (the game's log and tricks), and
    with the collector on, every full collection during the build walks all of them again (nine
    of them, two seconds, for a 10,000-hand record).

    Why it is safe: only the *cyclic* collector pauses, and only for the block: reference
    counting frees everything as usual, so the only garbage kept until the end is garbage in
    reference cycles, which a replay does not make (a refused record makes one error).  The
    block's exit restores the collector on every path, an exception or Ctrl-C included; nested
    blocks and blocks in several threads share one count, so the collector comes back on when
    the last block ends, exactly if it was on when the first began; a collector the caller had
    turned off stays off.  When it comes back on, the objects the job left are promoted to the
    oldest generation unwalked (see :class:`_GcPause`): they are walked at the next full
    collection, as they would be anyway.

    >>> import gc
    >>> with gc_paused():
    ...     with gc_paused():
    ...         gc.isenabled()
    ...     gc.isenabled()
    False
    False
    >>> gc.isenabled()
    True
    """
    return _GC_PAUSE


def parse_record_text(text: str) -> Any:
    """JSON text to Python values, refusing duplicate keys, ``NaN``/``Infinity``, numbers of
    more than :data:`~spades_lab.core.errors.MAX_INT_DIGITS` digits and nesting deeper than
    Python's stack (a record nests five levels)."""
    try:
        with gc_paused():
            return json.loads(text, parse_int=_parse_whole, parse_constant=_constant,
                              object_pairs_hook=_pairs)
    except json.JSONDecodeError as e:
        raise _bad(f"The record is not valid JSON: {e.msg} (line {e.lineno}, column "
                   f"{e.colno}).") from None
    except RecursionError:
        raise _bad("The record nests lists or objects too deeply; a record nests at most five "
                   "levels.") from None
    except ValueError as e:
        raise _bad(str(e)) from None


def _parse(text: str) -> Any:
    """:func:`parse_record_text`, the quick way when it gives the same: JSON's own objects (no
    Python call per object to look for a repeated key) are kept when the objects of a record's
    known places hold as many keys as the text has colons, so no key was repeated (a colon
    inside a text, an object elsewhere, or anything the parse refuses: the careful way)."""
    try:
        with gc_paused():
            data = json.loads(text, parse_int=_parse_whole, parse_constant=_constant)
        if _count_keys(data) == text.count(":"):
            return data
    except (ValueError, RecursionError):
        pass
    return parse_record_text(text)


def _dict_keys(items: Any) -> int:
    """The keys of the objects in the list ``items`` (0 for anything else)."""
    if type(items) is not list:
        return 0
    if set(map(type, items)) <= {dict}:
        return sum(map(len, items))
    return sum(len(x) for x in items if type(x) is dict)


def _count_keys(data: Any) -> int:
    """The keys of the objects in a parsed record's known places: the record, its rules and
    options (and any option value that is an object), its start, its hands and their entries.
    Never more than the keys the text writes, so equal to its colons only when no key repeats
    (each repeat is a colon more than the objects' keys)."""
    if type(data) is not dict:
        return -1
    n = len(data)
    rules = data.get("rules")
    if type(rules) is dict:
        n += len(rules)
        options = rules.get("options")
        if type(options) is dict:
            n += len(options) + sum(len(v) for v in options.values() if type(v) is dict)
    start = data.get("start")
    if type(start) is dict:
        n += len(start)
    hands = data.get("hands")
    if type(hands) is list:
        n += _dict_keys(hands)
        for h in hands:
            if type(h) is dict:
                n += _dict_keys(h.get("bids")) + _dict_keys(h.get("exchange")) + \
                    _dict_keys(h.get("plays"))
    return n


# ---------------------------------------------------------------------------- checking


def _is_int(v: Any) -> bool:
    return type(v) is int or (isinstance(v, int) and not isinstance(v, bool))


def _keys(obj: Mapping[Any, Any], allowed: tuple[str, ...], where: str,
          hand: int | None = None, step: str | None = None) -> None:
    for key in obj:
        if key not in allowed:
            near = difflib.get_close_matches(key, allowed, 1) if isinstance(key, str) else []
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise _bad(f"{where} has no key {echo(key, 40)}{hint}; its keys are "
                       f"{', '.join(allowed)}.", f"{where}.{key}", hand, step)


def check_record(data: Any) -> RuleSet:
    """Check a parsed record's keys, types and shapes (seat numbers against the rule set's
    players); returns its rule set.  Raises :class:`RecordError` ``bad-record`` naming the key
    path, with the hand and step where there is one."""
    if not isinstance(data, Mapping):
        raise _bad(f"A game record is a JSON object, not {echo(data)}.")
    _keys(data, RECORD_KEYS, "The record")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise _bad(f"Unknown record format {echo(fmt)}; this kit reads {FORMAT!r}.", "format")
    if "rules" not in data:
        raise _bad("The record has no 'rules'.", "rules")
    rules = _check_rules(data["rules"])
    n = rules.players
    if "players" in data:
        _check_players(data["players"], n)
    if "start" in data:
        _check_start(data["start"], rules)
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        raise _bad(f"hands must be a list of hands, not {echo(hands)}.", "hands")
    for i, h in enumerate(hands):
        _check_hand(h, i, n)
    return rules


def _check_rules(obj: Any) -> RuleSet:
    if isinstance(obj, Mapping):
        _keys(obj, RULES_KEYS, "rules")
        if not isinstance(obj.get("preset"), str):
            raise _bad(f"rules.preset must name a rule set, not "
                       f"{echo(obj.get('preset'))}.", "rules.preset")
        options = obj.get("options", {})
        if not isinstance(options, Mapping):
            raise _bad(f"rules.options must be an object of option names and values, not "
                       f"{echo(options)}.", "rules.options")
        for key, value in options.items():
            if not isinstance(key, str):
                raise _bad(f"rules.options has a key {echo(key)} that is not a name.",
                           "rules.options")
            if isinstance(value, (list, float)) or (isinstance(value, Mapping) and any(
                    not isinstance(v, (str, int)) or isinstance(v, bool)
                    for v in value.values())):
                raise _bad(f"rules.options.{echo(key, 40)[1:-1]} = {echo(value)} is not a "
                           "value an option takes.", f"rules.options.{key}")
    elif not isinstance(obj, str):
        raise _bad(f"rules must be an object with a 'preset' and 'options', not {echo(obj)}.",
                   "rules")
    try:
        return rules_from_json(obj)
    except RuleError as e:
        raise _bad(e.message, "rules") from None


def _check_players(players: Any, n: int) -> None:
    if not isinstance(players, list):
        raise _bad(f"players must be a list of {n} names, not {echo(players)}.", "players")
    if len(players) != n:
        raise _bad(f"players must name all {n} players; {len(players)} "
                   f"name{'s are' if len(players) != 1 else ' is'} given.", "players")
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME \
                or not name.isprintable():
            raise _bad(f"players[{i}] must be a name of 1 to {MAX_NAME} printable characters, "
                       f"not {echo(name)}.", f"players[{i}]")


def _check_start(start: Any, rules: RuleSet) -> None:
    teams = rules.team_count
    if not isinstance(start, Mapping) or not start:
        raise _bad(f"start must be an object with the partnerships' 'scores' and 'bags', not "
                   f"{echo(start)}.", "start")
    _keys(start, START_KEYS, "start")
    for key in START_KEYS:
        if key not in start:
            continue
        values = start[key]
        if not isinstance(values, list) or len(values) != teams \
                or not all(_is_int(v) for v in values):
            side = "partnership" if rules.has_partners else "player"
            raise _bad(f"start.{key} must be a list of {teams} whole numbers, one per "
                       f"{side}, not {echo(values)}.", f"start.{key}")
        for j, v in enumerate(values):
            if abs(v) >= 10 ** MAX_INT_DIGITS:
                raise _bad(f"start.{key}[{j}] is too large: {echo(v)}.", f"start.{key}[{j}]")


def _check_hand(h: Any, i: int, n: int) -> None:
    where = f"hands[{i}]"
    if not isinstance(h, Mapping):
        raise _bad(f"{where} must be an object with a deal, not {echo(h)}.", where, i)
    _keys(h, HAND_KEYS, where, i, "deal")
    if "dealer" in h:
        d = h["dealer"]
        if not _is_int(d) or not 0 <= d < n:
            raise _bad(f"{where}.dealer must be a seat number 0-{n - 1}, not {echo(d)}.",
                       f"{where}.dealer", i, "deal")
    if "deal" not in h:
        raise _bad(f"{where} has no 'deal'.", f"{where}.deal", i, "deal")
    deal = h["deal"]
    if not isinstance(deal, list) or not all(isinstance(row, list) for row in deal):
        raise _bad(f"{where}.deal must be a list of {n} lists of cards, one per seat, not "
                   f"{echo(deal)}.", f"{where}.deal", i, "deal")
    for key in ("bids", "exchange", "plays"):
        entries = h.get(key, [])
        if not isinstance(entries, list):
            raise _bad(f"{where}.{key} must be a list, not {echo(entries)}.",
                       f"{where}.{key}", i)
        if key == "plays":
            for j, e in enumerate(entries):
                # the fast common case: {"seat": s, "card": "QH"} with a seat in range
                if type(e) is dict and type(s := e.get("seat")) is int and 0 <= s < n \
                        and type(c := e.get("card")) is str and len(c) <= MAX_TEXT \
                        and (len(e) == 2 or (e.keys() <= _PLAY_KEYS and _as_ok(e.get("as")))):
                    continue
                _check_entry(e, key, i, j, n)
        elif key == "bids":
            for j, e in enumerate(entries):
                # the fast common case: {"seat": s, "bid": 4 or "nil"} with a seat in range
                if type(e) is dict and len(e) == 2 and type(s := e.get("seat")) is int \
                        and 0 <= s < n and (type(b := e.get("bid")) is int or (
                            type(b) is str and len(b) <= MAX_TEXT)):
                    continue
                _check_entry(e, key, i, j, n)
        else:
            for j, e in enumerate(entries):
                _check_entry(e, key, i, j, n)
    if "claim" in h:
        _check_claim(h["claim"], i, n)


def _check_claim(c: Any, i: int, n: int) -> None:
    """A hand's ``claim`` entry: its shape (the engine checks it is a claim that may be made)."""
    where = f"hands[{i}].claim"
    if not isinstance(c, Mapping):
        raise _bad(f"{where} must be an object with a seat and tricks, not {echo(c)}.",
                   where, i, "claim")
    _keys(c, CLAIM_KEYS, where, i, "claim")
    for field in ("seat", "tricks"):
        if field not in c:
            raise _bad(f"{where} has no {field!r}; a claim has a seat and tricks.",
                       f"{where}.{field}", i, "claim")
    if not _is_int(c["seat"]) or not 0 <= c["seat"] < n:
        raise _bad(f"{where}.seat must be a seat number 0-{n - 1}, not {echo(c['seat'])}.",
                   f"{where}.seat", i, "claim")
    if not _is_int(c["tricks"]) or not 0 <= c["tricks"] < 10 ** MAX_INT_DIGITS:
        raise _bad(f"{where}.tricks must be a number of tricks, not {echo(c['tricks'])}.",
                   f"{where}.tricks", i, "claim")
    acc = c.get("accepted_by", [])
    if not isinstance(acc, list) or not all(
            (_is_int(a) and 0 <= a < n) or a == "teacher" for a in acc):
        raise _bad(f"{where}.accepted_by must be a list of seat numbers 0-{n - 1} (or "
                   f"'teacher'), not {echo(acc)}.", f"{where}.accepted_by", i, "claim")
    if c.get("verified", "agreed") not in ("exact", "agreed"):
        raise _bad(f"{where}.verified must be 'exact' or 'agreed', not "
                   f"{echo(c.get('verified'))}.", f"{where}.verified", i, "claim")


def _as_ok(v: Any) -> bool:
    return v is None or (isinstance(v, str) and len(v) <= MAX_TEXT)


def _check_entry(e: Any, key: str, i: int, j: int, n: int) -> None:
    where = f"hands[{i}].{key}[{j}]"
    step = f"{_STEP[key]} {j}"
    required = _ENTRY_REQUIRED[key]
    if not isinstance(e, Mapping):
        raise _bad(f"{where} must be an object with {', '.join(required)}, not {echo(e)}.",
                   where, i, step)
    _keys(e, ENTRY_KEYS[key], where, i, step)
    for field in required:
        if field not in e:
            raise _bad(f"{where} has no {field!r}; each {_STEP[key]} entry has "
                       f"{', '.join(required)}.", f"{where}.{field}", i, step)
    for field in ("seat", "from", "to"):
        if field in e:
            s = e[field]
            if not _is_int(s) or not 0 <= s < n:
                raise _bad(f"{where}.{field} must be a seat number 0-{n - 1}, not {echo(s)}.",
                           f"{where}.{field}", i, step)
    if key == "bids":
        b = e["bid"]
        if not (_is_int(b) or isinstance(b, str)) or (isinstance(b, str) and len(b) > MAX_TEXT):
            raise _bad(f"{where}.bid must be a number of tricks or a bid text such as "
                       f"'nil', not {echo(b)}.", f"{where}.bid", i, step)
    elif key == "exchange":
        cards = e["cards"]
        if not isinstance(cards, list) or not all(
                isinstance(c, str) and len(c) <= MAX_TEXT for c in cards):
            raise _bad(f"{where}.cards must be a list of card texts such as 'QH', not "
                       f"{echo(cards)}.", f"{where}.cards", i, step)
    else:
        c = e["card"]
        if not isinstance(c, str) or len(c) > MAX_TEXT:
            raise _bad(f"{where}.card must be a card text such as 'QH', not {echo(c)}.",
                       f"{where}.card", i, step)
        if not _as_ok(e.get("as")):
            raise _bad(f"{where}.as must be a suit letter such as 'S', not {echo(e['as'])}.",
                       f"{where}.as", i, step)


__all__ = ["read_record", "read_record_file", "parse_record_text", "check_record", "FORMAT",
           "MAX_RECORD_BYTES", "MAX_NAME", "MAX_TEXT"]
