"""Marks each test by its folder (engine, render, bot, web) so a tier can be run alone: -m engine.

Tests marked ``slow(seconds)`` run first, longest first, spread over the workers: pytest-xdist
hands each worker a contiguous share of the collection (``--dist worksteal`` and ``load`` both
do) and steals only from the end of a share, so a long test left late in a share would run alone
at the end. ``seconds`` is a rough serial duration, only to order them.

Tests that use the bot's database (the ``db_location`` fixture, through ``settings`` or directly) run on the
stores ``NIGHTFALL_TEST_STORES`` names. By default (``auto``) every such test runs on SQLite, and those marked
``postgresql`` on PostgreSQL too when its binaries are installed (the tests start their own server:
``tests/postgresql.py``): the store's own tests, whole games, restarts, crashes, races, deadlines, several processes.
What could tell the stores apart is the SQL each is given, so a whole run on both stores also checks that every
statement the store ran on SQLite was run on PostgreSQL too, and fails with the tests to mark when one was not
(``tests/statements.py``). Where PostgreSQL's binaries are missing the summary says in one line that the PostgreSQL
half was not run and how to get it; ``NIGHTFALL_TEST_POSTGRESQL=required`` (CI) makes ``auto`` include PostgreSQL,
and a server that cannot start fails the run. ``sqlite``, ``postgresql`` or ``sqlite,postgresql`` choose, for every
database test (``sqlite,postgresql``: the whole bot suite on both stores). A test marked ``postgresql`` runs on both
whatever the choice (skipped, with one line in the summary, where no server can start); one marked ``sqlite_only``
only on SQLite (it looks into the SQLite file itself, or tests what only a file can do). A test that runs on one
store only keeps its plain name; with more it gets ``[sqlite]``/``[postgresql]``.

The web table's browser tests (``tests/web``) drive Debian's ``chromium`` (``tests/chromium.py``); where it is missing
they are skipped with one line in the summary, and ``NIGHTFALL_TEST_CHROMIUM=required`` (CI) fails them instead.
"""

import os

import pytest

from . import chromium, postgresql, statements
from .chromium import CHROMIUM_SKIPPED
from .postgresql import POSTGRESQL_SKIPPED
from .statements import pytest_configure, pytest_runtest_protocol, pytest_testnodedown  # noqa: F401 (its hooks)

STORES = ("sqlite", "postgresql")
#: the environment variable that chooses the stores, and its default
STORES_ENV = "NIGHTFALL_TEST_STORES"
AUTO = "auto"


def _chosen() -> str:
    return os.environ.get(STORES_ENV, AUTO).strip().lower() or AUTO


def stores_to_test() -> list[str]:
    """The stores the database tests run on (``NIGHTFALL_TEST_STORES``, comma-separated, or ``auto``): under
    ``auto``, a test not marked ``postgresql`` runs on the first of them only."""
    chosen = _chosen()
    if chosen == AUTO:
        return list(STORES) if postgresql.required() or postgresql.missing() is None else ["sqlite"]
    names = [s.strip() for s in chosen.split(",") if s.strip()]
    unknown = sorted(set(names) - set(STORES))
    if unknown or not names:
        raise pytest.UsageError(f"{STORES_ENV}: {unknown or names} (choose among {', '.join(STORES)}, or {AUTO})")
    return [s for s in STORES if s in names]


def _postgresql_left_out() -> str | None:
    """Why ``auto`` left the PostgreSQL half of the suite out (None: it did not)."""
    if _chosen() != AUTO or postgresql.required():
        return None
    return postgresql.missing()


def pytest_report_header(config: pytest.Config) -> str:
    left_out = _postgresql_left_out()
    return f"stores: {', '.join(stores_to_test())}" + (f" (PostgreSQL left out: {left_out})" if left_out else "")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "db_store" not in metafunc.fixturenames:
        return
    stores = stores_to_test()
    if metafunc.definition.get_closest_marker("sqlite_only"):
        stores = ["sqlite"]
    elif metafunc.definition.get_closest_marker("postgresql") and _postgresql_left_out() is None:
        stores = list(STORES)
    elif _chosen() == AUTO:
        stores = stores[:1]
    if stores != ["sqlite"]:
        metafunc.parametrize("db_store", stores, indirect=True)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One clear line when the PostgreSQL half of the suite was left out, or its tests were skipped (the reason is
    the same for each); one when the browser tests were skipped for want of a Chromium."""
    reasons = _skipped(terminalreporter, POSTGRESQL_SKIPPED)
    browserless = _skipped(terminalreporter, CHROMIUM_SKIPPED)
    if browserless:
        terminalreporter.write_sep("=", "Chromium", yellow=True)
        terminalreporter.write_line(
            f"{len(browserless)} browser test(s) of the web table were SKIPPED: {browserless[0]}. To run them, as CI "
            f"(.ci/run) does: install Debian's `chromium` package, or set {chromium.PATH_ENV} to a Chromium",
            yellow=True,
            bold=True,
        )
    statements.report(terminalreporter, stores_to_test())
    left_out = _postgresql_left_out()
    if reasons or left_out:
        terminalreporter.write_sep("=", "PostgreSQL", yellow=True)
    if left_out:
        terminalreporter.write_line(
            f"the bot tests ran on SQLite only, the PostgreSQL half was SKIPPED: {left_out}. To run both stores, "
            "as CI (.ci/run) does: install Debian's `postgresql` package, or set PG_BIN to PostgreSQL's bin folder",
            yellow=True,
            bold=True,
        )
    if reasons:
        terminalreporter.write_line(
            f"{len(reasons)} test(s) on the PostgreSQL store were SKIPPED: {reasons[0]}", yellow=True, bold=True
        )


def _skipped(terminalreporter: pytest.TerminalReporter, prefix: str) -> list[str]:
    """The reasons of the tests skipped for a reason that starts with ``prefix``."""
    reasons = []
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = getattr(report, "longrepr", None)
        text = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
        if prefix in text:
            reasons.append(text[text.index(prefix) :])
    return reasons


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A whole run on both stores fails when PostgreSQL never ran a statement SQLite ran (``tests/statements.py``)."""
    statements.hand_over(session)
    if statements.failed(session.config, stores_to_test()) and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        parts = item.path.parts
        for tier in ("engine", "render", "bot", "web"):
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
