"""The course notebooks as files: numbered, saved without outputs, with cell ids, prose first,
importing only the public API of ``spades_lab``, and loading only curated records that exist.

(Running them is nbval's job: ``./dev.sh test`` runs every notebook with ``--nbval-lax``.)

Every cell is saved without outputs.  A code cell whose first line is ``# NBVAL_CHECK_OUTPUT``
keeps the text it must print in its metadata (``nbval_expected``); the repository's
``conftest.py`` hands it to nbval as the reference output, so those cells are tests of the
course content (``scripts/notebook_expectations.py update`` refreshes them).
"""
from __future__ import annotations

import ast
import importlib
import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

from conftest import ROOT
from spades_lab.core.records import replay

NOTEBOOKS = ROOT / "notebooks"
DATA = ROOT / "data"
MARK = "# NBVAL_CHECK_OUTPUT"
NAME = re.compile(r"^(\d\d)_[a-z0-9_]+\.ipynb$")
#: Third-party packages a notebook may import besides spades_lab (and the standard library).
ALLOWED_THIRD_PARTY = {"matplotlib", "pandas", "numpy", "ipywidgets", "IPython"}
#: The notebooks of this course (issue 4): the numbered files the README lists.
#: Numbered in the order a beginner takes them (issues 11, 23): standard Spades first, play mode
#: (the table app, the course's hands-on part without code) right after the first hand, the
#: Heckadeck at 06, the statistics as optional material, the teacher's guide last.
COURSE = ["00_start_here", "01_standard_step_by_step", "02_table_app", "03_scoring_explained",
          "04_online_and_original", "05_whatif_lab", "06_heckadeck_acorns", "07_eight_players",
          "08_variant_statistics", "09_house_rules", "10_teachers_guide", "11_teaching_a_class"]
HECKADECK_LESSON = "06_heckadeck_acorns"
#: The table app: play mode (standard Spades) first, then a recorded Heckadeck hand to explore,
#: introduced as a look ahead to the Heckadeck lesson.
TABLE_APP = "02_table_app"
#: The steps of 00's outline that are outside the learners' sequence, in the order they close it.
AFTER_THE_COURSE = ["optional", "teachers"]
#: Notebooks written to the prose-first rule (every code cell follows a markdown cell).
PROSE_FIRST = [n for n in COURSE if n != "02_table_app"]

PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))


def _read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=nbformat.NO_CONVERT)


def _code(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in nb.cells if c.cell_type == "code"]


def _python(source: str) -> str:
    """Cell source with IPython magics and shell lines blanked (so ``ast`` can parse it)."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line
                     for line in source.splitlines())


def test_the_course_is_all_there() -> None:
    names = [p.stem for p in PATHS]
    for name in COURSE:
        assert name in names, f"notebooks/{name}.ipynb is missing"


def test_numbers_are_unique_and_nothing_else_sits_beside_the_notebooks() -> None:
    numbers = [NAME.match(p.name).group(1) for p in PATHS if NAME.match(p.name)]  # type: ignore[union-attr]
    assert len(numbers) == len(set(numbers)), f"two notebooks share a number: {numbers}"
    strays = [p.name for p in NOTEBOOKS.iterdir()
              if not p.name.startswith(".") and p.suffix != ".ipynb"]
    assert not strays, f"helper files beside the notebooks: {strays} (use the package instead)"


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_notebook_file(path: Path) -> None:
    assert NAME.match(path.name), f"{path.name}: name it NN_words.ipynb"
    nb = _read(path)
    nbformat.validate(nb)
    assert (nb.nbformat, nb.nbformat_minor) >= (4, 5), "save with nbformat 4.5+ (cell ids)"
    ids = [c.get("id") for c in nb.cells]
    assert all(ids), "every cell needs an id"
    assert len(ids) == len(set(ids)), "cell ids must be unique"
    first = nb.cells[0]
    assert first.cell_type == "markdown" and first.source.lstrip().startswith("# "), \
        "open with a markdown title cell"


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_saved_without_outputs(path: Path) -> None:
    for cell in _code(_read(path)):
        assert not cell.outputs, f"{cell.id}: saved with outputs"
        assert cell.execution_count is None, f"{cell.id}: saved with an execution count"
        expected = cell.metadata.get("nbval_expected")
        if cell.source.startswith(MARK):
            assert expected, f"{cell.id}: a checked cell must store its expected text"
            for out in expected:
                assert out["output_type"] == "stream", \
                    f"{cell.id}: checked cells compare printed text only"
                assert not re.search(r"0x[0-9a-f]{6,}", out["text"]), f"{cell.id}: an address"
        else:
            assert expected is None, f"{cell.id}: expected text on an unchecked cell"


def _tiny_notebook(tmp: Path, expected: str) -> Path:
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell(f"{MARK}\nprint('hello')")
    cell.metadata["nbval_expected"] = [{"output_type": "stream", "name": "stdout",
                                        "text": expected}]
    nb.cells = [cell]
    path = tmp / "check.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.mark.slow
@pytest.mark.parametrize("expected,passes", [("hello\n", True), ("goodbye\n", False)])
def test_checked_cells_can_fail(tmp_path: Path, expected: str, passes: bool) -> None:
    """The metadata expectation really is compared: a wrong one fails nbval."""
    import subprocess

    nb = _tiny_notebook(tmp_path, expected)
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "conftest",
                           "--nbval-lax", "--nbval-current-env", "-p", "no:cacheprovider",
                           str(nb)], cwd=ROOT, capture_output=True, text=True)
    assert (proc.returncode == 0) == passes, proc.stdout[-2000:]


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_imports_only_the_public_api(path: Path) -> None:
    stdlib = set(sys.stdlib_module_names)
    for cell in _code(_read(path)):
        tree = ast.parse(_python(cell.source))
        for node in ast.walk(tree):
            pairs: list[tuple[str, str | None]]
            if isinstance(node, ast.Import):
                pairs = [(alias.name, None) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                assert node.level == 0, f"{cell.id}: relative import"
                pairs = [(node.module or "", alias.name) for alias in node.names]
            else:
                continue
            for module, name in pairs:
                top = module.split(".")[0]
                where = f"{path.name} {cell.id}: import {module}"
                if top != "spades_lab":
                    assert top in stdlib or top in ALLOWED_THIRD_PARTY, \
                        f"{where}: not spades_lab, the standard library or an allowed package"
                    continue
                assert not any(part.startswith("_") for part in module.split(".")), \
                    f"{where}: a private module"
                mod = importlib.import_module(module)
                if name is None:
                    continue
                assert name != "*" and not name.startswith("_"), f"{where}: private name {name}"
                if not hasattr(mod, name):       # a submodule: from spades_lab import stats
                    importlib.import_module(f"{module}.{name}")
                assert hasattr(mod, name), f"{where}: no name {name}"
                public = getattr(mod, "__all__", None)
                is_module = type(getattr(mod, name)).__name__ == "module"
                if public is not None and not is_module:
                    assert name in public, f"{where}: {name} is not in {module}.__all__"


@pytest.mark.parametrize("name", PROSE_FIRST)
def test_prose_first(name: str) -> None:
    nb = _read(NOTEBOOKS / f"{name}.ipynb")
    assert nb.cells[0].source.lstrip().startswith(f"# {name[:2]} "), "title starts with # NN"
    assert "learn" in nb.cells[0].source, "the first cell says what you will learn"
    for before, cell in zip(nb.cells, nb.cells[1:], strict=False):
        if cell.cell_type == "code":
            assert before.cell_type == "markdown", f"{cell.id}: introduce code with prose"
    first_code = _code(nb)[0]
    tree = ast.parse(_python(first_code.source))
    assert all(isinstance(n, (ast.Import, ast.ImportFrom)) for n in tree.body), \
        "the first code cell only imports"


@pytest.mark.parametrize("name", PROSE_FIRST)
def test_records_it_loads_exist(name: str) -> None:
    """Every ``*.json`` a notebook names is a curated record in data/course or data/scenarios
    (and replays)."""
    nb = _read(NOTEBOOKS / f"{name}.ipynb")
    for cell in _code(nb):
        for node in ast.walk(ast.parse(_python(cell.source))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value.endswith(".json") and "*" not in node.value:
                found = [d / node.value for d in (DATA / "course", DATA / "scenarios")
                         if (d / node.value).is_file()]
                assert found, f"{cell.id}: {node.value} is not in data/course or data/scenarios"


COURSE_RECORDS = sorted((DATA / "course").glob("*.json"))


@pytest.mark.parametrize("path", COURSE_RECORDS, ids=[p.stem for p in COURSE_RECORDS])
def test_course_record_replays(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "spades-lab/1"
    result = replay(path)
    assert result.hands and all(h.complete for h in result.hands), "course records are whole hands"
    assert len(record.get("players", [])) == result.rules.players, "course records name players"


def test_course_records_show_what_the_notebooks_say() -> None:
    """The facts the prose relies on (the checked cells test the rest)."""
    hand = replay(DATA / "course" / "standard_hand.json").hands[0]
    assert [n.made for t in hand.teams for n in t.nils] == [True]
    assert [t.made for t in hand.teams] == [True, False]
    acorns = replay(DATA / "course" / "acorns_hand.json").hands[0]
    assert acorns.superior_trump == "A" and acorns.superior_set_at == (17, 1)
    a = json.loads((DATA / "course" / "acorns8_pairs.json").read_text(encoding="utf-8"))
    b = json.loads((DATA / "course" / "acorns8_fours.json").read_text(encoding="utf-8"))
    assert a["hands"][0]["deal"] == b["hands"][0]["deal"]
    online = json.loads((DATA / "course" / "online_hand.json").read_text(encoding="utf-8"))
    original = json.loads((DATA / "course" / "original_hand.json").read_text(encoding="utf-8"))
    assert online["hands"][0]["deal"] == original["hands"][0]["deal"]


def test_readme_lists_the_course() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## The course" in text
    section = text.split("## The course", 1)[1].split("\n## ", 1)[0]
    for name in COURSE:
        assert f"{name}.ipynb" in section, f"README's course section does not list {name}"


# ------------------------------------------------------------------ the numbers are the order
def _outline() -> list[tuple[str, str]]:
    """Notebook 00's course outline, the one place that states the teaching order:
    (order column, notebook) for each row."""
    text = _read(NOTEBOOKS / "00_start_here.ipynb").cells[0].source
    return re.findall(r"^\| ([^|\n]+?) \| `(\d\d_[a-z0-9_]+)` \|", text, flags=re.M)


def test_the_numbers_follow_the_teaching_order() -> None:
    """The outline lists every notebook once, in ascending number order, and its step column is
    the file's own number (00, 01, 02 ...): the numbers are the teaching order.  Only the
    optional statistics and the teachers' notebooks, last, are outside the learners' sequence."""
    rows = _outline()
    listed = [name for _, name in rows]
    assert sorted(listed) == listed, f"the outline's order is not the numbering: {listed}"
    assert listed == [p.stem for p in PATHS], "the outline must list every notebook, once"
    learner = [(step, name) for step, name in rows if step.isdigit()]
    assert [step for step, _ in learner] == [name[:2] for _, name in learner], \
        f"a step is not its notebook's number: {learner}"
    assert [int(step) for step, _ in learner] == list(range(len(learner))), learner
    rest = [step for step, _ in rows[len(learner):]]
    assert rest and all(step in AFTER_THE_COURSE for step in rest), \
        f"a step outside the sequence sits mid-course: {[s for s, _ in rows]}"
    assert rest == sorted(rest, key=AFTER_THE_COURSE.index), rest
    assert ("optional", "08_variant_statistics") in rows, "the statistics are optional material"
    assert rows[-1][0] == "teachers" and ("teachers", "10_teachers_guide") in rows, rows


def test_play_mode_comes_right_after_the_first_hand() -> None:
    """The one hands-on part without code follows the first whole hand (01), and the table app
    opens with play mode on standard Spades, before its Heckadeck hand."""
    listed = [name for _, name in _outline()]
    assert listed.index(TABLE_APP) == listed.index("01_standard_step_by_step") + 1, listed
    code = _code(_read(NOTEBOOKS / f"{TABLE_APP}.ipynb"))
    assert re.search(r'PlayTable\("standard"', code[0].source), code[0].source


def test_every_lesson_plan_plays_in_play_mode() -> None:
    """Each lesson plan's hands-on part is play mode (notebook 02), named in its notebooks line
    and in a timed row of its own."""
    plans = (ROOT / "docs" / "teachers" / "lesson_plans.md").read_text(encoding="utf-8")
    lessons = re.split(r"^## Lesson \d", plans, flags=re.M)[1:]
    assert len(lessons) == 3, len(lessons)
    for k, lesson in enumerate(lessons, 1):
        (line,) = re.findall(r"^Notebooks: (.*)$", lesson, flags=re.M)
        assert "02 (play mode)" in line, f"lesson {k}: {line}"
        rows = [r for r in lesson.splitlines() if r.startswith("| ") and "play mode" in r]
        assert rows and re.match(r"^\| \d+–\d+ \|", rows[0]), f"lesson {k}: no play-mode row"


def _numbers(text: str) -> list[str]:
    return re.findall(r"\b(\d\d)\b", text)


def test_the_teachers_plans_take_the_notebooks_in_number_order() -> None:
    """The teacher's guide's session table and the lesson plans walk the notebooks forwards."""
    guide = _read(NOTEBOOKS / "10_teachers_guide.ipynb").cells[0].source
    sessions = re.findall(r"^\| \d \| ([\d, ]+) \|", guide, flags=re.M)
    taken = [n for row in sessions for n in _numbers(row)]
    assert taken == sorted(taken), f"10's sessions take the notebooks out of order: {taken}"
    outline = _outline()
    teachers = {name[:2] for step, name in outline if step == "teachers"}
    optional = {name[:2] for step, name in outline if step == "optional"}
    assert set(taken) <= {p.stem[:2] for p in PATHS} - teachers, taken
    assert set(taken) >= {p.stem[:2] for p in PATHS} - teachers - optional, taken
    plans = (ROOT / "docs" / "teachers" / "lesson_plans.md").read_text(encoding="utf-8")
    lines = re.findall(r"^Notebooks: (.*)$", plans, flags=re.M)
    assert len(lines) == 3, lines
    # a lesson may go back to a notebook already met (lesson 2 recaps 00's scoring idea)
    first_met = list(dict.fromkeys(n for line in lines for n in _numbers(line)))
    assert first_met == sorted(first_met), \
        f"the lesson plans meet the notebooks out of order: {first_met}"


def _heckadeck(value: str) -> bool:
    """Does this string constant name a Heckadeck rule set or a Heckadeck record?"""
    from spades_lab import RuleSet

    if value in ("acorns", "acorns8"):
        return RuleSet.preset(value).deck.size > 52
    if value.endswith(".json"):
        for d in (DATA / "course", DATA / "scenarios"):
            if (d / value).is_file():
                return replay(d / value).rules.deck.size > 52
    return False


@pytest.mark.parametrize("name", [n for n in COURSE if n < HECKADECK_LESSON])
def test_no_heckadeck_deal_before_the_heckadeck_lesson(name: str) -> None:
    """A beginner meets standard Spades first: no notebook numbered before the Heckadeck
    lesson deals or loads a Heckadeck hand.  The table app alone shows one, after its play mode
    and under a heading that sends the learner to the Heckadeck lesson for the rules."""
    cells = _read(NOTEBOOKS / f"{name}.ipynb").cells
    if name == TABLE_APP:
        first = next(i for i, c in enumerate(cells) if c.cell_type == "code"
                     and any(_heckadeck(n.value) for n in ast.walk(ast.parse(_python(c.source)))
                             if isinstance(n, ast.Constant) and isinstance(n.value, str)))
        heading = [c.source for c in cells[:first] if c.cell_type == "markdown"][-1]
        assert heading.startswith("## ") and "notebook 06" in heading, heading
        assert any("PlayTable" in c.source for c in cells[:first] if c.cell_type == "code")
        cells = cells[:first]
    for cell in [c for c in cells if c.cell_type == "code"]:
        for node in ast.walk(ast.parse(_python(cell.source))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not _heckadeck(node.value), f"{cell.id}: {node.value} before 05"
