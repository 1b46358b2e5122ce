"""``/rules`` in English, Polish and Russian: every topic fits a Discord message, uses the rulebooks'
terms and each language's command names, and reaches the user in their client's language."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest

from bot.cogs.help import CardsAndRules
from bot.nightfall.rules_text import TOPICS, rules_topic
from engine import i18n

LANGS = i18n.LANGUAGES

#: Terms each translation must use (lower-cased stems): the official Polish rulebook's and the
#: Russian fan translation's words, as /work/shared/GLOSSARY.md lists them.
TERMS: dict[str, dict[str, tuple[str, ...]]] = {
    "pl": {
        "overview": ("tura", "sługus", "faza walki", "faza łańcucha", "faza nabywania", "faza sprzątania", "ran"),
        "combat": ("obrażenia", "sługus", "obrońca", "żywotności", "rany", "odrzuc", "usunięci", "blokuj"),
        "chain": ("łańcuch", "dopalacz", "kolorem łączącym", "rozpatr", "przeciwnik", "twój łańcuch"),
        "claim": ("punkty wpływów", "nabywasz", "archiwum wspólnego", "archiwów prywatnych", "stosu kart odrzuconych"),
        "cleanup": ("dobierz", "efektu rany", "odrzuć", "w tej turze"),
        "end": ("rana", "remis", "gracza rozpoczynającego", "zakrytych"),
        "variants": ("draft", "archiwa prywatne", "szybki start", "otwarte archiwa", "wspólny grunt", "sekretne"),
        "cards": ("kart",),
        "moves": ("ruchy",),
    },
    "ru": {
        "overview": ("ход", "миньон", "фаза боя", "фаза цепочки", "фаза требования", "фаза очистки", "ранени"),
        "combat": ("повреждени", "ранени", "миньон", "здоровья", "защищающ", "сбрасываются", "изгоняются"),
        "chain": ("цепочка", "дополнительный эффект", "цвет", "разреша", "противник", "последний зашёл"),
        "claim": ("влияни", "затребовать", "общего архива", "личных архивов", "сброса"),
        "cleanup": ("ранени", "возьмите", "сбросьте", "на этом ходу"),
        "end": ("ранени", "ничьей", "первого игрока", "рубашкой вверх"),
        "variants": ("драфт", "личн", "быстрый старт", "открытые архивы", "общая земля", "секретные архивы"),
        "cards": ("карт",),
        "moves": ("действия",),
    },
}

#: Each language's names of the commands the topics mention (the fixed table of the slash commands).
COMMANDS: dict[str, dict[str, str]] = {
    "pl": {
        "/card name": "/karta nazwa",
        "/attack": "/atak",
        "/block": "/blok",
        "/chain": "/łańcuch",
        "/pass": "/pas",
        "/target": "/cel",
        "/claim": "/nabądź",
        "/discard": "/odrzuć",
        "/done": "/gotowe",
        "/wound": "/rana",
        "/draft": "/draft",
        "/hand": "/ręka",
        "/table": "/stół",
        "/game status": "/gra stan",
    },
    "ru": {
        "/card name": "/карта название",
        "/attack": "/атака",
        "/block": "/блок",
        "/chain": "/цепочка",
        "/pass": "/пас",
        "/target": "/цель",
        "/claim": "/требовать",
        "/discard": "/сбросить",
        "/done": "/готово",
        "/wound": "/ранение",
        "/draft": "/драфт",
        "/hand": "/рука",
        "/table": "/стол",
        "/game status": "/игра статус",
    },
}


def _commands(text: str) -> list[str]:
    """The slash commands a text mentions, in order (they are always in backticks)."""
    return [m for m in re.findall(r"`([^`]+)`", text) if m.startswith("/")]


def test_the_topics_are_the_catalogue_keys() -> None:
    assert {f"rules.{topic}" for topic in TOPICS} <= {k for d in i18n.domains() if d.name == "rules" for k in d.english}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("topic", sorted(TOPICS))
def test_every_topic_fits_one_discord_message(topic: str, lang: str) -> None:
    text = rules_topic(topic, lang)
    assert text.strip()
    assert len(text) <= 2000, f"{topic}/{lang}: {len(text)} characters"
    assert "{" not in text and "}" not in text, f"{topic}/{lang}: a field was left unfilled"
    if lang != "en":
        assert text != rules_topic(topic, "en"), f"{topic}/{lang}: not translated (English shown)"


@pytest.mark.parametrize("lang", ["pl", "ru"])
@pytest.mark.parametrize("topic", sorted(TOPICS))
def test_the_translations_use_the_rulebooks_terms(topic: str, lang: str) -> None:
    text = rules_topic(topic, lang).lower()
    missing = [term for term in TERMS[lang][topic] if term not in text]
    assert not missing, f"{topic}/{lang} lacks {missing}"


@pytest.mark.parametrize("lang", ["pl", "ru"])
@pytest.mark.parametrize("topic", sorted(TOPICS))
def test_the_markdown_and_the_command_names_follow_the_language(topic: str, lang: str) -> None:
    en, text = rules_topic(topic, "en"), rules_topic(topic, lang)
    assert text.count("**") == en.count("**"), f"{topic}/{lang}: bold differs from the English"
    assert text.replace("**", "").count("*") == en.replace("**", "").count("*"), f"{topic}/{lang}: italics differ"
    assert text.count("`") == en.count("`"), f"{topic}/{lang}: code spans differ"
    assert _commands(text) == [COMMANDS[lang][c] for c in _commands(en)]


def test_card_names_come_from_the_card_data() -> None:
    assert "(Vulko, „Ciężki Dym”)" in rules_topic("combat", "pl")
    assert '(Vulko, "Bad Smoke")' in rules_topic("combat", "ru")
    assert "Bad Smoke" in rules_topic("combat", "en")


def test_an_unknown_topic_gets_the_overview() -> None:
    assert rules_topic("nonsense", "pl") == rules_topic("overview", "pl")


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        (discord.Locale.polish, "ostatnia zagrana to pierwsza rozpatrzona"),
        (discord.Locale.russian, "последний зашёл, первый вышел"),
        (discord.Locale.american_english, "last in, first out"),
        (discord.Locale.german, "last in, first out"),
    ],
)
async def test_rules_answers_in_the_users_language(locale: discord.Locale, expected: str) -> None:
    bot = MagicMock()
    bot.lang = AsyncMock(side_effect=lambda i: i18n.language(i.locale))
    cog = CardsAndRules(bot)
    response = SimpleNamespace(send_message=AsyncMock(), is_done=lambda: False)
    interaction: Any = SimpleNamespace(locale=locale, response=response)
    callback: Any = CardsAndRules.rules.callback  # the command's function, called as discord.py calls it
    await callback(cog, interaction, "chain")
    (content,), kwargs = interaction.response.send_message.call_args
    assert expected in content and kwargs == {"ephemeral": True}
