"""``/me images off``: text instead of images, for whoever wants it. That person's DMs carry each image's words in an
embed, with the same buttons and no attachment, and every decision of a whole game of each kind is made through
them; ``/hand`` and ``/table`` answer in words; the channel keeps its images (everyone reads it); ``/me images on``
brings images back from the next DM."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord_io.pictures import words_of
from bot.games import FACES
from bot.words.i18n import t
from tests.bot.conftest import user_errors_only
from tests.bot.helpers import Party, latest_prompt, moves_in, open_lobby, press

#: images are checked by their presence only (tests/bot/conftest.py); their words do not need them drawn
pytestmark = pytest.mark.unseen_images

MAX_MOVES = 1500


async def open_alone(env: Any, key: str) -> Party:
    """alice against one AI seat at the game's default level, with the game's quickest options; not started."""
    face = FACES[key]
    return await open_lobby(
        env,
        ("alice",),
        channel_name=key,
        ais=1,
        level=face.rules.default_level,
        start=False,
        game=key,
        **face.tutorial_options,
    )


def dm_messages(party: Party, name: str = "alice") -> list[discord.Message]:
    channel = party.users[name].dm_channel
    return list(channel.history()) if channel is not None else []


def words_in(message: discord.Message) -> str:
    """What a text DM shows in place of its image: its one embed's description."""
    assert len(message.embeds) == 1, f"a text DM carries one embed of words: {message.content!r}"
    return str(message.embeds[0].description or "")


async def expected_words(party: Party, seat: str) -> str:
    """The words of the image ``seat``'s prompt would carry now, as the DM shows them."""
    table = await party.table()
    prompt = FACES[table.row.game].prompt(table, seat, "en")
    assert prompt is not None
    return words_of(prompt.picture, "en")


@pytest.mark.slow(20)
@pytest.mark.parametrize("key", list(FACES))
async def test_a_whole_game_is_played_with_images_off(simcord_env: Any, key: str) -> None:
    env = simcord_env
    face = FACES[key]
    party = await open_alone(env, key)
    alice = party.members["alice"]
    answer = await alice.slash(party.channel, "me images", mode="off")
    assert answer.ephemeral and "Images off" in answer.response.content
    await alice.slash(party.channel, "game start")
    table = await party.table()
    seat = next(s.seat for s in table.seats if not s.is_ai)
    picker = face.rules.make_player(face.rules.ai_levels[0], seed=3)
    decisions = 0
    for _ in range(MAX_MOVES):
        table = await party.table()
        match = table.game
        if match.is_over():
            break
        assert any(d.seat == seat for d in match.pending()), "the AI seat plays at once: the game waits on alice"
        prompt = latest_prompt(party.users["alice"])
        assert prompt is not None, "alice has a decision but no DM prompt"
        assert not prompt.attachments, f"a DM of alice's carries an image: {prompt.content!r}"
        words = words_in(prompt)
        assert words == await expected_words(party, seat), "the DM carries the words of the decision's image"
        assert words != t("images.no_words", "en") and len(words) > 40, f"the image has words of its own: {words}"
        view, actions = face.rules.ai_input(match, seat)
        move = str(picker.choose(view, actions))
        offered = moves_in(prompt)
        if move not in offered:  # copies of one thing share one button: the one with the same label
            label = face.label(match, match.parse_action(seat, move), table.names, "en")
            move = next(
                m for m in offered if face.label(match, match.parse_action(seat, m), table.names, "en") == label
            )
        await press(party.users["alice"], prompt, move)
        decisions += 1
    else:
        raise AssertionError("the game did not end")
    assert decisions >= 5, "a whole game, decided through the text DMs"
    dms = dm_messages(party)
    assert dms and not [m.content for m in dms if m.attachments], "no DM of alice's ever carried an image"
    # the channel is everyone's: its table and results stay images
    assert any(m.attachments for m in party.channel.history()), "the channel still shows images"
    user_errors_only(env)


async def test_images_on_brings_images_back_on_the_next_dm_and_an_edit_stays_as_the_person_chose(
    simcord_env: Any,
) -> None:
    env = simcord_env
    party = await open_alone(env, "fightdrome")
    alice = party.members["alice"]
    await alice.slash(party.channel, "me images", mode="off")
    await alice.slash(party.channel, "game start")
    prompt = latest_prompt(party.users["alice"])
    assert prompt is not None and not prompt.attachments and "Your hand:" in words_in(prompt)
    table = await party.table()
    seat = next(s.seat for s in table.seats if not s.is_ai)

    # a button's answer edits its own DM into the next decision: still words, nothing attached
    await press(party.users["alice"], prompt, str(table.game.legal_actions(seat)[0]))
    edited = latest_prompt(party.users["alice"])
    assert edited is not None and not edited.attachments and "Your hand:" in words_in(edited)

    answer = await alice.slash(party.channel, "me images", mode="on")
    assert answer.ephemeral and "Images on" in answer.response.content
    table = await party.table()
    await press(party.users["alice"], edited, str(table.game.legal_actions(seat)[0]))
    again = latest_prompt(party.users["alice"])
    assert again is not None and again.attachments, "images are back from the next DM"
    assert not again.embeds, "the words are gone with them"
    user_errors_only(env)


async def test_hand_and_table_answer_in_words(simcord_env: Any) -> None:
    env = simcord_env
    party = await open_alone(env, "nightfall")
    alice = party.members["alice"]
    await alice.slash(party.channel, "game start")
    shown = await alice.slash(party.channel, "table")
    assert shown.ephemeral and shown.response.attachments, "with images on, /table is the image"
    await alice.slash(party.channel, "me images", mode="off")

    table = await party.table()
    face = FACES["nightfall"]
    replied = await alice.slash(party.channel, "table")
    assert replied.ephemeral and not replied.response.attachments
    assert words_in(replied.response) == words_of(face.table_picture(table, "en"), "en")
    assert "wound" in words_in(replied.response)

    seat = next(s.seat for s in table.seats if not s.is_ai)
    replied = await alice.slash(party.channel, "hand")
    assert replied.ephemeral and not replied.response.attachments
    _text, picture = face.hand(table, seat, "en")
    assert words_in(replied.response) == words_of(picture, "en")
    user_errors_only(env)


@pytest.mark.postgresql
async def test_the_setting_is_kept_per_person_and_shown(simcord_env: Any, make_bot: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("settings")
    ola = guild.add_member(env.create_user("ola"))
    text = (await ola.slash(channel, "me show")).response.content
    assert "Images: on" in text
    assert await env.bot.store.people.images_on(ola.id)

    await ola.slash(channel, "me language", language="pl")
    answer = await ola.slash(channel, "me images", mode="off")
    assert answer.ephemeral and "Obrazy wyłączone" in answer.response.content
    assert not await env.bot.store.people.images_on(ola.id)
    # kept in the store, not in the process: a restarted bot reads it back
    await env.restart_bot(make_bot())
    assert not await env.bot.store.people.images_on(ola.id)
    text = (await ola.slash(channel, "me show")).response.content
    assert "Obrazy: wyłączone" in text

    await ola.slash(channel, "me images", mode="on")
    assert await env.bot.store.people.images_on(ola.id)
    assert "Obrazy: włączone" in (await ola.slash(channel, "me show")).response.content
    user_errors_only(env)


async def test_a_tutorial_comes_as_text_its_table_and_results_too(simcord_env: Any) -> None:
    """A tutorial's DM is its table's channel too: for a person with images off, its table and results are words."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("general")
    user = env.create_user("alice")
    member = guild.add_member(user)
    await member.slash(channel, "me images", mode="off")
    await member.slash(channel, "tutorial", game="fightdrome")
    row = await env.bot.store.games.open_game_in(user.dm_channel.id)
    assert row is not None and row.tutorial
    face = FACES["fightdrome"]
    picker = face.rules.make_player(face.rules.ai_levels[0], seed=5)
    tables_read = 0
    for _ in range(MAX_MOVES):
        await env.settle()
        table = await env.bot.service.table(row.id)
        if table.game.is_over():
            break
        table_id = (await env.bot.store.marks.channel_marks(row.id)).table_message_id
        for message in [m for m in user.dm_channel.history() if m.id == table_id]:
            assert not message.attachments and words_in(message), "the tutorial's table, in words"
            tables_read += 1
        seat = table.seat_of(user.id).seat
        if not table.game.legal_actions(seat):
            await env.advance_time(5)  # the AI thinks
            continue
        prompt = latest_prompt(user)
        assert prompt is not None and not prompt.attachments and words_in(prompt)
        view, actions = face.rules.ai_input(table.game, seat)
        await press(user, prompt, str(picker.choose(view, actions)))
    else:
        raise AssertionError("the tutorial did not end")
    await env.settle()
    dms = [m for m in user.dm_channel.history() if m.author.bot]
    assert not [m.content[:60] for m in dms if m.attachments], "no DM of the tutorial carries an image"
    table = await env.bot.service.table(row.id)
    results = face.results_text(table, "en").splitlines()[0]
    shown = next(m for m in dms if m.content.startswith(results))
    assert words_in(shown) == words_of(face.results_picture(table, "en"), "en"), "the results, in words"
    assert tables_read > 0
    user_errors_only(env)


async def test_a_replay_comes_as_words(simcord_env: Any) -> None:
    """``/game replay`` is a private reply too: its steps are the table's words, a press keeping them so."""
    from simcord.results import ResponseMessage

    def reread(message: Any) -> Any:
        return ResponseMessage(env, env.backend.get_message(message.channel_id, message.id))

    def answer(result: Any) -> Any:
        return reread(result.followups[-1] if result.followups else result.response)

    def forward(message: Any) -> str:
        return next(c for row in message.components for c in row["components"] if c.get("label") == "▶")["custom_id"]

    env = simcord_env
    party = await open_alone(env, "fightdrome")
    alice = party.members["alice"]
    await alice.slash(party.channel, "game start")
    table = await party.table()
    seat = next(s.seat for s in table.seats if not s.is_ai)
    prompt = latest_prompt(party.users["alice"])
    assert prompt is not None
    await press(party.users["alice"], prompt, str(table.game.legal_actions(seat)[0]))
    await alice.slash(party.channel, "me images", mode="off")
    message = answer(await alice.slash(party.channel, "game replay"))
    assert not message.attachments and len(message.embeds) == 1, "the first step, in words"
    first = message.embeds[0]
    await alice.click(message, custom_id=forward(message))
    message = reread(message)
    assert not message.attachments and len(message.embeds) == 1 and message.embeds[0] != first, "the next, in words"
    user_errors_only(env)
