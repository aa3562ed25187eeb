"""The rules core: cards and decks, rule sets, bids, the trick rules, scoring, the hand and
game state machine, and game records.  Standard library only; nothing here imports from the
layers above (``play``, ``solver``, ``teach``, ``render``/``viz``/``text``, ``widgets``,
``cli``), except the lazy ``_repr_html_`` hooks that draw an object with
:mod:`spades_lab.render`.  The trick rules (ranks, card power, the trick decision, trump
breaking and the superior trump, the legal plays) live in :mod:`spades_lab.core.tricks` only."""
