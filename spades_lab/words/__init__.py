"""The learner words, in one home, from the bottom up (each module imports only those before
it and the core):

- :mod:`.counting`: the vocabulary of counting (:func:`~.counting.plural`, the one plural
  rule), at the core's layer: the engine's own sentences use it;
- :mod:`.said`: what an explanation says, as fields (:class:`~.said.Said`, :class:`~.said.Tag`),
  and its two renderings, :func:`~.said.learner` and :func:`~.said.teacher`;
- :mod:`.rules`: the rules as sentences (the options in force, house rules, rule-set names,
  what one rule set does otherwise than another);
- :mod:`.play`: a game's moments in words (seats' numbers, a step's cards and bids, winners);
- :mod:`.table`: what the table model says (bids, tricks, phases and reasons), over the
  teaching results.

The names of cards and suits are the deck's own data, in :mod:`spades_lab.core.cards`
(``card_words``, ``suit_name``).  This package imports none of its modules: the core imports
:mod:`.counting` without loading the rest.
"""
