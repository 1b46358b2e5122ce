"""Marks each test by its folder (engine, render, bot) so a tier can be run alone: -m engine.

Tests marked ``slow(seconds)`` run first, longest first, spread over the workers: pytest-xdist
hands each worker a contiguous share of the collection (``--dist worksteal`` and ``load`` both
do) and steals only from the end of a share, so a long test left late in a share would run alone
at the end. ``seconds`` is a rough serial duration, only to order them.
"""

import os

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        parts = item.path.parts
        for tier in ("engine", "render", "bot"):
            if tier in parts:
                item.add_marker(getattr(pytest.mark, tier))
    items[:] = slow_first(items, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))


def slow_first(items: list[pytest.Item], workers: int) -> list[pytest.Item]:
    """The collection in shares as xdist cuts it (worker i of n gets ``left // (n - i)`` of what is left), each
    share starting with its part of the slow tests (longest first), then the rest in collection order.
    Every worker computes the same order, as xdist requires."""
    slow = sorted((item for item in items if item.get_closest_marker("slow")), key=_seconds, reverse=True)
    if not slow:
        return items
    rest = iter([item for item in items if not item.get_closest_marker("slow")])
    shares: list[list[pytest.Item]] = [[] for _ in range(workers)]
    loads = [0.0] * workers
    for item in slow:  # each to the share with the least slow work so far
        i = loads.index(min(loads))
        shares[i].append(item)
        loads[i] += _seconds(item)
    left = len(items)
    for i, share in enumerate(shares):
        size = left // (workers - i)
        left -= size
        share.extend(item for _, item in zip(range(size - len(share)), rest, strict=False))
    ordered = [item for share in shares for item in share]
    ordered.extend(rest)  # only if a share got more slow tests than its size (a tiny selection)
    return ordered


def _seconds(item: pytest.Item) -> float:
    marker = item.get_closest_marker("slow")
    return float(marker.args[0]) if marker is not None and marker.args else 30.0
