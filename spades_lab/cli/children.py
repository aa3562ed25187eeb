"""Running a long-lived child server (Voila, JupyterLab) so that stopping us stops it.

``spades-lab serve`` and ``spades-lab course --open`` start a server as a child process. A process
manager, a script or ``kill PID`` stops us with SIGTERM (a closed terminal with SIGHUP); with a
plain :func:`subprocess.call` we died at once and left the child, and its kernels, serving the port.
:func:`run_child` passes each of those signals on to the child (as SIGTERM), waits for it to stop
(killing it after a grace), and then ends
whatever the child started and left behind (its kernels, which Jupyter starts in sessions of their
own, so a signal to the child's process group would not reach them).

Ctrl+C (SIGINT) is the terminal's: it reaches the child and us at once; we wait for the child.
"""
from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import FrameType

# How long the child has to stop by itself after the signal is passed on, before it is killed.
GRACE_SECONDS = 10.0
# How often the wait for the child wakes to check a stopping child's grace (seconds).
POLL_SECONDS = 0.2
# The signals passed on to the child.
FORWARDED = (signal.SIGTERM, signal.SIGHUP)


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (children, their children, ...), read from ``/proc``; an empty
    list where there is no ``/proc`` (the child's own signal handling is then all there is).

    >>> descendants(os.getpid()) == [] or all(isinstance(p, int) for p in descendants(os.getpid()))
    True
    """
    parents: dict[int, list[int]] = {}
    proc = Path("/proc")
    if not proc.is_dir():
        return []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # "pid (name) state ppid ...": the name may hold spaces and parentheses
        fields = stat[stat.rfind(")") + 2:].split()
        if len(fields) > 1:
            parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # a zombie (ended, not yet reaped by its parent) counts as ended
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


def end_processes(pids: Sequence[int], grace: float = GRACE_SECONDS) -> None:
    """SIGTERM each of ``pids``, then SIGKILL those still running after ``grace`` seconds."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except (ProcessLookupError, PermissionError):
            pass
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and any(_alive(p) for p in pids):
        time.sleep(0.1)
    for pid in pids:
        if _alive(pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def run_child(cmd: Sequence[str], *, cwd: str | Path | None = None,
              env: Mapping[str, str] | None = None, grace: float = GRACE_SECONDS) -> int:
    """Run ``cmd`` until it ends and return its exit code (0 after Ctrl+C or a passed-on signal).

    SIGTERM and SIGHUP sent to us go to the child; once it has stopped (or been killed after
    ``grace`` seconds), any process it started and left running is ended too.
    """
    child = subprocess.Popen(list(cmd), cwd=cwd, env=None if env is None else dict(env))
    stopping: list[int] = []
    deadline: list[float] = []  # once stopping: when the child is killed if still running
    below: set[int] = set()

    def stop_by(signum: int) -> None:
        stopping.append(signum)
        deadline.append(time.monotonic() + grace)
        below.update(descendants(child.pid))

    def pass_on(signum: int, frame: FrameType | None) -> None:
        if not stopping:
            stop_by(signum)
            try:
                # SIGHUP too is passed on as SIGTERM, the one signal every child here stops on
                # (a Jupyter server started by ``serve`` may outlive a SIGHUP)
                child.send_signal(signal.SIGTERM)
            except ProcessLookupError:
                pass

    previous = {s: signal.signal(s, pass_on) for s in FORWARDED}
    try:
        while True:
            try:
                # short waits, so that a signal's grace runs from when it came
                code = child.wait(timeout=POLL_SECONDS)
                break
            except subprocess.TimeoutExpired:
                if stopping and time.monotonic() > deadline[0]:
                    below.update(descendants(child.pid))
                    child.kill()
            except KeyboardInterrupt:
                # the terminal sent Ctrl+C to the child too: let it stop by itself
                if not stopping:
                    stop_by(signal.SIGINT)
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
    left = [p for p in below if _alive(p)]
    if left:
        end_processes(left, grace)
    return 0 if stopping else code
