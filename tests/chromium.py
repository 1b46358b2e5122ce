"""A headless Chromium for the web table's browser tests: Debian's ``chromium`` package, started once per test
process and driven with Playwright's Python client over the DevTools protocol (Playwright never downloads a browser
here).

The browser runs with a throwaway profile in a temporary folder and listens for DevTools on a free port of loopback
(it writes the port in the profile's ``DevToolsActivePort``), so parallel test processes never clash. Each test
connects its own Playwright client (bound to the test's event loop) and gets pages in a context of its own: no
cookie, cache or storage crosses from one test to the next. As root, or in a container without user namespaces,
Chromium's sandbox cannot start, so it runs with ``--no-sandbox``: it only ever opens the tests' own pages.

Where no browser can start, the browser tests are skipped with one line in the summary (``tests/conftest.py``);
``NIGHTFALL_TEST_CHROMIUM=required`` (CI: ``.ci/run``) fails them instead.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from tests.postgresql import orphaned

#: ``NIGHTFALL_TEST_CHROMIUM=required`` (CI): a browser that cannot start fails the run instead of skipping
REQUIRED_ENV = "NIGHTFALL_TEST_CHROMIUM"
#: a browser of one's own instead of the first found: ``CHROMIUM_BIN=/path/to/chrome``
PATH_ENV = "CHROMIUM_BIN"
#: Debian's browser itself (``/usr/bin/chromium`` is a launcher script that adds flags and chatters), then the names
#: the browser goes by on other systems' paths
CANDIDATES = ("/usr/lib/chromium/chromium", "chromium", "chromium-browser", "google-chrome")
#: the text that starts the reason of every test skipped because no browser could start
CHROMIUM_SKIPPED = "Chromium unavailable"
PREFIX = "nightfall-chromium-"
#: seconds the browser has to open its DevTools port (a cold start on a busy machine takes a few)
START_SECONDS = 60.0
#: what a browser in a container or a CI runner needs: headless, no GPU, /dev/shm (often 64 MB) left alone, nothing
#: fetched or shown on its own (first-run pages, updates, sync, translation), scrollbars hidden (they would take
#: width from a 360 px page and change screenshots), the same font rendering everywhere
FLAGS = (
    "--headless",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-extensions",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-default-apps",
    "--disable-sync",
    "--disable-features=Translate,MediaRouter,OptimizationHints",
    "--metrics-recording-only",
    "--mute-audio",
    "--hide-scrollbars",
    "--font-render-hinting=none",
    "--password-store=basic",
    "--use-mock-keychain",
)


class Unavailable(Exception):
    """No browser can be started here; the message says why (and how to get one)."""


def required() -> bool:
    return os.environ.get(REQUIRED_ENV, "").strip().lower() == "required"


def find() -> str:
    """The browser to run: ``$CHROMIUM_BIN``, else the first of :data:`CANDIDATES` found."""
    if os.environ.get(PATH_ENV):
        chosen = os.environ[PATH_ENV]
        if not os.access(chosen, os.X_OK):
            raise Unavailable(f"{PATH_ENV}={chosen} is not an executable")
        return chosen
    for name in CANDIDATES:
        found = name if os.path.isabs(name) and os.access(name, os.X_OK) else shutil.which(name)
        if found:
            return found
    raise Unavailable("no Chromium was found (install Debian's `chromium` package, or set CHROMIUM_BIN)")


def missing() -> str | None:
    """Why no browser can be started here (None: one was found). Playwright's client is a test dependency: without
    it the tests fail to import, as for any other."""
    try:
        find()
    except Unavailable as e:
        return str(e)
    return None


def _libc() -> ctypes.CDLL | None:
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


#: loaded here, not in the forked child: a library loaded between fork and exec could wait on a lock another thread
#: of the test process held at the fork
_LIBC = _libc()
PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Run in the browser's process before it starts: it is killed when the test process dies, even by SIGKILL
    (Linux's parent-death signal), so a killed test run leaves no browser behind."""
    if _LIBC is not None and hasattr(_LIBC, "prctl"):
        _LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


class Chromium:
    """One headless browser; :attr:`endpoint` is the address Playwright's ``connect_over_cdp`` takes."""

    def __init__(self) -> None:
        self.executable = find()
        self.root = Path(tempfile.mkdtemp(prefix=PREFIX))
        (self.root / "owner.pid").write_text(str(os.getpid()))
        self.profile = self.root / "profile"
        self.log = self.root / "chromium.log"
        self.process: subprocess.Popen[bytes] | None = None
        self.endpoint = ""

    def start(self) -> None:
        _remove_orphans()
        sandbox = ("--no-sandbox",) if os.geteuid() == 0 or os.environ.get("CI") else ()
        command = [
            self.executable,
            *FLAGS,
            *sandbox,
            "--remote-debugging-address=127.0.0.1",
            "--remote-debugging-port=0",
            f"--user-data-dir={self.profile}",
            "about:blank",
        ]
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its helpers (zygote, renderers) in a group of their own: stopped as one
                preexec_fn=_die_with_parent,
            )
        port_file = self.profile / "DevToolsActivePort"
        give_up = time.monotonic() + START_SECONDS
        while time.monotonic() < give_up:
            if self.process.poll() is not None:
                self.stop()
                raise Unavailable(f"{self.executable} exited with {self.process.returncode}: {self._tail()}")
            lines = port_file.read_text().splitlines() if port_file.exists() else []
            if len(lines) >= 2 and lines[0].isdigit():
                self.endpoint = f"http://127.0.0.1:{lines[0]}"
                return
            time.sleep(0.02)
        self.stop()
        raise Unavailable(f"{self.executable} did not open its DevTools port within {START_SECONDS:.0f} s")

    def _tail(self) -> str:
        try:
            return self.log.read_text(errors="replace").strip()[-800:]
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        shutil.rmtree(self.root, ignore_errors=True)


def _remove_orphans() -> None:
    """Remove the profiles of test processes that are gone (their browser died with them)."""
    for root in Path(tempfile.gettempdir()).glob(f"{PREFIX}*"):
        if orphaned(root):
            shutil.rmtree(root, ignore_errors=True)
