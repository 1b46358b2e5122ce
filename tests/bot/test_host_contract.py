"""The host's contract with a game, as ``tests/engine/test_contract.py`` is the engine's: every registered game is
played to its end in SimCord by the real bot, on both stores, without a line of test of its own.

For each key of ``bot.games.FACES`` (read at collection time: a new game is included by its registration alone),
and for the kit game of ``tests/kitgame`` (registered for the test's duration only, to prove that a new game needs
no host change), one game is played: people seats and an AI seat at the game's default level; the people answer by
DM buttons, by ``/move`` and by the game's own verb commands (``face.verbs``) in turn; one decision's deadline is
missed and its passive default played; a move is taken back where the game allows it (``/game undo`` refuses
politely where it showed something); the bot restarts in the middle; the results reach the channel. Throughout:
nothing but a polite refusal goes wrong in the bot, every DM prompt a person gets offers their own seat's moves, and
the channel never shows a hand.

Everything is asked of the game through what it declares (``rules.seats``, ``rules.ai_levels``,
``rules.default_level``, ``rules.traits``, ``face.tutorial_options``, ``face.verbs``, ``face.label``), never its
key.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.face import Face
from bot.games import FACES
from bot.table import level_name, verb_of
from bot.words.i18n import t
from bot.workers import images
from tests.bot.conftest import user_errors_only
from tests.bot.helpers import Party, latest_prompt, moves_in, open_lobby, press, public_lines
from tests.kitgame import KIT_KEY, registered

#: images are checked by their presence only (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

#: every registered game, and the kit game that proves a new one needs no host change
KEYS = [*FACES, KIT_KEY]
#: the move at which the bot restarts, and the one whose deadline is missed
RESTART_AT = 5
MISS_AT = 2
#: how many of a person's moves are offered for taking back before giving up (each refusal must be polite)
UNDO_TRIES = 6
MAX_MOVES = 1500
#: the sentences ``/game undo`` refuses with when a move cannot be taken back for the game's own reasons
POLITE = ("undo.revealed", "undo.others_acted", "undo.not_yours_ai", "undo.not_yours_deadline", "undo.already")


@pytest.fixture
def game_key(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The game played: a registered one as it is, the kit game registered in both registries for this test."""
    key = str(request.param)
    if key == KIT_KEY:
        with registered(monkeypatch):
            yield key
    else:
        yield key


def polite(text: str) -> bool:
    """Whether ``text`` is one of ``/game undo``'s refusals (a move that showed something, or someone acted)."""
    revealed_tail = t("undo.revealed", label="").split("”", 1)[1]
    return text.endswith(revealed_tail) or text in {t(key) for key in POLITE if key != "undo.revealed"}


async def open_table(env: Any, face: Face) -> Party:
    """A lobby of the game with its quickest options, the people it seats besides one AI seat at its default level,
    and a spectator; started."""
    rules = face.rules
    seats = min(3, max(rules.seats))  # two people and the AI; a duel, one person and the AI
    humans = ("alice", "bob")[: max(1, seats - 1)]
    party = await open_lobby(
        env, humans, channel_name="contract", ais=1, level=rules.default_level, game=face.key, **face.tutorial_options
    )
    opened = party.opened
    assert not opened.ephemeral or "game" in opened.response.content.lower(), opened.response.content
    table = await party.table()
    assert table.game is not None, "the game started"
    assert [s.is_ai for s in table.seats].count(True) == 1 and len(table.seats) == len(humans) + 1
    assert [s.ai_level for s in table.seats if s.is_ai] == [rules.default_level]
    return party


def name_of(party: Party, user_id: int) -> str:
    return next(k for k, u in party.users.items() if u.id == user_id)


def label_of(face: Face, table: Any, action: Any) -> str:
    return face.label(table.game, action, table.names, "en")


async def by_button(party: Party, face: Face, table: Any, seat: str, name: str, action: Any) -> None:
    """``name`` presses ``action`` in their latest DM prompt, which must offer only their own seat's moves."""
    prompt = latest_prompt(party.users[name])
    assert prompt is not None, f"{name} has a decision but no DM prompt"
    offered = moves_in(prompt)
    legal = {str(a): a for a in table.game.legal_actions(seat)}
    assert set(offered) <= set(legal), f"{name}'s prompt offers moves not theirs: {sorted(set(offered) - set(legal))}"
    move = str(action)
    if move not in offered:  # copies of one thing share one button: press the one with the same label
        label = label_of(face, table, action)
        move = next(m for m in offered if label_of(face, table, legal[m]) == label)
    await press(party.users[name], prompt, move)


async def by_move_command(party: Party, face: Face, table: Any, seat: str, name: str, action: Any) -> None:
    """``name`` makes ``action`` with ``/move``, picking it from the command's autocomplete."""
    member, move, label = party.members[name], str(action), label_of(face, table, action)
    choices = await member.autocomplete(party.channel, "move", "move", "")
    if move not in [c["value"] for c in choices]:  # Discord lists 25 choices: type to narrow them down
        choices = await member.autocomplete(party.channel, "move", "move", label)
    values = [str(c["value"]) for c in choices]
    if move not in values:  # one label for copies of one thing: the one offered stands for them all
        move = next(v for v in values if label_of(face, table, table.game.parse_action(seat, v)) == label)
    result = await member.slash(party.channel, "move", move=move)
    assert result.ephemeral, "a move by slash command is answered privately"


async def by_verb(party: Party, face: Face, table: Any, seat: str, name: str, action: Any) -> bool:
    """``name`` makes ``action`` with the game's own verb command for it (``face.verbs``), its option picked from
    the command's autocomplete or its fixed choices; False where no declared verb makes it."""
    move, label = str(action), label_of(face, table, action)
    verb = next((v for v in face.verbs if verb_of(action) in v.answers and (v.option or move == v.answers[0])), None)
    if verb is None:
        return False
    member = party.members[name]
    if not verb.option:
        result = await member.slash(party.channel, verb.name)
    elif verb.choices:
        result = await member.slash(party.channel, verb.name, **{verb.option: move.split(" ", 1)[1]})
    else:
        values = [str(c["value"]) for c in await member.autocomplete(party.channel, verb.name, verb.option, "")]
        if move not in values:  # 25 at most: type to narrow them down
            found = await member.autocomplete(party.channel, verb.name, verb.option, label)
            values = [str(c["value"]) for c in found]
        if move not in values:  # one label for copies of one thing: the one offered stands for them all
            move = next(v for v in values if label_of(face, table, table.game.parse_action(seat, v)) == label)
        result = await member.slash(party.channel, verb.name, **{verb.option: move})
    assert result.ephemeral, f"/{verb.name} is answered privately"
    return True


async def timeouts(party: Party, game_id: int) -> int:
    sql = "SELECT COUNT(*) FROM actions WHERE game_id = ? AND source IN ('timeout', 'missed')"
    return int(await party.bot.store.reader.call(lambda c: c.execute(sql, (game_id,)).fetchone()[0]))


def hands_shown(party: Party, face: Face, table: Any) -> list[str]:
    """What of the people's hands the channel shows: a hand image, or a ``/hand`` text."""
    shown = []
    messages = [*party.channel.history(), *(m for thread in party.channel.threads for m in thread.history())]
    for message in messages:
        shown += [a.filename for a in message.attachments if "hand" in a.filename]
    if face.rules.traits.hands and table.game is not None and not table.game.is_over():
        lines = set(public_lines(party.channel))
        for seat in table.game.seats:
            if not table.by_seat(seat).is_ai:
                text, _picture = face.hand(table, seat, table.lang)
                shown += [line for line in text.splitlines()[1:] if line.strip() and line in lines]
    return shown


def images_without_description(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files the bot makes to attach, from now on, that have no description for screen readers
    (every image of a post or an edit is made by ``bot.workers.images.file_of``)."""
    missing: list[str] = []
    made = images.file_of

    def recorded(data: bytes, name: str, alt: str = "") -> discord.File:
        file = made(data, name, alt)
        if not file.description:
            missing.append(name)
        return file

    monkeypatch.setattr(images, "file_of", recorded)
    return missing


@pytest.mark.slow(30)
@pytest.mark.postgresql
@pytest.mark.simcord(settle_timeout=60)  # a busy machine: each settle waits for the bot's work, however slow
@pytest.mark.parametrize("game_key", KEYS, indirect=True)
async def test_a_game_is_played_to_its_end_by_the_host(
    game_key: str, simcord_env: Any, make_bot: Any, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.ERROR)
    undescribed = images_without_description(monkeypatch)
    face = FACES[game_key]
    rules = face.rules
    party = await open_table(simcord_env, face)
    start = await party.table()
    game_id = start.id
    people = {s.seat: name_of(party, s.user_id) for s in start.seats if not s.is_ai}
    pickers = {seat: rules.make_player(rules.ai_levels[0], seed=i) for i, seat in enumerate(people)}
    missed = restarted = False
    undone, undo_tries, made = False, 0, 0
    for n in range(MAX_MOVES):
        table = await party.table()
        match = table.game
        assert match is not None
        if match.is_over():
            break
        assert not hands_shown(party, face, table), "the channel shows a hand"
        if n == RESTART_AT and not restarted:
            await simcord_env.restart_bot(make_bot())
            restarted = True
            continue
        waiting = [d.seat for d in match.pending() if d.seat in people]
        assert waiting, "a decision waits on a person (the AI seat plays at once)"
        seat = waiting[0]
        if n == MISS_AT and not missed:
            before = await timeouts(party, game_id)
            version = match.version
            assert table.row.deadline, "a game has a deadline unless told otherwise"
            party.bot.watchdog.cancel()  # the clock jumps from timer to timer (tests/bot/test_deadlines.py)
            await simcord_env.advance_time(table.row.deadline + 60)
            after = await party.table()
            assert after.game is not None and after.game.version > version, "the missed deadline played a move"
            assert await timeouts(party, game_id) > before, "the move was the deadline's passive default"
            missed = True
            continue
        name = people[seat]
        view, actions = rules.ai_input(match, seat)
        action = pickers[seat].choose(view, actions)
        way = made % 3  # a DM button, ``/move``, the game's own verb: each in turn
        made += 1
        if way == 0:
            await by_button(party, face, table, seat, name, action)
        elif way == 1 or not await by_verb(party, face, table, seat, name, action):
            await by_move_command(party, face, table, seat, name, action)
        if not undone and undo_tries < UNDO_TRIES:
            undo_tries += 1
            answer = await party.members[name].slash(party.channel, "game undo")
            assert answer.ephemeral, "an undo is answered privately"
            text = str(answer.response.content)
            if text.startswith(t("undo.done", label="").split(":", 1)[0]):
                undone = True
            else:
                assert polite(text), f"/game undo refused impolitely: {text}"
    else:
        raise AssertionError("the game did not end")

    assert missed and restarted
    assert not undescribed, f"images sent without a description (alt text): {sorted(set(undescribed))}"
    table = await party.table()
    assert table.row.status == "finished" or table.game.is_over()
    results = face.results_text(table, "en").splitlines()[0]
    assert results in "\n".join(public_lines(party.channel)), "the results message is in the channel"
    for name in people.values():
        for message in party.users[name].dm_channel.history():
            for custom_id in (c[1] for c in moves_in(message).values()):
                assert custom_id.split(":")[1] == str(game_id)
    spectator = party.users["carol"].dm_channel
    assert spectator is None or not [m for m in spectator.history() if moves_in(m)], "a spectator gets no prompt"
    assert not hands_shown(party, face, table), "the channel shows a hand"
    user_errors_only(simcord_env)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "the bot logged an error"


@pytest.mark.parametrize("game_key", KEYS, indirect=True)
async def test_add_bot_offers_the_lobbys_own_levels_in_its_words(
    game_key: str, simcord_env: Any, simcord_bot: Any
) -> None:
    """``/game add-bot level:`` lists the levels the lobby's game declares, weakest first, named by the game; a level
    it lacks is refused privately and seats nobody."""
    face = FACES[game_key]
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("levels")
    host = guild.add_member(simcord_env.create_user("alice"))
    await host.slash(channel, "game new", game=game_key)
    offered = await host.autocomplete(channel, "game add-bot", "level", "")
    assert [c["value"] for c in offered] == list(face.rules.ai_levels)
    assert [c["name"] for c in offered] == [level_name(game_key, level, "en") for level in face.rules.ai_levels]
    refused = await host.slash(channel, "game add-bot", level="no-such-level")
    assert refused.ephemeral
    row = await simcord_bot.store.games.open_game_in(channel.id)
    assert row is not None and len(await simcord_bot.store.games.seats(row.id)) == 1
    user_errors_only(simcord_env)
