"""Hatchling build hook: compile the solver's optional C accelerators (``_std52c``, the 52-card
fast path, and ``_generalc``, the general search).

Runs for the editable install that ``./dev.sh setup`` does (each extension is put next to its
source, ``spades_lab/solver/``, where the editable install imports it from; git-ignored) and for
a normal wheel (the extensions go into the wheel, which then gets this interpreter's platform
tag).  The compiler and its flags are the interpreter's own (``sysconfig``: ``CC``, ``CFLAGS``,
``CCSHARED``, ``LDSHARED``, the Python headers, ``EXT_SUFFIX``); ``CC`` in the environment
overrides the compiler.  When compiling one fails (no compiler, no headers) the hook
prints a warning and the package is built without it: the solver then runs that search in pure
Python (the same answers, slower).  ``SPADES_LAB_PURE_PYTHON=1`` skips the build.
"""
from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MODULE_DIR = "spades_lab/solver"
#: the extension modules, each compiled from MODULE_DIR/<name>.c (which may include the headers
#: beside it, such as _accel.h)
MODULES = ("_std52c", "_generalc")


def _warn(message: str) -> None:
    print(f"spades-lab build: WARNING: {message}", file=sys.stderr, flush=True)


def compile_extension(source: Path, out: Path) -> str | None:
    """Compile ``source`` into the extension module ``out``; None when it worked, else why."""
    cfg = sysconfig.get_config_var
    cc = shlex.split(os.environ.get("CC") or cfg("CC") or "cc")
    ldshared = shlex.split(cfg("LDSHARED") or "cc -shared")
    if os.environ.get("CC"):
        ldshared = [*cc, *ldshared[1:]]
    if not shutil.which(cc[0]):
        return f"no C compiler ({cc[0]})"
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").is_file():
        return f"no Python headers (Python.h) in {include}"
    cflags = shlex.split(cfg("CFLAGS") or "") + shlex.split(cfg("CCSHARED") or "")
    obj = out.with_suffix(".o")
    steps = [
        # -O2 unless the interpreter's own flags say otherwise (they come after it)
        [*cc, "-O2", *cflags, f"-I{include}", "-c", str(source), "-o", str(obj)],
        [*ldshared, str(obj), "-o", str(out)],
    ]
    for cmd in steps:
        try:
            run = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.SubprocessError) as e:
            return f"{shlex.join(cmd)}: {e}"
        if run.returncode:
            return f"{shlex.join(cmd)} failed:\n{run.stdout}{run.stderr}"
    obj.unlink(missing_ok=True)
    return None


class CustomBuildHook(BuildHookInterface):  # type: ignore[misc,type-arg,unused-ignore]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if os.environ.get("SPADES_LAB_PURE_PYTHON", "").strip() not in ("", "0"):
            _warn("SPADES_LAB_PURE_PYTHON is set: the solver accelerator is not built")
            return
        root = Path(self.root)
        self._tmp = tempfile.mkdtemp(prefix="spades-lab-build-")
        built_any = False
        for module in MODULES:
            source = root / MODULE_DIR / f"{module}.c"
            if not source.is_file():
                continue
            name = module + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")
            built = Path(self._tmp) / name
            why = compile_extension(source, built)
            if why is not None:
                _warn(f"the solver accelerator {module} was not compiled ({why}); that search "
                      "runs in pure Python (the same answers, slower)")
                continue
            built_any = True
            if version == "editable":
                # next to the source, where the editable install imports it from; replaced by
                # a rename, so a process that has the old one loaded keeps its copy intact
                dest = root / MODULE_DIR / name
                staged = dest.with_name(f".{name}.{os.getpid()}.tmp")
                shutil.copyfile(built, staged)
                os.replace(staged, dest)
            else:
                build_data["force_include"][str(built)] = f"{MODULE_DIR}/{name}"
        if built_any:
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
