"""Students' names a teacher can tell apart (docs/classroom.md, "Names").

A name is what a student types when joining, trimmed (runs of spaces become one) and put in
Unicode's composed form (NFC), so that "José" typed two ways is one name.  It is refused, in
words and with a stable rule id (:data:`~spades_lab.core.errors.CLASSROOM_IDS`), when:

- it is not 1 to :data:`MAX_NAME` characters (``name-length``);
- it has no letter or digit, or holds a character that shows as nothing or changes how the
  text around it is shown: zero-width characters, text-direction marks, the Hangul fillers,
  the braille blank, control characters, more than :data:`MAX_MARKS` accents on one letter or
  an accent on nothing (``name-unreadable``);
- it reads as "Robot", the robots' name on every table (in any case, in look-alike letters of
  other alphabets, with digits such as 0 for o, spaced out: ``name-robot``).

A name the class already has (the same up to case and look-alike letters) is numbered:
"Ann", then "Ann (2)".

>>> check_name("  Ann   Lee ")
'Ann Lee'
>>> check_name("R0bot")
Traceback (most recent call last):
...
spades_lab.classroom.names.NameRefused: "Robot" is the robots' name: choose another name.
>>> numbered("ann", ["Ann", "Ben"]), numbered("Cy", ["Ann"])
('ann (2)', 'Cy')
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from ..core.errors import Rule
from ..core.validate import MAX_NAME  # a record's player names: one limit for both

#: The most accents (combining marks) one letter may carry: Vietnamese needs two, a stack of
#: dozens draws over the lines around it.
MAX_MARKS = 4

#: Unicode's default-ignorable code points (DerivedCoreProperties.txt): characters a font
#: draws as nothing (the Hangul fillers among them, which are letters), and the braille blank,
#: which is drawn as a space but is no space to Python.
_BLANK = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x2800, 0x2800), (0x3164, 0x3164), (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
#: Categories that show as nothing or are not text: controls, formats, private use,
#: unassigned, surrogates, line and paragraph separators.
_HIDDEN_CATEGORIES = {"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"}

#: Letters of other alphabets (and digits, and small capitals) that look like the Latin letters
#: of "robot" and of common names, mapped to the Latin letter they pass for; applied after
#: NFKC (which already maps fullwidth, mathematical and circled letters) and casefolding.
_LOOKALIKE = str.maketrans({
    # o
    "0": "o", "о": "o", "ο": "o", "օ": "o", "ᴏ": "o", "ɵ": "o", "ө": "o", "ℴ": "o",
    "°": "o", "ഠ": "o",
    # r
    "г": "r", "ʀ": "r", "ɾ": "r", "ɼ": "r", "ꭇ": "r", "ᴦ": "r", "ꮁ": "r", "ꭈ": "r",
    # b
    "ь": "b", "Ь": "b", "в": "b", "ƅ": "b", "ʙ": "b", "ᏼ": "b", "β": "b", "6": "b",
    "ɓ": "b", "ъ": "b", "ᑲ": "b", "ꮟ": "b",
    # t
    "т": "t", "τ": "t", "ᴛ": "t", "7": "t", "+": "t", "ţ": "t", "ꭲ": "t", "ƭ": "t",
    # others a name is often spelt with
    "а": "a", "α": "a", "4": "a", "@": "a", "е": "e", "ε": "e", "3": "e", "і": "i",
    "ι": "i", "1": "l", "|": "l", "ӏ": "l", "ј": "j", "с": "c", "ѕ": "s", "5": "s",
    "$": "s", "х": "x", "у": "y", "р": "p", "ρ": "p", "к": "k", "κ": "k", "м": "m",
    "н": "h", "η": "n", "ν": "v", "ω": "w", "ԁ": "d", "ɡ": "g", "9": "g", "ո": "n",
    "ս": "u", "υ": "u", "8": "b",
})
_ROBOT = "robot"
_NUMBER = re.compile(r"^(?P<base>.*) \((?P<n>[0-9]+)\)$")


class NameRefused(ValueError):
    """A name the class cannot use: ``rule`` (a :class:`~spades_lab.core.errors.Rule`) and
    ``message``, the sentence the student reads."""

    def __init__(self, rule: Rule, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


def _blank(ch: str) -> bool:
    o = ord(ch)
    return any(lo <= o <= hi for lo, hi in _BLANK) or \
        unicodedata.category(ch) in _HIDDEN_CATEGORIES


def _unreadable(text: str) -> bool:
    """Does ``text`` hold a character that shows as nothing, a pile of accents or an accent on
    nothing, or no letter or digit at all?"""
    marks = 0
    for i, ch in enumerate(text):
        if _blank(ch):
            return True
        if unicodedata.category(ch).startswith("M"):
            marks += 1
            if marks > MAX_MARKS or i == 0 or text[i - 1] == " ":
                return True
        else:
            marks = 0
    shown = unicodedata.normalize("NFKC", text)  # circled and fullwidth letters are letters
    return not any(unicodedata.category(ch)[0] in "LN" and not _blank(ch) for ch in shown)


def skeleton(name: str, *, marks: bool = True) -> str:
    """What ``name`` looks like, for telling names apart: NFKC, case folded, look-alike letters
    of other alphabets and digits mapped to the Latin letter they pass for (accents dropped
    too with ``marks=False``).

    >>> skeleton("Ｒ0ВОТ"), skeleton("Аnn"), skeleton("Rôbot", marks=False)
    ('robot', 'ann', 'robot')
    """
    text = unicodedata.normalize("NFKC", name).casefold()
    if not marks:
        text = "".join(c for c in unicodedata.normalize("NFD", text)
                       if not unicodedata.category(c).startswith("M"))
    return unicodedata.normalize("NFC", text.translate(_LOOKALIKE))


def looks_like_robot(name: str) -> bool:
    """Does ``name`` read as "Robot": the whole name without its spaces and signs, or a word of
    it that begins so ("R o b o t", "robot2", "Robot for Ann")?

    >>> [looks_like_robot(n) for n in ("Robot", "rOBOT", "Rоbоt", "R0b0t", "Ro bot",
    ...                                "Robots", "Rob Otto", "Roberta")]
    [True, True, True, True, True, True, False, False]
    """
    plain = skeleton(name, marks=False)
    letters = "".join(c for c in plain if c.isalnum())
    if letters in (_ROBOT, _ROBOT + "s"):
        return True
    return any("".join(c for c in w if c.isalnum()).startswith(_ROBOT) for w in plain.split())


def check_name(name: Any) -> str:
    """The name a student gave, trimmed and composed, or :class:`NameRefused` (module doc)."""
    if not isinstance(name, str):
        raise NameRefused(Rule.NAME_LENGTH, f"Your name is 1 to {MAX_NAME} letters, digits or "
                          "spaces.")
    text = unicodedata.normalize("NFC", " ".join(name.split()))
    if not 0 < len(text) <= MAX_NAME:
        raise NameRefused(Rule.NAME_LENGTH, f"Your name is 1 to {MAX_NAME} letters, digits or "
                          "spaces.")
    if _unreadable(text):
        raise NameRefused(Rule.NAME_UNREADABLE, "The teacher could not read that name: use "
                          "letters or digits, without invisible or special characters.")
    if looks_like_robot(text):
        raise NameRefused(Rule.NAME_ROBOT, "\"Robot\" is the robots' name: choose another "
                          "name.")
    return text


def base_name(name: str) -> str:
    """``name`` without the number :func:`numbered` gave it ("Ann (2)" -> "Ann")."""
    m = _NUMBER.match(name)
    return m.group("base") if m else name


def same_name(a: str, b: str) -> bool:
    """Would the teacher take ``a`` and ``b`` for one name (up to case and look-alikes)?"""
    return skeleton(a) == skeleton(b)


def numbered(name: str, taken: Iterable[str]) -> str:
    """``name``, or, when the class has it already (:func:`same_name`), ``name (k)`` with the
    smallest free k from 2 (the name cut to fit in :data:`MAX_NAME`)."""
    seen = {skeleton(t) for t in taken}
    if skeleton(name) not in seen:
        return name
    for k in range(2, 10_000):
        tail = f" ({k})"
        candidate = name[:MAX_NAME - len(tail)].rstrip() + tail
        if skeleton(candidate) not in seen:
            return candidate
    raise NameRefused(Rule.NAME_LENGTH, "That name is taken: choose another.")  # pragma: no cover


__all__ = ["check_name", "numbered", "same_name", "base_name", "skeleton", "looks_like_robot",
           "NameRefused", "MAX_NAME", "MAX_MARKS"]
