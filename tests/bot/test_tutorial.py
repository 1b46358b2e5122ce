"""``/tutorial``: a short guided game against an easy AI player in the person's DMs, every decision explained, in
each of the three languages; it counts in no statistics, and ``/tutorial`` again starts over.

The real bot in SimCord; the learner presses the buttons of the DM prompts only.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.games import FACES
from engine.nightfall.ai import GreedyPlayer, decide

from .conftest import user_errors_only
from .helpers import latest_prompt, moves_in, offered, press

#: no image is looked at (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

#: what a tutorial's prompt says in each language: its lesson mark, the normal AI's move
SUGGESTS = {"en": "The normal AI would choose", "pl": "Normalne AI wybrałoby", "ru": "Обычный ИИ выбрал бы"}
#: what Fightdrome's coach says a card does to the exchange, in each language
FD_COACHES = {
    "en": ("opens the exchange", "the exchange goes on", "ends the exchange"),
    "pl": ("otwiera wymianę", "wymiana trwa", "kończy wymianę"),
    "ru": ("открывает обмен", "обмен продолжается", "завершает обмен"),
}
#: Fightdrome's own terms (FIGHTDROME.md, section 0) as word starts: exchange, Fame, neuro, stun, rest, Breather,
#: fight line, Sleeve, Stack
FD_TERMS = {
    "en": re.compile(r"\b(exchange|fame|neuro|stun|rest\b|breather|fight line|sleeve|stack)", re.IGNORECASE),
    "pl": re.compile(r"\b(wymian|sław|neuro|ogłusz|odpoc|oddech|lini[ai] walki|powłok|stos)", re.IGNORECASE),
    "ru": re.compile(r"\b(обмен|слав|нейро|оглуш|отдох|отдых|передышк|линия боя|оболочк|стек)", re.IGNORECASE),
}
#: the decisions a newcomer's first Fightdrome prompt may ask: they open, they answer, or they cannot answer
FD_FIRST_KINDS = ("open", "answer", "stun_discard")


def plain_first(lesson: str, lang: str) -> None:
    """A first lesson's opening sentence says what is happening with none of the game's terms; a term is named only
    after it."""
    opening, _, rest = lesson.replace("**", "").partition(". ")
    assert not FD_TERMS[lang].search(opening), opening
    assert FD_TERMS[lang].search(rest), rest


async def learner(env: Any, lang: str) -> tuple[Any, Any, Any]:
    guild = env.create_guild()
    channel = guild.create_text_channel("general")
    user = env.create_user("alice")
    member = guild.add_member(user)
    await member.slash(channel, "game language", language=lang)
    return user, member, channel


async def play_tutorial(env: Any, user: Any, game_id: int, most: int = 400) -> list[str]:
    """Press the normal AI's move on every prompt until the tutorial ends: the prompts read, in order."""
    service = env.bot.service
    read: list[str] = []
    for n in range(most):
        await env.settle()
        table = await service.table(game_id)
        if table.game.is_over():
            return read
        seat = table.seat_of(user.id).seat
        if not table.game.legal_actions(seat):
            await env.advance_time(5)
            continue
        prompt = latest_prompt(user)
        assert prompt is not None
        if not read or read[-1] != prompt.content:
            read.append(prompt.content)
        move = str(decide(GreedyPlayer(seed=n), table.game, seat))
        move = offered(table.game, seat, move)
        assert move in moves_in(prompt), (move, sorted(moves_in(prompt)))
        await press(user, prompt, move)
    raise AssertionError("the tutorial did not end")


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
async def test_a_tutorial_plays_to_its_end_in_the_dms_explaining_every_decision(simcord_env: Any, lang: str) -> None:
    user, member, channel = await learner(simcord_env, lang)
    started = await member.slash(channel, "tutorial")
    assert started.ephemeral
    dm = user.dm_channel
    assert dm is not None
    row = await simcord_env.bot.store.games.open_game_in(dm.id)
    assert row is not None and row.tutorial and row.guild_id is None and row.deadline is None
    prompts = await play_tutorial(simcord_env, user, row.id)
    assert len(prompts) >= 5
    assert all("💡" in p for p in prompts), [p[:80] for p in prompts if "💡" not in p][:3]
    assert sum("📘" in p for p in prompts) >= 2  # each kind's lesson, once
    assert sum(SUGGESTS[lang] in p for p in prompts) >= len(prompts) // 2
    # the table and the results came to the same DM; nothing counts in the server's statistics
    texts = [m.content for m in dm.history() if m.author.bot]
    assert any("🏁" in text for text in texts)
    # the DM is no channel: no "#tutorial" in a prompt, and no game-over DM beside the results it already has
    assert not any("#tutorial" in text for text in [*prompts, *texts])
    sql = "SELECT COUNT(*) FROM deliveries WHERE kind = 'game_over' AND game_id = ?"
    owed = await simcord_env.bot.store.reader.call(lambda c: c.execute(sql, (row.id,)).fetchone()[0])
    assert owed == 0
    assert (await simcord_env.bot.store.series.player_stats(channel.guild.id, user.id, "nightfall")).games == 0
    user_errors_only(simcord_env)


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
async def test_a_fightdrome_tutorial_explains_what_each_card_does(simcord_env: Any, lang: str) -> None:
    user, member, channel = await learner(simcord_env, lang)
    await member.slash(channel, "tutorial", game="fightdrome")
    row = await simcord_env.bot.store.games.open_game_in(user.dm_channel.id)
    assert row is not None and row.game == "fightdrome" and row.tutorial
    for _ in range(100):
        await simcord_env.settle()
        prompt = latest_prompt(user)
        if prompt is not None and "💡" in prompt.content:
            break
        await simcord_env.advance_time(5)
    assert prompt is not None
    text = prompt.content
    assert "📘" in text and f"💡 {SUGGESTS[lang]}" in text
    assert any(coach in text for coach in FD_COACHES[lang])
    # the first lesson, and every lesson a newcomer may meet first, speaks plainly before it names a term
    plain_first(next(line for line in text.splitlines() if line.startswith("📘 ")).removeprefix("📘 "), lang)
    for kind in FD_FIRST_KINDS:
        plain_first(FACES["fightdrome"].lesson(kind, lang), lang)
    user_errors_only(simcord_env)


async def test_tutorial_again_starts_over(simcord_env: Any) -> None:
    user, member, channel = await learner(simcord_env, "en")
    await member.slash(channel, "tutorial")
    first = await simcord_env.bot.store.games.open_game_in(user.dm_channel.id)
    await member.slash(channel, "tutorial")
    second = await simcord_env.bot.store.games.open_game_in(user.dm_channel.id)
    assert first is not None and second is not None and second.id != first.id
    assert (await simcord_env.bot.store.games.game(first.id)).status == "abandoned"
    user_errors_only(simcord_env)
