"""The quiz: a thin ipywidgets view of :class:`spades_lab.table.QuizModel` over
:class:`~spades_lab.teach.quiz.QuizQuestion` questions."""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as W

from .. import render
from ..core.cards import Play, parse_card
from ..core.errors import RuleError
from ..core.rules import PRESETS, RuleSet, seat_name
from ..table import (
    QuizModel,
    load_game,
)
from ..teach.quiz import QuizQuestion, make_quiz
from ..words.rules import PRESET_WORDS
from .common import (
    RecordSource,
    button,
    html_box,
    no_null_tooltips,
    projector_toggle,
    safe,
    style_box,
)


class Quiz(W.VBox):
    """Questions from the quiz generator (:func:`spades_lab.teach.quiz.make_quiz`) for the rule
    set of a record (or ``rules=`` a preset name), answered by clicking.  Each question shows
    its difficulty and everything needed to answer it (the rule set, bids, tricks taken, the
    broken and superior trumps, the trick so far as cards and the asked player's hand); the
    feedback is the engine's explanation.  The same seed gives the same questions.

    >>> quiz = Quiz(rules="standard", seed=1, difficulty=1, count=3)
    >>> len(quiz.model.questions), quiz.model.question.difficulty
    (3, 1)
    """

    def __init__(self, source: RecordSource | None = None, *, seed: int = 0,
                 rules: RuleSet | str | None = None, options: dict[str, Any] | None = None,
                 difficulty: int | Sequence[int] | None = None, count: int | None = None,
                 questions: Sequence[Any] | None = None, projector: bool = False) -> None:
        self.message = html_box("sl-message")
        self.question_html = html_box("sl-quiz-question-box")
        self.choices_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.choices_box.add_class("sl-quiz-choices")
        self.feedback_html = html_box("sl-quiz-feedback")
        self.next_button = button("next question", "sl-quiz-next")
        self.score_html = html_box("sl-quiz-score")
        super().__init__([style_box(), self.message, self.question_html, self.choices_box,
                          self.feedback_html, W.HBox([self.next_button, self.score_html])])
        no_null_tooltips(self)
        self.add_class("sl-quiz")
        self.projector_toggle = projector_toggle(self, projector)
        self.buttons: list[W.Button] = []
        self.players = 4
        self.model = QuizModel([])
        if questions is None:
            try:
                if rules is None:
                    game, err, rule = load_game(source) if source is not None else (
                        None, "Give a record or a rule set for the quiz.", None)
                    if game is None:
                        self.message.value = render.error_html(err or "", rule)
                        return
                    rules = game.rules
                questions = make_quiz(rules, seed, options=options, difficulty=difficulty,
                                      count=count).questions
            except RuleError as e:
                self.message.value = render.error_html(e.message, e.rule)
                return
        if questions:
            first = questions[0]
            ctx = getattr(first, "context", {})
            self.players = int(ctx.get("players") or _players_of(first) or 4)
        self.model = QuizModel(questions)
        self.next_button.on_click(safe(lambda _: self._next(), self.message))
        self.show()

    def _next(self) -> None:
        self.model.next()
        self.show()

    def _pictures(self, q: QuizQuestion) -> str:
        """The cards a question is about, drawn: the trick so far, the asked hand or card."""
        ctx = q.context
        out = []
        plays = ctx.get("plays") if isinstance(ctx.get("plays"), list) else ctx.get("trick")
        if isinstance(plays, list) and plays:
            trick = [(int(x["seat"]), Play(parse_card(x["card"]), x.get("as") or
                                           parse_card(x["card"]).suits[0])) for x in plays]
            out.append('<div class="sl-quiz-trick"><div class="sl-quiz-label">The trick</div>'
                       + render.trick_html(trick, self.players) + "</div>")
        held = ctx.get("hand")
        if isinstance(held, list) and held:
            seat = ctx.get("seat")
            who = (f"{seat_name(int(seat), self.players)}'s hand" if isinstance(seat, int)
                   else "The hand")
            out.append(f'<div class="sl-quiz-hand"><div class="sl-quiz-label">{who}</div>'
                       + render.hand_html([parse_card(c) for c in held]) + "</div>")
        card = ctx.get("card")
        if isinstance(card, str):
            out.append(f'<div class="sl-quiz-card">{render.card_html(parse_card(card))}</div>')
        return "".join(out)

    def show(self) -> None:
        q = self.model.question
        if q is None:
            self.question_html.value = '<div class="sl-quiz-question">No questions.</div>'
            return
        head = f"Question {self.model.index + 1} of {len(self.model.questions)}"
        head += f" · {LEVEL_WORDS.get(q.difficulty, f'level {q.difficulty}')}"
        drawn = isinstance(q.context.get("hand"), list)  # the hand is drawn below
        facts = "".join(f"<li>{render.text_html(_fact_words(x))}</li>" for x in q.shown
                        if not (drawn and "'s hand: " in x))
        facts = f'<ul class="sl-quiz-facts">{facts}</ul>' if facts else ""
        self.question_html.value = (
            f'<div class="sl-quiz-meta">{escape(head)}</div>'
            f'<div class="sl-quiz-question">{render.text_html(q.prompt)}</div>'
            + facts + self._pictures(q))
        self.buttons = []
        for i, c in enumerate(q.choices):
            b = button(c, "sl-quiz-choice")
            b.on_click(safe(self._clicker(i), self.message))
            self.buttons.append(b)
        self.choices_box.children = tuple(self.buttons)
        self.feedback_html.value = ""

    def _clicker(self, i: int) -> Callable[[Any], None]:
        def click(_: Any) -> None:
            self.answer(i)
        return click

    def answer(self, i: int) -> bool:
        right, lines = self.model.answer_said(i)
        cls = "sl-correct" if right else "sl-wrong"
        items = []
        # the feedback's lines with their level (QuizQuestion.feedback_said): a detail line is
        # indented from its level, a score line shows its points before its words
        for x in lines[1:]:
            indent = ' class="sl-indent"' if x.level > 0 or x.column else ""
            items.append(f"<li{indent}>{render.text_html(x.body())}</li>")
        head = lines[0].body() if lines else ""
        self.feedback_html.value = (f'<div class="{cls}" role="status"><b>'
                                    f'{render.text_html(head)}</b><ul>'
                                    + "".join(items) + "</ul></div>")
        for j, b in enumerate(self.buttons):
            if j == self.model.question.answer:  # type: ignore[union-attr]
                b.add_class("sl-answer")
        good, total = self.model.score
        self.score_html.value = f'<span class="sl-quiz-tally">{good}/{total} right</span>'
        return right


#: Difficulty levels in words.
LEVEL_WORDS = {1: "level 1 (beginner)", 2: "level 2", 3: "level 3 (advanced)"}


def _players_of(q: Any) -> int | None:
    rules = getattr(q, "rules", None)
    if isinstance(rules, str) and rules in PRESETS:
        return RuleSet.preset(rules, dict(getattr(q, "options", {}) or {})).players
    return None


def _fact_words(line: str) -> str:
    """A question's fact line for the screen: the rule set's name in words."""
    if line.startswith("Rules: "):
        name, _, rest = line[len("Rules: "):].partition(" (")
        if name in PRESET_WORDS:
            rest = re.sub(r"^\d+ players, ", "", rest).removesuffix(")")
            return f"Rules: {PRESET_WORDS[name]}" + (f"; {rest}" if rest else "")
    return line


__all__ = ["Quiz", "LEVEL_WORDS"]
