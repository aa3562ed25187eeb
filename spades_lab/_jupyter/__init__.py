"""What a kernel needs to know about being served to a class, and the Jupyter files ``spades-lab
serve`` runs with (the Voila template under ``voila/templates/spades_lab``).

A notebook served by ``spades-lab serve`` runs in a kernel whose environment carries
:data:`SERVED_ENV`; any kernel Voila starts for a page (``./dev.sh voila``, Voila inside
JupyterLab, a preheated pool) carries Voila's own :data:`VOILA_ENV`.  The server sets both, and
a page cannot change a kernel's environment (it sends only widget messages).  The widgets read
them through :func:`served`: a served page offers no box that names a file on the server, and
sends no traceback.

>>> served({SERVED_ENV: "1"}), served({VOILA_ENV: "/"}), served({}), served({SERVED_ENV: "0"})
(True, True, False, False)
"""
from __future__ import annotations

import os
from collections.abc import Mapping

#: The environment variable ``spades-lab serve`` sets for Voila and so for every kernel it
#: starts; the value ``"1"`` means "this kernel's pages are served to a class".
SERVED_ENV = "SPADES_LAB_SERVED"
#: An environment variable Voila sets for every kernel it starts for a page.
VOILA_ENV = "VOILA_SERVER_URL"


def served(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this kernel runs a page served by ``spades-lab serve`` or by Voila (read from
    ``environ``, by default the process's environment)."""
    env = os.environ if environ is None else environ
    return env.get(SERVED_ENV) == "1" or VOILA_ENV in env


__all__ = ["SERVED_ENV", "VOILA_ENV", "served"]
