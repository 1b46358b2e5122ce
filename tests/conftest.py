"""Marks each test by its folder (engine, render, bot) so a tier can be run alone: -m engine."""

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        parts = item.path.parts
        for tier in ("engine", "render", "bot"):
            if tier in parts:
                item.add_marker(getattr(pytest.mark, tier))
