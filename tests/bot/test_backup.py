"""``python -m bot.backup PATH``: a copy of the running bot's SQLite database, checked, that a bot restored from it
plays on; a copy that is torn, damaged or whose games do not load is refused."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot import backup, create_bot
from bot.settings import Settings
from engine.nightfall.ai import GreedyPlayer, decide

from .helpers import Party, open_game, play_to_the_end, slash_move

#: no image is looked at (tests/bot/conftest.py); the online backup is SQLite's (PostgreSQL's is pg_dump)
pytestmark = [pytest.mark.unseen_images, pytest.mark.sqlite_only]


@pytest.fixture
def bot_env(settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command reads the bot's settings as the bot does: from the environment (and no ``.env`` here)."""
    monkeypatch.setenv("NIGHTFALL_DB", settings.db_path)
    monkeypatch.chdir(tmp_path)


async def play_moves(party: Party, count: int) -> None:
    """``count`` greedy moves of the game's humans, by slash command, each accepted."""
    players: dict[str, GreedyPlayer] = {}
    for n in range(count):
        table = await party.table()
        assert not table.game.is_over()
        seat = next(d.seat for d in table.game.pending() if not table.by_seat(d.seat).is_ai)
        name = next(k for k, u in party.users.items() if u.id == table.by_seat(seat).user_id)
        move = str(decide(players.setdefault(seat, GreedyPlayer(seed=n)), table.game, seat))
        version = table.row.version  # (the table is the bot's own, which the move changes)
        await slash_move(party.members[name], party.channel, move)
        assert (await party.table()).row.version > version, f"{name}'s {move} was refused"


async def run_backup(*args: str) -> int:
    """The command, in a thread of its own (it runs its own event loop), while the bot goes on in this one."""
    return await asyncio.to_thread(backup.main, list(args))


@pytest.mark.usefixtures("bot_env")
async def test_a_backup_taken_during_a_game_restores_and_the_game_plays_on(
    simcord_env: Any, settings: Settings, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env = simcord_env
    party = await open_game(env, ("alice", "bob"))
    await play_moves(party, 6)
    before = (await party.table()).row.version
    copy = tmp_path / "backups" / "nightfall.db"
    copy.parent.mkdir()
    taking = asyncio.create_task(run_backup(str(copy)))
    await play_moves(party, 2)  # the bot plays on while the copy is taken
    assert await taking == 0, capsys.readouterr().err
    assert "checked (integrity ok, 1 game(s) loaded)" in capsys.readouterr().out
    await play_moves(party, 3)  # after the backup: a restore goes back before these
    await env.settle()

    # the restore: the copy becomes a bot's database (here a file of its own beside the first), the bot starts on it
    restored = tmp_path / "restored.db"
    shutil.copyfile(copy, restored)
    bot = create_bot(replace(settings, db_path=str(restored)))
    try:
        await env.restart_bot(bot)
        table = await party.table()
        assert before <= table.row.version <= before + 2  # the game as of the backup's moment, whole
        await play_moves(party, 3)
        await play_to_the_end(party)
        assert (await party.table()).row.status == "over"
    finally:
        await bot.store.close()
        bot.service.thinker.shutdown(wait=True)


@pytest.mark.usefixtures("bot_env")
async def test_an_existing_path_is_kept_unless_forced(
    simcord_env: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await open_game(simcord_env, ("alice", "bob"))
    path = tmp_path / "kept.db"
    path.write_bytes(b"an earlier backup")
    assert await run_backup(str(path)) == backup.REFUSED
    assert "exists; give --force" in capsys.readouterr().err
    assert path.read_bytes() == b"an earlier backup"
    assert await run_backup(str(path), "--force") == 0
    assert sqlite3.connect(path).execute("SELECT count(*) FROM games").fetchone() == (1,)


def torn(copy: Callable[[str, Path], None]) -> Callable[[str, Path], None]:
    """A copy cut off halfway, as a file copied while it was being written may be."""

    def tear(source: str, target: Path) -> None:
        copy(source, target)
        with target.open("r+b") as f:
            f.truncate(target.stat().st_size // 2)

    return tear


def damaged(copy: Callable[[str, Path], None]) -> Callable[[str, Path], None]:
    """A copy with a page of a table overwritten (a disk's error)."""

    def damage(source: str, target: Path) -> None:
        copy(source, target)
        conn = sqlite3.connect(target)
        (root,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'actions'").fetchone()
        (page_size,) = conn.execute("PRAGMA page_size").fetchone()
        conn.close()
        with target.open("r+b") as f:
            f.seek((root - 1) * page_size)
            f.write(b"\xff" * page_size)

    return damage


def unplayable(copy: Callable[[str, Path], None]) -> Callable[[str, Path], None]:
    """A sound file whose game has lost its last action: it no longer replays to its stored version."""

    def lose(source: str, target: Path) -> None:
        copy(source, target)
        with sqlite3.connect(target) as conn:
            conn.execute("DELETE FROM actions WHERE seq = (SELECT max(seq) FROM actions)")
        conn.close()

    return lose


@pytest.mark.parametrize(
    ("spoil", "said"),
    [(torn, "the copy is damaged"), (damaged, "the copy is damaged"), (unplayable, "does not load from the copy")],
)
@pytest.mark.usefixtures("bot_env")
async def test_a_copy_that_fails_its_check_is_refused(
    simcord_env: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    spoil: Callable[[Callable[[str, Path], None]], Callable[[str, Path], None]],
    said: str,
) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    await play_moves(party, 4)
    monkeypatch.setattr(backup, "copy_online", spoil(backup.copy_online))
    path = tmp_path / "spoilt.db"
    assert await run_backup(str(path)) == backup.FAILED
    err = capsys.readouterr().err
    assert err.startswith("backup not kept: ") and said in err, err
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("spoilt")) == []  # nothing left behind


def test_postgresql_is_backed_up_with_pg_dump(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("NIGHTFALL_DB", "postgresql://nightfall:secret@db.example/nightfall")
    monkeypatch.chdir(tmp_path)
    assert backup.main([str(tmp_path / "nightfall.dump")]) == backup.REFUSED
    err = capsys.readouterr().err
    line = f"pg_dump --format=custom --file={tmp_path / 'nightfall.dump'} postgresql://nightfall@db.example/nightfall"
    assert "back it up with PostgreSQL's pg_dump" in err and line in err and "secret" not in err
    assert not list(tmp_path.iterdir())
