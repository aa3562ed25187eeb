"""Double-dummy analysis for every rule set: the general search (``search``) and its 52-card
fast path (``std52``, with its optional compiled twin ``_std52c``: ``ACCELERATED`` says whether it
is in use).  Reads the rules core only.

>>> from spades_lab.solver import solve, annotate_hand
"""
from .search import *  # noqa: F403 - the public API, listed in search.__all__
from .search import __all__ as _search_all
from .std52 import ACCELERATED

__all__ = [*_search_all, "ACCELERATED"]
