"""Upgrades keep every game: the database release 0.1.0 wrote, opened by the new bot.

``tests/fixtures/release_0_1_0`` holds a database the real 0.1.0 bot wrote in SimCord (schema
``0001_init.sql`` only: an open lobby, four running games paused on a draft, a chain, blocks
and a claim in a thread, a finished game and an abandoned one) and ``manifest.json``, the
Discord side that database refers to. The new bot must migrate it (``0002_delivery.sql``),
leave what is already right on Discord alone, bring the rest up to date, and play every game
to its end.

How the Discord side is rebuilt: new ids, mapped into a copy of the database (option b)
-------------------------------------------------------------------------------------------
SimCord ids are ``virtual millisecond << 22 | counter`` and the virtual clock starts at the
same instant in every run, so ids repeat only if every allocation happens in the same order.
Checked: with the bot started first (its 15 synced commands take counters 2–16), the guild,
its owner and role, the five users and the first channel come out with the manifest's ids
(…017, …020–024, …025). But the build allocated ids for everything the old bot did in between
(lobby replies, welcome DMs, log posts, retired prompts), and the world must exist *before*
the new bot starts, since ``setup_hook`` opens the database and starts delivering at once.
Only ``create_guild(id=)`` takes an id; users, channels, DM channels and messages cannot be
pinned without writing SimCord's internal models by hand. (The bot user does keep the
build's id, …001: it is the backend's second allocation.) So, before the bot starts:

1. ``Env(bot)`` is created but not started. Builders work on the backend alone then (no
   gateway subscriber yet): the guild, the five users as members, the six channels, the
   thread and the DM channels exist when the bot connects (GUILD_CREATE carries them).
2. What the old bot left on Discord is seeded as messages authored by the bot user
   (``backend.create_message(..., broadcast=False)``, in the order of their old ids): each
   game's table message with its recorded content and image, each stored DM prompt with its
   exact components (the old ``nf:<game>:<since>:<move>`` custom ids), and the results the
   old bot posted for the finished game (the manifest records that they were posted).
3. A copy of the fixture database (the committed file is never opened) gets every Discord id
   mapped old → new: games (guild, channel, host, table message), seats, actions and prompts
   (user, DM channel, message). Each column is first set to the negated new id, then negated
   back, so an old id equal to some new id can never be mapped twice or collide in a unique
   index.
4. ``env.start()``: ``setup_hook`` opens the copy (migrating it), resumes the games and starts
   the delivery worker on the rows the migration seeded.
"""

from __future__ import annotations

import base64
import json
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio
from simcord import Env
from simcord.builders import ChannelHandle

from bot import Settings
from bot.nightfall.face import status_line
from bot.words.i18n import t
from engine.nightfall import Game
from engine.nightfall.ai import GreedyPlayer, decide

from .conftest import user_errors_only
from .helpers import SLASH, moves_in, offered, press, slash_move

#: the images are checked by their file names only (tests/bot/conftest.py)
pytestmark = [
    pytest.mark.unseen_images,
    # the databases 0.1.0 wrote are SQLite files (the PostgreSQL store came later); an upgrade on PostgreSQL
    # applies the same steps to the same rows: tests/bot/test_migrations.py compares them
    pytest.mark.sqlite_only("upgrades a SQLite file written by release 0.1.0"),
]

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "release_0_1_0"
MANIFEST: dict[str, Any] = json.loads((FIXTURE / "manifest.json").read_text(encoding="utf-8"))
GAMES: dict[int, dict[str, Any]] = {g["id"]: g for g in MANIFEST["games"]}
ROLE: dict[str, int] = {g["role"]: g["id"] for g in MANIFEST["games"]}
ACTIVE = [g["id"] for g in MANIFEST["games"] if g["status"] == "active"]
#: a 1×1 PNG standing in for the images the old bot attached
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)
#: every column of schema 0001 that holds a Discord id
ID_COLUMNS = {
    "games": ("guild_id", "channel_id", "host_id", "table_message_id"),
    "seats": ("user_id",),
    "actions": ("user_id",),
    "prompts": ("user_id", "channel_id", "message_id"),
}


# ---------------------------------------------------------------------------------------------- the world
@dataclass
class World:
    """The Discord side of the fixture, rebuilt in a fresh SimCord backend."""

    env: Any
    guild: Any
    users: dict[str, Any] = field(default_factory=dict)
    members: dict[str, Any] = field(default_factory=dict)
    ids: dict[int, int] = field(default_factory=dict)  # old (manifest) id -> new id
    channels: dict[int, Any] = field(default_factory=dict)  # game id -> its channel or thread
    table_messages: dict[int, int] = field(default_factory=dict)  # game id -> table message id
    prompts: dict[tuple[int, str], int] = field(default_factory=dict)  # (game id, user) -> prompt message id
    results: dict[int, int] = field(default_factory=dict)  # game id -> results message id

    def name_of(self, user_id: int) -> str:
        return next(n for n, u in self.users.items() if u.id == user_id)

    def seeded_ids(self) -> set[int]:
        """Every message seeded as the old bot's."""
        return {*self.table_messages.values(), *self.prompts.values(), *self.results.values()}

    def message(self, channel: Any, message_id: int) -> discord.Message:
        found = [m for m in channel.history() if m.id == message_id]
        assert found, f"message {message_id} is gone from {channel}"
        return found[0]


def recreate_discord_side(env: Env, unsent: frozenset[tuple[int, str]] = frozenset()) -> World:
    """Guild, members, channels, thread, DM channels and the old bot's messages, before the bot starts.

    ``unsent``: (game id, user) of stored prompts whose DM is not recreated.
    """
    backend = env.backend
    world = World(env, env.create_guild(MANIFEST["guild"]["name"]))
    world.ids[MANIFEST["guild"]["id"]] = world.guild.id
    world.ids[MANIFEST["bot_user_id"]] = backend.bot_user.id
    for name, user in MANIFEST["users"].items():
        handle = env.create_user(name)
        world.users[name] = handle
        world.members[name] = world.guild.add_member(handle)
        world.ids[user["id"]] = handle.id
    game_in = {g["channel"]["id"]: g for g in MANIFEST["games"]}
    made: dict[int, Any] = {}
    for ch in sorted(MANIFEST["channels"], key=lambda c: c["id"]):
        if ch["type"] == "text":
            handle = world.guild.create_text_channel(ch["name"])
        else:  # a public thread, opened by the host of the game played in it
            owner = world.users[game_in[ch["id"]]["host"]]
            thread = backend.create_thread(made[ch["parent_id"]].id, ch["name"], owner.id)
            handle = ChannelHandle(env, world.guild, thread)
        made[ch["id"]] = handle
        world.ids[ch["id"]] = handle.id
    for game in MANIFEST["games"]:
        world.channels[game["id"]] = made[game["channel"]["id"]]
    for name, user in MANIFEST["users"].items():
        world.ids[user["dm_channel_id"]] = world.users[name].dm_channel.id

    # the old bot's messages, oldest first: table messages and stored DM prompts
    old: list[tuple[int, str, Any, dict[str, Any]]] = []
    for game in MANIFEST["games"]:
        if game["table_message"] is not None:
            old.append((game["table_message"]["id"], "table", game["id"], game["table_message"]))
        for prompt in game["prompts"]:
            if (game["id"], prompt["user"]) in unsent:
                continue
            old.append((prompt["message_id"], "prompt", (game["id"], prompt["user"]), prompt))
    for old_id, kind, key, recorded in sorted(old, key=lambda o: o[0]):
        channel_id = world.ids[recorded["channel_id"]]
        message = _seed(env, channel_id, recorded["content"], recorded["attachments"], recorded["components"])
        world.ids[old_id] = message.id
        if kind == "table":
            assert recorded["author_id"] == MANIFEST["bot_user_id"]
            world.table_messages[key] = message.id
        else:
            world.prompts[key] = message.id
    # the results the old bot posted for the finished game (recorded as results_posted = 1)
    for game in MANIFEST["games"]:
        if game["stored"]["results_posted"]:
            channel_id = world.channels[game["id"]].id
            content = f"{t('results.title')}\n(posted by release 0.1.0)"
            world.results[game["id"]] = _seed(env, channel_id, content, [f"nightfall-{game['id']}-results.png"], []).id
    return world


def _seed(env: Env, channel_id: int, content: str, files: list[str], components: list[dict[str, Any]]) -> Any:
    """A message by the bot user, as if the old bot had sent it (no gateway event: the bot is not up)."""
    backend = env.backend
    attachments = backend.store_attachments(channel_id, [(name, PNG) for name in files])
    message = backend.create_message(
        channel_id,
        backend.bot_user.id,
        content,
        components=json.loads(json.dumps(components)),
        attachments=attachments,
        broadcast=False,
    )
    assert message.id in backend.messages[channel_id], "the seeded message was not stored"
    return message


def rewrite_ids(path: str, ids: dict[int, int]) -> None:
    """Map every Discord id in a copy of the 0.1.0 database to the rebuilt world's."""
    db = sqlite3.connect(path)
    try:
        with db:
            for table, columns in ID_COLUMNS.items():
                found = db.execute(f"SELECT rowid, {', '.join(columns)} FROM {table}").fetchall()
                sets = ", ".join(f"{c} = ?" for c in columns)
                for rowid, *values in found:
                    mapped = [None if v is None else -ids[v] for v in values]  # KeyError: an id the manifest lacks
                    db.execute(f"UPDATE {table} SET {sets} WHERE rowid = ?", (*mapped, rowid))
                for c in columns:
                    db.execute(f"UPDATE {table} SET {c} = -{c} WHERE {c} < 0")
    finally:
        db.close()


#: the second test's changes to the copy, made before the ids are mapped: carol's draft prompt is
#: recorded as one of an earlier decision (``since`` 1, not 3: what a dropped refresh of 0.1.0 could
#: leave), and dave's claim prompt never went out (no row, no DM)
OUT_OF_DATE = (ROLE["mid-draft"], "carol", 1)
NEVER_SENT = (ROLE["mid-claim"], "dave")


def age_prompts(path: str) -> None:
    gid, name, since = OUT_OF_DATE
    missing_gid, missing_name = NEVER_SENT
    db = sqlite3.connect(path)
    try:
        with db:
            changed = db.execute(
                "UPDATE prompts SET since = ? WHERE game_id = ? AND user_id = ?",
                (since, gid, MANIFEST["users"][name]["id"]),
            ).rowcount
            dropped = db.execute(
                "DELETE FROM prompts WHERE game_id = ? AND user_id = ?",
                (missing_gid, MANIFEST["users"][missing_name]["id"]),
            ).rowcount
        assert (changed, dropped) == (1, 1)
    finally:
        db.close()


# ---------------------------------------------------------------------------------------------- fixtures
@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """The test settings, on a database built from the 0.1.0 dump (exactly the rows 0.1.0 wrote)."""
    db = tmp_path / "nightfall.db"
    with sqlite3.connect(db) as conn:
        conn.executescript((FIXTURE / "nightfall.sql").read_text(encoding="utf-8"))
    conn.close()
    return Settings(
        token=None,
        db_path=str(db),
        ai_delay=0.0,
        table_edit_interval=0.0,
        burst_seconds=0.0,
        snapshot_every=10,
        discord_limits=False,
    )


@pytest.fixture
def aged() -> bool:
    """Whether the copy gets an out-of-date and a never-sent prompt (parametrized by the second test)."""
    return False


@pytest_asyncio.fixture
async def upgrade(simcord_bot: Any, settings: Settings, aged: bool, request: Any) -> AsyncIterator[tuple[Env, World]]:
    """The world rebuilt and the database rewritten before the new bot starts; then the bot starts on it.

    Mirrors simcord's own ``simcord_env`` fixture (options from the ``simcord`` marker, the
    uninspected bot errors re-raised at teardown), with the world built before ``start()``.
    """
    marker = request.node.get_closest_marker("simcord")
    options = {"settle_timeout": 120.0, **(marker.kwargs if marker else {})}
    env = Env(simcord_bot, **options)
    world = recreate_discord_side(env, frozenset([NEVER_SENT]) if aged else frozenset())
    if aged:
        age_prompts(settings.db_path)
    rewrite_ids(settings.db_path, world.ids)
    await env.start()
    try:
        yield env, world
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)


@pytest.fixture
def simcord_env(upgrade: tuple[Env, World]) -> Env:
    return upgrade[0]


@pytest.fixture
def world(upgrade: tuple[Env, World]) -> World:
    return upgrade[1]


# ---------------------------------------------------------------------------------------------- helpers
def bot_messages(world: World, game_id: int) -> list[discord.Message]:
    """The messages the bot (old or new) shows everyone in a game's channel, oldest first."""
    bot_id = world.env.backend.bot_user.id
    return [m for m in world.channels[game_id].history() if m.author.id == bot_id]


def table_messages(world: World, game_id: int) -> list[discord.Message]:
    title = t("table.title", channel=GAMES[game_id]["channel"]["name"], game="Nightfall") + " · "
    return [m for m in bot_messages(world, game_id) if m.content.startswith(title)]


def results_messages(world: World, game_id: int) -> list[discord.Message]:
    return [m for m in bot_messages(world, game_id) if m.content.startswith(t("results.title"))]


def assert_untouched(world: World, game_id: int) -> None:
    """The channel shows what the old bot left there, unedited, and nothing more (private answers aside)."""
    seeded = [world.table_messages[game_id]] if game_id in world.table_messages else []
    seeded += [world.results[game_id]] if game_id in world.results else []
    messages = bot_messages(world, game_id)
    role = GAMES[game_id]["role"]
    assert [m.id for m in messages] == seeded, f"game {game_id} [{role}]: {[m.content for m in messages]}"
    assert all(m.edited_at is None for m in messages), f"game {game_id} [{role}]: a message was edited"


async def table_text(bot: Any, table: Any) -> str:
    """The table message as the bot words it: title and status, whom it waits for, the game's latest four lines."""
    title = t("table.title", channel=table.row.channel_name, game="Nightfall")
    describe = bot.service.face(table).describe
    latest = "".join(f"\n> {line.text('en', describe)}" for line in await bot.store.play.log_tail(table.id, 4))
    return f"{title} · {status_line(table)}\n{table.waiting_text()}{latest}"


async def stored_prompt(env: Env, world: World, game_id: int, name: str) -> discord.Message:
    """The DM prompt the bot stored for this player in this game (a player may sit in several games)."""
    user = world.users[name]
    stored = await env.bot.store.marks.prompt(game_id, user.id)
    assert stored is not None, f"{name} has no stored prompt in game {game_id}"
    channel_id, message_id, _since = stored
    assert channel_id == user.dm_channel.id
    return world.message(user.dm_channel, message_id)


async def play_out(env: Env, world: World, game_id: int, max_moves: int = 3000, slash_every: int = 4) -> int:
    """Humans play greedy moves until the game ends: DM buttons (the stored prompt), every few a slash command."""
    bot: Any = env.bot
    channel = world.channels[game_id]
    players: dict[str, GreedyPlayer] = {}
    for n in range(max_moves):
        table = await bot.service.table(game_id)
        if table.game.is_over():
            return n
        pending = [d for d in table.game.pending() if not table.by_seat(d.seat).is_ai]
        if not pending:  # AI seats to move: every actor verb settles, so this is only a second look
            await env.settle()
            table = await bot.service.table(game_id)
            pending = [d for d in table.game.pending() if not table.by_seat(d.seat).is_ai]
            if table.game.is_over():
                return n
        assert pending, f"game {game_id} waits on nobody human: {table.game.pending()}"
        seat = pending[0].seat
        name = world.name_of(table.by_seat(seat).user_id)
        player = players.setdefault(seat, GreedyPlayer(seed=game_id * 100 + n))
        move = str(decide(player, Game.from_json(table.game.to_json()), seat))
        before = table.game.version
        via = "slash" if n % slash_every == slash_every - 1 else "button"
        if via == "slash" and move.split()[0] in SLASH:
            # autocomplete offers 25 choices at most: a move it does not list is made by button
            command, option = SLASH[move.split()[0]]
            choices = await world.members[name].autocomplete(channel, command, option, "")
            if move not in [c["value"] for c in choices]:
                via = "button"
        if via == "slash":
            result = await slash_move(world.members[name], channel, move)
            assert result.ephemeral and result.response.content.startswith("✓"), result.response.content
        else:
            prompt = await stored_prompt(env, world, game_id, name)
            move = offered(table.game, seat, move)  # copies of one card share one button
            assert move in moves_in(prompt), f"{name}'s prompt in game {game_id} lacks {move}: {moves_in(prompt)}"
            result = await press(world.users[name], prompt, move)
            assert not result.ephemeral, f"{name}'s button {move!r} in game {game_id}: {result.response.content}"
        after = await bot.service.table(game_id)
        assert after.game.version > before, f"{name}'s move {move!r} in game {game_id} was not taken"
    raise AssertionError(f"game {game_id} did not end in {max_moves} moves")


# ---------------------------------------------------------------------------------------------- the test
@pytest.mark.slow(40)
async def test_upgrade_from_0_1_0_keeps_every_game(simcord_env: Any, world: World, settings: Settings) -> None:
    env, bot = simcord_env, simcord_env.bot
    store = bot.store
    await env.settle()

    # --- the schema is migrated and every game row is still there, as it was
    assert await store.applied_migrations() == [
        (1, "0001_init.sql"),
        (2, "0002_delivery.sql"),
        (3, "0003_ai_level.sql"),
        (4, "0004_deadlines.sql"),
        (5, "0005_absent.sql"),
        (6, "0006_channel.sql"),
        (7, "0007_cup.sql"),
        (8, "0008_language.sql"),
        (9, "0009_reach.sql"),
        (10, "0010_games.sql"),
        (11, "0011_lobby_message.sql"),
        (12, "0012_missed_turns.sql"),
        (13, "0013_thread_by_turn.sql"),
        (14, "0014_processes.sql"),
        (15, "0015_ratings.sql"),
        (16, "0016_undo.sql"),
        (17, "0017_my_time.sql"),
        (18, "0018_takeover.sql"),
        (19, "0019_digest.sql"),
        (20, "0020_game_vocabulary.sql"),
        (21, "0021_images.sql"),
        (22, "0022_identify_turns.sql"),
        (23, "0023_web.sql"),
    ]
    for gid, meant in GAMES.items():
        row = await store.games.game(gid)
        assert row is not None, f"game {gid} is gone"
        assert (row.status, row.options["draft"], row.version, row.seed) == (
            meant["status"],
            meant["variant"],
            meant["version"],
            meant["seed"],
        ), f"game {gid} changed"
        assert row.decision_since == meant["decision_since"]
        assert row.channel_id == world.channels[gid].id and row.host_id == world.users[meant["host"]].id
        seats = await store.games.seats(gid)
        assert [(s.seat, s.user_id, s.is_ai) for s in seats] == [
            (s["seat"], world.users[s["user"]].id if s["user"] else None, s["is_ai"]) for s in meant["seats"]
        ]
        if meant["status"] in ("active", "over"):
            table = await bot.service.table(gid)
            assert table.game.version == meant["version"]
            assert [(d.seat, d.kind) for d in table.game.pending()] == [
                (p["seat"], p["kind"]) for p in meant["engine_pending"]
            ]
    # the migration asked for one channel delivery per running game and one prompt delivery per human seat
    # in them, and all of them ran (so what follows is what the deliveries decided, not work left undone)
    delivered = await store.reader.call(
        lambda c: c.execute("SELECT game_id, kind, target, wanted, done FROM deliveries ORDER BY 1, 2, 3").fetchall()
    )
    humans = [(gid, world.users[s["user"]].id) for gid in ACTIVE for s in GAMES[gid]["seats"] if not s["is_ai"]]
    assert sorted((g, k, tg) for g, k, tg, _w, _d in delivered) == sorted(
        [(gid, "channel", 0) for gid in ACTIVE] + [(gid, "prompt", uid) for gid, uid in humans]
    )
    assert all(done == wanted >= 1 for *_key, wanted, done in delivered), delivered
    assert await store.work.pending_deliveries() == []
    assert bot.user.id == env.backend.bot_user.id == world.ids[MANIFEST["bot_user_id"]]

    # --- nobody got a DM: every stored prompt was current, and is still the one with the buttons
    for name, user in world.users.items():
        seeded = sorted(mid for (_g, n), mid in world.prompts.items() if n == name)
        assert [m.id for m in user.dm_channel.history()] == seeded, f"{name} got a DM at the upgrade"
    for gid in ACTIVE:
        meant = GAMES[gid]
        for p in meant["prompts"]:
            user = world.users[p["user"]]
            assert await store.marks.prompt(gid, user.id) == (
                user.dm_channel.id,
                world.prompts[(gid, p["user"])],
                p["since"],
            )
            message = await stored_prompt(env, world, gid, p["user"])
            assert [cid for kind, cid in moves_in(message).values() if kind == "button"] == [
                b["custom_id"] for b in p["custom_ids"]["buttons"]
            ], f"the old prompt of {p['user']} in game {gid} lost its buttons"
    # the mid-combat prompt: "since" 26 at version 28 is the version the decision began (the AI seat's
    # own block and "done" came after it), so erin's prompt is the current decision's and stays
    combat = GAMES[ROLE["mid-combat"]]
    erin_prompt = next(p for p in combat["prompts"] if p["user"] == "erin")
    assert erin_prompt["since"] == combat["decision_since"]["p2"] < combat["version"]

    # --- each running game's table message is the same message, edited; the missing log line is posted
    for gid in ACTIVE:
        row = await store.games.game(gid)
        assert row.table_message_id == world.table_messages[gid], f"game {gid} got a new table message"
        tables = table_messages(world, gid)
        assert [m.id for m in tables] == [world.table_messages[gid]], f"game {gid}: {len(tables)} table messages"
        edited = tables[0]
        assert edited.edited_at is not None, f"the table message of game {gid} was not brought up to date"
        assert edited.content == await table_text(bot, await bot.service.table(gid))
        assert [a.filename for a in edited.attachments] == [f"nightfall-{gid}-table.png"]
        # log lines now go to a thread of the table message (a game in a thread keeps them in /game log):
        # the channel gets only Discord's notice that the thread was made, and the missing line goes there
        new = [m for m in bot_messages(world, gid) if m.id not in world.seeded_ids()]
        notices = [m for m in new if m.type == discord.MessageType.thread_created]
        assert [m.content for m in new if m not in notices] == [], f"game {gid}"
        channel = world.channels[gid]
        unposted = GAMES[gid]["unposted_log_lines"]
        if channel.is_thread:
            assert notices == [] and channel.threads == []
        else:
            (thread,) = [c for c in channel.threads if c.id == world.table_messages[gid]]
            assert len(notices) == 1
            assert len(thread.history()) == (1 if unposted else 0), f"game {gid}"
        assert await store.games.log_since(gid) == []
    log = await store.play.log_tail(ROLE["mid-combat"], 1)
    (combat_thread,) = [c for c in world.channels[ROLE["mid-combat"]].threads if c.name.startswith("Nightfall")]
    assert combat_thread.history()[-1].content.splitlines()[-1] == log[0].text()

    # --- the finished and the abandoned games are untouched; the lobby is still a lobby, with no message
    for gid in (ROLE["finished"], ROLE["abandoned"], ROLE["lobby"]):
        assert_untouched(world, gid)
    assert len(results_messages(world, ROLE["finished"])) == 1
    assert await store.games.results_posted(ROLE["finished"])
    # the game 0.1.0 finished: its results back-filled and its ratings, once, at start-up
    assert await store.ratings.games_unrated() == []
    assert await rated_games(store) == await finished_seats(store)

    # --- the old prompts' buttons work: each waiting player presses one on the recreated message
    for gid in ACTIVE:
        for p in GAMES[gid]["prompts"]:
            user = world.users[p["user"]]
            message = world.message(user.dm_channel, world.prompts[(gid, p["user"])])
            move = p["moves"][0]
            version = (await store.games.game(gid)).version
            result = await press(user, message, move)
            assert not result.ephemeral, f"{p['user']}'s old button {move!r} in game {gid}: {result.response.content}"
            label = next(b["label"] for b in p["custom_ids"]["buttons"] if b["custom_id"].endswith(f":{move}"))
            assert f"✓ {label}" in result.response.content, result.response.content
            assert await store.play.action(gid, version + 1) == (user.id, move, "button")

    # --- the lobby can be joined and started
    lobby = ROLE["lobby"]
    joined = await world.members["carol"].slash(world.channels[lobby], "game join")
    assert "joins the game" in joined.response.content, joined.response.content
    started = await world.members["alice"].slash(world.channels[lobby], "game start")
    assert not started.ephemeral, started.response.content
    row = await store.games.game(lobby)
    assert row.status == "active" and row.table_message_id is not None
    assert [m.id for m in table_messages(world, lobby)] == [row.table_message_id]

    # --- the abandoned game refuses moves politely, in its channel and from a DM
    gone = ROLE["abandoned"]
    carol = world.members["carol"]
    refused = await carol.slash(world.channels[gone], "pass")
    assert refused.ephemeral and refused.response.content == t("err.no_game")
    refused = await world.users["carol"].slash("pass", game=str(gone))
    assert refused.ephemeral and refused.response.content == t("err.game_over")
    assert (await store.games.game(gone)).status == "abandoned"

    # --- every running game plays to its end, with exactly one results message each
    for gid in [lobby, *ACTIVE]:
        await play_out(env, world, gid)
    await env.settle()
    for gid in [lobby, *ACTIVE]:
        row = await store.games.game(gid)
        assert row.status == "over", f"game {gid} is {row.status}"
        assert await store.games.results_posted(gid)
        assert len(results_messages(world, gid)) == 1, (
            f"game {gid}: results posted {len(results_messages(world, gid))} times"
        )
        assert [m.id for m in table_messages(world, gid)] == [row.table_message_id]
        if gid in world.table_messages:  # the old release's table message became a turn's summary
            old = world.message(world.channels[gid], world.table_messages[gid])
            assert old.content.startswith("📜 **") and not old.attachments, old.content
    for gid in (ROLE["finished"], ROLE["abandoned"]):
        assert (await store.games.game(gid)).status == GAMES[gid]["status"]
        assert_untouched(world, gid)
    assert len(results_messages(world, ROLE["finished"])) == 1
    assert await store.work.pending_deliveries() == []
    # each finished game rated once: every person's rated games are their finished games in the server
    assert await rated_games(store) == await finished_seats(store)
    user_errors_only(env)


async def rated_games(store: Any) -> dict[int, int]:
    """Each person's rated Nightfall games in the server (AI levels apart: not counted here)."""
    found = await store._read("SELECT user_id, games FROM ratings WHERE user_id IS NOT NULL AND game = 'nightfall'")
    return {int(r[0]): int(r[1]) for r in found}


async def finished_seats(store: Any) -> dict[int, int]:
    """Each person's seats in the server's finished games, as the results keep them."""
    found = await store._read(
        "SELECT r.user_id, COUNT(*) FROM results r JOIN games g ON g.id = r.game_id "
        "WHERE r.user_id IS NOT NULL AND g.guild_id IS NOT NULL GROUP BY r.user_id"
    )
    return {int(r[0]): int(r[1]) for r in found}


@pytest.mark.parametrize("aged", [True])
async def test_upgrade_resends_an_out_of_date_or_missing_prompt(simcord_env: Any, world: World, aged: bool) -> None:
    """A stored prompt of an earlier decision is replaced (it says what became of its question); a missing one
    is sent."""
    env, store = simcord_env, simcord_env.bot.store
    await env.settle()
    gid, name, _since = OUT_OF_DATE
    missing_gid, missing_name = NEVER_SENT
    for who in world.users:
        seeded = sorted(mid for (_g, n), mid in world.prompts.items() if n == who)
        got = [m.id for m in world.users[who].dm_channel.history()]
        if who in (name, missing_name):
            assert got[: len(seeded)] == seeded and len(got) == len(seeded) + 1, f"{who}: {got} (seeded {seeded})"
        else:
            assert got == seeded, f"{who} got a DM at the upgrade"

    for g, who in ((gid, name), (missing_gid, missing_name)):
        recorded = next(p for p in GAMES[g]["prompts"] if p["user"] == who)
        user = world.users[who]
        sent = user.dm_channel.history()[-1]
        assert await store.marks.prompt(g, user.id) == (
            user.dm_channel.id,
            sent.id,
            GAMES[g]["decision_since"][recorded["seat"]],
        )
        assert sorted(moves_in(sent)) == sorted(recorded["moves"]), f"{who}'s new prompt in game {g}"
        # the live question (its moves, just checked), in its game's words and under its picture
        title = f"**Nightfall** in **#{GAMES[g]['channel']['name']}**"
        assert sent.content.startswith(title) and len(sent.attachments) == 1, sent.content
        assert all(cid.startswith(f"nf:{g}:{recorded['since']}:") for _kind, cid in moves_in(sent).values())
        version = (await store.games.game(g)).version
        move = recorded["moves"][-1]
        result = await press(user, sent, move)
        assert not result.ephemeral, result.response.content
        assert await store.play.action(g, version + 1) == (user.id, move, "button")

    # the out-of-date prompt no longer asks anything: it is recorded as the prompt of carol's first draft
    # decision, so it became one line saying how that was answered (the press the 0.1.0 prompt showed on its
    # first line), without its picture or buttons, and the new DM below it is the only question; nobody
    # else's prompt was touched
    old = world.message(world.users[name].dm_channel, world.prompts[(gid, name)])
    recorded = next(p for p in GAMES[gid]["prompts"] if p["user"] == name)
    answered = recorded["content"].split("\n")[0]
    assert answered == t("prompt.done.button", label="Draft Death Grip")
    assert old.content == answered and not old.components and not old.attachments
    for (g, who), mid in world.prompts.items():
        if (g, who) != (gid, name):
            assert moves_in(world.message(world.users[who].dm_channel, mid)), f"{who}'s prompt in game {g} was retired"
    assert await store.work.pending_deliveries() == []
    user_errors_only(env)
