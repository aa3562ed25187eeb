"""Every command the README and the guide (docs/guide.md) show runs as shown, on the files
they name.

The commands are read from the README and then the guide, as a reader meets them: each line of
a ``bash`` block, and each inline code span that starts with ``spades-lab``, ``./dev.sh run`` or
``.venv/bin/spades-lab`` and has no placeholder (an upper-case word such as FILE, DIR or COMMAND
marks a pattern, not a command).
Each distinct command runs once, in order, in a scratch folder that sees the project's
``data/`` (so a record one command writes, like ``game.json``, is there for the next), and each
must exit with status 0.

Servers (``spades-lab serve``, ``python -m http.server``) are started, must answer on their port
(a free one is put in place of the README's, which another program may hold), and are stopped.
``./dev.sh lab`` and ``./dev.sh test`` are the quick start itself: they must be sub-commands
that dev.sh knows (running them here would start JupyterLab or this test run again).
"""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, free_port, stop, wait_http

README = ROOT / "README.md"
#: The README for people, then the guide that holds the rest of what the README once said.
DOCUMENTS = (README, ROOT / "docs" / "guide.md")
BIN = Path(sys.executable).parent
PLACEHOLDER = re.compile(r"\b[A-Z][A-Z_:-]{1,}\b")
QUICK_START = {"./dev.sh lab", "./dev.sh test"}


def readme_commands(text: str | None = None) -> list[str]:
    if text is None:
        text = "\n".join(p.read_text(encoding="utf-8") for p in DOCUMENTS)
    out: list[str] = []
    pos = 0
    for m in re.finditer(r"```bash\n(.*?)```|`([^`\n]+)`", text, re.S):
        if m.group(1) is not None:
            for line in m.group(1).splitlines():
                line = re.sub(r"\s+#.*$", "", line).strip()
                if line and not line.startswith("#"):
                    out.append(line)
        else:
            span = m.group(2).strip()
            if span.startswith(("spades-lab ", "./dev.sh run ", ".venv/bin/spades-lab ")) \
                    and not PLACEHOLDER.search(span):
                out.append(span)
        pos = m.end()
    assert pos
    return out


def _argv(command: str) -> list[str]:
    argv = shlex.split(command)
    if argv[:2] == ["./dev.sh", "run"]:
        argv = ["spades-lab", *argv[2:]]
    if argv[0] == ".venv/bin/spades-lab":
        argv[0] = "spades-lab"
    if argv[0] == "spades-lab":
        argv[0] = str(BIN / "spades-lab")
    elif argv[0] == "python":
        argv[0] = sys.executable
    return argv


def _serve(argv: list[str], cwd: Path, env: dict[str, str]) -> None:
    port = free_port()
    for i, a in enumerate(argv):
        if a == "--port":
            argv[i + 1] = str(port)
    if "--port" not in argv:
        if "http.server" in argv:
            argv[-1] = str(port)
        else:
            argv += ["--port", str(port)]
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        wait_http(f"http://127.0.0.1:{port}/", proc, timeout=120)
    finally:
        stop(proc, 30, group=True)


def test_readme_shows_the_commands_it_should() -> None:
    commands = readme_commands()
    assert QUICK_START <= set(commands)
    used = {shlex.split(c)[1] for c in commands if c.startswith("spades-lab ")}
    assert {"play", "replay", "explain", "show", "whatif", "solve", "simulate", "serve",
            "site"} <= used
    # the commands the README once showed that did not work are gone
    assert not any("--at 0:20 --action" in c and "game.json" in c for c in commands)
    assert "spades-lab solve game.json --hand 0" not in commands
    # hands and tricks count from 1 on the command line: no example names a hand or trick 0
    for c in commands:
        assert not re.search(r"--(hand|trick) 0\b|--at 0:", c), c


def test_quick_start_commands_are_dev_sh_commands() -> None:
    dev = (ROOT / "dev.sh").read_text()
    known = set(re.findall(r"^\s{4}([a-z]+)\)\s*$", dev, re.M))
    for c in readme_commands():
        if c.startswith("./dev.sh"):
            assert c.split()[1] in known, c


@pytest.mark.slow
def test_every_readme_command_runs(tmp_path: Path) -> None:
    (tmp_path / "data").symlink_to(ROOT / "data")
    env = {**os.environ, "MPLBACKEND": "Agg",
           "SPADES_LAB_CACHE": os.environ.get("SPADES_LAB_CACHE")
           or str(ROOT / ".venv" / "cache"),
           "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    ran = 0
    for command in dict.fromkeys(readme_commands()):  # each once, in the README's order
        if command in QUICK_START or command.startswith("./dev.sh") and \
                not command.startswith("./dev.sh run"):
            continue
        argv = _argv(command)
        if " serve" in f" {command}" or " classroom" in f" {command}" or "http.server" in command:
            _serve(argv, tmp_path, env)
        else:
            if argv[1:2] == ["site"]:
                pytest.importorskip("jupyterlite_core", reason="spades-lab[site] missing")
            res = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True,
                                 timeout=600)
            assert res.returncode == 0, f"{command}\n{res.stdout[-2000:]}\n{res.stderr[-2000:]}"
            assert res.stdout.strip(), command
        ran += 1
    assert ran >= 12


def test_placeholders_and_fences_are_read_right() -> None:
    text = ("```bash\nspades-lab replay x.json   # a comment\n# only a comment\n```\n"
            "Run `spades-lab whatif FILE --at H:STEP` or `./dev.sh run show y.json --at 0:1`.")
    assert readme_commands(text) == ["spades-lab replay x.json",
                                     "./dev.sh run show y.json --at 0:1"]
