"""Long jobs are bounded and interruptible: ``simulate`` with a huge ``--hands`` streams its
work (memory flat), stops cleanly on Ctrl-C (exit 130, one line, no worker left), its workers
exit when the parent dies, and a closed pipe ends a command quietly.

These run the real command in a new process group and send SIGINT to the whole group, as a
terminal's Ctrl-C does.
"""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import ROOT, interruptible

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads process tables from /proc (Linux)")]

CLI = [sys.executable, "-c", "import sys; from spades_lab.cli import main; sys.exit(main())"]


def children(pid: int) -> list[int]:
    """Live (not zombie) processes whose parent is ``pid``."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(stat.parent.name))
    return out


def alive(pid: int) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z"


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([*CLI, *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=interruptible)


def wait_for_workers(proc: subprocess.Popen[str], count: int, timeout: float = 60) -> list[int]:
    """The worker pids once ``count`` are running (the imports take a while on a busy
    machine)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()
        kids = children(proc.pid)
        if len(kids) >= count:
            return kids
        time.sleep(0.1)
    raise AssertionError("the workers did not start")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_for_work(proc: subprocess.Popen[str], seconds: float = 2.0,
                  timeout: float = 90) -> None:
    """Until the command and its workers have used ``seconds`` of CPU (the imports are done
    and it computes; wall-clock time says little on a busy machine)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        used = 0.0
        for pid in [proc.pid, *children(proc.pid)]:
            with contextlib.suppress(OSError, IndexError):
                used += cpu_seconds(pid)
        if used >= seconds:
            return
        time.sleep(0.1)


def run_and_interrupt(args: list[str], ready: Callable[[subprocess.Popen[str]], None]
                      ) -> tuple[int | None, str, float]:
    """Start ``spades-lab ARGS``, wait until ``ready(proc)`` returns (it may assert), then
    press Ctrl-C (SIGINT to the whole process group, as a terminal does) and wait at most 5
    seconds for the command to end: (exit status, stderr, seconds it took to end).  The exit
    status is None when the command had already finished by itself.  A command still running
    after 5 seconds fails the test (``TimeoutExpired``), and is killed either way."""
    proc = start(*args)
    try:
        ready(proc)
        if proc.poll() is not None:
            return None, proc.communicate()[1], 0.0
        os.killpg(proc.pid, signal.SIGINT)
        t = time.monotonic()
        _, err = proc.communicate(timeout=5)
        return proc.returncode, err, time.monotonic() - t
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.mark.parametrize("extra,workers", [
    pytest.param([], 0, id="one-process"),
    pytest.param(["--processes", "2"], 2, id="two-processes"),
    pytest.param(["--batch", "--processes", "2"], 2, id="batch-two-processes"),
])
def test_simulate_huge_run_stops_cleanly_on_ctrl_c(extra: list[str], workers: int) -> None:
    kids: list[int] = []

    def ready(proc: subprocess.Popen[str]) -> None:
        kids.extend(wait_for_workers(proc, workers) if workers else [])
        wait_for_work(proc)
        before = rss_mib(proc.pid)
        time.sleep(2.0)
        after = rss_mib(proc.pid)
        # flat memory: the chunks are made as they are needed (the old code built every
        # chunk of 10^9 hands up front: 0.7 GB within 3 s), and the command folds each
        # chunk's rows into its summary and drops them (they once grew with the hands done,
        # on the batch path at over 100,000 hands a second)
        assert after - before < 40, (before, after)
        assert after < 400, (before, after)

    code, err, took = run_and_interrupt(["simulate", "--hands", "1000000000", "--no-progress",
                                         "--force-processes", *extra], ready)
    assert code == 130 and took < 5, (code, took, err)
    assert "Traceback" not in err and err.strip().splitlines() == ["spades-lab: interrupted"]
    time.sleep(0.2)
    assert not [k for k in kids if alive(k)], "a worker outlived the command"


def test_workers_exit_when_the_parent_dies() -> None:
    proc = start("simulate", "--hands", "1000000000", "--no-progress", "--processes", "2",
                 "--force-processes")
    try:
        kids = wait_for_workers(proc, 2)
        proc.kill()  # no chance to clean up
        proc.wait()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(alive(k) for k in kids):
            time.sleep(0.1)
        assert not [k for k in kids if alive(k)], "workers kept running after the parent died"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def test_closed_pipe_is_quiet(tmp_path: Path) -> None:
    """``spades-lab replay FILE | head -1``: no BrokenPipe traceback (the account printed is
    far larger than a pipe's buffer, so the write does meet the closed pipe)."""
    from spades_lab.cli.main import main

    record = tmp_path / "long.json"
    assert main(["play", "--seed", "1", "--hands", "150", "--option", "target=100000",
                 "--quiet", "--out", str(record)]) == 0
    proc = subprocess.Popen([*CLI, "replay", str(record)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # the reader goes away, as ``head`` does
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert proc.returncode == 141


@pytest.mark.parametrize("step", [
    # the first play is next: 128 cards, the compiled search over three-word card masks
    pytest.param("5", id="wide-compiled-search"),
    pytest.param("68", id="compiled-search"),  # 16 tricks left: 64 cards, one-word masks
])
def test_solve_stops_cleanly_on_ctrl_c(step: str) -> None:
    """Ctrl-C during a long ``solve`` (an early Heckadeck position, in the compiled search over
    wide card masks and over one-word ones) ends with one line and exit 130: the handling
    every command shares (cli.common.run_command)."""
    record = ROOT / "data" / "course" / "acorns_hand.json"
    code, err, took = run_and_interrupt(["solve", str(record), "--at", step], wait_for_work)
    if code is None:
        pytest.skip("solve finished (within its budget) before it could be interrupted")
    assert code == 130 and took < 5, (code, took, err)
    lines = err.strip().splitlines()
    # one line: the shared "spades-lab: interrupted", or solve's own with the bounds so far
    assert "Traceback" not in err and len(lines) == 1 and "interrupted" in lines[0], err
