"""``/card`` in three languages: found by any name, its reply, image and autocomplete in the reader's language.

SimCord sends every interaction with the locale ``en-US``; these call the cog's functions with a
Discord locale of their own.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

import render.fightdrome
from bot.cogs.help import CardsAndRules
from bot.nightfall.info import card_text, choice_name, find_cards
from engine import i18n
from engine.nightfall.cards import card

from .conftest import user_errors_only


def _keys(query: str) -> list[str]:
    return [c.key for c in find_cards(query)]


@pytest.mark.parametrize(
    ("query", "key"),
    [
        ("ciezki dym", "bad_smoke"),
        ("„Ciężki Dym”", "bad_smoke"),
        ('"bad smoke"', "bad_smoke"),
        ("SZALEŃCZA BIJATYKA", "furious_melee"),
        ("szalencza bijatyka", "furious_melee"),
        ("wsciekly upior", "enraged_wight"),
        ("Leave Me!", "leave_me"),
        ("zostawcie mnie", "leave_me"),
    ],
)
def test_a_card_is_found_by_any_of_its_names_without_case_or_accents(query: str, key: str) -> None:
    assert _keys(query) == [key]


def test_cards_are_found_by_kind_type_and_colour_in_every_language() -> None:
    vampires = _keys("vampire")
    assert len(vampires) == 8 and _keys("wampiry") == vampires == _keys("вампир") == _keys("Вампиры")
    red_actions = {"blood_rage", "furious_melee", "ghoul_summoning"}
    assert set(_keys("red action")) == set(_keys("czerwona akcja")) == set(_keys("красное воздействие")) == red_actions
    assert set(_keys("оборотни")) == set(_keys("wilkołak")) == set(_keys("lycanthrope"))
    assert _keys("great") == ["great_spirit"]  # a word is not taken for a colour it merely starts like ("green")


def test_the_reply_is_in_the_readers_language() -> None:
    assert card_text("furious_melee").splitlines()[0] == "**Furious Melee** (Polish: Szaleńcza bijatyka)"
    pl = card_text("furious_melee", "pl").splitlines()
    assert pl[0] == "**Szaleńcza bijatyka** (po angielsku: Furious Melee)"
    assert pl[1] == "Czerwona akcja · łączy się z: fioletowy, żółty · koszt: 4"
    assert pl[2] == "**Łańcuch:** Zadaj 2 obrażenia każdemu sługusowi wybranego gracza."
    assert pl[3] == "**Dopalacz (biały):** Usuń 2 rozkazy z wybranego archiwum."
    ru = card_text("yuri_koroviev", "ru").splitlines()
    assert ru[0] == "**Yuri Koroviev**"  # Russian keeps the English name: said once
    assert ru[1].startswith("Жёлтый стартовый миньон (Вампир) · присоединяется к картам цвета: жёлтый · стоимость: 0")
    assert "**Ваша цепочка:** Получите 2 пункта влияния." in ru
    # the reconstructed parts and the translation, in players' words (no development note)
    assert any("Бот разыгрывает эту часть карты" in line for line in ru)
    assert any("переведена для бота" in line for line in ru)


def test_an_english_reply_has_no_translation_note() -> None:
    for key in ("franz_orlok", "bite_and_tear"):
        text = card_text(key)
        assert "translated" not in text and "The bot plays this card's" in text
        assert "reconstruct" not in text and "printed copy" not in text


def test_autocomplete_entries_are_in_the_readers_language() -> None:
    assert choice_name(card("death_grip")) == "Death Grip / Morderczy chwyt · white action"
    assert choice_name(card("death_grip"), "pl") == "Morderczy chwyt / Death Grip · biała akcja"
    assert choice_name(card("vulko"), "ru") == "Vulko · красный миньон (Оборотень)"


async def client_language(interaction: Any) -> str:
    """What ``NightfallBot.lang`` gives a user who chose no language: their Discord client's."""
    return i18n.language(interaction.locale)


class _Response:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def send_message(self, text: str, **kw: Any) -> None:
        self.sent.append((text, kw))

    def is_done(self) -> bool:
        return bool(self.sent)


async def test_the_command_answers_in_the_clients_language() -> None:
    cog: Any = CardsAndRules(SimpleNamespace(lang=client_language))  # type: ignore[arg-type]
    polish = SimpleNamespace(locale=discord.Locale.polish, response=_Response())
    choices = await cog._card_ac(polish, "wampir")
    assert len(choices) == 8 and all("sługus" in c.name for c in choices)
    assert await cog.card_language(SimpleNamespace(locale=discord.Locale.russian)) == "ru"
    assert await cog.card_language(SimpleNamespace(locale=discord.Locale.german)) == "en"
    await cog.card.callback(cog, polish, "czerwona akcja")
    text, kw = polish.response.sent[0]
    assert kw == {"ephemeral": True}
    assert text.startswith("3 karty pasują do „czerwona akcja”: ")
    assert "Szaleńcza bijatyka" in text and "Krwawa furia" in text


@pytest.mark.parametrize("query", ["🙂", "\u200b", "\u200b\u200d", "\x01\x02", "🃏 🂡", "\u2063"])
async def test_a_query_with_nothing_to_match_names_no_card(simcord_env: Any, query: str) -> None:
    """An emoji, zero-width or control characters: "no card by that name", not "30 cards match"."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    reader = guild.add_member(simcord_env.create_user("reader"))
    result = await reader.slash(channel, "card", name=query)
    assert result.ephemeral
    reply = result.response.content
    assert "no card by that name" in reply or "I don't know a card called" in reply, reply
    assert "match" not in reply and "\x01" not in reply and "\u200b" not in reply
    assert find_cards(query) == []  # and its autocomplete offers none
    user_errors_only(simcord_env)


def test_an_empty_box_still_lists_the_cards() -> None:
    assert len(find_cards("")) == len(find_cards("   ")) == 30


KICK_30 = "**Kick 30** (Kopnięcie 30 / Удар ногой 30) · Altered Carbon: Fightdrome"


@pytest.mark.parametrize("query", ["K30", "k30", "kick 30", "Kopnięcie 30", "fightdrome:K30"])
async def test_a_fightdrome_card_with_a_strength_is_that_card(simcord_env: Any, query: str) -> None:
    """``/card name:K30`` is Kick 30 (its words and its picture), not the Kick kind drawn at 10."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("arena")
    reader = guild.add_member(simcord_env.create_user("reader"))
    result = await reader.slash(channel, "card", name=query)
    assert result.ephemeral
    lines = result.response.content.splitlines()
    assert lines[0] == KICK_30
    assert lines[1] == "3 in the box · worth 30 Fame in hand at the end of a round"  # the copies of Kick 30
    assert lines[2].startswith("Strengths (copies): 10×6, 20×5, 30×3, ")  # the kind's, as before
    (picture,) = result.response.attachments
    assert picture.filename == "fightdrome-K30.png"
    assert await picture.read() == render.fightdrome.render_card("K30", "en")
    offered = await reader.autocomplete(channel, "card", "name", query)
    assert offered == [{"name": "Kick 30 · Fightdrome", "value": "fightdrome:K30"}]
    assert not simcord_env.errors


async def test_a_fightdrome_kind_a_block_and_a_strength_there_is_none_of(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("arena")
    reader = guild.add_member(simcord_env.create_user("reader"))
    # a kind without strength is the kind, drawn at its weakest
    kick = await reader.slash(channel, "card", name="kick")
    assert kick.response.content.splitlines()[:2] == [
        "**Kick** (Kopnięcie / Удар ногой) · Altered Carbon: Fightdrome",
        "21 in the box · worth its strength in Fame in hand at the end of a round",
    ]
    assert kick.response.attachments[0].filename == "fightdrome-K10.png"
    block = await reader.slash(channel, "card", name="PB 80")
    assert block.response.content.splitlines()[:2] == [
        "**Punch Block 80** (Blok ciosu 80 / Блок руки 80) · Altered Carbon: Fightdrome",
        "2 in the box · worth 25 Fame in hand at the end of a round",
    ]
    assert block.response.attachments[0].filename == "fightdrome-PB80.png"
    both = await reader.slash(channel, "card", name="block 80")
    assert "2 cards match" in both.response.content and "Punch Block 80, Kick Block 80" in both.response.content
    # a strength the kind does not come in: refused, saying which there are; autocomplete offers the kind meanwhile
    for query in ("K35", "kick 35"):
        refused = await reader.slash(channel, "card", name=query)
        assert refused.ephemeral and not refused.response.attachments
        assert refused.response.content == (
            "There is no Kick 35 in the box: Kick comes in strengths 10, 20, 30, 40, 50, 60, 70, 80."
            " Pick a card from `/card`'s list."
        )
        assert await reader.autocomplete(channel, "card", "name", query) == [
            {"name": "Kick · Fightdrome", "value": "fightdrome:K"}
        ]
    # a kind that has no strength, given one, is no card
    dodge = await reader.slash(channel, "card", name="DG30")
    assert "don't know a card" in dodge.response.content
    assert len(user_errors_only(simcord_env)) == 3
