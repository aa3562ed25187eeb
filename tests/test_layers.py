"""The package's layers run one way.

Each module belongs to a layer (its folder, or for the core and the teaching modules a finer
order inside the folder); a module may import only from its own layer or below.  The one
exception is the lazy import of :mod:`spades_lab.render` inside a ``_repr_html_`` method, which
lets an engine object draw itself in a notebook without the engine depending on the drawing.
Inside a layer the imports form no cycle either, counting those only the type checker follows
(``if TYPE_CHECKING:``): two modules that need each other are one module, or share a third.
"""
from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "spades_lab"

#: Layer rank of each module (``spades_lab.<name>``); a folder's ``__init__`` and any module not
#: named here take the folder's rank.
RANKS: dict[str, float] = {
    "core.errors": 0, "core.cards": 1, "core.rules": 2, "core.bids": 3, "core.tricks": 4,
    "core.files": 0,  # writing files whole, the folders a command may fill: errors only
    "core.validate": 3,  # record checking: types and shapes, with the rules' seat counts
    "core.claims": 5,  # the rules of a claim: rules and errors only
    "core.scoring": 5, "core.engine": 6, "core.records": 7,
    "core.line": 8,  # a hand's line of positions, built on the records' replay
    "core": 0,
    "words": 0, "words.counting": 0,  # counting in words: the engine's sentences use it
    "words.said": 26,  # an explanation's fields and their learner and teacher renderings
    "words.rules": 27, "words.play": 28,  # the rules as sentences; a game's moments
    "words.table": 41,  # the table's words: teach and the drawing's words
    "": 9,  # spades_lab/__init__.py re-exports the core
    "play": 10,
    "solver": 20,
    "teach.wording": 29,  # the words' first home, now a shim of words.said, .rules, .play
    "teach.explain": 30, "teach.whatif": 31, "teach.compare": 32, "teach.tables": 33,
    # the quiz package, bottom up: what it asks, the question, its words, the positions, the
    # builders by topic (the Heckadeck's and the house rules' over the plain ones), the registry
    "teach.quiz.catalogue": 33.0, "teach.quiz.model": 33.1, "teach.quiz.shown": 33.1,
    "teach.quiz.positions": 33.2, "teach.quiz.check": 33.2,
    "teach.quiz.play": 33.3, "teach.quiz.tricks": 33.3, "teach.quiz.bidding": 33.3,
    "teach.quiz.scoring": 33.3, "teach.quiz.claims": 33.3,
    "teach.quiz.heckadeck": 33.4, "teach.quiz.house": 33.4,
    "teach.quiz.registry": 33.5, "teach.quiz": 33.6,
    "teach": 34,
    "render": 40,  # the drawings: html (HTML/SVG, re-exported by the package), plots, text
    "viz": 40, "text": 40,  # render.plots and render.text under their first names (SHIMS)
    "table": 42,  # one table model for replay and play (table.model): no ipywidgets
    "widgets": 50,
    "classroom": 55,  # the classroom server (its own extra): widgets' layer and below
    "cli": 60,
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def rank(module: str) -> float:
    probe = module
    while True:
        if probe in RANKS:
            return RANKS[probe]
        if not probe:
            raise KeyError(module)
        probe = probe.rpartition(".")[0]


class Import(NamedTuple):
    """One import of a spades_lab module, as the walk finds it."""

    target: str  #: the module imported, relative to the package ("" for spades_lab itself)
    line: int
    in_repr: bool  #: inside a ``_repr_html_`` method
    lazy: bool  #: inside a function or class body, not at the module's top level
    names: tuple[str, ...]  #: the names a ``from ... import`` takes


def imports(path: Path, source: str | None = None, typing: bool = False) -> list[Import]:
    """Every import of a spades_lab module in ``path`` (read from disk unless ``source`` is
    given); imports under ``if TYPE_CHECKING:`` are for the type checker and counted only with
    ``typing``.  ``from . import x`` imports ``x``, the module or package of that name."""
    if source is None:  # the package's files do not change during a run: each read once
        return list(_imports_on_disk(path, typing))
    return _imports(path, source, typing)


@functools.cache
def _imports_on_disk(path: Path, typing: bool) -> tuple[Import, ...]:
    return tuple(_imports(path, path.read_text(), typing))


def _imports(path: Path, source: str, typing: bool) -> list[Import]:
    tree = ast.parse(source, str(path))
    here = module_name(path).split(".") if module_name(path) else []
    package = here if path.name == "__init__.py" else here[:-1]
    out: list[Import] = []

    def visit(node: ast.AST, in_repr: bool, lazy: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test) \
                    and not typing:
                continue
            inside = in_repr or (isinstance(child, ast.FunctionDef)
                                 and child.name == "_repr_html_")
            if isinstance(child, ast.ImportFrom):
                taken = tuple(a.name for a in child.names)
                if child.level:
                    base = package[: len(package) - (child.level - 1)]
                    target = ".".join([*base, *(child.module.split(".") if child.module else [])])
                    names = [target] if child.module else [
                        ".".join([*base, a.name]) for a in child.names]
                elif (child.module or "").startswith("spades_lab"):
                    target = child.module.removeprefix("spades_lab").lstrip(".")
                    names = [target]
                else:
                    names = []
                out.extend(Import(n, child.lineno, inside, lazy, taken) for n in names)
            elif isinstance(child, ast.Import):
                out.extend(Import(a.name.removeprefix("spades_lab").lstrip("."), child.lineno,
                                  inside, lazy, ())
                           for a in child.names if a.name.startswith("spades_lab"))
            visit(child, inside, lazy or isinstance(
                child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)))

    visit(tree, False, False)
    return out


MODULES = sorted(PACKAGE.rglob("*.py"))


def import_graph(sources: dict[Path, str] | None = None) -> dict[str, set[str]]:
    """Each module's in-package imports (top level, lazy, and ``if TYPE_CHECKING:``), every
    module read from disk unless ``sources`` gives its text.  The renderer imported lazily in
    a ``_repr_html_`` is left out: the one designed exception of the layers.  ``from P import
    n`` is an import of ``P.n`` when that is a module of the package, else of ``P`` (a name
    its ``__init__`` defines)."""
    sources = sources or {}
    known = {module_name(p) for p in [*MODULES, *sources]}
    graph: dict[str, set[str]] = {}
    for path in sorted({*MODULES, *sources}):
        me = module_name(path)
        out = graph.setdefault(me, set())
        for i in imports(path, sources.get(path), typing=True):
            if i.in_repr and i.target == "render":
                continue
            target = i.target
            while target not in known and target:  # a name an __init__ or module defines
                target = target.rpartition(".")[0]
            if target != me:
                out.add(target)
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The cycles (``[a, b, ..., a]``) of the graph: in each group of modules that import each
    other (Tarjan's strongly connected components), the shortest way round through each of
    its modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    groups: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    cycles: set[tuple[str, ...]] = set()
    for group in groups:
        members = set(group)
        for start in group:  # the shortest way round through each module of the group
            came: dict[str, str] = {}
            todo = [start]
            while todo and start not in came:  # breadth first, back round to the start
                v = todo.pop(0)
                for w in sorted(graph[v] & members):
                    if w not in came:
                        came[w] = v
                        todo.append(w)
            path = [start]
            while len(path) == 1 or path[-1] != start:
                path.append(came[path[-1]])
            path.reverse()
            first = path.index(min(path[:-1]))  # one way to write each cycle
            cycles.add(tuple(path[first:-1] + path[:first + 1]))
    return [[m or "spades_lab" for m in c] for c in sorted(cycles)]


def upward_imports(path: Path, source: str | None = None) -> list[str]:
    me = module_name(path)
    return [f"line {i.line}: {me or 'spades_lab'} ({rank(me)}) imports {i.target} "
            f"({rank(i.target)})"
            for i in imports(path, source)
            if rank(i.target) > rank(me) and not (i.in_repr and i.target == "render")]


#: Where a lazy import is the design: the command line imports a command's machinery only when
#: that command runs, so ``spades-lab --help`` (and every command) starts without loading the
#: simulation, solver, pandas, site builder and server it does not use (measured by
#: ``tests/test_cli_startup.py``).  The simulation's optional numpy
#: batch path is imported at the top of ``play.sim``, guarded by ``ModuleNotFoundError``.
LAZY_ALLOWED = ("cli",)
#: The package's own ``__init__`` loads :class:`~spades_lab.core.line.Line` when first asked
#: for (a module ``__getattr__``): the line brings the record reader and its checks, which a
#: program that only plays games never needs, so ``import spades_lab`` stays quick
#: (``benchmarks/bench_engine.py`` times it; :func:`test_import_leaves_the_record_reader`).
LAZY_IN_INIT = ("core.line",)


def lazy_imports(path: Path, source: str | None = None) -> list[str]:
    """In-package imports inside a function or class (other than ``_repr_html_``): a hidden
    dependency the module's header does not show."""
    me = module_name(path)
    if me.startswith(LAZY_ALLOWED):
        return []
    return [f"line {i.line}: {me or 'spades_lab'} imports {i.target} lazily"
            for i in imports(path, source)
            if i.lazy and not i.in_repr and not (me == "" and i.target in LAZY_IN_INIT)]


def private_imports(path: Path, source: str | None = None) -> list[str]:
    """``from other_module import _private``: a name another module keeps to itself."""
    me = module_name(path)
    return [f"line {i.line}: {me} takes {n} from {i.target}" for i in imports(path, source)
            for n in i.names if n.startswith("_") and not n.startswith("__") and i.target != me]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p) or "spades_lab")
def test_imports_run_downward(path: Path) -> None:
    upward = upward_imports(path)
    assert not upward, "\n".join(upward)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p) or "spades_lab")
def test_no_lazy_or_private_imports(path: Path) -> None:
    found = lazy_imports(path) + private_imports(path)
    assert not found, "\n".join(found)


def test_the_check_sees_lazy_and_private_imports() -> None:
    viz = PACKAGE / "render" / "plots.py"
    assert lazy_imports(viz, "def f():\n    from .teach.explain import trump_timeline\n")
    assert lazy_imports(viz, "class C:\n    import spades_lab.core\n")
    assert not lazy_imports(viz, "from .teach.explain import trump_timeline\n")
    assert not lazy_imports(viz, "class G:\n    def _repr_html_(self):\n"
                                 "        from .render import game_html\n")
    assert not lazy_imports(viz, "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                 "    from .core.engine import Game\n")
    assert not lazy_imports(PACKAGE / "cli" / "main.py", "def f():\n    from ..core import x\n")
    site = PACKAGE / "cli" / "site.py"
    assert private_imports(site, "from ..core.cards import _data_dir\n")
    assert not private_imports(site, "from ..core.cards import data_dir, __all__\n")


def test_no_import_cycles() -> None:
    """No two modules import each other, however far round and however they import (a
    ``TYPE_CHECKING`` import is a dependency the type checker follows)."""
    cycles = import_cycles(import_graph())
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_the_check_sees_a_cycle() -> None:
    """A cycle made by a ``TYPE_CHECKING`` import, a lazy one or a ``from . import``, is
    found and printed round; the package as it is has none."""
    errors, engine = PACKAGE / "core" / "errors.py", PACKAGE / "core" / "engine.py"
    typed = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .engine import Game\n"
    found = import_cycles(import_graph({errors: typed}))
    assert found and all(c[0] == c[-1] for c in found)
    assert any("core.errors" in c and "core.engine" in c for c in found), found
    assert import_cycles(import_graph({errors: "def f():\n    from . import engine\n"}))
    planted = {PACKAGE / "core" / "a.py": "from . import b\n",
               PACKAGE / "core" / "b.py": "from .a import x\n"}
    assert ["core.a", "core.b", "core.a"] in import_cycles(import_graph(planted))
    downward = import_cycles(import_graph({engine: "from . import errors\n"}))
    assert not any("core.engine" in c for c in downward), downward


#: Modules kept under a name that moved, for code outside the package (the notebooks, the
#: guide, other programs): each only re-exports its new home, and no module of the package
#: imports one.
SHIMS = ("viz", "text", "widgets.words", "teach.wording", "core.words")
#: Packages whose ``__init__`` re-exports its modules under the package's name
#: (``spades_lab.render.table_html``, ``spades_lab.table.Table``): imports only, too.
REEXPORTS = ("render", "table")


def path_of(module: str) -> Path:
    base = PACKAGE.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def not_reexports(path: Path, source: str | None = None) -> list[str]:
    """What in ``path`` is more than a re-export: anything but its docstring, imports of the
    package's own modules (relative) and ``__all__``."""
    tree = ast.parse(path.read_text() if source is None else source, str(path))
    out = []
    for i, node in enumerate(tree.body):
        if i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue
        if isinstance(node, ast.ImportFrom) and (node.level or node.module == "__future__"):
            continue
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["__all__"]:
            continue
        out.append(f"line {node.lineno}: {ast.unparse(node).splitlines()[0][:60]}")
    return out


@pytest.mark.parametrize("module", SHIMS + REEXPORTS)
def test_shims_only_reexport(module: str) -> None:
    found = not_reexports(path_of(module))
    assert not found, f"{module} holds more than re-exports:\n" + "\n".join(found)


def test_no_module_imports_a_shim() -> None:
    graph = import_graph()
    found = [f"{me} imports {shim}" for me, targets in sorted(graph.items())
             for shim in SHIMS if shim in targets]
    assert not found, "\n".join(found) + "\n(import the module's new home)"


def test_the_check_sees_a_shim_that_does_more() -> None:
    viz = PACKAGE / "viz.py"
    assert not not_reexports(viz, '"""Doc."""\nfrom __future__ import annotations\n\n'
                                  'from .render.plots import f\n\n__all__ = ["f"]\n')
    assert not_reexports(viz, "from .render.plots import f\n\ndef g():\n    return f()\n")
    assert not_reexports(viz, "import matplotlib\n")
    assert not_reexports(viz, "X = 1\n")
    engine = PACKAGE / "core" / "engine.py"
    graph = import_graph({engine: "from .. import text\n"})
    assert "text" in graph["core.engine"]


def test_every_module_has_a_layer() -> None:
    for path in MODULES:
        rank(module_name(path))


def test_the_check_sees_upward_imports() -> None:
    """The walk flags relative, absolute and lazy upward imports, and lets the renderer be
    imported lazily only from ``_repr_html_``."""
    engine = PACKAGE / "core" / "engine.py"
    assert upward_imports(engine, "from ..teach.explain import explain_trick\n")
    assert upward_imports(engine, "from .records import replay\n")
    assert upward_imports(engine, "def f():\n    import spades_lab.widgets\n")
    assert upward_imports(engine, "def f():\n    from ..render import game_html\n")
    assert not upward_imports(engine, "class G:\n    def _repr_html_(self):\n"
                                      "        from ..render import game_html\n")
    assert not upward_imports(engine, "from .scoring import score_hand\nfrom . import cards\n")
    whatif = PACKAGE / "teach" / "whatif.py"
    assert upward_imports(whatif, "from .compare import compare_rules\n")
    assert not upward_imports(whatif, "from .explain import explain_trick\n")


def test_import_leaves_the_record_reader() -> None:
    """``import spades_lab`` loads the engine, not the record reader, its checks or the
    file writer (nor difflib, which only a refusal needs); ``spades_lab.Line`` loads them."""
    code = ("import sys, spades_lab\n"
            "later = ('spades_lab.core.line', 'spades_lab.core.records', "
            "'spades_lab.core.validate', 'spades_lab.core.files', 'difflib')\n"
            "print(sorted(m for m in later if m in sys.modules))\n"
            "spades_lab.Line\n"
            "print('spades_lab.core.line' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=PACKAGE.parent).stdout.split("\n")
    assert out[:2] == ["[]", "True"], out
