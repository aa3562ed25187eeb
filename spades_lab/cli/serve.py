"""spades-lab serve: serve a course notebook as a web app with Voila (no code shown, only the
widgets and the text), for a class to open in their browsers."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from .course import course_source

DEFAULT_NOTEBOOK = "08_table_app.ipynb"
#: The package's own Voila template (Voila's lab template without links to a CDN), found through
#: JUPYTER_PATH: the served page asks no other host for anything.
TEMPLATE = "spades_lab"
#: Voila's options for every served page: the package's template, and no JupyterLite kernel
#: extension (installed for ``spades-lab site``; inside Voila it only throws an error).
VOILA_OPTIONS = (f"--template={TEMPLATE}",
                 '--VoilaConfiguration.extension_denylist=["@jupyterlite/pyodide-kernel-extension"]')
JUPYTER_DATA = Path(__file__).resolve().parent.parent / "_jupyter"


def voila_env() -> dict[str, str]:
    """The environment Voila runs in: the package's template on JUPYTER_PATH."""
    path = os.environ.get("JUPYTER_PATH")
    return {**os.environ, "JUPYTER_PATH": str(JUPYTER_DATA) + (os.pathsep + path if path else ""),
            "MPLBACKEND": os.environ.get("MPLBACKEND", "Agg")}


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve", help="serve a course notebook as a web app (Voila) for a class",
        description="Serve a course notebook as a web app with Voila: each student who opens "
        "the page gets their own Python process running the notebook, and sees its text and "
        "widgets, not its code. By default only this computer can connect (host 127.0.0.1); "
        "to serve a classroom, use --host 0.0.0.0 and give the students this computer's "
        "address and the port. Each open page takes about 60 MB of memory (see the README's "
        "section on serving a class). Stop the server with Ctrl+C. Needs spades-lab[notebook].")
    p.add_argument("notebook", nargs="?", default=DEFAULT_NOTEBOOK, metavar="NOTEBOOK",
                   help=f"the notebook to serve: a file, or the name of a course notebook "
                   f"(default: {DEFAULT_NOTEBOOK}, the table app)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on: 127.0.0.1 (default) for this computer only, "
                   "0.0.0.0 for every network this computer is on")
    p.add_argument("--port", type=int, default=8866, help="the port to listen on (default 8866)")
    p.add_argument("--course", default=None, metavar="DIR",
                   help="serve from this course folder (made by spades-lab course) instead of "
                   "the course that came with the package")
    p.add_argument("--pool", type=int, default=0, metavar="N",
                   help="keep N kernels started and the notebook already run, ready for the "
                   "next N students: pages open in about a second instead of waiting for "
                   "Python to start (each waiting kernel holds its memory)")
    p.add_argument("--open", action="store_true", help="also open the page in a web browser")
    p.set_defaults(func=cmd_serve)


def voila_command(notebook: str, host: str, port: int, course: str | None = None,
                  open_browser: bool = False, pool: int = 0) -> tuple[list[str], Path]:
    """The Voila command line and the folder to run it in; raises ``FileNotFoundError`` when
    the notebook is not found."""
    root = Path(course) if course else course_source()
    path = Path(notebook)
    if not path.is_file():
        path = root / "notebooks" / notebook
        if not path.is_file() and not notebook.endswith(".ipynb"):
            matches = sorted((root / "notebooks").glob(f"{notebook}*.ipynb"))
            path = matches[0] if matches else path
    if not path.is_file():
        names = ", ".join(p.name for p in sorted((root / "notebooks").glob("*.ipynb")))
        raise FileNotFoundError(f"No notebook {notebook!r}; the course has: {names}.")
    path = path.resolve()
    cmd = [sys.executable, "-m", "voila", f"--Voila.ip={host}", f"--port={port}",
           *VOILA_OPTIONS, path.name]
    if not open_browser:
        cmd.insert(3, "--no-browser")
    if pool > 0:
        cmd[3:3] = ["--preheat_kernel=True", f"--pool_size={pool}"]
    return cmd, path.parent


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        cmd, cwd = voila_command(args.notebook, args.host, args.port, args.course, args.open,
                                 args.pool)
    except FileNotFoundError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    print(f"Serving {cwd.name}/{cmd[-1]} on http://{shown}:{args.port}/ "
          f"(listening on {args.host}; Ctrl+C stops it)", flush=True)
    try:
        return subprocess.call(cmd, cwd=cwd, env=voila_env())
    except KeyboardInterrupt:
        return 0
