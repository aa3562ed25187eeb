"""spades-lab course: copy the course (notebooks, the records they load, the documents) into a
folder of your own, and optionally open it in JupyterLab.

The course ships inside the package (in a wheel it is spades_lab/_course/; in a clone of the
project it is the project folder itself), so a student who installed spades-lab with pip has it
too.  The copy is yours: work in it, save your outputs; the package's copy stays as shipped.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

#: What a course folder holds, relative to its top: the folders copied, then single files.
COURSE_DIRS = ("notebooks", "data/course", "data/scenarios", "data/stats", "docs")
COURSE_FILES: tuple[str, ...] = ()
#: Never copied (build scripts, screenshots of the project's own tests).
SKIP = ("*.py", "__pycache__", ".ipynb_checkpoints", "screenshots")
DEFAULT_DIR = "spades-course"


def course_source() -> Path:
    """The folder the course is copied from: ``spades_lab/_course`` in an installed wheel, else
    the project folder of a clone (where the package lives beside ``notebooks/``)."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "_course"
    if (packaged / "notebooks").is_dir():
        return packaged
    project = here.parent
    if (project / "notebooks").is_dir() and (project / "data" / "course").is_dir():
        return project
    raise FileNotFoundError("The course notebooks were not found next to the spades_lab "
                            "package; reinstall spades-lab.")


def course_notebooks(source: Path | None = None) -> list[Path]:
    """The course's notebooks, in order."""
    return sorted((source or course_source()).joinpath("notebooks").glob("[0-9]*.ipynb"))


def copy_course(dest: Path, *, force: bool = False, source: Path | None = None) -> list[Path]:
    """Copy the course into ``dest`` (created if missing) and return the copied notebooks.

    Refuses (``FileExistsError``) when ``dest`` already holds a course and ``force`` is off;
    with ``force`` the course's files are replaced and anything else in ``dest`` is left alone.
    Every copied file is writable, even when the package's files are not."""
    src = source or course_source()
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise FileExistsError(f"{dest} is a file, not a folder.")
    taken = [d for d in COURSE_DIRS + COURSE_FILES if (dest / d).exists()]
    if taken and not force:
        raise FileExistsError(f"{dest} already holds a course ({', '.join(taken)}); give "
                              "--force to replace its notebooks and records with fresh ones, "
                              "or choose another folder.")
    dest.mkdir(parents=True, exist_ok=True)
    for name in COURSE_DIRS:
        if not (src / name).is_dir():
            continue
        if (dest / name).exists():
            shutil.rmtree(dest / name)
        shutil.copytree(src / name, dest / name, ignore=shutil.ignore_patterns(*SKIP),
                        copy_function=shutil.copyfile)
    for name in COURSE_FILES:
        if (src / name).is_file():
            shutil.copyfile(src / name, dest / name)
    for path in dest.rglob("*"):
        if path.is_file():
            path.chmod(path.stat().st_mode | 0o200)
    return course_notebooks(dest)


def register(sub: Any) -> None:
    p = sub.add_parser(
        "course", help="copy the course notebooks into a folder of your own",
        description="Copy the course (numbered notebooks, the game records they load and the "
        "rule documents) into DIR, so you can work through it and keep your own outputs. "
        "Start with notebooks/00_start_here.ipynb and follow the numbers.")
    p.add_argument("dir", nargs="?", default=DEFAULT_DIR, metavar="DIR",
                   help=f"where to put the course (default: ./{DEFAULT_DIR})")
    p.add_argument("--force", action="store_true",
                   help="replace the notebooks and records of a course already in DIR "
                   "(your changes to them are lost)")
    p.add_argument("--open", action="store_true",
                   help="then start JupyterLab in DIR (needs spades-lab[notebook])")
    p.set_defaults(func=cmd_course)


def cmd_course(args: argparse.Namespace) -> int:
    dest = Path(args.dir)
    try:
        notebooks = copy_course(dest, force=args.force)
    except (FileExistsError, FileNotFoundError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"The course is in {dest}/ ({len(notebooks)} notebooks). Start with "
          f"{dest}/notebooks/{notebooks[0].name if notebooks else '00_start_here.ipynb'}.")
    if not args.open:
        return 0
    cmd = [sys.executable, "-m", "jupyterlab", "--notebook-dir", str(dest)]
    if hasattr(os, "getuid") and os.getuid() == 0:
        cmd.append("--allow-root")
    try:
        return subprocess.call(cmd)
    except KeyboardInterrupt:
        return 0
