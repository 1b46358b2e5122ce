"""The renderer stays a pure library: no discord, no clock, no randomness outside the views."""

from __future__ import annotations

import ast
from pathlib import Path

RENDER = Path(__file__).resolve().parents[2] / "render"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_render_imports_no_discord_and_no_clock() -> None:
    files = sorted(RENDER.glob("*.py"))
    assert files
    for path in files:
        mods = imported_modules(path)
        assert not mods & {"discord", "bot", "datetime"}, (path.name, mods)
        if path.name not in ("samples.py",):
            assert "random" not in mods, path.name
