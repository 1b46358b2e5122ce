"""The deployment files hold together: ``compose.yaml`` runs every bot process on its PostgreSQL service, with the
shards split between them and no token in the file, and the image (``Dockerfile``, ``.dockerignore``) gets every
file the bot reads at run time and none of the secrets or local files beside it.

No Docker is needed: the files are read as Docker reads them (the build context's ignore rules, the Dockerfile's
COPY lines, the compose file's ``${VAR}`` interpolation), and each helper is checked on a wrong case as well, so a
check that passes says something.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
import yaml

from render import theme

ROOT = Path(__file__).resolve().parent.parent
COMPOSE = ROOT / "compose.yaml"
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"
#: the token a test puts in the environment, to see where the compose file takes the bot's token from
TOKEN = "token-from-the-environment"
#: the shape of a Discord bot token: three base64url parts joined by dots
TOKEN_SHAPE = re.compile(r"[\w-]{23,}\.[\w-]{6,7}\.[\w-]{27,}")


# ---------------------------------------------------------------------------------------------- the build context
def dockerignore_rules(text: str) -> list[tuple[re.Pattern[str], bool]]:
    """The rules of a ``.dockerignore``, in order: (pattern, whether it lets a path back in with ``!``).

    As Docker reads them: a line is trimmed, ``#`` starts a comment line, a leading ``/`` means the context's root
    anyway; ``**`` matches any number of folders, ``*`` and ``?`` stay within one name."""
    rules = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        back_in = line.startswith("!")
        pattern = os.path.normpath(line.removeprefix("!").strip()).lstrip("/")
        regex, i = "", 0
        while i < len(pattern):
            if pattern.startswith("**/", i):
                regex, i = regex + "(?:.*/)?", i + 3
            elif pattern.startswith("**", i):
                regex, i = regex + ".*", i + 2
            elif pattern[i] == "*":
                regex, i = regex + "[^/]*", i + 1
            elif pattern[i] == "?":
                regex, i = regex + "[^/]", i + 1
            elif pattern[i] == "[":
                end = pattern.index("]", i)
                regex, i = regex + pattern[i : end + 1], end + 1
            else:
                regex, i = regex + re.escape(pattern[i]), i + 1
        rules.append((re.compile(regex + r"\Z"), back_in))
    return rules


def ignored(path: str, rules: list[tuple[re.Pattern[str], bool]]) -> bool:
    """Whether a file (a path relative to the context) stays out of the build: the last rule that matches the path
    or one of its folders decides (Docker's ``MatchesOrParentMatches``)."""
    parts = path.split("/")
    prefixes = ["/".join(parts[: n + 1]) for n in range(len(parts))]
    out = False
    for regex, back_in in rules:
        if any(regex.match(p) for p in prefixes):
            out = not back_in
    return out


def test_the_ignore_rules_are_read_as_docker_reads_them() -> None:
    rules = dockerignore_rules("*\n!bot\n**/__pycache__\n# a comment\n/docs/*.md\n!docs/keep.md\n")
    assert not ignored("bot/app.py", rules)
    assert ignored("tests/test_x.py", rules)
    assert ignored(".env", rules)
    assert ignored("bot/__pycache__/app.cpython-311.pyc", rules)
    assert ignored("bot/store/__pycache__/base.pyc", rules)
    assert not ignored("docs/keep.md", rules)
    rules = dockerignore_rules(".env\n*.db\n")
    assert ignored(".env", rules) and ignored("nightfall.db", rules)
    assert not ignored("data/nightfall.db", rules)  # `*` stays within one name, as in Docker
    assert not ignored("bot/app.py", rules)


def copied_sources(dockerfile: str) -> list[str]:
    """The context paths the Dockerfile's COPY and ADD lines take (a copy from another stage takes none)."""
    sources = []
    for instruction in instructions(dockerfile):
        keyword, _, rest = instruction.partition(" ")
        if keyword.upper() not in ("COPY", "ADD"):
            continue
        rest = rest.strip()
        if rest.startswith("["):
            args = json.loads(rest)
        else:
            args = shlex.split(rest)
        flags = [a for a in args if a.startswith("--")]
        if any(f.startswith("--from=") for f in flags):
            continue
        paths = [a for a in args if not a.startswith("--")]
        assert len(paths) >= 2, f"a COPY without a source or a destination: {instruction}"
        sources += [os.path.normpath(p) for p in paths[:-1]]
    return sources


def instructions(dockerfile: str) -> Iterator[str]:
    """The Dockerfile's instructions, each on one line (continuation lines joined, comments left out)."""
    current = ""
    for line in dockerfile.splitlines():
        if not current and line.lstrip().startswith("#"):
            continue
        if line.rstrip().endswith("\\"):
            current += line.rstrip()[:-1] + " "
            continue
        current += line
        if current.strip():
            yield current.strip()
        current = ""
    if current.strip():
        yield current.strip()


def test_copied_sources_are_read_from_copy_lines() -> None:
    dockerfile = 'FROM x\n# COPY nothing here\nCOPY --chown=1:1 a b/ ./\nCOPY ["c", "/d"]\nCOPY --from=build /x /y\n'
    assert copied_sources(dockerfile) == ["a", "b", "c"]


def runtime_files() -> list[str]:
    """Every file the bot reads while it runs: its code, the fonts the images are drawn with, the card data, the
    text catalogues and the migrations (``python -m bot.migrate`` reads them from ``migrations/`` beside the
    packages, as ``bot/store/base.py`` says)."""
    files = [f"render/fonts/{name}" for name in theme._FONT_FILES.values()]
    for package in ("engine", "render", "bot"):
        root = ROOT / package
        files += [p.relative_to(ROOT).as_posix() for p in root.rglob("*.py") if "__pycache__" not in p.parts]
        files += [p.relative_to(ROOT).as_posix() for p in root.rglob("locales/**/*.po")]
        files += [p.relative_to(ROOT).as_posix() for p in root.rglob("locales/*.pot")]
        files += [p.relative_to(ROOT).as_posix() for p in root.rglob("data/*.json")]
    files += [p.relative_to(ROOT).as_posix() for p in (ROOT / "migrations").rglob("*.sql")]
    return files


def test_the_runtime_files_are_found() -> None:
    """The list the next test checks is the real one: the fonts the renderer opens, catalogues, data, migrations."""
    files = set(runtime_files())
    assert {f"render/fonts/{name}" for name in theme._FONT_FILES.values()} <= files
    assert all((ROOT / f).is_file() for f in files)
    for expected in (
        "bot/words/locales/pl/LC_MESSAGES/bot.po",
        "engine/nightfall/data/cards.json",
        "migrations/0001_init.sql",
        "migrations/postgresql/0001_init.sql",
        "render/theme.py",
    ):
        assert expected in files


def test_every_copied_path_exists_and_reaches_the_build() -> None:
    sources = copied_sources(DOCKERFILE.read_text(encoding="utf-8"))
    rules = dockerignore_rules(DOCKERIGNORE.read_text(encoding="utf-8"))
    assert sources
    for source in sources:
        assert (ROOT / source).exists(), f"the Dockerfile copies {source}, which is not in the repository"
        assert not ignored(source, rules), f"the Dockerfile copies {source}, which .dockerignore leaves out"


def test_the_image_gets_every_file_the_bot_reads_at_run_time() -> None:
    sources = copied_sources(DOCKERFILE.read_text(encoding="utf-8"))
    rules = dockerignore_rules(DOCKERIGNORE.read_text(encoding="utf-8"))
    left_out = [f for f in runtime_files() if ignored(f, rules)]
    assert not left_out, f".dockerignore leaves out what the bot reads at run time: {left_out[:5]}"
    not_copied = [f for f in runtime_files() if not any(s == "." or f == s or f.startswith(s + "/") for s in sources)]
    assert not not_copied, f"no COPY line of the Dockerfile takes {not_copied[:5]}"


@pytest.mark.parametrize(
    "path",
    [
        ".env",
        "nightfall.db",
        "nightfall.db-wal",
        ".venv/bin/python",
        ".git/config",
        "tests/conftest.py",
        "bot/__pycache__/app.cpython-311.pyc",
        ".pytest_cache/README.md",
        "bench/bot.py",
    ],
)
def test_secrets_and_local_files_stay_out_of_the_image(path: str) -> None:
    assert ignored(path, dockerignore_rules(DOCKERIGNORE.read_text(encoding="utf-8")))


def test_the_image_runs_migrations_then_the_bot_as_a_user_and_holds_no_token() -> None:
    dockerfile = list(instructions(DOCKERFILE.read_text(encoding="utf-8")))
    assert dockerfile[0].split()[1].startswith("python:3.11-slim")
    users = [i.split()[1] for i in dockerfile if i.upper().startswith("USER ")]
    assert users and users[-1].split(":")[0] not in ("root", "0"), "the bot must not run as root"
    cmd = [i for i in dockerfile if i.upper().startswith(("CMD ", "ENTRYPOINT "))][-1]
    assert 0 <= cmd.find("python -m bot.migrate") < cmd.find('exec python -m bot"'), cmd
    assert not [i for i in dockerfile if i.upper().startswith(("ENV ", "ARG ")) and "DISCORD_TOKEN" in i]


# ---------------------------------------------------------------------------------------------- compose.yaml
_VARIABLE = re.compile(r"\$(?:\$|\{(?P<name>\w+)(?:(?P<op>:?[-?])(?P<arg>[^}]*))?\})")


def interpolate(value: Any, env: Mapping[str, str]) -> Any:
    """The compose file with ``${VAR}``, ``${VAR:-default}`` and ``${VAR:?error}`` replaced as Compose does, from
    ``env`` alone (the test's, not the machine's environment nor a .env file)."""
    if isinstance(value, dict):
        return {k: interpolate(v, env) for k, v in value.items()}
    if isinstance(value, list):
        return [interpolate(v, env) for v in value]
    if not isinstance(value, str):
        return value

    def one(m: re.Match[str]) -> str:
        if m.group(0) == "$$":
            return "$"
        name, op, arg = m.group("name"), m.group("op"), m.group("arg")
        found = env.get(name)
        unset = found is None or (op is not None and op.startswith(":") and found == "")
        if unset and op in (":?", "?"):
            raise LookupError(f"{name}: {arg}")
        if unset and op in (":-", "-"):
            return arg
        return found or ""

    return _VARIABLE.sub(one, value)


def test_interpolation_is_read_as_compose_reads_it() -> None:
    assert interpolate("a${X:-d}b${Y}c$$", {"Y": "y"}) == "adbyc$"
    assert interpolate("${X:-d}", {"X": "x"}) == "x"
    with pytest.raises(LookupError):
        interpolate({"k": ["${X:?needed}"]}, {})


def compose(env: Mapping[str, str]) -> dict[str, Any]:
    return interpolate(yaml.safe_load(COMPOSE.read_text(encoding="utf-8")), env)


def environment(service: Mapping[str, Any]) -> dict[str, str]:
    """A service's ``environment``, written as a mapping or as a list of NAME=value."""
    raw = service.get("environment") or {}
    if isinstance(raw, list):
        return dict(item.split("=", 1) if "=" in item else (item, "") for item in raw)
    return {k: "" if v is None else str(v) for k, v in raw.items()}


def bot_services(doc: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The services that run the bot: those built from this repository."""
    return {name: s for name, s in doc["services"].items() if "build" in s}


def shard_problems(values: Mapping[str, str]) -> list[str]:
    """What is wrong with the NIGHTFALL_SHARDS of the processes (``FIRST-LAST/COUNT`` or ``ID/COUNT``): every
    process must say the same COUNT, and together they must connect each shard 0 … COUNT-1 exactly once."""
    problems, counts, shards = [], set(), Counter[int]()
    for service, value in values.items():
        m = re.fullmatch(r"(\d+)(?:-(\d+))?/(\d+)", value or "")
        if not m:
            problems.append(f"{service}: NIGHTFALL_SHARDS={value!r} is not FIRST-LAST/COUNT")
            continue
        first, last, count = int(m[1]), int(m[2] or m[1]), int(m[3])
        if not first <= last < count:
            problems.append(f"{service}: {value} is not a range of shards within 0-{count - 1}")
        counts.add(count)
        shards.update(range(first, last + 1))
    if len(counts) > 1:
        problems.append(f"the processes disagree on the number of shards: {sorted(counts)}")
    if counts and not problems:
        (count,) = counts
        twice = sorted(s for s, n in shards.items() if n > 1)
        missing = sorted(set(range(count)) - set(shards))
        if twice:
            problems.append(f"shards connected by more than one process: {twice}")
        if missing:
            problems.append(f"shards no process connects: {missing}")
    return problems


def test_shard_problems_are_found() -> None:
    assert shard_problems({"a": "0-1/4", "b": "2-3/4"}) == []
    assert shard_problems({"a": "0/2", "b": "1/2"}) == []
    assert shard_problems({"a": "0-0/2", "b": "0-0/2"})  # twice, and shard 1 by nobody
    assert shard_problems({"a": "0-0/3", "b": "1-1/3"})  # shard 2 by nobody
    assert shard_problems({"a": "0-0/2", "b": "1-1/3"})  # two counts
    assert shard_problems({"a": "0-2/2"})  # past the count
    assert shard_problems({"a": "", "b": "1/2"})  # one without shards


def test_the_bot_services_split_the_shards_between_them() -> None:
    bots = bot_services(compose({"DISCORD_TOKEN": TOKEN}))
    assert len(bots) >= 2, "compose.yaml is for several bot processes"
    assert shard_problems({name: environment(s).get("NIGHTFALL_SHARDS", "") for name, s in bots.items()}) == []


@pytest.mark.parametrize("password", [None, "another-password"])
def test_every_bot_uses_the_postgres_service_database(password: str | None) -> None:
    env = {"DISCORD_TOKEN": TOKEN} | ({"POSTGRES_PASSWORD": password} if password else {})
    doc = compose(env)
    bots = bot_services(doc)
    assert bots
    for name, service in bots.items():
        url = urlsplit(environment(service).get("NIGHTFALL_DB", ""))
        assert url.scheme in ("postgresql", "postgres"), f"{name} does not use PostgreSQL"
        assert url.hostname in doc["services"], f"{name}'s NIGHTFALL_DB names no service: {url.hostname}"
        database = doc["services"][url.hostname]
        assert database["image"].startswith("postgres:")
        db_env = environment(database)
        assert url.port in (None, 5432)
        assert unquote(url.username or "") == db_env.get("POSTGRES_USER", "postgres")
        assert unquote(url.password or "") == db_env["POSTGRES_PASSWORD"]
        if password:
            assert db_env["POSTGRES_PASSWORD"] == password, "POSTGRES_PASSWORD from the environment is not used"
        assert url.path.lstrip("/") == db_env.get("POSTGRES_DB", db_env.get("POSTGRES_USER", "postgres"))
        assert service["depends_on"][url.hostname]["condition"] == "service_healthy"
        assert "pg_isready" in " ".join(database["healthcheck"]["test"])
        assert service["restart"] == "unless-stopped"


def test_the_database_keeps_its_data_in_a_named_volume() -> None:
    doc = compose({"DISCORD_TOKEN": TOKEN})
    for service in doc["services"].values():
        if service.get("image", "").startswith("postgres:"):
            mounts = [m.split(":") for m in service["volumes"] if isinstance(m, str)]
            assert any(len(m) >= 2 and m[1] == "/var/lib/postgresql/data" and m[0] in doc["volumes"] for m in mounts)


def test_the_token_comes_from_the_environment_and_is_required() -> None:
    bots = bot_services(compose({"DISCORD_TOKEN": TOKEN}))
    for name, service in bots.items():
        assert environment(service).get("DISCORD_TOKEN") == TOKEN, f"{name} does not take DISCORD_TOKEN from outside"
    with pytest.raises(LookupError, match="DISCORD_TOKEN"):
        compose({})


@pytest.mark.parametrize("name", ["compose.yaml", "Dockerfile", ".dockerignore", ".env.example"])
def test_no_token_is_written_in_the_files(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    assert not TOKEN_SHAPE.search(text)
    assert TOKEN_SHAPE.search("DISCORD_TOKEN=" + "M" * 24 + ".Gabcde." + "x" * 38)  # the shape finds a token
