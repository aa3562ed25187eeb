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
import sys
from pathlib import Path
from typing import Any

from ..core.errors import OutputError, OutputId
from ..core.files import (
    check_target,
    check_writable,
    make_writable,
    replace_folders,
    shown,
    write_bytes,
)
from .children import run_child

#: What a course folder holds, relative to its top: the folders copied, then single files.
COURSE_DIRS = ("notebooks", "data/course", "data/scenarios", "data/stats", "docs")
COURSE_FILES: tuple[str, ...] = ("README.md",)
#: Never copied (build scripts, caches); the documents' screenshots are copied with them.
SKIP = ("*.py", "__pycache__", ".ipynb_checkpoints")
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


def course_protected(source: Path) -> list[tuple[str, Path]]:
    """The folders a course copy may never be written into, over or around: the package and
    the course's own folders (a copy into its own notebooks would copy itself forever)."""
    return [("the spades_lab package", Path(__file__).resolve().parent.parent),
            *((f"the course's own {name} folder", source / name) for name in COURSE_DIRS
              if (source / name).is_dir())]


def holds_course(folder: Path) -> bool:
    """``folder`` holds a course (its numbered notebooks)."""
    return bool(course_notebooks(folder)) if (folder / "notebooks").is_dir() else False


def _copy_into(src: Path, name: str, dest: Path) -> None:
    """Copy the course folder ``src/name`` into the (empty) folder ``dest``, following links in
    the source (the copy holds files, never links) and making what it wrote writable."""
    shutil.copytree(src / name, dest, ignore=shutil.ignore_patterns(*SKIP),
                    copy_function=shutil.copyfile, dirs_exist_ok=True,
                    ignore_dangling_symlinks=True)
    make_writable(dest)


def copy_course(dest: Path, *, force: bool = False, source: Path | None = None) -> list[Path]:
    """Copy the course into ``dest`` (created if missing) and return the copied notebooks.

    Refuses (:class:`~spades_lab.core.errors.OutputError`) the current folder, home, ``/``, the
    course's own source and any folder inside it, and, unless ``force``, a ``dest`` that
    already holds a course.  Each course folder is copied aside and swapped in only when the
    whole copy is done (:func:`~spades_lab.core.files.replace_folders`), so an interrupted copy
    leaves the old course or none, never half; anything else in ``dest`` is left alone.  The
    files the copy wrote are writable, even when the package's files are not; nothing else is
    touched."""
    src = source or course_source()
    real = check_target(dest, protected=course_protected(src),
                        protected_tops=[("the course's source", src)])
    taken = [d for d in COURSE_DIRS + COURSE_FILES if (real / d).exists()]
    if taken and not force:
        raise OutputError(OutputId.FILE_EXISTS, f"{shown(dest)} already holds a course "
                          f"({', '.join(taken)}); give --force to replace its notebooks and "
                          "records with fresh ones (your changes to them are lost), --open to "
                          "open it, or choose another folder.", path=str(dest))
    names = [name for name in COURSE_DIRS if (src / name).is_dir()]
    check_writable(real / names[0] if real.exists() and names else real)
    if not real.exists():  # a new course: built whole beside it, then renamed into place
        with replace_folders([real]) as (aside,):
            for name in names:
                _copy_into(src, name, aside / name)
            for name in COURSE_FILES:
                if (src / name).is_file():
                    write_bytes(aside / name, (src / name).read_bytes())
    else:  # the course's folders and files only, all swapped in together; the rest stays
        files = {real / name: (src / name).read_bytes() for name in COURSE_FILES
                 if (src / name).is_file()}
        with replace_folders([real / name for name in names], files) as asides:
            for name, aside in zip(names, asides, strict=True):
                _copy_into(src, name, aside)
    return course_notebooks(real)


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
                   help="then start JupyterLab in DIR (needs spades-lab[notebook]); a course "
                   "already in DIR is opened as it is, with your work")
    p.set_defaults(func=cmd_course)


def cmd_course(args: argparse.Namespace) -> int:
    dest = Path(args.dir)
    if args.open and not args.force and holds_course(dest):
        notebooks = course_notebooks(dest)
        print(f"Opening your course in {dest}/ as it is ({len(notebooks)} notebooks; nothing "
              "copied). Start with "
              f"{dest}/notebooks/{notebooks[0].name if notebooks else '00_start_here.ipynb'}.")
    else:
        try:
            notebooks = copy_course(dest, force=args.force)
        except OutputError as e:
            print(f"spades-lab course: error: {e.message}", file=sys.stderr)
            return 2
        except FileNotFoundError as e:
            print(f"spades-lab course: error: {e}", file=sys.stderr)
            return 2
        print(f"The course is in {dest}/ ({len(notebooks)} notebooks). Start with "
              f"{dest}/notebooks/{notebooks[0].name if notebooks else '00_start_here.ipynb'}.")
    if not args.open:
        return 0
    cmd = [sys.executable, "-m", "jupyterlab", "--notebook-dir", str(dest)]
    if hasattr(os, "getuid") and os.getuid() == 0:
        cmd.append("--allow-root")
    try:
        return run_child(cmd)
    except KeyboardInterrupt:
        return 0
