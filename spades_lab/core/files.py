"""Writing files and folders without losing any: the one home of how spades_lab writes to disk.

- :func:`write_text` / :func:`write_bytes`: a file is written whole or not at all.  The text
  goes to a temporary file in the same folder, is flushed to the disk (``fsync``) and only then
  renamed over the old file (``os.replace``); a full disk, an error or Ctrl-C part-way removes
  the temporary file and leaves the old file as it was.
- :func:`check_target`: refuses a folder that a command must never fill or replace: the current
  folder or any folder holding it (``/`` among them), the home folder or any folder holding
  it, and the folders a command names as protected (the download cache, the course's own
  source), with every folder inside them.  Symbolic links are followed first.
- :func:`replace_folders`: "write aside, then swap in".  Each folder is built in a hidden
  sibling and renamed into place only when the build is complete, all of them together, so an
  interrupted run leaves the old result or none, never half of one.  The hidden folders a
  killed run leaves are cleaned up (or, for an old result caught mid-swap, put back) by the next
  run.
- :func:`hold_lock`: an exclusive ``fcntl`` lock, so that two runs sharing a folder take turns.

Every refusal is an :class:`~spades_lab.core.errors.OutputError` with a stable id
(:data:`~spades_lab.core.errors.OUTPUT_IDS`) and one sentence a teacher understands.

>>> import tempfile
>>> top = Path(tempfile.mkdtemp())
>>> _ = write_text(top / "notes.txt", "first")
>>> _ = write_text(top / "notes.txt", "second")
>>> (top / "notes.txt").read_text(), sorted(p.name for p in top.iterdir())
('second', ['notes.txt'])
>>> with replace_folders([top / "out"]) as (aside,):
...     _ = write_text(aside / "page.html", "<p>new</p>")
>>> sorted(p.name for p in top.iterdir()), (top / "out" / "page.html").read_text()
(['notes.txt', 'out'], '<p>new</p>')
>>> shutil.rmtree(top)
"""
from __future__ import annotations

import errno
import io
import os
import re
import shutil
import signal
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .errors import OutputError, OutputId

try:  # not on Windows: there the lock is a no-op
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

#: The mark in the names of the hidden files and folders a write keeps aside.
MARK = "spades-lab"
_ASIDE = re.compile(rf"\.(?P<name>.+)\.{MARK}-(?P<kind>new|old)-(?P<pid>[0-9]+)-(?P<tag>\w+)")


def shown(path: str | os.PathLike[str]) -> str:
    """A path as a message shows it: at most about 60 characters, the middle left out of a
    long one, so that its start and the file's own name are always there.

    >>> shown("handouts/deal.html"), shown("/tmp/" + "x" * 500 + "/deal_game_hand1.html")
    ('handouts/deal.html', '/tmp/xxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxx/deal_game_hand1.html')
    """
    text = os.fspath(path)
    if len(text) <= 60:
        return text
    return text[:20] + "…" + text[-39:]


def _reason(e: OSError) -> str:
    text = e.strerror or type(e).__name__
    return text[0].lower() + text[1:]


# ---------------------------------------------------------------------------- one file


def write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` whole or not at all (see :func:`write_bytes`)."""
    return write_bytes(path, text.encode(encoding))


def write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` whole or not at all, and return the path written.

    The bytes go to a hidden temporary file in the same folder, are flushed to the disk and
    renamed over ``path``; on any failure (a full disk, no permission, Ctrl-C) the temporary
    file is removed and an old file at ``path`` is left exactly as it was.  A symbolic link at
    ``path`` is kept: the file it points to is the one replaced.  A failure raises
    :class:`OutputError` (``cannot-write``) naming the file.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_bytes(folder / "a.bin", b"123").read_bytes()
    b'123'
    >>> try:
    ...     write_bytes(folder / "missing" / "a.bin", b"")
    ... except OutputError as e:
    ...     print(e.rule, "-", e.message.replace(str(folder), "F"))
    cannot-write - Could not write F/missing/a.bin: no such file or directory.
    >>> shutil.rmtree(folder)
    """
    with writing(path, binary=True) as (f, target):
        f.write(data)
    return target


@contextmanager
def writing(path: str | os.PathLike[str], *, binary: bool = False, encoding: str = "utf-8",
            newline: str | None = None) -> Iterator[tuple[Any, Path]]:
    """A file to write ``path`` through as a stream, whole or not at all: ``with
    writing(path) as (f, target):`` gives the open file (text, or bytes with ``binary``) and
    the path it will replace.  What is written goes to a hidden temporary file in the same
    folder; when the ``with`` block ends normally it is flushed to the disk and renamed over
    ``path`` (as :func:`write_bytes` does); when the block raises (an error, Ctrl-C) or the
    disk is full, the temporary file is removed, an old file at ``path`` is left as it was,
    and the exception goes on (a failure to write raised as :class:`OutputError`
    ``cannot-write``).  Long outputs (a simulation's rows) are written this way without being
    held in memory.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp()); _ = write_text(folder / "rows.csv", "old")
    >>> try:
    ...     with writing(folder / "rows.csv") as (f, _):
    ...         _ = f.write("half a ro")
    ...         raise KeyboardInterrupt
    ... except KeyboardInterrupt:
    ...     pass
    >>> (folder / "rows.csv").read_text(), sorted(p.name for p in folder.iterdir())
    ('old', ['rows.csv'])
    >>> with writing(folder / "rows.csv") as (f, _):
    ...     _ = f.write("a,b\\n")
    >>> (folder / "rows.csv").read_text()
    'a,b\\n'
    >>> shutil.rmtree(folder)
    """
    target = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    existed = target.exists()
    tmp: str | None = None

    def failed(e: OSError) -> OutputError:
        kept = " The old file is as it was." if existed else ""
        return OutputError(OutputId.CANNOT_WRITE, f"Could not write {shown(path)}: {_reason(e)}."
                           f"{kept}", path=os.fspath(path))

    raw: _Raw | None = None
    try:
        try:
            clean_stale(target)
            if target.is_dir():
                raise IsADirectoryError(errno.EISDIR, "it is a folder, not a file")
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{MARK}-new-{os.getpid()}-",
                                       dir=target.parent or ".")
        except OSError as e:
            raise failed(e) from e
        raw = _Raw(fd, failed)
        buffered = io.BufferedWriter(raw)
        f: Any = buffered if binary else \
            io.TextIOWrapper(buffered, encoding=encoding, newline=newline)
        yield f, target  # a failure to write raises OutputError; the caller's errors go on
        f.flush()
        try:
            os.fsync(fd)
            raw.close()
            raw = None
            os.chmod(tmp, stat.S_IMODE(target.stat().st_mode) if existed
                     else _default_mode(0o666))
            os.replace(tmp, target)
            tmp = None
            _sync_folder(target.parent)
        except OSError as e:
            raise failed(e) from e
    finally:
        if raw is not None:
            raw.close()  # the file descriptor only: what is still buffered is dropped
        if tmp is not None:
            _remove(Path(tmp))


class _Raw(io.RawIOBase):
    """The temporary file of :func:`writing`, below its buffer: every write goes to
    ``os.write``, and a failure (a full disk) becomes :class:`OutputError` naming the file."""

    def __init__(self, fd: int, failed: Callable[[OSError], OutputError]) -> None:
        super().__init__()
        self._fd = fd
        self._failed = failed

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def write(self, data: Any) -> int:
        try:
            return os.write(self._fd, data)
        except OSError as e:
            raise self._failed(e) from e

    def close(self) -> None:
        if not self.closed:
            try:
                os.close(self._fd)
            finally:
                super().close()


def _default_mode(full: int) -> int:
    """``full`` less the process's umask, as a new file or folder would get."""
    try:  # Linux says it without changing it (changing it races with other threads)
        with open("/proc/self/status", encoding="ascii") as f:
            mask = next(int(line.split()[1], 8) for line in f if line.startswith("Umask:"))
    except (OSError, StopIteration, ValueError, IndexError):
        mask = os.umask(0o022)
        os.umask(mask)
    return full & ~mask


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # not every file system syncs a folder
    finally:
        os.close(fd)


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        try:
            path.unlink()
        except OSError:
            pass


# ---------------------------------------------------------------------------- which folders


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def check_target(path: str | os.PathLike[str], *,
                 protected: Iterable[tuple[str, Path]] = (),
                 protected_tops: Iterable[tuple[str, Path]] = ()) -> Path:
    """The real folder (symbolic links followed) that ``path`` names, when a command may fill
    or replace it; else :class:`OutputError`.

    Always refused: the current folder and every folder holding it (``/`` among them), the home
    folder and every folder holding it.  ``protected`` are (words, folder) pairs refused with
    every folder inside them and every folder holding them (the download cache, the course's
    notebooks); ``protected_tops`` are refused with the folders holding them but not those
    inside (the project folder of a clone, where a course copy like ``my-course`` may live).
    A file, or a link to nothing, is refused too (``not-a-folder``).

    >>> try:
    ...     check_target(".")
    ... except OutputError as e:
    ...     print(e.rule, "-", e.message)
    unsafe-target - . is the current folder: choose a new folder's name instead.
    >>> try:
    ...     check_target(Path.cwd() / "x" / "y", protected=[("the cache", Path.cwd() / "x")])
    ... except OutputError as e:
    ...     print(e.rule, "-", e.message.replace(str(Path.cwd()), "D"))
    unsafe-target - D/x/y is inside the cache: choose another folder.
    """
    name = shown(path)
    if os.path.islink(path) and not os.path.exists(path):
        raise OutputError(OutputId.NOT_A_FOLDER, f"{name} is a link to {shown(os.readlink(path))}, "
                          "which does not exist: remove the link or choose another folder.",
                          path=os.fspath(path))
    real = Path(os.path.realpath(path))
    if real.exists() and not real.is_dir():
        raise OutputError(OutputId.NOT_A_FOLDER,
                          f"{name} is a file, not a folder: choose a folder's "
                          "name.", path=os.fspath(path))

    def refuse(what: str) -> OutputError:
        return OutputError(OutputId.UNSAFE_TARGET, f"{name} is {what}: choose another folder.",
                           path=os.fspath(path))

    cwd = Path(os.path.realpath(os.getcwd()))
    if real == cwd:
        raise OutputError(OutputId.UNSAFE_TARGET, f"{name} is the current folder: choose a new "
                          "folder's name instead.", path=os.fspath(path))
    if real == Path(real.anchor):
        raise refuse("the top folder of the disk")
    if real in cwd.parents:
        raise refuse("a folder holding the current folder")
    home = Path(os.path.realpath(Path.home()))
    if real == home:
        raise refuse("your home folder")
    if real in home.parents:
        raise refuse("a folder holding your home folder")
    for words, folder in protected:
        folder = Path(os.path.realpath(folder))
        if real == folder:
            raise refuse(words)
        if folder in real.parents:
            raise refuse(f"inside {words}")
        if real in folder.parents:
            raise refuse(f"a folder holding {words}")
    for words, folder in protected_tops:
        folder = Path(os.path.realpath(folder))
        if real == folder:
            raise refuse(words)
        if real in folder.parents:
            raise refuse(f"a folder holding {words}")
    return real


def check_writable(folder: Path) -> None:
    """Refuse (``cannot-write``) when ``folder`` could not be made or replaced: the nearest
    folder that exists at or above its parent must be writable.  Checked before a long build,
    so that its work is not lost at the end."""
    probe = folder.parent
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    try:  # try it for real: permissions alone do not tell (root, a read-only disk, /proc)
        if not probe.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "Not a directory")
        os.rmdir(tempfile.mkdtemp(prefix=_aside_prefix(folder, "new"), dir=probe))
    except OSError as e:
        raise OutputError(OutputId.CANNOT_WRITE, f"Cannot write {shown(folder)}: {shown(probe)} "
                          f"cannot be written ({_reason(e)}).", path=str(folder)) from None
    if os.path.ismount(folder):
        raise OutputError(OutputId.CANNOT_WRITE, f"{shown(folder)} is a disk of its own (a mount "
                          f"point), which cannot be replaced: write into a folder on it, such "
                          f"as {shown(folder / 'site')}.", path=str(folder))


# ---------------------------------------------------------------------------- whole folders


def _aside_prefix(dest: Path, kind: str) -> str:
    return f".{dest.name}.{MARK}-{kind}-{os.getpid()}-"


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process
    return True


def clean_stale(dest: Path) -> list[Path]:
    """Remove the hidden folders and files beside ``dest`` that a run killed part-way left
    (their process is gone); an old result caught mid-swap, with nothing at ``dest``, is put
    back instead.  Returns what was removed or put back."""
    done: list[Path] = []
    try:
        entries = list(os.scandir(dest.parent))
    except OSError:
        return done
    for entry in sorted(entries, key=lambda en: en.name):
        m = _ASIDE.fullmatch(entry.name)
        if not m or m["name"] != dest.name or _alive(int(m["pid"])):
            continue
        path = Path(entry.path)
        if m["kind"] == "old" and not os.path.lexists(dest):
            try:
                os.rename(path, dest)
                done.append(path)
                continue
            except OSError:
                pass
        _remove(path)
        done.append(path)
    return done


@contextmanager
def _signals_deferred() -> Iterator[None]:
    """Ctrl-C (SIGINT) and SIGTERM wait until the block is done, then act as they would have."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def hold(signum: int, _frame: Any) -> None:
        caught.append(signum)

    before = {s: signal.signal(s, hold) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler if handler is not None else signal.SIG_DFL)
        for signum in dict.fromkeys(caught):
            signal.raise_signal(signum)


def _swap(new: Path, dest: Path) -> Path | None:
    """Put ``new`` at ``dest``; the old folder's hidden name (to remove), if there was one."""
    old: Path | None = None
    if os.path.lexists(dest):
        old = new.with_name(new.name.replace(f"{MARK}-new-", f"{MARK}-old-", 1))
        os.rename(dest, old)
    try:
        os.rename(new, dest)
    except OSError:
        if old is not None:
            os.rename(old, dest)
        raise
    return old


@contextmanager
def replace_folders(dests: Sequence[str | os.PathLike[str]],
                    files: Mapping[Path, bytes] | None = None
                    ) -> Iterator[list[Path]]:
    """Build folders aside, then swap them in: yields one empty hidden folder beside each of
    ``dests`` (made with their parents if needed); when the block ends normally they are
    renamed into place together and the old folders removed (Ctrl-C waits for both).
    When the block raises (Ctrl-C included), the hidden folders are removed and ``dests`` are
    left as they were.  Folders of a killed earlier run are cleaned up first
    (:func:`clean_stale`).  ``files`` (a path and its bytes each) are written aside first and
    renamed into place with the folders, in the same step Ctrl-C waits for.

    The caller checks ``dests`` first (:func:`check_target`): this replaces them."""
    targets = [Path(d) for d in dests]
    news: list[Path] = []
    staged: list[tuple[Path, Path]] = []  # (written aside, its place)
    try:
        for place, data in (files or {}).items():
            try:
                place.parent.mkdir(parents=True, exist_ok=True)
                clean_stale(place)
                fd, written = tempfile.mkstemp(prefix=_aside_prefix(place, "new"),
                                               dir=place.parent)
                staged.append((Path(written), place))
                with os.fdopen(fd, "wb") as out:
                    out.write(data)
                os.chmod(written, _default_mode(0o666))
            except OSError as e:
                raise OutputError(OutputId.CANNOT_WRITE, f"Cannot write {shown(place)}: "
                                  f"{_reason(e)}.", path=str(place)) from None
        for dest in targets:
            try:
                dest.parent.mkdir(parents=True, exist_ok=True)
                clean_stale(dest)
                news.append(Path(tempfile.mkdtemp(prefix=_aside_prefix(dest, "new"),
                                                  dir=dest.parent)))
            except OSError as e:
                raise OutputError(OutputId.CANNOT_WRITE, f"Cannot write {shown(dest)}: "
                                  f"{_reason(e)}.", path=str(dest)) from None
        yield news
        for new, dest in zip(news, targets, strict=True):
            mode = stat.S_IMODE(dest.stat().st_mode) if dest.is_dir() else _default_mode(0o777)
            os.chmod(new, mode)
        olds: list[Path] = []
        swapped: list[tuple[Path, Path, Path | None]] = []
        try:
            with _signals_deferred():
                try:
                    for new, dest in zip(news, targets, strict=True):
                        old = _swap(new, dest)
                        swapped.append((new, dest, old))
                        if old is not None:
                            olds.append(old)
                    for written_aside, place in staged:
                        os.replace(written_aside, place)
                    staged.clear()
                except OSError as e:
                    failed = dest
                    for new, done, old in reversed(swapped):  # put the old results back
                        os.rename(done, new)
                        if old is not None:
                            os.rename(old, done)
                    olds.clear()
                    raise OutputError(OutputId.CANNOT_WRITE, f"Could not put {shown(failed)} in "
                                      f"place: {_reason(e)}; it is as it was.",
                                      path=str(failed)) from e
        finally:  # the old results, once the new ones are in place (Ctrl-C included, and
            # waiting for it: an interrupt in the middle would leave half an old folder aside)
            with _signals_deferred():
                for old in olds:
                    _remove(old)
    except BaseException:
        for new in news:
            _remove(new)
        for written_aside, _ in staged:
            _remove(written_aside)
        raise


def make_writable(folder: Path) -> None:
    """Make every folder and file under ``folder`` writable by its owner, never following a
    symbolic link (for a copy the command itself just wrote, from a read-only package)."""
    for root, dirs, files in os.walk(folder, followlinks=False):
        for name in (*dirs, *files):
            path = os.path.join(root, name)
            st = os.lstat(path)
            if not stat.S_ISLNK(st.st_mode) and not st.st_mode & stat.S_IWUSR:
                os.chmod(path, stat.S_IMODE(st.st_mode) | stat.S_IWUSR)


# ---------------------------------------------------------------------------- taking turns


@contextmanager
def hold_lock(path: Path, *, wait: float = 1200.0, on_wait: Callable[[], None] | None = None,
              what: str = "another run") -> Iterator[None]:
    """Hold an exclusive lock on the file ``path`` (made if missing) for the block.  When
    another process holds it, ``on_wait`` is called once and the lock is tried again every
    0.2 s for up to ``wait`` seconds, then refused (``busy``: ``what`` holds it).  The lock ends
    with the block, or with the process."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        if fcntl is not None:
            deadline = time.monotonic() + wait
            told = False
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise OutputError(OutputId.BUSY,
                                          f"{what} is still using {shown(path.parent)}"
                                          ": try again when it has finished.",
                                          path=str(path)) from None
                    if not told and on_wait is not None:
                        on_wait()
                    told = True
                    time.sleep(0.2)
        yield
    finally:
        os.close(fd)


__all__ = ["write_text", "write_bytes", "writing", "check_target", "check_writable",
           "replace_folders", "clean_stale", "make_writable", "hold_lock", "shown", "MARK"]
