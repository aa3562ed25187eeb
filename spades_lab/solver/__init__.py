"""Double-dummy analysis for every rule set: the general search (``search``, with its optional
compiled twin ``_generalc``) and its 52-card fast path (``std52``, with ``_std52c``):
``ACCELERATED`` says whether the compiled searches are in use.  Reads the rules core only.

>>> from spades_lab.solver import solve, annotate_hand
"""
from . import search
from .search import *  # noqa: F403 - the public API, listed in search.__all__

__all__ = list(search.__all__)
