"""Quizzes that test every rule: seeded, structured questions with the engine's answers.

Every question tests one rule id of RULINGS.md section 7, one trick reason id, one scoring /
end-of-game rule or one of the other rules of the game (:data:`QUIZ_IDS` lists them all,
:func:`applicable_ids` those of a rule set, :data:`TOPICS` groups them).  A quiz is about the
game: the software's own input checks (:data:`INPUT_CHECK_IDS`) are asked only when a teacher
asks for them, and a question never contradicts its own table (no card the deck lacks is
played, no card is led during the bidding, a question on whose turn it is does not say).  No
quiz asks the same question twice, and every choice has its own feedback
(:meth:`QuizQuestion.feedback_for`).
A question carries everything a student needs to answer it (``shown``: the rule set, the bids,
the tricks taken, the broken and superior trumps, the trick so far and the asked seat's hand),
the choices, the answer, feedback from :mod:`spades_lab.teach.explain`, a difficulty level (1
beginner, 2, 3 advanced) and the position as a game record (``record``), so anyone can replay
it and check the answer with the engine (:func:`verify`).

Positions come from hands played by the kit's players on deals shuffled by a seeded
``random.Random``: the same rule set and seed give the same questions.

>>> q = make_question("standard", "must-follow-suit", seed=3)
>>> q.kind, q.tests, q.choices, q.difficulty
('may-play', 'must-follow-suit', ('Yes', 'No'), 1)
>>> verify(q)
True
>>> quiz = make_quiz("acorns", seed=1, options={"travelers_hunters": True})
>>> sorted({x.tests for x in quiz.questions}) == sorted(applicable_ids(quiz.rules))
True
>>> make_quiz("acorns", seed=1, options={"travelers_hunters": True}) == quiz
True

The package holds, bottom up: :mod:`.catalogue` (the ids asked, their topics and levels, which
apply to a rule set), :mod:`.model` (the question and the quiz, their JSON, the assembly of a
question), :mod:`.shown` (the words a question shows), :mod:`.positions` (the hands played for a
quiz and the walks that find positions in them), the builders by topic (:mod:`.play`,
:mod:`.tricks`, :mod:`.heckadeck`, :mod:`.bidding`, :mod:`.scoring`, :mod:`.house`,
:mod:`.claims`),
:mod:`.registry` (each id's builder, :func:`make_question`, :func:`make_quiz`) and
:mod:`.check` (:func:`verify`).  Each imports only those before it.
"""
from __future__ import annotations

from .catalogue import (
    CLAIM_QUESTION_IDS,
    DIFFICULTY,
    END_QUESTION_IDS,
    HOUSE_PLAY_QUESTION_IDS,
    HOUSE_SCORE_QUESTION_IDS,
    INPUT_CHECK_IDS,
    QUIZ_IDS,
    REASON_QUESTION_IDS,
    RULE_QUESTION_IDS,
    SCORE_QUESTION_IDS,
    TOPIC_QUESTION_IDS,
    TOPICS,
    applicable_ids,
    level_of,
)
from .check import verify
from .model import YES_NO, Quiz, QuizQuestion, learner_text
from .registry import ATTEMPTS, BUILDERS, make_question, make_quiz

__all__ = ["QuizQuestion", "Quiz", "make_question", "make_quiz", "applicable_ids", "verify",
           "learner_text", "level_of", "BUILDERS", "ATTEMPTS", "TOPICS",
           "QUIZ_IDS", "RULE_QUESTION_IDS", "REASON_QUESTION_IDS", "SCORE_QUESTION_IDS",
           "END_QUESTION_IDS", "TOPIC_QUESTION_IDS", "DIFFICULTY", "YES_NO", "INPUT_CHECK_IDS",
           "HOUSE_SCORE_QUESTION_IDS", "HOUSE_PLAY_QUESTION_IDS", "CLAIM_QUESTION_IDS"]
