"""Repository-wide pytest set-up.

The tiers.  ``./dev.sh test quick`` is the unit tier: ``-m "not slow"``, where *slow* is every
test marked so and, marked here, the notebooks (each needs a kernel) and the modules named in
:data:`SLOW_MODULES` (servers, subprocess sweeps, whole-package tools).  ``./dev.sh test`` runs
everything, spread over the machine's cores by pytest-xdist (``--dist loadfile``): each test
module (each notebook named on the command line) is kept on one worker, so module fixtures are
built once and a notebook's cells run in order in one kernel.  The full run's notebooks are the
installed course's (``tests/test_course_install.py`` runs all 12 under nbval with this
file).  (``--dist loadgroup`` would keep the browser tests on one worker too, but with pytest
9.2 and xdist 3.8 it splits a group over the workers.)

The course notebooks are saved without outputs.  A cell whose first line is
``# NBVAL_CHECK_OUTPUT`` keeps the text it must print in its metadata (``nbval_expected``;
``scripts/notebook_expectations.py update`` writes it); here that expectation becomes the
reference output nbval compares the fresh run against, so those cells are real tests.
"""
from __future__ import annotations

import functools
import os
from typing import Any

import pytest

# plots render off screen wherever the suite runs (./dev.sh test sets it too)
os.environ.setdefault("MPLBACKEND", "Agg")

EXPECTED = "nbval_expected"


#: Modules the unit tier leaves out whole, each with its reason.
SLOW_MODULES = {
    "test_typing.py": "runs mypy over the whole package",
    "test_solver_diff.py": "sweeps the C searches against the Python ones",
    "test_solver_generalc.py": "sweeps the Heckadeck C search against the engine",
    "test_solver_heck.py": "searches Heckadeck endings against the engine's minimax",
    "test_site_lessons.py": "builds lessons of the static site",
    "test_sim.py": "simulates thousands of hands",
    "test_stats.py": "simulates thousands of hands",
    "test_variant_stats.py": "simulates thousands of hands",
    "test_house_stats.py": "simulates thousands of hands",
    "test_records_replay.py": "replays every record of the course",
    "test_engine_properties.py": "plays hundreds of random whole hands",
    "test_quiz_content.py": "makes and checks hundreds of quizzes over every rule set",
    "test_quiz_sweep_heckadeck.py": "makes and checks hundreds of Heckadeck quizzes",
    "test_quiz_house.py": "makes quizzes under every house rule",
    "test_quiz_sweep_house.py": "makes and checks hundreds of quizzes over every house rule",
    "test_solver_budget.py": "timed and budgeted searches of Heckadeck positions",
}
#: Single tests (by function name) too long for the unit tier: subprocess runs of whole tools,
#: and sweeps over every position of many hands.
SLOW_TESTS = {
    "test_the_fast_path_agrees_with_the_full_check": "plays hundreds of hands both ways",
    "test_any_step_is_a_position_or_a_typed_refusal": "a property sweep over whole hands",
    "test_bid_and_exchange_questions_ask_about_every_seat_north_included": "many quizzes",
    "test_site_knows_which_lessons_need_the_network": "runs every site lesson's check",
    "test_every_position_is_the_replay_upto": "every position of every record",
    "test_mypy_catches_a_misspelt_rule_id": "runs mypy",
    "test_the_model_imports_and_plays_a_hand_without_ipywidgets": "a fresh interpreter",
    "test_the_table_model_needs_no_ipywidgets": "a fresh interpreter",
    "test_every_combination_validates_or_is_refused_in_words": "every option combination",
    "test_every_rule_the_issue_lists_is_decided_by_a_question": "many quizzes",
    "test_help_loads_none_of_the_heavy_modules": "a fresh interpreter",
    "test_time_limit_and_progress": "a timed search",
    "test_cli_ctrl_c_on_an_early_heckadeck_position": "a subprocess interrupted",
    "test_a_failing_or_hanging_chromium_is_one_line_and_writes_nothing": "subprocesses",
    "test_core_import_does_not_load_pandas": "a fresh interpreter",
    "test_an_interrupted_run_leaves_no_new_file": "a subprocess interrupted",
    "test_an_interrupted_run_leaves_the_old_files": "a subprocess interrupted",
    "test_console_script_plays": "a subprocess",
    "test_answers_hold_for_other_seeds": "many quizzes",
    "test_solver_agrees_with_the_engine_minimax": "searches against the engine's minimax",
    "test_quiz_feedback_names_cards_in_words_and_rules_not_phases": "many quizzes' feedback",
}
#: The classroom server's modules (a server in a TestClient or a process, robots playing):
#: left out of the unit tier whole.
CLASSROOM_PREFIX = "test_classroom"
#: The longest modules of the full run, longest first (docs/benchmarks.md, the slowest
#: tests): collected first, so that xdist (``./dev.sh test`` passes ``--no-loadscope-reorder``,
#: which keeps the collection's order of modules) hands them out first and the run ends on
#: short modules, not with one worker on the static site while the other has nothing left.
#: xdist's own order (most tests first) put them among the last, being modules of few tests.
LONGEST_FIRST = (
    "test_site.py", "test_solver_generalc.py", "test_quiz_sweep_house.py",
    "test_browser_serve.py", "test_quiz_sweep_heckadeck.py",
    "test_browser_classroom_whole_lesson.py", "test_quiz_content.py", "test_sim.py",
    "test_browser_classroom_verdicts.py", "test_readme_commands.py", "test_browser_projector.py",
    "test_course_install.py", "test_solver_diff.py", "test_browser_classroom_teacher.py",
    "test_cli_site_safety.py", "test_classroom_hidden.py", "test_classroom_hostile_server.py",
    "test_browser_play.py", "test_browser_play_house.py", "test_typing.py",
    "test_browser_classroom.py", "test_browser_classroom_class.py", "test_browser.py",
    "test_cli_stop.py", "test_browser_classroom_house.py",
)


def _is_notebook_cell(item: Any) -> bool:
    return type(item).__name__ == "IPyNbCell"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Mark the unit tier's leavings slow (before the mark filter reads them: ``tryfirst``);
    put the :data:`LONGEST_FIRST` modules first (each module's tests in their order); then
    give checked notebook cells their expected output."""
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    # a stable sort: every other module, and the tests inside each, keep their order
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))
    for item in items:
        name = item.path.name
        function = getattr(item, "originalname", None)
        if _is_notebook_cell(item) or name in SLOW_MODULES or function in SLOW_TESTS \
                or name.startswith(CLASSROOM_PREFIX):
            item.add_marker(pytest.mark.slow)
    for item in items:
        cell = getattr(item, "cell", None)
        if cell is None or type(item).__name__ != "IPyNbCell":
            continue
        expected = cell.get("metadata", {}).get(EXPECTED)
        if expected is None:
            continue
        import nbformat

        cell.outputs = [nbformat.from_dict(dict(o)) for o in expected]
        cell.execution_count = 1  # nbval compares only cells it sees as run


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Any:
    """With ``SPADES_LAB_CPU_LOG=DIR``, write each test's wall-clock and CPU seconds (this
    process's, and its children's: servers, kernels, browsers) to ``DIR/<worker>.tsv``, setup
    and teardown included: ``scripts/cpu_by_module.py DIR`` sums them by module.  The full
    run's length is bounded by its CPU on two cores, which the wall-clock durations of a loaded
    run do not show.  A process's CPU reaches its parent's count only when the parent waits
    for it, and a browser's page processes outlive the browser process (they are handed to
    the system's first process, uncounted): so the worker is made the one they are handed to
    (``PR_SET_CHILD_SUBREAPER``) and waits for those that ended after each test, leaving alone
    the children a ``Popen`` of the tests waits for itself."""
    folder = os.environ.get("SPADES_LAB_CPU_LOG")
    if not folder:
        yield
        return
    import resource
    import time

    _subreaper()

    def cpu() -> tuple[float, float]:
        _reap_orphans()
        me = resource.getrusage(resource.RUSAGE_SELF)
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime

    t0, (s0, c0) = time.monotonic(), cpu()
    yield
    t1, (s1, c1) = time.monotonic(), cpu()
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"{worker}.tsv"), "a", encoding="utf-8") as f:
        f.write(f"{item.nodeid}\t{t1 - t0:.3f}\t{s1 - s0:.3f}\t{c1 - c0:.3f}\n")


@functools.cache
def _subreaper() -> None:
    """Make this process the one its orphaned descendants are handed to (once)."""
    import ctypes

    PR_SET_CHILD_SUBREAPER = 36
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def _reap_orphans() -> None:
    """Wait for this process's ended children that no ``Popen`` object of the tests owns
    (the orphans handed to it as the subreaper); for the CPU log only.  The owners are looked
    for (a walk over every object) only when an ended child is there."""
    me = os.getpid()
    ended = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] == "Z" and int(fields[1]) == me:
            ended.append(int(entry))
    if not ended:
        return
    import gc

    owned = {getattr(o, "pid", None) for o in gc.get_objects()
             if type(o).__name__ == "Popen" and getattr(o, "returncode", 0) is None}
    for pid in ended:
        if pid not in owned:
            try:
                os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pass
