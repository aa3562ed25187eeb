"""Everything a teacher needs is inside the project: no document or notebook links outside it.

Every Markdown file and every notebook's Markdown cells are read.  Each link must be a relative
path to a file (or folder) inside the repository that exists, and an ``#anchor`` must name a
heading of the target page.  Paths written in backticks that climb out of their folder must stay
inside the repository, and the old pointers to the spec beside the project (``../shared``,
``RULINGS.md``, ``RECORD-FORMAT.md``, the seed texts) must be gone: the project's own pages are
``docs/rulings.md`` and ``docs/record-format.md``.
"""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT

LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REF = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)", re.M)
CLIMB = re.compile(r"(?<![\w./-])((?:\.\./)+[\w.\-/]*)")
URL = re.compile(r"\b(?:https?|ftp)://[^\s)`'\"<>]+")
LOCAL_HOSTS = ("127.0.0.1", "localhost", "0.0.0.0")
#: The names set aside for examples (RFC 2606), which no site answers: a document may write a
#: placeholder address with them (a school's HTTPS address for the classroom behind a proxy).
EXAMPLE_HOST = re.compile(r"(^|\.)example(\.(org|com|net))?$")
OUTSIDE_NAMES = re.compile(r"RULINGS\.md|RECORD-FORMAT\.md|shared/seeds|\.\./shared")


def documents() -> list[Path]:
    res = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                          "*.md", "*.ipynb"], cwd=ROOT, capture_output=True, text=True)
    if res.returncode == 0 and res.stdout.strip():
        paths = [ROOT / p for p in res.stdout.split()]
    else:  # not a git checkout (an unpacked source tree)
        paths = [p for p in ROOT.rglob("*") if p.suffix in (".md", ".ipynb")
                 and not {".venv", ".git", "node_modules"} & set(p.parts)]
    return sorted(p for p in paths if p.is_file())


def markdown_of(path: Path) -> str:
    if path.suffix != ".ipynb":
        return path.read_text(encoding="utf-8")
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def slug(heading: str) -> str:
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {slug(m.group(1)) for m in re.finditer(r"^#+\s+(.+)$", markdown_of(path), re.M)}


def problems(path: Path, root: Path = ROOT) -> list[str]:
    """What is wrong with the links of ``path``, a page inside ``root`` (the project, or a course
    copied out of it)."""
    text = markdown_of(path)
    out: list[str] = []
    targets = [m.group(1) for m in LINK.finditer(text)] + [m.group(1) for m in REF.finditer(text)]
    for target in targets:
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
            out.append(f"links outside the repository: {target}")
            continue
        file_part, _, anchor = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        if root not in dest.parents and dest != root:
            out.append(f"link leaves the repository: {target}")
        elif not dest.exists():
            out.append(f"link to a missing file: {target}")
        elif anchor and dest.suffix in (".md", ".ipynb") and anchor not in anchors(dest):
            out.append(f"link to a missing heading: {target}")
    for m in CLIMB.finditer(text):
        dest = (path.parent / m.group(1)).resolve()
        if root not in dest.parents and dest != root:
            out.append(f"path leaves the repository: {m.group(1)}")
    for m in URL.finditer(text):
        host = re.sub(r"^\w+://", "", m.group(0)).split("/")[0].split(":")[0]
        if host not in LOCAL_HOSTS and not EXAMPLE_HOST.search(host):
            out.append(f"points at another site: {m.group(0)}")
    for m in OUTSIDE_NAMES.finditer(text):
        out.append(f"names a file that is not in the repository: {m.group(0)}")
    return out


DOCS = documents()


def test_the_project_documents_are_there() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in DOCS}
    assert {"README.md", "docs/rulings.md", "docs/record-format.md"} <= names
    assert any(n.startswith("notebooks/") for n in names)
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    # every rule id the engine can raise is explained
    from spades_lab.core.errors import CLAIM_IDS, RULE_IDS

    for rule in [*RULE_IDS, *CLAIM_IDS]:
        assert f"`{rule}`" in rulings, rule


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_link_leaves_the_repository(path: Path) -> None:
    assert problems(path) == []


def test_the_checker_catches_outside_links(tmp_path: Path) -> None:
    bad = ROOT / "docs" / "_probe_links.md"
    bad.write_text("[a](https://example.org/x) [b](../../shared/RULINGS.md) [c](missing.md)\n"
                   "[d](rulings.md#no-such-heading) [e](rulings.md#7-what-an-error-says)\n"
                   "see `../shared/seeds/` and http://127.0.0.1:8000/lab\n")
    try:
        found = problems(bad)
    finally:
        bad.unlink()
    assert any("outside" in p and "example.org" in p for p in found)
    assert any("leaves" in p for p in found)
    assert any("missing file" in p for p in found)
    assert any("missing heading" in p and "no-such" in p for p in found)
    assert not any("7-what-an-error-says" in p for p in found)
    assert not any("127.0.0.1" in p for p in found)
    assert any("RULINGS.md" in p for p in found)


def test_every_link_of_a_copied_course_resolves_inside_the_copy(tmp_path: Path) -> None:
    """``spades-lab course`` copies the notebooks with the documents they link: a link from a
    copied notebook or page to a page the copy lacks (``../docs/classroom.md``) fails here."""
    from spades_lab.cli.course import copy_course

    copy = tmp_path / "course"
    copy_course(copy)
    pages = sorted(p for p in copy.rglob("*") if p.suffix in (".md", ".ipynb"))
    assert any(p.name == "11_teaching_a_class.ipynb" for p in pages)
    found = {p.relative_to(copy).as_posix(): problems(p, copy.resolve()) for p in pages}
    assert {page: bad for page, bad in found.items() if bad} == {}
