"""``spades-lab serve`` checks its arguments before starting anything (each failure one line,
exit 2), and the server it would start: served kernels, the kernel cap, idle culling, no move
to another port, the class password.  No browser and no server here (tests/test_browser_serve.py
runs the real one)."""
from __future__ import annotations

import json
import socket
import sys
from pathlib import Path

import pytest

from conftest import ROOT, free_port
from spades_lab._jupyter import SERVED_ENV, served
from spades_lab.cli import main
from spades_lab.cli.serve import (
    DEFAULT_MAX_STUDENTS,
    PASSWORD_LETTERS,
    ServeError,
    check_address,
    check_password,
    find_notebook,
    is_loopback,
    voila_command,
    voila_env,
)


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run ``spades-lab serve ARGV``: it must exit 2 with one line on stderr, and nothing on
    stdout (no "Serving ..." for a server that never starts)."""
    code = main(["serve", *argv])
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert out == ""
    lines = [x for x in err.splitlines() if x.strip()]
    assert len(lines) == 1 or lines[-1].startswith("spades-lab serve: error:"), err
    assert "Traceback" not in err
    return lines[-1]


@pytest.mark.parametrize("port", ["0", "-1", "70000", "65536", "x", "1.5"])
def test_ports_outside_1_to_65535_are_refused(capsys: pytest.CaptureFixture[str],
                                              port: str) -> None:
    line = refused(capsys, "--port", port)
    assert "port" in line


def test_a_taken_port_is_an_error_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        line = refused(capsys, "--port", str(port))
        assert f"port {port} is already in use" in line
        with pytest.raises(ServeError, match=str(port)):
            check_address("127.0.0.1", port)


@pytest.mark.parametrize("host", ["999.1.1.1", "name.invalid", "", "127.0.0.1.2"])
def test_a_host_that_does_not_resolve_is_refused(capsys: pytest.CaptureFixture[str],
                                                 host: str) -> None:
    line = refused(capsys, "--host", host, "--port", "8866")
    assert "host" in line or "address" in line


def test_an_address_of_another_computer_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "--host", "192.0.2.1")  # TEST-NET-1: never this computer's
    assert "not an address of this computer" in line


@pytest.mark.parametrize("name", ["README.md", "pyproject.toml", "99_nothing.ipynb", "data"])
def test_only_a_notebook_is_served(capsys: pytest.CaptureFixture[str], name: str,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    line = refused(capsys, name)
    assert "notebook" in line


def test_a_file_named_ipynb_that_is_not_a_notebook_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for text in ("not json", json.dumps({"cells": "x"}), json.dumps([1, 2]),
                 json.dumps({"cells": [], "nbformat": 3})):
        bad = tmp_path / "fake.ipynb"
        bad.write_text(text)
        assert "notebook" in refused(capsys, str(bad))
    (tmp_path / "bin.ipynb").write_bytes(b"\xff\xfe\x00")
    assert "notebook" in refused(capsys, str(tmp_path / "bin.ipynb"))


@pytest.mark.parametrize("argv", [["--pool", "-1"], ["--pool", "x"], ["--max-students", "0"],
                                  ["--max-students", "-3"], ["--cull-after", "0"],
                                  ["--cull-after", "29"],
                                  ["--password", "a b"], ["--password", "abc"],
                                  ["--password", "x" * 65], ["--password", "p&w=1"]])
def test_counts_and_passwords_are_checked(capsys: pytest.CaptureFixture[str],
                                          argv: list[str]) -> None:
    refused(capsys, *argv)


def test_the_command_serves_the_course_notebook_marked_as_served() -> None:
    cmd, cwd = voila_command("02_table_app.ipynb", "127.0.0.1", 9001)
    assert cmd[:3] == [sys.executable, "-m", "voila"] and cmd[-1] == "02_table_app.ipynb"
    assert (cwd / cmd[-1]).is_file()
    # the port asked for, or an error: never the next one
    assert "--Voila.port_retries=0" in cmd and "--port=9001" in cmd
    # the kernel cap, with idle culling of kernels no page holds
    assert "--VoilaConfiguration.multi_kernel_manager_class=spades_lab._jupyter.kernels." \
        "ClassKernelManager" in cmd
    assert f"--ClassKernelManager.max_kernels={DEFAULT_MAX_STUDENTS}" in cmd
    assert "--MappingKernelManager.cull_idle_timeout=300" in cmd
    assert "--MappingKernelManager.cull_connected=False" in cmd
    assert not [a for a in cmd if "token" in a]  # no password unless asked
    # the pool's kernels count toward the cap too
    cmd, _ = voila_command("08", "127.0.0.1", 9001, pool=5, max_students=10, password="pw-12",
                           cull_after=40)
    assert "--ClassKernelManager.max_kernels=15" in cmd and "--pool_size=5" in cmd
    # the password is the server's token, passed in its environment: never on the command
    # line, which every account on the computer can read
    assert "--Voila.auto_token=True" in cmd and not [a for a in cmd if "pw-12" in a]
    assert voila_env("pw-12")["JUPYTER_TOKEN"] == "pw-12"
    assert "JUPYTER_TOKEN" not in voila_env()
    assert "--PasswordIdentityProvider.allow_password_change=False" in cmd
    assert "--MappingKernelManager.cull_interval=20" in cmd
    assert "--MappingKernelManager.cull_interval=60" in voila_command("08", "127.0.0.1", 1)[0]
    # every kernel of the server knows it is served; this process does not
    env = voila_env()
    assert env[SERVED_ENV] == "1" and served(env) and not served()
    assert env["JUPYTER_PATH"].split(":")[0].endswith("_jupyter")


def started(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
            *argv: str) -> tuple[list[str], dict[str, str], str]:
    """Run ``spades-lab serve ARGV`` up to starting Voila (not started: the command line, its
    environment and what was printed)."""
    seen: dict[str, object] = {}

    def call(cmd: list[str], cwd: Path, env: dict[str, str]) -> int:
        seen.update(cmd=cmd, env=env)
        return 0
    monkeypatch.setattr("spades_lab.cli.serve.run_child", call)
    assert main(["serve", "--port", str(free_port()), *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return seen["cmd"], seen["env"], out  # type: ignore[return-value]


def test_a_class_on_the_network_gets_a_password_unless_told_not(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # on every network (what a class uses): a class password is made up and printed
    cmd, env, out = started(capsys, monkeypatch, "--host", "0.0.0.0")
    word = env["JUPYTER_TOKEN"]
    assert len(word) == 8 and set(word) <= set(PASSWORD_LETTERS)
    assert "--Voila.auto_token=True" in cmd and not [a for a in cmd if word in a]
    assert f"type the class password {word}" in out and f"Class password: {word}" in out
    again = started(capsys, monkeypatch, "--host", "0.0.0.0")[1]["JUPYTER_TOKEN"]
    assert again != word or started(capsys, monkeypatch, "--host", "0.0.0.0")[1][
        "JUPYTER_TOKEN"] != word  # made up each time
    # one given is the one asked for
    _, env, out = started(capsys, monkeypatch, "--host", "0.0.0.0", "--password", "room-12")
    assert env["JUPYTER_TOKEN"] == "room-12" and "type the class password room-12" in out
    # --no-password: none, said in words
    cmd, env, out = started(capsys, monkeypatch, "--host", "0.0.0.0", "--no-password")
    assert "JUPYTER_TOKEN" not in env and not [a for a in cmd if "token" in a]
    assert "No class password" in out and "every device on the network" in out
    # this computer only: no password unless one is asked for
    for host in ("127.0.0.1", "localhost"):
        cmd, env, out = started(capsys, monkeypatch, "--host", host)
        assert "JUPYTER_TOKEN" not in env and "password" not in out.lower()
    # both at once is refused
    assert main(["serve", "--password", "room-12", "--no-password"]) == 2
    assert "not allowed with" in capsys.readouterr().err


def test_loopback_hosts() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("127.0.0.2") and is_loopback("::1")
    assert is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("::") and not is_loopback("192.0.2.1")
    assert not is_loopback("name.invalid")


def test_find_notebook_by_prefix_and_path() -> None:
    assert find_notebook("01").name == "01_standard_step_by_step.ipynb"
    assert find_notebook(str(ROOT / "notebooks" / "02_table_app.ipynb")).name == \
        "02_table_app.ipynb"
    with pytest.raises(FileNotFoundError, match="00_start_here"):
        find_notebook("99_nothing.ipynb")


def test_passwords() -> None:
    made = check_password("auto")
    assert len(made) == 8 and set(made) <= set(PASSWORD_LETTERS)
    assert check_password("auto") != made or check_password("auto") != made
    assert check_password("Spades-2026_a.b") == "Spades-2026_a.b"
    for bad in ("", "abc", "a b", "é" * 5, "x" * 65, "a/b/c/d", "?token"):
        with pytest.raises(ServeError, match="password"):
            check_password(bad)


def test_the_served_kernel_manager_refuses_past_the_cap() -> None:
    pytest.importorskip("jupyter_server")
    import asyncio

    from tornado import web

    from spades_lab._jupyter.kernels import CLASS_FULL, ClassKernelManager

    km = ClassKernelManager(max_kernels=0)
    with pytest.raises(web.HTTPError) as e:
        asyncio.run(km.start_kernel())
    assert e.value.status_code == 503 and e.value.log_message == CLASS_FULL
    assert "class is full" in CLASS_FULL and km.list_kernel_ids() == []
