"""Which lessons the static site can run offline (``spades_lab.cli.site.notebook_needs``), on the
notebooks as they are: play mode, the scoring lesson and the superior-trump lesson draw with
the package alone (its running-totals table and timeline widget, not pandas or matplotlib), so
they run with no network; only the what-if lab and the optional statistics need the CDN."""
from __future__ import annotations

from pathlib import Path

import nbformat

from conftest import ROOT
from spades_lab.cli.site import notebook_needs

NOTEBOOKS = {p.stem: p for p in sorted((ROOT / "notebooks").glob("*.ipynb"))}


def test_play_mode_scoring_and_the_heckadeck_lesson_run_offline() -> None:
    assert notebook_needs(NOTEBOOKS["02_table_app"]) == []
    assert notebook_needs(NOTEBOOKS["03_scoring_explained"]) == []
    assert notebook_needs(NOTEBOOKS["06_heckadeck_acorns"]) == []


def test_every_learner_lesson_before_the_statistics_but_one_runs_offline() -> None:
    """Only the what-if lab (its pandas tables), the optional statistics and house rules, and the
    teachers' classroom notebook (a server) need more than the browser has; the scoring lesson
    draws its running totals with the package's own table."""
    online = [stem for stem, path in NOTEBOOKS.items() if notebook_needs(path)]
    assert online == ["05_whatif_lab", "08_variant_statistics", "09_house_rules",
                      "11_teaching_a_class"], online


def test_the_check_sees_a_plot(tmp_path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import matplotlib.pyplot as plt")]
    path = tmp_path / "x.ipynb"
    nbformat.write(nb, path)
    assert notebook_needs(path) == ["matplotlib"]
