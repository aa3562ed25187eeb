"""Quiz feedback is structured (issue 20): lines with a level, indented by the widget from the
level, never from leading spaces; the JSON keeps every line's layout."""
from __future__ import annotations

import re
from dataclasses import replace

from spades_lab.teach.quiz import QuizQuestion, make_question, make_quiz
from spades_lab.widgets.quiz import Quiz
from spades_lab.words.said import Said


def _items(html: str) -> list[tuple[bool, str]]:
    return [(bool(cls), re.sub(r"<[^>]+>", "", text)) for cls, text in
            re.findall(r'<li( class="sl-indent")?>(.*?)</li>', html)]


def test_a_detail_is_indented_from_its_level_and_spaces_are_only_words():
    q = make_question("standard", "first-lead", seed=1)
    lines = (Said("A sentence."), Said("A detail under it.", level=1),
             Said("   spaces are not a level"), Said("3 bags", level=1, points=3, stop="."))
    q = replace(q, feedback=lines, choice_feedback=())
    quiz = Quiz(questions=[q])
    quiz.answer(q.answer)
    items = _items(quiz.feedback_html.value)
    assert items == [(False, "A sentence."), (True, "A detail under it."),
                     (False, "   spaces are not a level"), (True, "+3  3 bags.")]


def test_feedback_lines_carry_their_level_through_json():
    quiz = make_quiz("acorns", seed=3, count=30)
    deep = [q for q in quiz.questions if any(x.level for x in q.feedback)]
    assert deep, "some feedback has detail lines"
    for q in deep:
        assert all(isinstance(x, Said) for x in q.feedback)
        back = QuizQuestion.from_dict(q.to_dict())
        assert back == q and [x.level for x in back.feedback] == [x.level for x in q.feedback]
        # a detail line's words never start with the spaces of its layout
        assert not any(x.words.startswith(" ") for x in q.feedback)


def test_old_json_of_texts_still_reads():
    q = make_question("standard", "first-lead", seed=1)
    data = q.to_dict()
    data["feedback"] = ["One line.", "Another."]
    del data["choice_feedback"]
    old = QuizQuestion.from_dict(data)
    assert old.feedback == (Said("One line."), Said("Another."))
    assert old.feedback_for(q.answer)[1:] == ("One line.", "Another.")


def test_the_widget_reads_no_layout_from_text():
    from pathlib import Path

    src = Path("spades_lab/widgets/quiz.py").read_text()
    assert 'startswith(" ")' not in src and ".strip()" not in src
