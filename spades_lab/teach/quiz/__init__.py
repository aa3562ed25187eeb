"""Quizzes that test every rule (:mod:`.model` holds them while the package is cut up by what
it holds); the public names, as ``spades_lab.teach.quiz`` has always given them."""
from __future__ import annotations

from .model import (
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
    YES_NO,
    Quiz,
    QuizQuestion,
    applicable_ids,
    learner_text,
    level_of,
    make_question,
    make_quiz,
    verify,
)

__all__ = ["QuizQuestion", "Quiz", "make_question", "make_quiz", "applicable_ids", "verify",
           "learner_text", "level_of", "TOPICS",
           "QUIZ_IDS", "RULE_QUESTION_IDS", "REASON_QUESTION_IDS", "SCORE_QUESTION_IDS",
           "END_QUESTION_IDS", "TOPIC_QUESTION_IDS", "DIFFICULTY", "YES_NO", "INPUT_CHECK_IDS",
           "HOUSE_SCORE_QUESTION_IDS", "HOUSE_PLAY_QUESTION_IDS"]
