"""The package as it ships: a pure-Python wheel and an sdist for platforms the compiled wheel
does not fit.

A normal wheel carries the solver's compiled searches and so the platform tag of the machine
that built it; ``SPADES_LAB_PURE_PYTHON=1`` builds one that installs anywhere Python 3.11 runs
(the solver then searches in Python, same answers), and the sdist compiles on install where a
compiler is there.  The README's "Installing elsewhere" says so; these tests keep it true.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT, uv_command

pytestmark = pytest.mark.slow


def _build(kind: str, out: Path, **env: str) -> Path:
    uv = uv_command()
    if uv is None:
        pytest.skip("uv is needed to build quickly (./dev.sh installs it)")
    subprocess.run([*uv, "build", f"--{kind}", "--out-dir", str(out), str(ROOT)], check=True,
                   capture_output=True, cwd=ROOT, env={**os.environ, **env})
    (built,) = out.glob("spades_lab-*")
    return built


def test_pure_python_wheel_installs_anywhere_and_solves(tmp_path: Path) -> None:
    wheel = _build("wheel", tmp_path / "dist", SPADES_LAB_PURE_PYTHON="1")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = z.read(next(n for n in names if n.endswith(".dist-info/WHEEL"))).decode()
    assert not [n for n in names if n.endswith((".so", ".pyd"))]
    assert "Root-Is-Purelib: true" in meta and "Tag: py3-none-any" in meta
    assert "spades_lab/_course/notebooks/00_start_here.ipynb" in names

    uv = uv_command()
    assert uv is not None
    venv = tmp_path / "venv"
    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never", "VIRTUAL_ENV": str(venv)}
    env.pop("PYTHONPATH", None)
    env.pop("SPADES_LAB_PURE_PYTHON", None)
    subprocess.run([*uv, "venv", "--quiet", str(venv), "--python", sys.executable],
                   check=True, env=env)
    py = venv / "bin" / "python"
    subprocess.run([*uv, "pip", "install", "--quiet", "--no-deps", "--python", str(py),
                    str(wheel)], check=True, env=env)
    code = (
        "import spades_lab, spades_lab.solver as s\n"
        "print(spades_lab.__file__)\n"
        "print(s.ACCELERATED)\n"
    )
    res = subprocess.run([str(py), "-c", code], capture_output=True, text=True, env=env,
                         cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    where, accelerated = res.stdout.split()
    assert str(venv) in where
    assert accelerated == "False"
    # the installed command works, and its solver answers in pure Python
    solve = subprocess.run(
        [str(venv / "bin" / "spades-lab"), "solve",
         str(ROOT / "data" / "course" / "standard_hand.json"), "--at", "44"],
        capture_output=True, text=True, env=env, cwd=tmp_path)
    assert solve.returncode == 0, solve.stderr
    assert "trick" in solve.stdout.lower()


def test_sdist_carries_the_sources_and_builds_a_wheel(tmp_path: Path) -> None:
    sdist = _build("sdist", tmp_path / "sdist")
    with tarfile.open(sdist) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    for need in ("hatch_build.py", "pyproject.toml", "spades_lab/solver/_std52c.c",
                 "spades_lab/solver/_generalc.c", "spades_lab/solver/_generalc_core.h",
                 "spades_lab/solver/_accel.h",
                 "notebooks/00_start_here.ipynb", "data/decks/heckadeck.json"):
        assert need in names, need
    assert not [n for n in names if n.endswith((".so", ".pyd", ".o"))]
    # a wheel built from the sdist alone carries the course (as a wheel from the clone does)
    uv = uv_command()
    assert uv is not None
    out = tmp_path / "wheel"
    subprocess.run([*uv, "build", "--wheel", "--out-dir", str(out), str(sdist)], check=True,
                   capture_output=True, cwd=tmp_path,
                   env={**os.environ, "SPADES_LAB_PURE_PYTHON": "1"})
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    assert "spades_lab/_course/notebooks/00_start_here.ipynb" in names
    assert "spades_lab/_data/decks/heckadeck.json" in names
