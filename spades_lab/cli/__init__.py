"""The ``spades-lab`` command: ``main`` builds the parser from the sub-command modules."""
from .main import main

__all__ = ["main"]
