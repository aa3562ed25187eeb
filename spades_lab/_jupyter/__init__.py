"""What a kernel needs to know about being served to a class, and the Jupyter files ``spades-lab
serve`` runs with (the Voila template under ``voila/templates/spades_lab``).

A notebook served by ``spades-lab serve`` runs in a kernel whose environment carries
:data:`SERVED_ENV`: the server sets it, and a page cannot change a kernel's environment (it
sends only widget messages).  The widgets read it through :func:`served`: a served page offers
no box that names a file on the server, and sends no traceback.

>>> served({SERVED_ENV: "1"}), served({}), served({SERVED_ENV: "0"})
(True, False, False)
"""
from __future__ import annotations

import os
from collections.abc import Mapping

#: The environment variable ``spades-lab serve`` sets for Voila and so for every kernel it
#: starts; the value ``"1"`` means "this kernel's pages are served to a class".
SERVED_ENV = "SPADES_LAB_SERVED"


def served(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this kernel was started by ``spades-lab serve`` (read from ``environ``, by
    default the process's environment)."""
    return (os.environ if environ is None else environ).get(SERVED_ENV) == "1"


__all__ = ["SERVED_ENV", "served"]
