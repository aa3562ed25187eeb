"""``spades-lab site OUT`` never destroys what it was not asked to replace (issue 19).

Most tests put a cheap build in place of the real one through the documented hook
(``spades_lab.cli.site.fill_site``, which ``build_site`` looks up when it runs): the checks,
the build-aside-and-swap, the lock and the messages are the command's own.  The slow test
interrupts the real build over a real earlier site.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, interruptible, tree
from spades_lab.cli import site as site_mod
from spades_lab.cli.main import main
from spades_lab.core.files import MARK

FILES = 40


def fake_fill(token: str, pause: float = 0.0, log: Path | None = None) -> Any:
    """A cheap stand-in for the real build: FILES files carrying ``token``, then the manifest."""
    def fill(dest: Path, cache: Path, say: Any) -> site_mod.SiteReport:
        print("building", flush=True)  # the interrupt test times its Ctrl-C from here
        if log is not None:
            with open(log, "a") as f:
                f.write(f"start {token}\n")
        for i in range(FILES):
            (dest / f"f{i:02}.txt").write_text(token)
            time.sleep(pause)
        (dest / site_mod.MANIFEST).write_text(json.dumps(
            {"made_by": "spades-lab site", "pyodide": "test", "offline": [], "online": {}}))
        if log is not None:
            with open(log, "a") as f:
                f.write(f"end {token}\n")
        return site_mod.SiteReport(dest, [], {}, "test")
    return fill



def hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if MARK in p.name)


@pytest.fixture
def cheap(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The cheap build in place, a cache of the test's own; the tokens of the builds run."""
    monkeypatch.setenv("SPADES_LAB_CACHE", str(tmp_path / "cache"))
    runs: list[str] = []

    def fill(dest: Path, cache: Path, say: Any) -> site_mod.SiteReport:
        runs.append(f"build {len(runs) + 1}")
        return fake_fill(runs[-1])(dest, cache, say)
    monkeypatch.setattr(site_mod, "fill_site", fill)
    return runs


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("spades-lab site: error: ") and "\n" not in err, err
    assert "Traceback" not in err
    return err


def test_a_folder_of_other_work_is_refused_and_kept(tmp_path: Path, cheap: list[str],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / "essay.txt").write_text("my essay")
    assert main(["site", str(work)]) == 2
    assert "--force" in one_line_error(capsys) and cheap == []
    assert tree(work) == {"essay.txt": hashlib.sha256(b"my essay").hexdigest()}
    # --force replaces it, as asked
    assert main(["site", str(work), "--force"]) == 0
    assert "essay.txt" not in tree(work) and len(tree(work)) == FILES + 1


def test_an_earlier_site_is_replaced_without_force(tmp_path: Path, cheap: list[str]) -> None:
    out = tmp_path / "site"
    assert main(["site", str(out)]) == 0
    assert main(["site", str(out)]) == 0
    assert set(tree(out)) == {f"f{i:02}.txt" for i in range(FILES)} | {site_mod.MANIFEST}
    assert (out / "f00.txt").read_text() == "build 2" and hidden(tmp_path) == []
    (tmp_path / "empty").mkdir()
    assert main(["site", str(tmp_path / "empty")]) == 0


def test_current_folder_home_and_root_are_refused(tmp_path: Path, cheap: list[str],
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    here = tmp_path / "here"
    for d in (home, here):
        d.mkdir()
        (d / "keep.txt").write_text("keep")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(here)
    for out in (".", str(here), str(home), "/", str(tmp_path), ".."):
        for extra in ([], ["--force"]):
            assert main(["site", out, *extra]) == 2, out
            one_line_error(capsys)
    assert cheap == [] and (home / "keep.txt").exists() and (here / "keep.txt").exists()


def test_a_link_to_other_work_is_refused_and_its_target_kept(
        tmp_path: Path, cheap: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    stick = tmp_path / "usb"
    stick.mkdir()
    (stick / "photos.txt").write_text("photos")
    link = tmp_path / "to-usb"
    link.symlink_to(stick)
    assert main(["site", str(link)]) == 2
    one_line_error(capsys)
    assert tree(stick) == {"photos.txt": hashlib.sha256(b"photos").hexdigest()}
    # a link to an earlier site: the site it points to is replaced, the link kept
    site = tmp_path / "real-site"
    assert main(["site", str(site)]) == 0
    (tmp_path / "to-site").symlink_to(site)
    assert main(["site", str(tmp_path / "to-site")]) == 0
    assert (tmp_path / "to-site").is_symlink() and (site / "f00.txt").read_text() == "build 2"


def test_the_cache_its_parents_and_the_course_source_are_refused(
        tmp_path: Path, cheap: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "c"
    cache.mkdir()
    (cache / "wheels.txt").write_text("downloads")
    for out, cache_arg in ((cache, cache), (tmp_path / "p", tmp_path / "p" / "cache"),
                           (cache / "inside", cache), (ROOT, cache),
                           (ROOT / "notebooks", cache), (ROOT / "data" / "course", cache),
                           (ROOT / "spades_lab", cache)):
        assert main(["site", str(out), "--cache", str(cache_arg), "--force"]) == 2, out
        one_line_error(capsys)
    assert cheap == [] and (cache / "wheels.txt").read_text() == "downloads"
    assert (ROOT / "notebooks" / "00_start_here.ipynb").is_file()


def test_a_bad_out_is_found_before_the_build(tmp_path: Path, cheap: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a-file").write_text("mine")
    for out in (tmp_path / "a-file", tmp_path / "a-file" / "site", Path("/proc/no/site")):
        assert main(["site", str(out)]) == 2
        one_line_error(capsys)
    assert cheap == [] and (tmp_path / "a-file").read_text() == "mine"


def test_a_failed_build_is_one_line_and_keeps_the_old_site(
        tmp_path: Path, cheap: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "site"
    assert main(["site", str(out)]) == 0
    before = tree(out)
    capsys.readouterr()

    def broken(dest: Path, cache: Path, say: Any) -> site_mod.SiteReport:
        (dest / "half.html").write_text("half")
        raise site_mod.SiteError("python -m jupyterlite_core build ... failed:\n"
                                 + "[LiteBuildApp] a line of output\n" * 55
                                 + "FileNotFoundError: something went wrong\n")
    monkeypatch.setattr(site_mod, "fill_site", broken)
    assert main(["site", str(out)]) == 2
    assert "something went wrong" in one_line_error(capsys)
    assert tree(out) == before and hidden(tmp_path) == []


# ---------------------------------------------------------------------------- in other processes

SCRIPT = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {tests!r})
    try:  # Ctrl-C while this wrapper imports: not the command's to report
        from test_cli_site_safety import fake_fill
        from spades_lab.cli import site
        from spades_lab.cli.main import main
    except KeyboardInterrupt:
        sys.exit(130)
    log = None if sys.argv[4] == "-" else __import__("pathlib").Path(sys.argv[4])
    site.fill_site = fake_fill(sys.argv[2], float(sys.argv[3]), log)
    sys.exit(main(["site", sys.argv[1]]))
""").format(tests=str(ROOT / "tests"))


def _cheap_site(out: Path, token: str, pause: float, log: Path | None, cache: Path
                ) -> subprocess.Popen[str]:
    env = {**os.environ, "SPADES_LAB_CACHE": str(cache)}
    return subprocess.Popen([sys.executable, "-c", SCRIPT, str(out), token, str(pause),
                             str(log) if log else "-"], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=interruptible)


def site_state(out: Path, old: dict[str, str]) -> str:
    """"old", "none" or "new" (a whole site of one build); anything else is "half"."""
    now = tree(out)
    if now == old:
        return "old" if old else "none"
    tokens = {(out / f"f{i:02}.txt").read_text() if (out / f"f{i:02}.txt").is_file() else None
              for i in range(FILES)}
    whole = set(now) == {f"f{i:02}.txt" for i in range(FILES)} | {site_mod.MANIFEST}
    return "new" if whole and len(tokens) == 1 and None not in tokens else "half"


@pytest.mark.slow
def test_ctrl_c_at_random_points_leaves_the_old_site_or_a_new_one(tmp_path: Path) -> None:
    out = tmp_path / "site"
    cache = tmp_path / "cache"
    first = _cheap_site(out, "old", 0.0, None, cache)
    assert first.wait(60) == 0
    rng = random.Random(19)
    seen = []
    for run in range(10):
        old = tree(out)
        proc = _cheap_site(out, f"run {run}", 0.02, None, cache)
        assert proc.stdout is not None and proc.stdout.readline() == "building\n"
        time.sleep(rng.uniform(0.0, 1.2))  # the build takes about 0.8 s, then the swap
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        state = site_state(out, old)
        seen.append((proc.returncode, state))
        assert state in ("old", "new"), (run, state, err)
        # a finished build is a new site (Ctrl-C may still land as the interpreter exits)
        assert proc.returncode != 0 or state == "new", (run, proc.returncode, err)
        assert hidden(tmp_path) == [], (run, err)
        if proc.returncode:
            assert "Traceback" not in err
    print("exit status and result of each run:", seen)
    assert any(code == 130 for code, _ in seen), seen  # the interrupts hit builds


@pytest.mark.slow
def test_two_builds_on_one_cache_take_turns(tmp_path: Path) -> None:
    log = tmp_path / "log"
    cache = tmp_path / "cache"
    out = tmp_path / "site"
    procs = [_cheap_site(out, f"b{i}", 0.02, log, cache) for i in range(2)]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    lines = log.read_text().split()
    # one build, then the other: never two at once
    assert lines[0::4] == ["start", "start"][:len(lines[0::4])] and len(lines) == 8
    assert lines[1] == lines[3] and lines[5] == lines[7] and lines[1] != lines[5]
    assert [lines[0], lines[2], lines[4], lines[6]] == ["start", "end", "start", "end"]
    assert site_state(out, {}) == "new" and hidden(tmp_path) == []


# ---------------------------------------------------------------------------- the real build


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_ctrl_c_during_a_real_rebuild_keeps_the_old_site_whole(tmp_path: Path) -> None:
    pytest.importorskip("jupyterlite_core", reason="spades-lab[site] is not installed")
    cache = Path(os.environ.get("SPADES_LAB_CACHE") or ROOT / ".venv" / "cache")
    if shutil.which("npm") is None and not list(cache.glob("pyodide-*")):
        pytest.skip("npm is not installed and no Pyodide core is cached")
    out = tmp_path / "site"
    exe = Path(sys.executable).parent / "spades-lab"
    env = {**os.environ, "SPADES_LAB_CACHE": str(cache)}
    first = subprocess.run([str(exe), "site", str(out)], env=env, capture_output=True,
                           text=True, timeout=600)
    assert first.returncode == 0, first.stderr[-2000:]
    old = tree(out)
    old_folder = out.stat().st_ino  # the site's folder: a new site comes in a new one, whole
    names = set(old)
    assert site_mod.MANIFEST in names and "lab/index.html" in names
    rng = random.Random(1919)
    codes = []
    for _ in range(3):
        proc = subprocess.Popen([str(exe), "site", str(out)], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=True,
                                preexec_fn=interruptible)
        time.sleep(rng.uniform(0.5, 4.0))  # a rebuild takes about 5 s here, quiet
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=300)
        codes.append(proc.returncode)
        now = tree(out)
        swapped = out.stat().st_ino != old_folder
        if proc.returncode == 0:  # it had finished: a whole new site
            assert swapped and set(now) == names
        else:
            # the old site in its own folder, every file as it was; or, where the interrupt
            # came once the new one was swapped in (the command was finishing), that whole new
            # one, in the folder it was built in
            assert (not swapped and now == old) or (swapped and set(now) == names), \
                err[-2000:]
            assert "Traceback" not in err
        old, old_folder = now, out.stat().st_ino
        assert hidden(tmp_path) == []
    print("exit status of each interrupted real rebuild:", codes)
    assert any(c != 0 for c in codes), codes
