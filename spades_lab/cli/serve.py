"""spades-lab serve: serve a course notebook as a web app with Voila (no code shown, only the
widgets and the text), for a class to open in their browsers.

Every argument is checked before Voila starts (each failure one line, exit 2): the notebook is
a notebook, the port is free and in range, the host is an address of this computer.  The
server it starts marks its kernels as served (:data:`spades_lab._jupyter.SERVED_ENV`: no page
can name a file on the server), caps the kernels at ``--max-students`` (plus the pool), ends
the kernel of a page that is closed (the template sends the shutdown request; idle culling
is the backstop) and lets in only those who type the class password: ``--password``, or on any
host but this computer's own a password made up and printed (``--no-password`` opts out).
"""
from __future__ import annotations

import argparse
import errno
import ipaddress
import json
import os
import secrets
import socket
import string
import sys
from pathlib import Path
from typing import Any

from .._jupyter import SERVED_ENV
from ..core.errors import echo
from .children import run_child
from .common import whole_number
from .course import course_source

DEFAULT_NOTEBOOK = "02_table_app.ipynb"
#: The package's own Voila template (Voila's lab template without links to a CDN, plus the
#: page's kernel shutdown and its "this page has stopped" banner), found through JUPYTER_PATH:
#: the served page asks no other host for anything.
TEMPLATE = "spades_lab"
#: Voila's options for every served page: the package's template, and no JupyterLite kernel
#: extension (installed for ``spades-lab site``; inside Voila it only throws an error).
VOILA_OPTIONS = (f"--template={TEMPLATE}",
                 '--VoilaConfiguration.extension_denylist=@jupyterlite/pyodide-kernel-extension')
JUPYTER_DATA = Path(__file__).resolve().parent.parent / "_jupyter"
#: The kernel manager that refuses kernels past the cap (``spades_lab._jupyter.kernels``).
KERNEL_MANAGER = "spades_lab._jupyter.kernels.ClassKernelManager"
DEFAULT_MAX_STUDENTS = 40
#: Seconds a kernel whose page is gone (closed without a word, or a plain request that never
#: opened one) is kept before the server ends it.
DEFAULT_CULL_AFTER = 300
#: Below this a kernel could be ended while its page, under load, is still connecting to it.
MIN_CULL_AFTER = 30
#: The letters of a generated class password: no 0/O, 1/l/I to misread on a board.
PASSWORD_LETTERS = "".join(c for c in string.ascii_lowercase + string.digits if c not in "01lio")


class ServeError(Exception):
    """A ``serve`` argument that cannot work; its text is the one line the command prints."""


class NoNotebook(ServeError, FileNotFoundError):
    """No notebook of that name or path."""


#: What a class password may hold: it is also a link's token, so nothing to escape in a URL.
PASSWORD_CHARS = frozenset(string.ascii_letters + string.digits + "-_.")


def check_password(password: str) -> str:
    """``password``, or a :class:`ServeError` unless it is 4 to 64 letters, digits, ``-``,
    ``_`` or ``.`` (``"auto"``: one made up by :func:`make_password`).

    >>> check_password("spades-2026")
    'spades-2026'
    >>> check_password("a b")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spades_lab.cli.serve.ServeError: the class password must be 4 to 64 letters, digits, ...
    """
    if password == "auto":
        return make_password()
    if not 4 <= len(password) <= 64 or not set(password) <= PASSWORD_CHARS:
        raise ServeError("the class password must be 4 to 64 letters, digits, '-', '_' or "
                         "'.' (or 'auto' for one made up)")
    return password


def voila_env(password: str | None = None) -> dict[str, str]:
    """The environment Voila runs in (and so every kernel it starts): the package's template
    on JUPYTER_PATH, the mark that its pages are served to a class, and the class password as
    the server's token (``JUPYTER_TOKEN``: a process's environment is readable only by its own
    user, where its command line is readable by every account on the computer)."""
    path = os.environ.get("JUPYTER_PATH")
    env = {**os.environ, "JUPYTER_PATH": str(JUPYTER_DATA) + (os.pathsep + path if path else ""),
           "MPLBACKEND": os.environ.get("MPLBACKEND", "Agg"), SERVED_ENV: "1"}
    env.pop("JUPYTER_TOKEN", None)
    env.pop("JUPYTER_TOKEN_FILE", None)
    if password is not None:
        env["JUPYTER_TOKEN"] = password
    return env


def _port(text: str) -> int:
    """An argparse ``type``: a port number, 1 to 65535 (0, "any free port", is refused: the
    students need to be told the port)."""
    try:
        port = whole_number(1)(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"{echo(text, 40)} is not a port: give a whole "
                                         "number from 1 to 65535") from None
    if port > 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port: ports run from 1 to 65535")
    return port


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve", help="serve a course notebook as a web app (Voila) for a class",
        description="Serve a course notebook as a web app with Voila: each student who opens "
        "the page gets their own Python process running the notebook, and sees its text and "
        "widgets, not its code; closing the page ends it. By default only this computer can "
        "connect (host 127.0.0.1); to serve a classroom, use --host 0.0.0.0, give the students "
        "this computer's address and the port, and the class password it prints (made "
        "up unless --password is given; --no-password for none). Each open page takes about "
        "60 MB of memory (see docs/guide.md, section Serving a class). A served page names "
        "no file on this computer: its games are downloads in the student's browser. Stop the "
        "server with Ctrl+C. Needs spades-lab[notebook].")
    p.add_argument("notebook", nargs="?", default=DEFAULT_NOTEBOOK, metavar="NOTEBOOK",
                   help=f"the notebook to serve: a .ipynb file, or the name of a course "
                   f"notebook (default: {DEFAULT_NOTEBOOK}, the table app)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on: 127.0.0.1 (default) for this computer only, "
                   "0.0.0.0 for every network this computer is on")
    p.add_argument("--port", type=_port, default=8866,
                   help="the port to listen on, 1 to 65535 (default 8866); a port already in "
                   "use is an error, not a move to another one")
    p.add_argument("--course", default=None, metavar="DIR",
                   help="serve from this course folder (made by spades-lab course) instead of "
                   "the course that came with the package")
    p.add_argument("--pool", type=whole_number(0), default=0, metavar="N",
                   help="keep N kernels started and the notebook already run, ready for the "
                   "next N students: pages open in about a second instead of waiting for "
                   "Python to start (each waiting kernel holds its memory)")
    p.add_argument("--max-students", type=whole_number(1), default=DEFAULT_MAX_STUDENTS,
                   metavar="N",
                   help=f"the most pages open at once (default {DEFAULT_MAX_STUDENTS}); the "
                   "next page says the class is full (each page holds about 60 MB)")
    words = p.add_mutually_exclusive_group()
    words.add_argument("--password", default=None, metavar="WORD",
                       help="a class password: a page asks for it before anything runs (it is "
                       "also the token of a link that skips the question); 'auto' makes one "
                       "up and prints it. On any host but this computer's own (127.0.0.1), "
                       "one is made up and printed unless --no-password is given")
    words.add_argument("--no-password", action="store_true",
                       help="serve to the network without a class password (every device on "
                       "it can open pages and start kernels)")
    p.add_argument("--cull-after", type=whole_number(MIN_CULL_AFTER), default=DEFAULT_CULL_AFTER,
                   metavar="SECONDS",
                   help="end a kernel no page has been connected to for this long (default "
                   f"{DEFAULT_CULL_AFTER}, at least {MIN_CULL_AFTER}: a page needs a moment "
                   "to connect once its notebook has run): the backstop for a page closed "
                   "without a word")
    p.add_argument("--open", action="store_true", help="also open the page in a web browser")
    p.set_defaults(func=cmd_serve)


def find_notebook(notebook: str, course: str | None = None) -> Path:
    """The notebook file to serve: ``notebook`` as a path, or the course's notebook of that
    name (or the first whose name starts with it); raises :class:`ServeError` unless it is a
    Jupyter notebook (a ``.ipynb`` file of JSON with cells)."""
    root = Path(course) if course else course_source()
    path = Path(notebook)
    if not path.is_file():
        path = root / "notebooks" / notebook
        if not path.is_file() and not notebook.endswith(".ipynb"):
            matches = sorted((root / "notebooks").glob(f"{notebook}*.ipynb"))
            path = matches[0] if matches else path
    if not path.is_file():
        names = ", ".join(p.name for p in sorted((root / "notebooks").glob("*.ipynb")))
        raise NoNotebook(f"no notebook {notebook!r}; the course has: {names or 'none'}")
    if path.suffix != ".ipynb":
        raise ServeError(f"{notebook} is not a notebook (a .ipynb file); the course's are "
                         "in notebooks/, e.g. " + DEFAULT_NOTEBOOK)
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        raise ServeError(f"{notebook} cannot be read as a notebook (it is not Jupyter's "
                         "JSON)") from None
    if not (isinstance(nb, dict) and isinstance(nb.get("cells"), list)
            and isinstance(nb.get("nbformat"), int) and nb["nbformat"] >= 4):
        raise ServeError(f"{notebook} is not a Jupyter notebook (version 4 or later)")
    return path.resolve()


def check_address(host: str, port: int) -> None:
    """Raise :class:`ServeError` unless ``host`` resolves to an address of this computer and
    ``port`` is free on it (bound once and let go, as the server will bind it)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise ServeError(f"the host {host!r} is not an address or a name that resolves "
                         "(use 127.0.0.1 for this computer, 0.0.0.0 for every network)") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds it
        try:
            s.bind(address)
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                raise ServeError(f"port {port} is already in use on {host} (another server?); "
                                 "stop it or choose another port with --port") from None
            if e.errno == errno.EACCES:
                raise ServeError(f"not allowed to listen on port {port} (ports below 1024 "
                                 "need an administrator); choose another with --port") from None
            if e.errno == errno.EADDRNOTAVAIL:
                raise ServeError(f"{host} is not an address of this computer: use 127.0.0.1 "
                                 "or 0.0.0.0, or one of its own addresses") from None
            raise ServeError(f"cannot listen on {host} port {port}: {e.strerror}") from None


def make_password() -> str:
    """A class password to write on the board: 8 letters and digits, none to misread.

    >>> p = make_password(); len(p), set(p) <= set(PASSWORD_LETTERS)
    (8, True)
    """
    return "".join(secrets.choice(PASSWORD_LETTERS) for _ in range(8))


def voila_command(notebook: str, host: str, port: int, course: str | None = None,
                  open_browser: bool = False, pool: int = 0, *,
                  max_students: int = DEFAULT_MAX_STUDENTS, password: str | None = None,
                  cull_after: int = DEFAULT_CULL_AFTER) -> tuple[list[str], Path]:
    """The Voila command line and the folder to run it in; raises :class:`ServeError` when the
    notebook is not a notebook (:func:`find_notebook`)."""
    path = find_notebook(notebook, course)
    cmd = [sys.executable, "-m", "voila", f"--Voila.ip={host}", f"--port={port}",
           "--Voila.port_retries=0", *VOILA_OPTIONS,
           f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER}",
           f"--ClassKernelManager.max_kernels={max_students + pool}",
           f"--MappingKernelManager.cull_idle_timeout={cull_after}",
           f"--MappingKernelManager.cull_interval={max(1, min(60, cull_after // 2))}",
           "--MappingKernelManager.cull_connected=False"]
    if password is not None:
        # the login page must not offer to set a new password: that writes the server's
        # Jupyter configuration, and would change the class password for everyone
        # (the token itself goes in the environment, voila_env: not on the command line)
        cmd += ["--Voila.auto_token=True",
                "--PasswordIdentityProvider.allow_password_change=False"]
    if not open_browser:
        cmd.insert(3, "--no-browser")
    if pool > 0:
        cmd[3:3] = ["--preheat_kernel=True", f"--pool_size={pool}"]
    cmd.append(path.name)
    return cmd, path.parent


def is_loopback(host: str) -> bool:
    """Is ``host`` this computer only (127.0.0.1, ::1, localhost: every address it resolves to
    a loopback one)?  0.0.0.0 and a network address are not.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        return False
    try:
        return bool(infos) and all(ipaddress.ip_address(str(i[4][0]).split("%")[0]).is_loopback
                                   for i in infos)
    except ValueError:
        return False


def class_password(args: argparse.Namespace) -> str | None:
    """The class password the server asks for: ``--password`` (checked), none with
    ``--no-password``, and otherwise one made up when the host is not this computer's own
    (a class on a network gets a password unless the teacher says not)."""
    if args.password is not None:
        return check_password(args.password)
    if getattr(args, "no_password", False) or is_loopback(args.host):
        return None
    return make_password()


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        password = class_password(args)
        cmd, cwd = voila_command(args.notebook, args.host, args.port, args.course, args.open,
                                 args.pool, max_students=args.max_students, password=password,
                                 cull_after=args.cull_after)
        check_address(args.host, args.port)
    except ServeError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    everywhere = args.host in ("0.0.0.0", "::")
    shown = "127.0.0.1" if everywhere else args.host
    shown = f"[{shown}]" if ":" in shown else shown
    url = f"http://{shown}:{args.port}/"
    print(f"Serving {cwd.name}/{cmd[-1]} on {url} (listening on {args.host}; at most "
          f"{args.max_students} pages at once; Ctrl+C stops it)", flush=True)
    if everywhere:
        print(f"Students open http://{socket.gethostname()}:{args.port}/ (or this computer's "
              f"network address, port {args.port})"
              + (f" and type the class password {password}" if password else ""), flush=True)
    if password is not None:
        print(f"Class password: {password} (or open {url}?token={password})", flush=True)
    elif not is_loopback(args.host):
        print("No class password (--no-password): every device on the network can open "
              "pages and start kernels", flush=True)
    try:
        return run_child(cmd, cwd=cwd, env=voila_env(password))
    except KeyboardInterrupt:
        return 0
