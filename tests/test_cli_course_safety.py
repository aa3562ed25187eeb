"""``spades-lab course DIR`` never destroys what it was not asked to replace (issue 19): it
refuses the course's own source, copies aside and swaps in, cleans up after Ctrl-C, makes
writable only what it wrote, and ``--open`` opens a course that is already there."""
from __future__ import annotations

import hashlib
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from conftest import interruptible, tree
from spades_lab.cli import course as course_mod
from spades_lab.cli.course import (
    COURSE_DIRS,
    COURSE_FILES,
    SKIP,
    copy_course,
    course_notebooks,
    course_source,
)
from spades_lab.cli.main import main
from spades_lab.core.errors import OutputError
from spades_lab.core.files import MARK


def hidden(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if MARK in p.name)


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("spades-lab course: error: ") and "\n" not in err, err
    return err


def test_course_dot_force_in_a_clone_is_refused_and_deletes_nothing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    src = course_source()
    before = tree(src / "notebooks")
    monkeypatch.chdir(src)
    for argv in (["course", ".", "--force"], ["course", str(src), "--force"],
                 ["course", "notebooks", "--force"], ["course", "data", "--force"]):
        assert main(argv) == 2, argv
        one_line_error(capsys)
    assert tree(src / "notebooks") == before


def test_course_inside_its_own_notebooks_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    src = course_source()
    monkeypatch.chdir(src / "notebooks")
    assert main(["course"]) == 2  # the default ./spades-course, inside the notebooks
    assert "inside the course's own notebooks folder" in one_line_error(capsys)
    assert not (src / "notebooks" / "spades-course").exists()
    assert main(["course", str(src / "data" / "course" / "x")]) == 2
    one_line_error(capsys)


def test_a_course_inside_the_clone_is_fine(tmp_path: Path) -> None:
    # as ./dev.sh lab makes my-course/ in the clone: a fake clone with the same layout
    clone = tmp_path / "clone"
    for name in COURSE_DIRS:
        if (course_source() / name).is_dir():
            shutil.copytree(course_source() / name, clone / name)
    notebooks = copy_course(clone / "my-course", source=clone)
    assert [p.name for p in notebooks] == [p.name for p in course_notebooks(clone)]
    with pytest.raises(OutputError):
        copy_course(clone, force=True, source=clone)
    with pytest.raises(OutputError):
        copy_course(clone / "notebooks" / "again", source=clone)


def test_an_interrupted_copy_leaves_nothing_then_copies(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    dest = tmp_path / "mine"
    real_copy = shutil.copyfile
    copied = []

    def copy_then_ctrl_c(a: str, b: str, **kw: object) -> str:
        if len(copied) == 7:
            raise KeyboardInterrupt
        copied.append(b)
        return real_copy(a, b)

    monkeypatch.setattr(shutil, "copyfile", copy_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        copy_course(dest)
    assert not dest.exists() and hidden(tmp_path) == []
    monkeypatch.setattr(shutil, "copyfile", real_copy)
    assert copy_course(dest)  # and the same command then works


def test_an_interrupted_force_copy_leaves_the_old_course(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    dest = tmp_path / "mine"
    copy_course(dest)
    (dest / "notebooks" / "00_start_here.ipynb").write_text("my work")
    before = tree(dest)
    real_copy = shutil.copyfile
    copied = []

    def copy_then_ctrl_c(a: str, b: str, **kw: object) -> str:
        if len(copied) == 30:
            raise KeyboardInterrupt
        copied.append(b)
        return real_copy(a, b)

    monkeypatch.setattr(shutil, "copyfile", copy_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        copy_course(dest, force=True)
    assert tree(dest) == before and hidden(tmp_path) == []


def test_only_the_files_it_wrote_are_made_writable(tmp_path: Path) -> None:
    dest = tmp_path / "mine"
    copy_course(dest)
    mine = dest / "my-notes.txt"
    mine.write_text("mine")
    mine.chmod(0o444)
    outside = tmp_path / "outside.txt"
    outside.write_text("not the course's")
    outside.chmod(0o444)
    (dest / "link-out").symlink_to(outside)
    (dest / "docs" / "link-out").symlink_to(outside)  # inside a folder the copy replaces
    assert copy_course(dest, force=True)
    assert stat.S_IMODE(mine.stat().st_mode) == 0o444
    assert stat.S_IMODE(outside.stat().st_mode) == 0o444
    assert (dest / "link-out").is_symlink()
    assert all(os.access(p, os.W_OK) for p in dest.rglob("*.ipynb"))


def test_a_dangling_link_is_one_clear_line(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    link = tmp_path / "course"
    link.symlink_to(tmp_path / "gone")
    assert main(["course", str(link)]) == 2
    err = one_line_error(capsys)
    assert "link" in err and "does not exist" in err and "Errno" not in err


def test_open_on_an_existing_course_opens_it_and_keeps_the_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    dest = tmp_path / "mine"
    copy_course(dest)
    (dest / "notebooks" / "00_start_here.ipynb").write_text("my work")
    before = tree(dest)
    started = []
    monkeypatch.setattr(course_mod, "run_child", lambda cmd, **kw: started.append(cmd) or 0)
    assert main(["course", str(dest), "--open"]) == 0
    assert started and started[0][1:3] == ["-m", "jupyterlab"] and str(dest) in started[0]
    assert tree(dest) == before and "nothing copied" in capsys.readouterr().out
    # a new folder: copied, then opened
    assert main(["course", str(tmp_path / "new"), "--open"]) == 0
    assert len(started) == 2 and course_notebooks(tmp_path / "new")


# ---------------------------------------------------------------------------- Ctrl-C for real

SCRIPT = textwrap.dedent("""
    import os, shutil, sys, time
    from pathlib import Path
    import spades_lab.cli.course as course
    # the course as it was when the test began (other tests refresh docs/screenshots meanwhile)
    course.course_source = lambda: Path(os.environ["SPADES_LAB_TEST_COURSE"])
    real = shutil.copyfile
    started = []
    def slow(a, b, **kw):  # the same copy, slower, so that Ctrl-C lands inside it
        if not started:
            started.append(print("copying", flush=True))
        time.sleep(0.01)
        return real(a, b, **kw)
    shutil.copyfile = slow
    try:  # Ctrl-C while this wrapper imports: not the command's to report
        from spades_lab.cli.main import main
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(main(sys.argv[1:]))
""")


def _course(args: list[str], cwd: Path, source: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", SCRIPT, "course", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=interruptible,
                            env={**os.environ, "SPADES_LAB_TEST_COURSE": str(source)})


def still_source(folder: Path) -> Path:
    """A copy of the course's source that nothing else writes while a test compares against
    it (the browser tests refresh docs/screenshots as they run, on the other worker)."""
    src = course_source()
    for name in COURSE_DIRS:
        shutil.copytree(src / name, folder / name, ignore=shutil.ignore_patterns(*SKIP))
    for name in COURSE_FILES:
        shutil.copyfile(src / name, folder / name)
    return folder


#: About how long the slowed copy takes (0.01 s a file).
COPY_SECONDS = 0.01 * sum(1 for name in COURSE_DIRS for p in (course_source() / name).rglob("*")
                          if p.is_file() and p.suffix != ".py" and "screenshots" not in p.parts
                          and "__pycache__" not in p.parts)


@pytest.mark.slow
def test_ctrl_c_at_random_points_leaves_the_old_course_or_a_new_one(tmp_path: Path) -> None:
    src = still_source(tmp_path / "source")
    fresh = {name: tree(src / name) for name in COURSE_DIRS}
    fresh = {k: {p: h for p, h in v.items() if not p.endswith(".py")
                 and "__pycache__" not in p}
             for k, v in fresh.items()}
    rng = random.Random(1919)
    seen = []
    for run in range(10):
        dest = tmp_path / f"run{run}"
        force = run % 2 == 1
        if force:  # over a course with the student's work in it
            copy_course(dest, source=src)
            (dest / "notebooks" / "00_start_here.ipynb").write_text("my work")
            (dest / "mine.txt").write_text("mine")
        old = tree(dest)
        proc = _course([str(dest), *(["--force"] if force else [])], tmp_path, src)
        assert proc.stdout is not None and proc.stdout.readline() == "copying\n"
        time.sleep(rng.uniform(0.0, COPY_SECONDS * 2.5))  # in the copy, the swap or after
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
        now = tree(dest)
        new = {f"{k}/{p}": h for k, v in fresh.items() for p, h in v.items()}
        new.update({name: hashlib.sha256((src / name).read_bytes()).hexdigest()
                    for name in COURSE_FILES})
        if force:
            new["mine.txt"] = old["mine.txt"]
        state = "old" if now == old else "new" if now == new else "half"
        seen.append((proc.returncode, state))
        assert state in ("old", "new"), (
            run, proc.returncode, err, "unlike the new course:",
            sorted(k for k in set(now) | set(new) if now.get(k) != new.get(k))[:5],
            "unlike the old:",
            sorted(k for k in set(now) | set(old) if now.get(k) != old.get(k))[:5])
        assert proc.returncode != 0 or state == "new", (run, err)
        assert hidden(tmp_path) == [], (run, err)
        assert "Traceback" not in err, (run, err)
    print("exit status and result of each run:", seen)
    assert any(code == 130 for code, _ in seen), seen
