"""Words that say what they mean, in three languages: damage each player takes is not damage to share out, a
newcomer's lesson names ``/card`` once, the "earlier lines" note does not promise all of them from ``/game log``,
and ``/hand`` in a tutorial (a DM) names no channel.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import FACES
from bot.nightfall.prompts import _facts
from bot.words.i18n import plural, t

from .conftest import user_errors_only

#: no image is looked at (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

LANGS = ("en", "pl", "ru")


def damage_fact(kind: str, lang: str) -> str:
    decision = {"kind": kind, "seat": "p1", "facts": {"damage": {"n": 1, "source": {"name": "Grim Siege"}}}}
    [fact] = _facts({}, decision, {}, lang)
    return fact


@pytest.mark.parametrize(
    ("lang", "each", "shared"),
    [
        ("en", "1 damage from Grim Siege to each of the players below.", "to share out"),
        ("pl", "1 obrażenie (źródło: Grim Siege) dla każdego z graczy poniżej.", "Do rozdzielenia"),
        ("ru", "1 повреждение (источник: Grim Siege) каждому из игроков ниже.", "Нужно распределить"),
    ],
)
def test_damage_to_each_player_is_not_damage_to_share_out(lang: str, each: str, shared: str) -> None:
    # Grim Siege inflicts 1 damage on each opponent: the player only orders who takes it first
    assert damage_fact("player-order", lang) == each
    # damage coming at one's minions is shared out among them
    assert shared in damage_fact("absorb-order", lang)


@pytest.mark.parametrize(("lang", "card"), [("en", "/card"), ("pl", "/karta"), ("ru", "/карта")])
def test_a_lesson_names_the_card_command_once(lang: str, card: str) -> None:
    """The first target prompt's lesson, with the line every lesson ends with (``bot.service.tutorial``)."""
    lesson = f"{FACES['nightfall'].lesson('target', lang)}\n{t('lesson.more', lang)}"
    assert lesson.count(f"`{card}`") == 1, lesson


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "…and 80 earlier lines (`/game log` shows the latest lines)."),
        ("pl", "…i 80 wcześniejszych wierszy (`/gra dziennik` pokazuje najnowsze wiersze)."),
        ("ru", "…и ещё 80 более ранних строк (`/игра журнал` показывает последние строки)."),
    ],
)
def test_earlier_lines_do_not_promise_that_the_log_shows_them_all(lang: str, says: str) -> None:
    assert plural("prompt.since_more", 80, lang) == says


@pytest.mark.parametrize(
    ("game", "lang", "says"),
    [
        ("nightfall", "en", "Your hand in your tutorial game"),
        ("nightfall", "pl", "Twoja ręka w tutorialu"),
        ("nightfall", "ru", "Ваша рука в обучающей игре"),
        ("fightdrome", "en", "Your hand in your tutorial game"),
    ],
)
async def test_hand_in_a_tutorial_names_the_tutorial_not_a_channel(
    simcord_env: Any, game: str, lang: str, says: str
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("general")
    user = simcord_env.create_user("alice")
    member = guild.add_member(user)
    await member.slash(channel, "game language", language=lang)
    await member.slash(channel, "tutorial", game=game)
    row = await simcord_env.bot.store.games.open_game_in(user.dm_channel.id)
    assert row is not None and row.tutorial and row.game == game
    shown = await user.slash("hand")
    assert shown.ephemeral
    text = "\n".join(m.content or "" for m in [shown.response, *shown.followups] if m is not None)
    assert says in text and "#" not in text, text
    user_errors_only(simcord_env)


@pytest.mark.parametrize("lang", LANGS)
def test_an_image_words_copies_as_the_dm_button_does(lang: str) -> None:
    """The prompt image's merged pill and the DM's merged button say the same of two copies of a card."""
    from bot.nightfall.prompts import prompt_moves
    from render.nightfall.prompt import button_label

    words = "Start the chain with Yuri Koroviev"
    actions = [
        {"verb": "chain", "text": f"chain c{i}", "label": words, "copies": 2, "copy": i, "passive": False}
        for i in (1, 2)
    ]
    [move] = prompt_moves({"actions": actions}, {}, lang)
    assert button_label(actions[0], lang) == move.label
