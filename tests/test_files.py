"""spades_lab.core.files: a file is written whole or not at all, dangerous folders are refused,
whole folders are built aside and swapped in, and runs sharing a folder take turns."""
from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from spades_lab.core import files
from spades_lab.core.errors import OUTPUT_IDS, OutputError
from spades_lab.core.files import (
    MARK,
    check_target,
    check_writable,
    clean_stale,
    hold_lock,
    replace_folders,
    write_bytes,
    write_text,
)
from spades_lab.core.records import dump_record, load_record


def hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if MARK in p.name)


# ---------------------------------------------------------------------------- one file


def test_full_disk_leaves_the_old_file_intact(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    good = tmp_path / "save.json"
    good.write_text("x" * 46_703)
    real_write = os.write

    def full(fd: int, data: bytes) -> int:  # the first 4,096 bytes fit, then the disk is full
        if len(data) > 4096:
            return real_write(fd, bytes(data[:4096]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "write", full)
    with pytest.raises(OutputError) as info:
        write_text(good, "y" * 46_703)
    assert info.value.rule == "cannot-write" and "no space left on device" in info.value.message
    assert "old file is as it was" in info.value.message
    assert good.read_text() == "x" * 46_703 and hidden(tmp_path) == []


def test_a_failed_fsync_or_rename_leaves_the_old_file(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    good = tmp_path / "a.txt"
    good.write_text("old")
    for name in ("fsync", "replace"):
        with monkeypatch.context() as m:
            def fail(*_a: object) -> None:
                raise OSError(errno.EIO, "Input/output error")
            m.setattr(files.os, name, fail)
            with pytest.raises(OutputError):
                write_text(good, "new")
        assert good.read_text() == "old" and hidden(tmp_path) == []


def test_ctrl_c_while_writing_leaves_the_old_file(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    good = tmp_path / "a.txt"
    good.write_text("old")

    def interrupted(*_a: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "write", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_bytes(good, b"new")
    assert good.read_text() == "old" and hidden(tmp_path) == []


def test_write_keeps_a_link_and_the_file_mode(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    real.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_text(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert real.stat().st_mode & 0o777 == 0o640


def test_a_stale_temporary_file_of_a_killed_run_is_removed(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    stale = tmp_path / f".a.txt.{MARK}-new-{dead}-abc123"
    stale.write_text("half")
    mine = tmp_path / f".a.txt.{MARK}-new-{os.getpid()}-abc123"
    mine.write_text("in use")
    write_text(tmp_path / "a.txt", "whole")
    assert not stale.exists() and mine.exists()


def test_save_game_is_written_whole_or_not_at_all(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    record = load_record(ROOT / "data" / "course" / "standard_game.json")
    save = tmp_path / "game.json"
    dump_record(record, save)
    good = save.read_bytes()
    assert len(good) > 4096
    real_write = os.write
    calls = []

    def full(fd: int, data: bytes) -> int:
        calls.append(len(data))
        if len(calls) == 1:
            return real_write(fd, bytes(data[:4096]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "write", full)
    with pytest.raises(OutputError):
        dump_record(record, save)
    assert save.read_bytes() == good and hidden(tmp_path) == []


# ---------------------------------------------------------------------------- which folders


def test_dangerous_targets_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    work = home / "work" / "deep"
    work.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(work)
    cache = tmp_path / "cache" / "spades-lab"
    cache.mkdir(parents=True)
    (tmp_path / "to-cache").symlink_to(cache)
    (tmp_path / "file.txt").write_text("x")
    (tmp_path / "nothing").symlink_to(tmp_path / "gone")
    protected = [("the download cache", cache)]
    cases = {".": "unsafe-target", "..": "unsafe-target", str(work.parent.parent): "unsafe-target",
             "/": "unsafe-target", str(home): "unsafe-target", str(tmp_path): "unsafe-target",
             str(cache): "unsafe-target", str(cache / "inner"): "unsafe-target",
             str(cache.parent): "unsafe-target", str(tmp_path / "to-cache"): "unsafe-target",
             str(tmp_path / "file.txt"): "not-a-folder", str(tmp_path / "nothing"): "not-a-folder"}
    for target, rule in cases.items():
        with pytest.raises(OutputError) as info:
            check_target(target, protected=protected)
        assert info.value.rule == rule and info.value.rule in OUTPUT_IDS, target
        assert "\n" not in info.value.message and len(info.value.message) < 300
    # fine: a new folder in the current one, one inside home, a sibling of the cache
    assert check_target("site") == work / "site"
    assert check_target(home / "courses" / "a", protected=protected) == home / "courses" / "a"
    assert check_target(tmp_path / "cache" / "other", protected=protected)
    # a top is refused with what holds it, not what is inside it
    tops = [("the course's source", tmp_path / "clone")]
    assert check_target(tmp_path / "clone" / "my-course", protected_tops=tops)
    with pytest.raises(OutputError):
        check_target(tmp_path / "clone", protected_tops=tops)


def test_an_unwritable_place_is_found_before_the_work(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    for folder in (Path("/proc/spades-lab-test/out"), tmp_path / "file" / "out"):
        with pytest.raises(OutputError) as info:
            check_writable(folder)
        assert info.value.rule == "cannot-write"
    check_writable(tmp_path / "new" / "deeper")  # made later, with its parents
    assert not (tmp_path / "new").exists() and hidden(tmp_path) == []


# ---------------------------------------------------------------------------- whole folders


def test_a_failed_build_leaves_the_old_folder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "old.txt").write_text("old")
    with pytest.raises(RuntimeError), replace_folders([out]) as (aside,):
        (aside / "half.txt").write_text("half")
        raise RuntimeError("the build failed")
    assert sorted(p.name for p in out.iterdir()) == ["old.txt"] and hidden(tmp_path) == []
    with replace_folders([out]) as (aside,):
        (aside / "new.txt").write_text("new")
    assert sorted(p.name for p in out.iterdir()) == ["new.txt"] and hidden(tmp_path) == []


def test_several_folders_swap_in_together_and_keep_the_rest(tmp_path: Path) -> None:
    top = tmp_path / "course"
    (top / "data" / "course").mkdir(parents=True)
    (top / "notebooks").mkdir()
    (top / "mine.txt").write_text("my notes")
    with replace_folders([top / "notebooks", top / "data" / "course"]) as asides:
        for a in asides:
            (a / "new").write_text("1")
    assert (top / "mine.txt").read_text() == "my notes"
    assert [p.name for p in (top / "notebooks").iterdir()] == ["new"]
    assert [p.name for p in (top / "data" / "course").iterdir()] == ["new"]


def test_ctrl_c_during_the_swap_waits_for_it(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "old").write_text("old")
    real_rename = os.rename
    seen = []

    def rename_then_ctrl_c(a: str, b: str) -> None:
        real_rename(a, b)
        if not seen:
            seen.append(b)
            os.kill(os.getpid(), signal.SIGINT)  # between taking the old away and the new in

    monkeypatch.setattr(files.os, "rename", rename_then_ctrl_c)
    # Ctrl-C as a terminal delivers it (a suite started in the background ignores SIGINT)
    old_handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt), replace_folders([out]) as (aside,):
            (aside / "new").write_text("new")
    finally:
        signal.signal(signal.SIGINT, old_handler)
    assert [p.name for p in out.iterdir()] == ["new"] and hidden(tmp_path) == []


def test_a_killed_run_is_cleaned_up_or_its_old_result_put_back(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    out = tmp_path / "site"
    new = tmp_path / f".site.{MARK}-new-{dead}-x1"
    old = tmp_path / f".site.{MARK}-old-{dead}-x1"
    new.mkdir()
    old.mkdir()
    (old / "index.html").write_text("the old site")
    assert sorted(p.name for p in clean_stale(out)) == sorted([new.name, old.name])
    assert (out / "index.html").read_text() == "the old site" and hidden(tmp_path) == []


def test_runs_sharing_a_lock_take_turns(tmp_path: Path) -> None:
    lock = tmp_path / ".lock"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, os, sys, time\n"
         f"fd = os.open({str(lock)!r}, os.O_RDWR | os.O_CREAT)\n"
         "fcntl.flock(fd, fcntl.LOCK_EX)\nprint('held', flush=True)\nsys.stdin.read()\n"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        waited = []
        with pytest.raises(OutputError) as info, \
                hold_lock(lock, wait=0.5, on_wait=lambda: waited.append(1), what="a build"):
            pass
        assert info.value.rule == "busy" and waited == [1]
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(30)
    with hold_lock(lock, wait=0):
        pass


def test_a_failed_swap_puts_every_old_folder_back(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    for d in (a, b):
        d.mkdir()
        (d / "old").write_text(d.name)
    real_rename = os.rename

    def refuse_b(src: str, dst: str) -> None:
        if Path(dst) == b and f"{MARK}-new-" in str(src):  # the new b may not go in
            raise OSError(errno.EACCES, "Permission denied")
        real_rename(src, dst)

    monkeypatch.setattr(files.os, "rename", refuse_b)
    with pytest.raises(OutputError) as info, replace_folders([a, b]) as asides:
        for x in asides:
            (x / "new").write_text("new")
    assert info.value.path == str(b) and "permission denied" in info.value.message
    assert [p.name for p in a.iterdir()] == ["old"] and [p.name for p in b.iterdir()] == ["old"]
    assert hidden(tmp_path) == []
