"""spades-lab site: build the course as a static JupyterLite website that runs Python in the
browser (Pyodide), so students need no Python install.

The site holds the Pyodide core from the npm package "pyodide" at the exact version the
JupyterLite Pyodide kernel expects, and every wheel the kernel and the course need (the kernel's
own, IPython and its helpers, ipywidgets, spades_lab) next to it, listed in Pyodide's lock file.
Lessons that use only spades_lab and ipywidgets run with no network at all.  numpy, pandas and
matplotlib have no browser builds on PyPI or npm: the lock file points them at the Pyodide CDN,
so the lessons that import them work when the site is online, and their first cell says so.

Downloads (npm and PyPI) are cached, so a rebuild needs no network.  Needs npm and the
spades-lab[site] extra (jupyterlite-core, jupyterlite-pyodide-kernel, pip).
"""
from __future__ import annotations

import argparse
import ast
import base64
import csv
import functools
import hashlib
import importlib.metadata
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.cards import deck_data_dir
from ..core.errors import OutputError, OutputId
from ..core.files import check_target, check_writable, hold_lock, replace_folders, shown, write_text
from .course import COURSE_DIRS, course_notebooks, course_source

#: Python packages that have no pure-Python wheel: in the browser they come from the Pyodide CDN.
CDN_ONLY = ("numpy", "pandas", "matplotlib")
#: What the kernel loads at start (it would otherwise ask piplite, which falls back to PyPI).
KERNEL_PACKAGES = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi",
                   "ipython")
#: Packages not in Pyodide's lock: the course needs them, taken from PyPI at the versions
#: installed here (so the page's widget manager and the kernel's ipywidgets match).
EXTRA_PACKAGES = {"ipywidgets": ["comm", "ipython", "traitlets"], "comm": ["traitlets"]}
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
MANIFEST = "course-site.json"
NOTE_TAG = "spades-lab-online-note"


def cache_dir() -> Path:
    """Where downloads are kept between builds: $SPADES_LAB_CACHE, else ~/.cache/spades-lab."""
    env = os.environ.get("SPADES_LAB_CACHE")
    if env:
        return Path(env)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "spades-lab"


# ---------------------------------------------------------------------------- offline lessons

def _stamp(path: Path) -> tuple[Path, int, int]:
    """A package file with its modification time and size: the key of what is cached of it
    (each file is parsed once a process while it is unchanged, though every notebook's check
    walks many of the same modules)."""
    st = path.stat()
    return path, st.st_mtime_ns, st.st_size


def _tree(path: Path) -> ast.Module:
    """The parsed source of one of the package's files."""
    return _parse(*_stamp(path))


def _cdn_imports(path: Path) -> frozenset[str]:
    """The CDN-only packages one of the package's files imports anywhere (in its functions
    too)."""
    return _cdn_names(*_stamp(path))


@functools.cache
def _parse(path: Path, mtime_ns: int, size: int) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def _cdn_names(path: Path, mtime_ns: int, size: int) -> frozenset[str]:
    found: set[str] = set()
    for node in ast.walk(_parse(path, mtime_ns, size)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names = [node.module]
        else:
            continue
        found.update(n.split(".")[0] for n in names if n.split(".")[0] in CDN_ONLY)
    return frozenset(found)


def _module_file(module: str) -> Path | None:
    package = Path(__file__).resolve().parent.parent
    parts = module.split(".")[1:]
    for cand in (package.joinpath(*parts).with_suffix(".py"),
                 package.joinpath(*parts, "__init__.py")):
        if parts and cand.is_file():
            return cand
    return package / "__init__.py" if not parts else None


def _top_imports(tree: ast.Module, module: str = "") -> set[str]:
    """Modules imported when ``tree`` runs (statements at module level, not inside functions)."""
    out: set[str] = set()
    pkg = module.rsplit(".", 1)[0] if module else ""

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = module if _is_package(module) else pkg
                    for _ in range(node.level - 1):
                        base = base.rsplit(".", 1)[0]
                    name = f"{base}.{node.module}" if node.module else base
                    out.add(name)
                    if not node.module:
                        out.update(f"{base}.{a.name}" for a in node.names)
                elif node.module:
                    out.add(node.module)
                    out.update(f"{node.module}.{a.name}" for a in node.names)
            elif isinstance(node, (ast.If, ast.Try)):
                visit(node.body)
                visit(getattr(node, "orelse", []))
                for h in getattr(node, "handlers", []):
                    visit(h.body)
    visit(tree.body)
    return out


def _is_package(module: str) -> bool:
    f = _module_file(module)
    return f is not None and f.name == "__init__.py"


def _defining_files(module: str) -> list[Path]:
    """The file of a spades_lab ``module``, and when it only re-exports (a package's
    ``__init__`` or a module kept under its first name, no function of its own) the files of
    the package's modules it takes its names from: where the functions it names are."""
    f = _module_file(module) if module.split(".")[0] == "spades_lab" else None
    if f is None:
        return []
    tree = _tree(f)
    if any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
           for n in tree.body):
        return [f]
    return [f, *(g for name in sorted(_top_imports(tree, module))
                 if name.startswith(module.rsplit(".", 1)[0] + ".") and name != module
                 for g in _defining_files(name))]


def needs_of_source(code: str) -> list[str]:
    """The CDN-only packages (numpy, pandas, matplotlib) that running ``code`` imports: directly,
    through the spades_lab modules it imports (what they import when loaded), and what the
    functions of a spades_lab module it names import when called (a notebook that imports
    ``spades_lab.viz`` will draw with matplotlib)."""
    seen: set[str] = set()
    needs: set[str] = set()
    direct = _top_imports(ast.parse(code))
    for name in direct:
        for defining in _defining_files(name):
            needs.update(_cdn_imports(defining))
    todo = sorted(direct)
    while todo:
        name = todo.pop()
        top = name.split(".")[0]
        if top in CDN_ONLY:
            needs.add(top)
        if top != "spades_lab" or name in seen:
            continue
        seen.add(name)
        parts = name.split(".")
        for i in range(1, len(parts) + 1):  # importing a.b.c runs a, a.b and a.b.c
            mod = ".".join(parts[:i])
            f = _module_file(mod)
            if f is None or mod in seen and i < len(parts):
                continue
            seen.add(mod)
            todo.extend(_top_imports(_tree(f), mod))
    return sorted(needs)


def notebook_needs(path: Path) -> list[str]:
    """The CDN-only packages a notebook needs (empty: it runs offline in the browser)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = "\n".join(_strip_magics("".join(c["source"])) for c in nb["cells"]
                     if c["cell_type"] == "code")
    return needs_of_source(code)


def _strip_magics(src: str) -> str:
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line
                     for line in src.splitlines())


def online_note(needs: list[str]) -> str:
    names = ", ".join(needs[:-1]) + (" and " if len(needs) > 1 else "") + needs[-1]
    return ("**This lesson needs an internet connection in the browser course.** It uses "
            f"{names}, which the browser downloads from the Pyodide CDN the first time a cell "
            "imports them. Without a connection those cells fail; the lessons marked offline "
            "in the site's list, or the same notebook in JupyterLab (`spades-lab course`), "
            "work without one.")


# ---------------------------------------------------------------------------- downloads

def _run(cmd: list[str], **kw: Any) -> None:
    res = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if res.returncode:
        raise SiteError(f"{' '.join(cmd[:4])} ... failed:\n{res.stdout[-2000:]}"
                        f"{res.stderr[-3000:]}")


class SiteError(RuntimeError):
    """The site could not be built (a missing tool or download); the message says why."""


def pyodide_version() -> str:
    """The Pyodide version the installed JupyterLite kernel expects."""
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    except ImportError:
        raise SiteError("jupyterlite-pyodide-kernel is not installed: pip install "
                        "'spades-lab[site]'") from None
    return str(PYODIDE_VERSION)


def fetch_pyodide(version: str, cache: Path) -> Path:
    """The npm package ``pyodide@version`` unpacked in the cache (``npm pack`` on a miss)."""
    dest = cache / f"pyodide-{version}"
    if (dest / "pyodide.mjs").is_file() and (dest / "pyodide-lock.json").is_file():
        return dest
    npm = shutil.which("npm")
    if npm is None:
        raise SiteError("npm is needed once to fetch the Pyodide core (the npm package "
                        f"pyodide@{version}); install Node.js/npm.")
    cache.mkdir(parents=True, exist_ok=True)
    tgz = cache / f"pyodide-{version}.tgz"
    if not tgz.is_file():
        _run([npm, "pack", f"pyodide@{version}", "--silent", "--pack-destination", str(cache)])
    tmp = cache / f".pyodide-{version}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tgz) as tar:
        tar.extractall(tmp, filter="data")
    shutil.rmtree(dest, ignore_errors=True)
    (tmp / "package").rename(dest)
    shutil.rmtree(tmp, ignore_errors=True)
    return dest


def fetch_wheels(wanted: dict[str, str], cache: Path, python: str) -> dict[str, Path]:
    """Pure-Python wheels ``{name: version}`` from PyPI (pip download), cached by file name."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)

    def find(name: str, version: str) -> Path | None:
        stem = re.sub(r"[-_.]+", "_", name).lower()
        for w in folder.glob("*.whl"):
            n, v = w.name.split("-")[:2]
            if re.sub(r"[-_.]+", "_", n).lower() == stem and v == version:
                return w
        return None

    missing = [f"{n}=={v}" for n, v in sorted(wanted.items()) if find(n, v) is None]
    if missing:
        _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
              "--only-binary=:all:", "--python-version", python, "--implementation", "py",
              "--platform", "any", "--dest", str(folder), *missing])
    out = {}
    for n, v in wanted.items():
        w = find(n, v)
        if w is None or not w.name.endswith("-none-any.whl"):
            raise SiteError(f"no pure-Python wheel of {n} {v} was found on PyPI")
        out[n] = w
    return out


def package_wheel(dest: Path) -> Path:
    """A wheel of the installed spades_lab package, built from its files (with the deck data),
    so a site can be built from an installed package as well as from a clone."""
    import spades_lab

    version = importlib.metadata.version("spades-lab")
    pkg = Path(spades_lab.__file__).resolve().parent
    dist = f"spades_lab-{version}.dist-info"
    dest.mkdir(parents=True, exist_ok=True)
    path = dest / f"spades_lab-{version}-py3-none-any.whl"
    files: list[tuple[str, bytes]] = []
    for f in sorted(pkg.rglob("*")):
        rel = f.relative_to(pkg)
        # a pure-Python wheel for the browser: no bytecode, and not the solver's compiled
        # accelerator or its C source (the solver runs in pure Python there)
        if not f.is_file() or "__pycache__" in rel.parts or rel.parts[0] == "_course" \
                or f.suffix in (".pyc", ".pyo", ".so", ".pyd", ".c", ".h", ".o", ".tmp"):
            continue
        files.append((f"spades_lab/{rel.as_posix()}", f.read_bytes()))
    if not (pkg / "_data" / "decks").is_dir():
        for f in sorted(deck_data_dir().glob("*.json")):
            files.append((f"spades_lab/_data/decks/{f.name}", f.read_bytes()))
    files.append((f"{dist}/METADATA", (f"Metadata-Version: 2.1\nName: spades-lab\nVersion: "
                                       f"{version}\nRequires-Dist: ipywidgets>=8\n").encode()))
    files.append((f"{dist}/WHEEL", b"Wheel-Version: 1.0\nGenerator: spades-lab site\n"
                  b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    files.append((f"{dist}/top_level.txt", b"spades_lab\n"))
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for name, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([name, f"sha256={digest}", len(data)])
    writer.writerow([f"{dist}/RECORD", "", ""])
    files.append((f"{dist}/RECORD", record.getvalue().encode()))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return path


# ---------------------------------------------------------------------------- the lock file

def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _wheel_imports(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        tops = [n for n in names if n.endswith(".dist-info/top_level.txt")]
        if tops:
            return [x for x in z.read(tops[0]).decode().split() if x]
    return sorted({n.split("/")[0] for n in names if "/" in n and not n.split("/")[0]
                   .endswith((".dist-info", ".data"))})


def _entry(name: str, wheel: Path, depends: list[str], imports: list[str] | None = None
           ) -> dict[str, Any]:
    return {"name": name, "version": wheel.name.split("-")[1], "file_name": wheel.name,
            "install_dir": "site", "sha256": _sha256(wheel), "package_type": "package",
            "imports": imports if imports is not None else _wheel_imports(wheel),
            "depends": depends, "unvendored_tests": False}


def kernel_wheels() -> dict[str, Path]:
    """The JupyterLite kernel's own wheels (piplite, pyodide-kernel, its ipykernel stand-in)."""
    import jupyterlite_pyodide_kernel

    roots = [Path(sys.prefix) / "share" / "jupyter" / "labextensions",
             Path(jupyterlite_pyodide_kernel.__file__).parent / "labextension"]
    for root in roots:
        pypi = root / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
        if pypi.is_dir():
            break
        pypi = root / "static" / "pypi"
        if pypi.is_dir():
            break
    else:
        raise SiteError("the JupyterLite Pyodide kernel's wheels were not found")
    out = {}
    for w in sorted(pypi.glob("*.whl")):
        name = _norm(w.name.split("-")[0])
        if name in ("piplite", "pyodide-kernel", "ipykernel"):
            out[name] = w
    return out


def build_lock(pyodide: Path, static: Path, cache: Path) -> dict[str, Any]:
    """Copy the Pyodide core into ``static`` and write its lock file: the kernel's and the
    course's pure-Python wheels are local files; everything else points at the Pyodide CDN."""
    shutil.copytree(pyodide, static, ignore=shutil.ignore_patterns(
        "*.map", "*.d.ts", "*.html", "package.json", "README.md"), dirs_exist_ok=True)
    lock: dict[str, Any] = json.loads(
        (pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages: dict[str, Any] = lock["packages"]
    python = ".".join(lock["info"]["python"].split(".")[:2])
    version = lock["info"].get("version") or pyodide_version()

    # the closure of what the kernel and the course load
    local: set[str] = set()
    todo = [n for n in KERNEL_PACKAGES if _norm(n) in packages]
    todo += [d for deps in EXTRA_PACKAGES.values() for d in deps if _norm(d) in packages]
    while todo:
        n = _norm(todo.pop())
        if n in local:
            continue
        local.add(n)
        todo.extend(packages[n]["depends"])
    wanted = {packages[n]["name"]: packages[n]["version"] for n in sorted(local)}
    for n in EXTRA_PACKAGES:
        wanted[n] = importlib.metadata.version(n)
    wheels = fetch_wheels(wanted, cache, python)
    for n, w in wheels.items():
        shutil.copy(w, static / w.name)
        key = _norm(n)
        if key in packages:
            packages[key].update(file_name=w.name, sha256=_sha256(w),
                                 version=w.name.split("-")[1])
        else:
            packages[key] = _entry(n, w, EXTRA_PACKAGES.get(n, []))
    for n, w in kernel_wheels().items():
        shutil.copy(w, static / w.name)
        deps = {"pyodide-kernel": ["ipykernel", "comm", "ipython", "piplite"],
                "ipykernel": ["comm", "ipython"], "piplite": ["micropip"]}[n]
        packages[n] = _entry(n, w, deps)
    ours = package_wheel(static)
    # the gotcha: a cell imports spades_lab, not ipywidgets, so only this entry makes the
    # kernel load ipywidgets for the widgets
    packages["spades-lab"] = _entry("spades-lab", ours, ["ipywidgets"], ["spades_lab"])
    cdn = f"https://cdn.jsdelivr.net/pyodide/v{version}/full/"
    for pkg in packages.values():
        if "://" not in pkg["file_name"] and not (static / pkg["file_name"]).is_file():
            pkg["file_name"] = cdn + pkg["file_name"]
    (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return lock


# ---------------------------------------------------------------------------- the site

@dataclass
class SiteReport:
    out: Path
    offline: list[str] = field(default_factory=list)
    online: dict[str, list[str]] = field(default_factory=dict)
    pyodide: str = ""
    bytes: int = 0
    seconds: float = 0.0


def _course_files(src: Path, files: Path) -> tuple[list[str], dict[str, list[str]]]:
    offline: list[str] = []
    online: dict[str, list[str]] = {}
    for name in COURSE_DIRS:
        if (src / name).is_dir():
            shutil.copytree(src / name, files / name, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("*.py", "__pycache__", "screenshots",
                                                          ".ipynb_checkpoints", "*.ipynb"))
    for nb_path in course_notebooks(src):
        needs = notebook_needs(nb_path)
        nb = json.loads(nb_path.read_text(encoding="utf-8"))
        nb.setdefault("metadata", {})["spades_lab"] = {"offline": not needs, "needs": needs}
        if needs:
            online[nb_path.name] = needs
            nb["cells"].insert(0, {"cell_type": "markdown", "id": NOTE_TAG,
                                   "metadata": {"tags": [NOTE_TAG]},
                                   "source": online_note(needs)})
        else:
            offline.append(nb_path.name)
        dest = files / "notebooks" / nb_path.name
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return offline, online


def site_protected(cache: Path) -> list[tuple[str, Path]]:
    """The folders a site may never be written into, over or around: the download cache, the
    package, and the course's own folders (its notebooks, records and documents)."""
    src = course_source()
    return [("the download cache", cache),
            ("the spades_lab package", Path(__file__).resolve().parent.parent),
            *((f"the course's own {name} folder", src / name) for name in COURSE_DIRS
              if (src / name).is_dir())]


def is_our_site(folder: Path) -> bool:
    """``folder`` holds a site an earlier ``spades-lab site`` wrote (its manifest says so)."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(manifest, dict) and "pyodide" in manifest and "offline" in manifest


def check_site_target(out: str | Path, *, cache: Path, force: bool = False) -> Path:
    """The real folder to build the site in, checked before the build starts: never the current
    folder, home, ``/``, the cache or the course's source (or a folder around or inside them);
    a folder holding other files only with ``force``; and its parent writable.  Else
    :class:`~spades_lab.core.errors.OutputError`."""
    real = check_target(out, protected=site_protected(cache),
                        protected_tops=[("the course's source (the project folder)",
                                         course_source())])
    if real.is_dir() and any(real.iterdir()) and not is_our_site(real) and not force:
        raise OutputError(OutputId.NOT_OURS,
                          f"{shown(out)} holds files that are not a site built by "
                          "spades-lab site: give --force to replace them all, or choose an "
                          "empty folder.", path=str(out))
    check_writable(real)
    return real


def build_site(out: Path, *, cache: Path | None = None, log: Any = None,
               force: bool = False) -> SiteReport:
    """Build the static course site into ``out``.

    ``out`` is checked first (:func:`check_site_target`: an earlier site of ours is replaced,
    other files only with ``force``), then the site is built aside and swapped in whole
    (:func:`~spades_lab.core.files.replace_folders`): an interrupted build leaves the old site
    or none, never half.  Builds sharing a cache take turns (a lock in the cache).  The folder
    is filled by :func:`fill_site`, looked up when the build runs (the internal hook through
    which the interrupt tests put a cheap build in its place)."""
    t0 = time.perf_counter()
    cache = Path(cache or cache_dir()).absolute()
    say = log or (lambda _msg: None)
    real = check_site_target(out, cache=cache, force=force)
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(OutputId.CANNOT_WRITE, f"Cannot make the download cache {shown(cache)}: "
                          f"{(e.strerror or 'error').lower()}.", path=str(cache)) from e
    with hold_lock(cache / ".lock", what="another spades-lab site build",
                   on_wait=lambda: say(f"waiting for another build using {cache} to finish")):
        with replace_folders([real]) as (aside,):
            report = fill_site(aside, cache, say)
    report.out = real
    report.bytes = sum(f.stat().st_size for f in real.rglob("*") if f.is_file())
    report.seconds = time.perf_counter() - t0
    return report


def fill_site(dest: Path, cache: Path, say: Any) -> SiteReport:
    """Build the site into the empty folder ``dest`` (the cache is held by this build)."""
    version = pyodide_version()
    say(f"Pyodide {version}: fetching the core (npm) and wheels (PyPI) into {cache} if needed")
    pyodide = fetch_pyodide(version, cache)
    work = cache / "lite-src"
    shutil.rmtree(work, ignore_errors=True)
    (work / "files").mkdir(parents=True)
    lock = build_lock(pyodide, work / "static" / "pyodide", cache)
    offline, online = _course_files(course_source(), work / "files")
    packages = [p for p in KERNEL_PACKAGES if _norm(p) in lock["packages"]]
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "spades_lab course",
        # window.jupyterapp: lets the browser test drive the page like a person would
        "exposeAppInBrowser": True,
        "litePluginSettings": {KERNEL_PLUGIN: {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": packages}}}}}
    (work / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    say("running jupyter lite build")
    _run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(work),
          "--output-dir", str(dest), "--contents", str(work / "files"),
          "--no-sourcemaps", "--no-unused-shared-packages"], cwd=work)
    shutil.rmtree(work, ignore_errors=True)
    icon = dest / "static" / "favicons" / "favicon.ico"
    if icon.is_file() and not (dest / "favicon.ico").exists():
        shutil.copy(icon, dest / "favicon.ico")  # browsers ask for it at the top
    write_text(dest / MANIFEST, json.dumps(
        {"made_by": "spades-lab site", "pyodide": version, "offline": offline,
         "online": online}, indent=1) + "\n")
    return SiteReport(dest, offline, online, version)


def register(sub: Any) -> None:
    p = sub.add_parser(
        "site", help="build the course as a static website that runs in the browser",
        description="Build the course as a static JupyterLite website in OUT: Python runs in "
        "the student's browser, so nobody needs a Python install. Copy OUT to any static web "
        "host (or serve it locally with: python -m http.server -d OUT). Lessons that use only "
        "spades_lab and its widgets work offline; the ones that use numpy, pandas or "
        "matplotlib load them from the Pyodide CDN and say so in their first cell. Needs npm "
        "once (later builds use the cached download) and spades-lab[site].")
    p.add_argument("out", metavar="OUT",
                   help="folder to write the site into: a new or empty folder, or an earlier "
                   "site, which is replaced only once the new one is complete")
    p.add_argument("--force", action="store_true",
                   help="replace OUT even when it holds other files (they are lost); never "
                   "the current folder, home, / or the download cache")
    p.add_argument("--cache", default=None, metavar="DIR",
                   help="where to keep the downloads between builds (default: "
                   "$SPADES_LAB_CACHE or ~/.cache/spades-lab)")
    p.set_defaults(func=cmd_site)


def _one_line(text: str) -> str:
    """A build tool's failure in one line: its first line, and the last line of its output
    that says what went wrong."""
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    if len(lines) <= 1:
        return lines[0] if lines else "the build failed"
    last = next((x for x in reversed(lines) if "rror" in x), lines[-1])
    return f"{lines[0].rstrip(':')}: {last}"[:300]


def cmd_site(args: argparse.Namespace) -> int:
    try:
        rep = build_site(Path(args.out), cache=Path(args.cache) if args.cache else None,
                         log=lambda m: print(m, file=sys.stderr), force=args.force)
    except OutputError as e:
        print(f"spades-lab site: error: {e.message}", file=sys.stderr)
        return 2
    except SiteError as e:
        print(f"spades-lab site: error: {_one_line(str(e))}", file=sys.stderr)
        return 2
    print(f"Site written to {rep.out} ({rep.bytes / 1e6:.1f} MB, Pyodide {rep.pyodide}, "
          f"{rep.seconds:.0f} s).")
    print(f"Offline lessons: {', '.join(rep.offline) or 'none'}")
    for name, needs in rep.online.items():
        print(f"Needs the internet (Pyodide CDN for {', '.join(needs)}): {name}")
    print(f"Try it: python -m http.server -d {rep.out} 8000, then open "
          "http://127.0.0.1:8000/lab/index.html")
    return 0
