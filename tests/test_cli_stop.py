"""Stopping a long-running command the way a process manager, a script or a closed terminal
does (SIGTERM, SIGHUP) ends every process it started and frees its port.

``spades-lab serve`` (Voila and its kernels), ``spades-lab course --open`` (JupyterLab and its
kernels; ``./dev.sh lab`` runs JupyterLab itself, in place of the shell) and
``spades-lab classroom`` (uvicorn) are each started for real on a free 127.0.0.1 port, made to
start a kernel where they have one, and sent the signal. ``spades_lab.cli.children`` passes the
signal on and then ends what its child left behind.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import ROOT, free_port, stop, wait_http
from spades_lab.cli.children import descendants, run_child

pytestmark = pytest.mark.slow


def _alive(pids: list[int]) -> list[int]:
    out = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
        except OSError:
            continue
        if state != "Z":
            out.append(pid)
    return out


def _port_free(port: int) -> bool:
    """Nothing listens on ``port`` and a new server may take it (as servers bind: reusing an
    address whose old connections are still in TIME_WAIT)."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
        return False
    except OSError:
        pass
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _wait_for_kernel(proc: subprocess.Popen[bytes], timeout: float = 60) -> list[int]:
    """The processes below ``proc`` once a kernel (``ipykernel``) is among them."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        below = descendants(proc.pid)
        for pid in below:
            try:
                if b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    return below
            except OSError:
                pass
        time.sleep(0.5)
    raise TimeoutError("no kernel started")


def _stopped_cleanly(proc: subprocess.Popen[bytes], sig: int, port: int) -> None:
    below = descendants(proc.pid)
    assert below, "the command started no process"
    os.kill(proc.pid, sig)
    try:
        proc.wait(timeout=40)
    except subprocess.TimeoutExpired:
        stop(proc)
        pytest.fail(f"the command did not stop on signal {sig}")
    t0 = time.monotonic()
    while _alive(below) and time.monotonic() - t0 < 20:
        time.sleep(0.2)
    assert _alive(below) == [], "processes left running: " + " | ".join(
        Path(f"/proc/{p}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        for p in _alive(below))
    t0 = time.monotonic()
    while not _port_free(port) and time.monotonic() - t0 < 10:
        time.sleep(0.2)
    assert _port_free(port)


def _command(*args: str) -> list[str]:
    return [str(Path(sys.executable).parent / "spades-lab"), *args]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_serve_stops_voila_and_its_kernels(sig: int, tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(_command("serve", "--port", str(port)), cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=(tmp_path / "log").open("wb"))
    try:
        wait_http(f"http://127.0.0.1:{port}/", proc)  # the page's request starts its kernel
        _wait_for_kernel(proc)
        _stopped_cleanly(proc, sig, port)
    finally:
        if proc.poll() is None:
            stop(proc)
    log = (tmp_path / "log").read_text(errors="replace")
    assert "DeprecationWarning" not in log, log[-2000:]


def test_course_open_stops_jupyterlab_and_its_kernels(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "JUPYTER_TOKEN": "stoptest", "BROWSER": "true",
           "JUPYTER_PORT": str(port), "JUPYTER_CONFIG_DIR": str(tmp_path / "config")}
    proc = subprocess.Popen(_command("course", str(tmp_path / "course"), "--open"),
                            cwd=tmp_path, env=env, stdout=subprocess.DEVNULL,
                            stderr=(tmp_path / "log").open("wb"))
    try:
        wait_http(f"http://127.0.0.1:{port}/api/status?token=stoptest", proc)
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/kernels?token=stoptest",
                                     data=json.dumps({"name": "python3"}).encode(),
                                     method="POST")
        with urllib.request.urlopen(req, timeout=30):
            pass
        _wait_for_kernel(proc)
        _stopped_cleanly(proc, signal.SIGTERM, port)
    finally:
        if proc.poll() is None:
            stop(proc)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_classroom_stops_and_frees_its_port(sig: int, tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(_command("classroom", "--port", str(port), "--db",
                                     str(tmp_path / "class.sqlite3")),
                            cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_http(f"http://127.0.0.1:{port}/", proc)
        os.kill(proc.pid, sig)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            stop(proc)
    assert _port_free(port)


def test_run_child_ends_what_its_child_left_behind(tmp_path: Path) -> None:
    """The child starts a grandchild in a session of its own (as Jupyter starts kernels, out of
    reach of a signal to the process group) and ignores SIGTERM's wish to linger: both end."""
    script = tmp_path / "parent.py"
    script.write_text(
        "import subprocess, sys, time\n"
        "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(120)'],"
        " start_new_session=True)\n"
        "time.sleep(120)\n")
    runner = subprocess.Popen(
        [sys.executable, "-c",
         "import sys; from spades_lab.cli.children import run_child; "
         f"sys.exit(run_child([sys.executable, {str(script)!r}], grace=2))"],
        cwd=ROOT)
    try:
        t0 = time.monotonic()
        while len(descendants(runner.pid)) < 2 and time.monotonic() - t0 < 30:
            time.sleep(0.1)
        below = descendants(runner.pid)
        assert len(below) == 2
        runner.send_signal(signal.SIGTERM)
        assert runner.wait(timeout=30) == 0
        t0 = time.monotonic()
        while _alive(below) and time.monotonic() - t0 < 10:
            time.sleep(0.1)
        assert _alive(below) == []
    finally:
        if runner.poll() is None:
            stop(runner)


def test_run_child_returns_the_child_exit_code() -> None:
    assert run_child([sys.executable, "-c", "raise SystemExit(3)"]) == 3
