"""The package's layers run one way.

Each module belongs to a layer (its folder, or for the core and the teaching modules a finer
order inside the folder); a module may import only from its own layer or below.  The one
exception is the lazy import of :mod:`spades_lab.render` inside a ``_repr_html_`` method, which
lets an engine object draw itself in a notebook without the engine depending on the drawing.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "spades_lab"

#: Layer rank of each module (``spades_lab.<name>``); a folder's ``__init__`` and any module not
#: named here take the folder's rank.
RANKS: dict[str, int] = {
    "core.errors": 0, "core.cards": 1, "core.rules": 2, "core.bids": 3, "core.tricks": 4,
    "core.files": 0,  # writing files whole, the folders a command may fill: errors only
    "core.validate": 3,  # record checking: types and shapes, with the rules' seat counts
    "core.scoring": 5, "core.engine": 6, "core.records": 7, "core": 0,
    "": 8,  # spades_lab/__init__.py re-exports the core
    "play": 10,
    "solver": 20,
    "teach.wording": 29,  # words shared by results and drawings: core only
    "teach.explain": 30, "teach.whatif": 31, "teach.compare": 32, "teach.tables": 33,
    "teach.quiz": 33,
    "teach": 34,
    "render": 40, "viz": 40, "text": 40,
    "widgets": 50,
    "cli": 60,
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def rank(module: str) -> int:
    probe = module
    while True:
        if probe in RANKS:
            return RANKS[probe]
        if not probe:
            raise KeyError(module)
        probe = probe.rpartition(".")[0]


def imports(path: Path, source: str | None = None) -> list[tuple[str, int, bool]]:
    """(imported module relative to the package, line, inside a ``_repr_html_``) for each
    import of a spades_lab module in ``path`` (read from disk unless ``source`` is given)."""
    tree = ast.parse(path.read_text() if source is None else source, str(path))
    here = module_name(path).split(".") if module_name(path) else []
    package = here if path.name == "__init__.py" else here[:-1]
    out: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_repr: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_repr or (isinstance(child, ast.FunctionDef)
                                 and child.name == "_repr_html_")
            if isinstance(child, ast.ImportFrom):
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
                out.extend((n, child.lineno, inside) for n in names)
            elif isinstance(child, ast.Import):
                out.extend((a.name.removeprefix("spades_lab").lstrip("."), child.lineno, inside)
                           for a in child.names if a.name.startswith("spades_lab"))
            visit(child, inside)

    visit(tree, False)
    return out


MODULES = sorted(PACKAGE.rglob("*.py"))


def upward_imports(path: Path, source: str | None = None) -> list[str]:
    me = module_name(path)
    return [f"line {line}: {me or 'spades_lab'} ({rank(me)}) imports {target} ({rank(target)})"
            for target, line, in_repr in imports(path, source)
            if rank(target) > rank(me) and not (in_repr and target == "render")]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p) or "spades_lab")
def test_imports_run_downward(path: Path) -> None:
    upward = upward_imports(path)
    assert not upward, "\n".join(upward)


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
