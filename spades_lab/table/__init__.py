"""The table model of replay and play, plain Python (no ipywidgets): :mod:`.model` (seats that
are people, bots or the record; a replay a cursor on a hand's line, play mode a line that
grows), re-exported here as ``spades_lab.table`` has always had it, over the table's words
(:mod:`spades_lab.words.table`: bids, tricks, phases and reasons in words).
"""
from __future__ import annotations

from .model import (
    BOT,
    MAX_PACE,
    PERSON,
    RECORDED,
    WAITS,
    BidChoice,
    Choice,
    HandSide,
    HouseChoice,
    Mark,
    PlayModel,
    Positions,
    QuizModel,
    RuleExplorerModel,
    Seat,
    Table,
    TableModel,
    TrickView,
    WhatIfModel,
    card_words,
    hand_record,
    house_play_choices,
    house_setup_words,
    load_game,
    option_words,
    options_from_text,
    plain,
    quiz_questions,
    score_lines,
    setup_choices,
    setup_options,
    setup_values,
    trick_lines,
)

__all__ = ["Table", "Seat", "PERSON", "BOT", "RECORDED", "TrickView", "Positions", "TableModel",
           "WhatIfModel", "RuleExplorerModel", "QuizModel", "Choice", "HandSide", "quiz_questions",
           "load_game", "hand_record", "PlayModel", "BidChoice", "Mark", "WAITS", "MAX_PACE",
           "option_words", "plain", "card_words", "trick_lines", "score_lines", "options_from_text",
           "HouseChoice", "house_play_choices", "setup_options", "house_setup_words",
           "setup_choices", "setup_values"]
