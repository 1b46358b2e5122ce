"""The engine's, render's and the benchmarks' modules import each other without a circle, as the bot's do
(``tests/test_layout.py``). Type-only (``TYPE_CHECKING``) and function-level imports count too: a circle drawn
only at run time or only for the type checker is still two modules that cannot be read one after the other."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.test_layout import _cycles, _imports

ROOT = Path(__file__).resolve().parent.parent
#: the top-level packages checked here (``bench`` is a namespace package: its scripts import ``bench.x``)
PACKAGES = ("engine", "render", "bench")


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _graph(package: str) -> dict[str, set[str]]:
    """Module → the modules of ``package`` it imports, anywhere in its code (relative imports resolved)."""
    paths = {_module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}
    graph: dict[str, set[str]] = {m: set() for m in paths}
    for module, path in paths.items():
        own = module + (".__init__" if path.name == "__init__.py" else "")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base, *subs = _imports(ast.Module(body=[node], type_ignores=[]), own)
                # "from . import x" imports the module x, not the package's own __init__
                targets = subs if subs and all(s in paths for s in subs) else [base, *subs]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            graph[module] |= {t for t in targets if t in paths and t != module}
    return graph


@pytest.mark.parametrize("package", PACKAGES)
def test_a_packages_modules_import_each_other_without_a_circle(package: str) -> None:
    graph = _graph(package)
    assert len(graph) > 3 and any(graph.values()), f"{package}: no imports found"
    assert _cycles(graph) == []


def test_the_graph_sees_type_only_and_function_level_imports() -> None:
    graph = _graph("engine")
    # a top-level relative import, and the packages' own modules by "from . import x"
    assert "engine.protocol" in graph["engine.games"] and "engine.nightfall.rules" in graph["engine.games"]
    code = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\ndef f():\n    from . import c\n"
    tree = ast.parse(code)
    found = _imports(tree, "pkg.a")
    assert "pkg.b" in found and "pkg.c" in found
