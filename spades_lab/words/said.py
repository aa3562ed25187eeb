"""What an explanation says, as fields, and its two renderings: for learners and for teachers.

An explanation is made of :class:`Said` lines: each keeps its sentence, the rule ids and the
``option = value`` notes a teacher also sees (:class:`Tag`), and its place in the layout (a
level, a score's points column) as separate fields.  :func:`learner` and :func:`teacher` are the
two renderings of the same fields (``learner_lines`` / ``teacher_lines`` line by line); no
sentence is ever taken apart again.

>>> s = Said("West wins with 9♠: the highest Spade, the trump",
...          (Tag("rule", "superior-trump-wins", bracket=True),), stop=".")
>>> learner(s)
'West wins with 9♠: the highest Spade, the trump.'
>>> teacher(s)
'West wins with 9♠: the highest Spade, the trump [superior-trump-wins].'
>>> s.rules
('superior-trump-wins',)
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from ..core.scoring import LineItem

# ---------------------------------------------------------------------------- lines


class Tag(NamedTuple):
    """What a teacher sees beside a sentence and a learner does not: a rule id
    (``kind="rule"``, ``superior-trump-wins``) or an option and its value (``kind="option"``,
    ``failed_nil_tricks = bags_only``); ``bracket`` shows it in [brackets] instead of
    (parentheses)."""

    kind: str
    value: str
    bracket: bool = False

    def shown(self) -> str:
        """The tag as teachers read it: `` (value)`` or `` [value]``."""
        return f" [{self.value}]" if self.bracket else f" ({self.value})"


#: The width of a score line's points column (``"  +50  "``).
POINTS_WIDTH = 5


class Said(NamedTuple):
    """One line of an explanation.

    ``words`` is the sentence both readers see (without its closing ``stop``), ``tags`` the
    rule ids and option notes only teachers see (shown before the stop), ``level`` the layout
    (0 a sentence, 1 a detail of the sentence above, drawn indented), ``points`` a score line's
    points (drawn in a column before the words) and ``column`` a detail set under that column
    without points of its own (a nil's account).

    >>> line = Said("3 tricks over the bid: 3 bags, 1 point each", (Tag("rule", "bags"),),
    ...             level=1, points=3)
    >>> learner(line), teacher(line)
    ('     +3  3 tricks over the bid: 3 bags, 1 point each', '     +3  3 tricks over the bid: \
3 bags, 1 point each (bags)')
    """

    words: str
    tags: tuple[Tag, ...] = ()
    stop: str = ""
    level: int = 0
    points: int | None = None
    column: bool = False

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids of this line."""
        return tuple(t.value for t in self.tags if t.kind == "rule")

    @property
    def notes(self) -> tuple[str, ...]:
        """The ``option = value`` notes of this line."""
        return tuple(t.value for t in self.tags if t.kind == "option")

    def _lead(self) -> str:
        lead = "  " * self.level
        if self.points is not None:
            lead += f"{self.points:+{POINTS_WIDTH}d}  "
        elif self.column:
            lead += " " * (POINTS_WIDTH + 2)
        return lead

    def body(self) -> str:
        """The line for learners without its indent (a screen indents it from ``level``):
        a score line's points, then the words.

        >>> Said("3 bags", level=1, points=3, stop=".").body()
        '+3  3 bags.'
        """
        lead = f"{self.points:+d}  " if self.points is not None else ""
        return lead + self.words + self.stop

    def learner(self) -> str:
        """The line for learners: the words, laid out, without tags."""
        return self._lead() + self.words + self.stop

    def teacher(self) -> str:
        """The line for teachers: the words with every tag."""
        tags = "".join([t.shown() for t in self.tags]) if self.tags else ""
        return self._lead() + self.words + tags + self.stop


def rule_tag(rule: str, bracket: bool = False) -> Tag:
    """A rule id as a tag."""
    return Tag("rule", rule, bracket)


def option_tag(name: str, value: Any, bracket: bool = False) -> Tag:
    """An option's ``name = value`` note as a tag."""
    return Tag("option", f"{name} = {value}", bracket)


def item_said(item: LineItem, **layout: Any) -> Said:
    """A scoring line item of the engine as a line: its sentence, and its option note as a
    tag."""
    tags = (Tag("option", item.note),) if item.note else ()
    return Said(item.text, tags, **layout)


def said_lines(x: Any) -> tuple[Said, ...]:
    """The lines of anything that explains: a :class:`Said`, a sequence of them, an engine
    :class:`~spades_lab.core.scoring.LineItem`, an explanation with ``said`` lines
    (:mod:`spades_lab.teach.explain`), or words already for everyone (a string, or an object
    with a ``text`` and no tags), one line per line of text."""
    if isinstance(x, Said):
        return (x,)
    if isinstance(x, LineItem):
        return (item_said(x),)
    if isinstance(x, str):
        return tuple(Said(t) for t in x.split("\n"))
    said = getattr(x, "said", None)
    if said:
        return tuple(said)
    if isinstance(x, (tuple, list)) or isinstance(x, Sequence):
        return tuple(s for y in x for s in said_lines(y))
    text = getattr(x, "text", None)
    if isinstance(text, str):
        return said_lines(text)
    raise TypeError(f"no words to render in {type(x).__name__}")


def learner_lines(x: Any) -> list[str]:
    """Each line of ``x`` (see :func:`said_lines`) in learners' words."""
    return [s.learner() for s in said_lines(x)]


def teacher_lines(x: Any) -> list[str]:
    """Each line of ``x`` (see :func:`said_lines`) with its rule ids and option notes."""
    return [s.teacher() for s in said_lines(x)]


def teacher_text(lines: Iterable[Said]) -> str:
    """Lines for teachers, one per line of text (the ``text`` of an explanation)."""
    return "\n".join([s.teacher() for s in lines])


def learner(x: Any) -> str:
    """``x`` (see :func:`said_lines`) in learners' words: no rule ids, no option notes."""
    return "\n".join(learner_lines(x))


def teacher(x: Any) -> str:
    """``x`` (see :func:`said_lines`) for teachers: the same words with every rule id and
    option note."""
    if isinstance(x, Said):
        return x.teacher()
    return "\n".join(teacher_lines(x))


def join_said(parts: Iterable[Sequence[Said]]) -> tuple[Said, ...]:
    """Blocks of lines, one after the other with an empty line between them."""
    out: list[Said] = []
    for part in parts:
        if out:
            out.append(Said(""))
        out.extend(part)
    return tuple(out)


def line_text(item: LineItem | Any) -> str:
    """A scoring line for learners: the engine's sentence (a
    :class:`~spades_lab.core.scoring.LineItem`, or an explanation's
    :class:`~spades_lab.teach.explain.ScoreLine`) without the ``option = value`` note kept
    apart for teachers' tools (the sentence already says in words what the option did).

    >>> from spades_lab.core.scoring import LineItem
    >>> item = LineItem("failed-nil-tricks", "South's 1 trick after a failed nil scores 1 "
    ...                 "point and 1 bag", 1, 1, 2, "failed_nil_tricks",
    ...                 "failed_nil_tricks = bags_only")
    >>> line_text(item)
    "South's 1 trick after a failed nil scores 1 point and 1 bag"
    >>> teacher(item)
    "South's 1 trick after a failed nil scores 1 point and 1 bag (failed_nil_tricks = \
bags_only)"
    """
    return learner(item)


def plain(x: Any) -> str:
    """Learner text of an explanation, a line or a scoring item: :func:`learner` (rendered
    from the fields, so without rule ids and option notes).

    >>> plain(Said("West wins with 9♠", (rule_tag("superior-trump-wins", True),), stop="."))
    'West wins with 9♠.'

    A string is words already: it is refused, never read back into lines.
    """
    if isinstance(x, str):
        raise TypeError("plain() renders an explanation, a line or a scoring item; a string "
                        "is words already")
    return learner(x)


__all__ = ["Tag", "POINTS_WIDTH", "Said", "rule_tag", "option_tag", "item_said", "said_lines",
           "learner_lines", "teacher_lines", "teacher_text", "learner", "teacher", "join_said",
           "line_text", "plain"]
