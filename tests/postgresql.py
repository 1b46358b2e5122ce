"""A throwaway PostgreSQL server for the tests: started once per test process, a fresh database per test.

The server is PostgreSQL's own binaries (Debian's ``postgresql`` package puts them in
``/usr/lib/postgresql/<version>/bin``), run with its data and its socket in a temporary folder (in memory,
``/dev/shm``, where there is room): no TCP port, so parallel test processes never clash, and nothing outside the
folder is touched. PostgreSQL refuses to run as root, so as root the server runs as the ``postgres`` system user
(the package creates it). Durability is switched off (``fsync``, and autovacuum with it): the data lives as long
as the test run.

Each test's database is a copy of one migrated once (``CREATE DATABASE … TEMPLATE``), which costs a few
milliseconds instead of applying every migration again. A server whose test process was killed (and so could not
stop it) is stopped by the next test process that starts one.
"""

from __future__ import annotations

import contextlib
import functools
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

#: ``NIGHTFALL_TEST_POSTGRESQL=required`` (CI): a server that cannot start fails the run instead of skipping
REQUIRED_ENV = "NIGHTFALL_TEST_POSTGRESQL"
#: the user the server runs as when the tests run as root
SYSTEM_USER = "postgres"
TEMPLATE = "nightfall_template"
#: the text that starts the reason of every test skipped because PostgreSQL could not start
POSTGRESQL_SKIPPED = "PostgreSQL unavailable"


class Unavailable(Exception):
    """PostgreSQL cannot be started here; the message says why (and how to get it)."""


def orphaned(root: Path) -> bool:
    """Whether the test process that made ``root`` (its ``owner.pid``) is gone, so what it left there is nobody's. A
    root whose owner cannot be read is not ours to judge."""
    try:
        os.kill(int((root / "owner.pid").read_text()), 0)
    except ProcessLookupError:
        return True
    except (OSError, ValueError):
        return False
    return False  # its test process still runs


def required() -> bool:
    return os.environ.get(REQUIRED_ENV, "").strip().lower() == "required"


def find_bin() -> Path:
    """The folder with ``initdb`` and ``pg_ctl``: the newest installed version (or ``$PG_BIN``)."""
    if os.environ.get("PG_BIN"):
        if not (Path(os.environ["PG_BIN"]) / "initdb").exists():
            raise Unavailable(f"PG_BIN={os.environ['PG_BIN']} holds no initdb")
        return Path(os.environ["PG_BIN"])
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent
    raise Unavailable("PostgreSQL's initdb was not found (install Debian's `postgresql` package)")


@functools.cache
def missing() -> str | None:
    """Why no server can be started here (None: the binaries, and as root the user to run them as, are there)."""
    try:
        find_bin()
        if os.geteuid() == 0:
            pwd.getpwnam(SYSTEM_USER)
    except Unavailable as e:
        return str(e)
    except KeyError:
        return f"running as root, and no `{SYSTEM_USER}` user to run PostgreSQL as"
    return None


PREFIX = "nightfall-pg-"
#: memory-backed folder the server's files go in when it has room: each test's ``CREATE DATABASE`` copies the
#: template's files (and checkpoints), which on a busy disk took 50-350 ms a test, in memory about 10 ms
MEMORY = Path("/dev/shm")
MEMORY_NEEDED = 1 << 30


def base_folder() -> Path:
    """Where the servers' folders go: ``/dev/shm`` when it is there, writable and has a gigabyte free, else the
    temporary folder (``$TMPDIR``)."""
    try:
        if os.access(MEMORY, os.W_OK) and shutil.disk_usage(MEMORY).free >= MEMORY_NEEDED:
            return MEMORY
    except OSError:
        pass
    return Path(tempfile.gettempdir())


class Cluster:
    """One PostgreSQL server in a temporary folder, reached by its Unix socket."""

    def __init__(self) -> None:
        self.bin = find_bin()
        self.as_root = os.geteuid() == 0
        if self.as_root:
            try:
                self.user = pwd.getpwnam(SYSTEM_USER)
            except KeyError as e:
                raise Unavailable(f"running as root, and no `{SYSTEM_USER}` user to run PostgreSQL as") from e
        self.root = Path(tempfile.mkdtemp(prefix=PREFIX, dir=base_folder()))
        (self.root / "owner.pid").write_text(str(os.getpid()))
        self.data = self.root / "data"
        self.socket = self.root / "socket"
        self.socket.mkdir()
        if self.as_root:
            for path in (self.root, self.socket):
                os.chown(path, self.user.pw_uid, self.user.pw_gid)
        self.role = SYSTEM_USER if self.as_root else pwd.getpwuid(os.geteuid()).pw_name
        self.created = 0
        self.running = False

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.as_root:
            command = ["runuser", "-u", SYSTEM_USER, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=self.root)
        if done.returncode != 0:
            raise Unavailable(f"{args[0]} failed ({done.returncode}): {(done.stderr or done.stdout).strip()[-800:]}")

    def start(self) -> None:
        self._stop_orphans()
        self._run(
            "initdb", "-D", str(self.data), "-U", self.role, "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"
        )
        options = (
            f"-k {self.socket} -c listen_addresses='' -c fsync=off -c synchronous_commit=off "
            "-c full_page_writes=off -c autovacuum=off -c max_connections=200"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.root / "server.log"),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        )
        self.running = True

    def _stop_orphans(self) -> None:
        """Stop and remove the servers of test processes that are gone (killed before they could stop them)."""
        for root in {*MEMORY.glob(f"{PREFIX}*"), *Path(tempfile.gettempdir()).glob(f"{PREFIX}*")}:
            if not orphaned(root):
                continue
            if (root / "data" / "postmaster.pid").exists():
                with contextlib.suppress(Unavailable, subprocess.TimeoutExpired):
                    self._run("pg_ctl", "-D", str(root / "data"), "-m", "immediate", "-w", "stop")
            shutil.rmtree(root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.role}@/{database}?host={self.socket}"

    def admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(sql)  # type: ignore[arg-type]

    def new_database(self, template: str = TEMPLATE) -> str:
        """A fresh database copied from ``template``; its URL."""
        self.created += 1
        name = f"test_{os.getpid()}_{self.created}"
        self.admin(f"CREATE DATABASE {name} TEMPLATE {template} STRATEGY FILE_COPY")
        return self.url(name)

    def stop(self) -> None:
        if self.running:
            with contextlib.suppress(Unavailable, subprocess.TimeoutExpired):
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
            self.running = False
        shutil.rmtree(self.root, ignore_errors=True)


def wait_for_no_connections(cluster: Cluster, database: str, seconds: float = 10.0) -> None:
    """A template can be copied only when nobody is connected to it (a closed pool lets go a moment later)."""
    import psycopg

    give_up = time.monotonic() + seconds
    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        while time.monotonic() < give_up:
            row = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s", (database,)).fetchone()
            if not row or not row[0]:
                return
            time.sleep(0.02)
