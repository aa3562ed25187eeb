"""The learner words, under their first name: a re-export of :mod:`spades_lab.words` (the
fields and their renderings in :mod:`~spades_lab.words.said`, the rules as sentences in
:mod:`~spades_lab.words.rules`, a game's moments in :mod:`~spades_lab.words.play`, counting in
:mod:`~spades_lab.words.counting`); the package's own modules import those.
"""
from __future__ import annotations

from ..words.counting import (
    noun,
    plural,
)
from ..words.play import (
    bid_words,
    place_words,
    seat_changes,
    seat_counts,
    step_cards,
    step_words,
    team_totals,
    winner_words,
    yes_no,
)
from ..words.rules import (
    HOUSE_PLAY_CHOICE_WORDS,
    HOUSE_PLAY_LABELS,
    PRESET_WORDS,
    SETUP_CHOICE_WORDS,
    SETUP_LABELS,
    alone_words,
    bags_words,
    cutthroat_words,
    end_words,
    exchange_count_words,
    failed_nil_tricks_words,
    full_nil_words,
    house_words,
    jokers_words,
    option_changes,
    option_words,
    rules_title,
    rules_words,
    tie_words,
)
from ..words.said import (
    POINTS_WIDTH,
    Said,
    Tag,
    item_said,
    join_said,
    learner,
    learner_lines,
    line_text,
    option_tag,
    plain,
    rule_tag,
    said_lines,
    teacher,
    teacher_lines,
    teacher_text,
)

__all__ = ["noun", "plural", "seat_counts", "seat_changes", "step_cards", "bid_words", "step_words",
           "place_words", "yes_no", "winner_words", "team_totals", "end_words", "tie_words",
           "failed_nil_tricks_words", "house_words", "full_nil_words", "exchange_count_words",
           "option_words", "alone_words", "cutthroat_words", "jokers_words", "HOUSE_PLAY_LABELS",
           "HOUSE_PLAY_CHOICE_WORDS", "SETUP_LABELS", "SETUP_CHOICE_WORDS", "bags_words",
           "PRESET_WORDS", "rules_title", "option_changes", "rules_words", "Tag", "POINTS_WIDTH",
           "Said", "rule_tag", "option_tag", "item_said", "said_lines", "learner_lines",
           "teacher_lines", "teacher_text", "learner", "teacher", "join_said", "line_text", "plain"]
