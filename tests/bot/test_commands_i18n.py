"""Slash commands in Polish and Russian: every name, description and choice of the real command tree has a
catalogue entry with the cog's English, translations Discord accepts, and the texts that mention a command
name real localised commands."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest
from discord import app_commands

import bot.app  # noqa: F401  (registers every text domain)
from bot import Settings
from bot.app import NightfallBot
from bot.games import FACES
from bot.words.commands import (
    AUTONYMS,
    BORROWED,
    COMMAND_DOMAINS,
    LOCALES,
    CommandTranslator,
    english,
    key_for,
    valid_name,
)
from engine import i18n

LANGS = ("pl", "ru")
DOMAINS = {d.name: d for d in i18n.domains()}
NAME_LIMIT, TEXT_LIMIT, COMMAND_LIMIT = 32, 100, 4000
NAMES = (
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
)


async def _tree(settings: Settings) -> app_commands.CommandTree[Any]:
    """The bot's command tree as ``setup_hook`` builds it, without a database or a sync."""
    nb = NightfallBot(settings)
    for cog in nb.cogs_to_add():
        await nb.add_cog(cog)
    return nb.tree


class Recorder(CommandTranslator):
    """The real translator, noting every string discord.py asks it about (once, for Polish)."""

    def __init__(self) -> None:
        self.asked: list[tuple[app_commands.TranslationContextLocation, str, str | None]] = []

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        if locale is discord.Locale.polish:
            self.asked.append((context.location, string.message, key_for(string, context)))
        return await super().translate(string, locale, context)


async def _payloads(settings: Settings) -> tuple[list[dict[str, Any]], Recorder]:
    tree = await _tree(settings)
    recorder = Recorder()
    payloads = [await c.get_translated_payload(tree, recorder) for c in tree.get_commands()]
    return payloads, recorder


def _catalogued(key: str, lang: str) -> str:
    """The msgstr of ``key`` in ``lang`` as the .po file has it ("" while untranslated or fuzzy)."""
    own = BORROWED.get(key, key)
    domain = next(d for d in DOMAINS.values() if own in d.english)
    found = {m.context: m for m in i18n.read_catalog(domain, lang) if m.id}
    m = found.get(own)
    return "" if m is None or m.fuzzy or not isinstance(m.string, str) else m.string


async def test_every_command_text_has_a_key_with_the_cogs_english(settings: Settings) -> None:
    _, recorder = await _payloads(settings)
    assert len(recorder.asked) > 100
    problems = []
    for where, message, key in recorder.asked:
        if where is app_commands.TranslationContextLocation.choice_name and message in AUTONYMS:
            assert key is None  # each language by its own name, in every language
            continue
        if key is None or not (i18n.has(key) or key in BORROWED):
            problems.append(f"{where.name} {message!r}: no catalogue key ({key})")
        elif english(key) != message:
            problems.append(f"{key}: the cog says {message!r}, the catalogue {english(key)!r}")
    assert not problems, "the command catalogues (the host's, each game's) must follow the tree:\n" + "\n".join(
        problems
    )
    # and nothing in a command catalogue that the tree no longer has
    asked = {key for _, _, key in recorder.asked}
    assert {k for d in COMMAND_DOMAINS.values() for k in d.english} - asked == set()


def test_every_game_has_its_own_command_catalogue() -> None:
    """The host's catalogue and one per game, in the game's package; the translator reads them all."""
    assert set(COMMAND_DOMAINS) == {"commands", *(f"{key}_commands" for key in FACES)}
    for name, domain in COMMAND_DOMAINS.items():
        assert DOMAINS[name] is domain


@pytest.mark.parametrize("lang", LANGS)
async def test_every_command_text_is_translated_within_discords_limits(settings: Settings, lang: str) -> None:
    _, recorder = await _payloads(settings)
    problems = []
    for where, _message, key in recorder.asked:
        if key is None:
            continue
        text = _catalogued(key, lang)
        if not text:
            problems.append(f"{key}: not translated")
        elif where in NAMES and not valid_name(text):
            problems.append(f"{key}: {text!r} is not a Discord name (1–{NAME_LIMIT}, lowercase, no spaces)")
        elif not 0 < len(text) <= TEXT_LIMIT:
            problems.append(f"{key}: {len(text)} characters, Discord takes 1–{TEXT_LIMIT}")
    assert not problems, f"{lang}:\n" + "\n".join(problems)


def _choice_translations() -> dict[tuple[str, str], set[str]]:
    """Choices found by (value, English): every key that says the same must translate the same."""
    out: dict[tuple[str, str, str], set[str]] = {}
    for key in [k for d in COMMAND_DOMAINS.values() for k in d.english if ".choice." in k]:
        for lang in LANGS:
            value = key.rsplit(".choice.", 1)[1]
            out.setdefault((value, english(key), lang), set()).add(_catalogued(key, lang))
    return {(v, f"{en} [{lang}]"): s for (v, en, lang), s in out.items()}


def test_choices_that_say_the_same_translate_the_same() -> None:
    assert {k: s for k, s in _choice_translations().items() if len(s) > 1} == {}


def _name(item: dict[str, Any], lang: str) -> str:
    return str((item.get("name_localizations") or {}).get(lang, item["name"]))


def _description(item: dict[str, Any], lang: str) -> str:
    return str((item.get("description_localizations") or {}).get(lang, item.get("description", "")))


def _walk(item: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """A command payload and every option and choice in it."""
    yield item
    for option in item.get("options", []):
        yield from _walk(option)
    yield from item.get("choices", [])


def _size(item: dict[str, Any]) -> int:
    """What Discord counts toward a command's 4000 characters: names, descriptions and choice values of the
    command, its options and choices; of a localised field only its longest version (default included)."""
    total = 0
    for part in _walk(item):
        for field in ("name", "description"):
            if field in part:
                versions = [str(part[field]), *(part.get(f"{field}_localizations") or {}).values()]
                total += max(len(v) for v in versions)
        if "choices" not in part and isinstance(part.get("value"), str):
            total += len(part["value"])
    return total


async def test_the_payload_carries_the_translations_discord_shows(settings: Settings) -> None:
    """What discord.py sends at sync: each name and description as the catalogue has it, in Discord's limits."""
    payloads, _ = await _payloads(settings)
    by_name = {p["name"]: p for p in payloads}
    assert by_name["game"]["name_localizations"] == {"pl": "gra", "ru": "игра"}
    new = next(o for o in by_name["game"]["options"] if o["name"] == "new")
    assert _name(new, "pl") == "nowa" and _name(new, "ru") == "новая"
    assert {_name(o, "pl") for o in new["options"]} >= {"wariant", "sekretne-archiwa", "termin", "seria", "język"}
    series = next(o for o in new["options"] if o["name"] == "series")
    assert [c["value"] for c in series["choices"]] == ["single", "cup"]  # values stay ids
    assert all("pl" in c["name_localizations"] and "ru" in c["name_localizations"] for c in series["choices"])
    language = next(o for o in new["options"] if o["name"] == "language")
    assert all("name_localizations" not in c for c in language["choices"])  # autonyms
    assert "name_localizations" not in by_name["game"] or "en-US" not in by_name["game"]["name_localizations"]
    for lang in LANGS:
        problems = []
        for payload in payloads:
            if _size(payload) > COMMAND_LIMIT:
                problems.append(f"/{payload['name']}: {_size(payload)} characters > {COMMAND_LIMIT}")
            for part in _walk(payload):
                name, description = _name(part, lang), _description(part, lang)
                if "description" in part and not valid_name(name):
                    problems.append(f"{part['name']}: name {name!r}")
                if "description" not in part and not 0 < len(name) <= TEXT_LIMIT:
                    problems.append(f"choice {part['name']}: {name!r}")
                if "description" in part and not 0 < len(description) <= TEXT_LIMIT:
                    problems.append(f"{part['name']}: description {description!r}")
            for siblings in [payloads, *(p.get("options", []) for p in _walk(payload) if "description" in p)]:
                names = [_name(s, lang) for s in siblings if "description" in s]
                if len(names) != len(set(names)):
                    problems.append(f"names used twice among siblings: {sorted(names)}")
        assert not problems, f"{lang}:\n" + "\n".join(dict.fromkeys(problems))


async def test_the_translator_speaks_only_polish_and_russian(settings: Settings) -> None:
    tree = await _tree(settings)
    game = tree.get_command("game")
    assert game is not None
    translator = CommandTranslator()
    context = app_commands.TranslationContext(location=app_commands.TranslationContextLocation.group_name, data=game)
    string = app_commands.locale_str("game")
    assert await translator.translate(string, discord.Locale.polish, context) == "gra"
    assert await translator.translate(string, discord.Locale.russian, context) == "игра"
    assert set(LOCALES.values()) == set(LANGS)
    for locale in (discord.Locale.american_english, discord.Locale.british_english, discord.Locale.german):
        assert await translator.translate(string, locale, context) is None
    # a cog whose English moved on keeps its English rather than an outdated translation
    assert await translator.translate(app_commands.locale_str("play"), discord.Locale.polish, context) is None
    other = app_commands.TranslationContext(location=app_commands.TranslationContextLocation.other, data=None)
    assert await translator.translate(string, discord.Locale.polish, other) is None


@pytest.mark.simcord
async def test_the_bot_syncs_its_localised_commands(simcord_env: Any) -> None:
    """SimCord accepts the sync of the translated tree; what it registered carries the Polish and Russian names."""
    registered = {name: cmd for (name, _type), cmd in simcord_env.backend.commands[None].items()}
    assert registered["game"]["name_localizations"]["pl"] == "gra"
    assert registered["hand"]["name_localizations"]["pl"] == "ręka"
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("nightfall")
    host = guild.add_member(simcord_env.create_user("host"))
    result = await host.slash(channel, "game new")
    assert "opened a game" in result.response.content


# ------------------------------------------------------------------ command mentions in the other catalogues

_MENTION = re.compile(r"`(/[^`]+)`")


def _localised_tree(payloads: list[dict[str, Any]], lang: str) -> dict[str, Any]:
    """name → (options by name, subcommands by name) in ``lang``, from the payload Discord receives."""

    def node(item: dict[str, Any]) -> dict[str, Any]:
        subs = [o for o in item.get("options", []) if o.get("type") in (1, 2)]
        options = [o for o in item.get("options", []) if o.get("type") not in (1, 2)]
        return {
            "subs": {_name(s, lang): node(s) for s in subs},
            "options": {_name(o, lang): {str(c["value"]) for c in o.get("choices", [])} for o in options},
        }

    return {_name(p, lang): node(p) for p in payloads}


def _check_mention(mention: str, tree: dict[str, Any]) -> str | None:
    """Why a backticked ``/command sub option:value`` does not name a real command (None: it does)."""
    words = mention[1:].split()
    if not words or words[0] not in tree:
        return f"no command /{words[0] if words else ''}"
    at = tree[words[0]]
    rest = words[1:]
    while at["subs"]:
        if not rest:
            return None  # "/game" alone names the group
        if rest[0] not in at["subs"]:
            return f"no subcommand {rest[0]!r}"
        at, rest = at["subs"][rest[0]], rest[1:]
    for word in rest:
        option, _, value = word.partition(":")
        if option not in at["options"]:
            return f"no option {option!r}"
        values = at["options"][option]
        if value and values and value not in values:
            return f"{option}:{value} is not one of {sorted(values)}"
    return None


@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize("domain", sorted(DOMAINS))
async def test_texts_mention_real_localised_commands(settings: Settings, domain: str, lang: str) -> None:
    """ "`/gra dołącz`", "`/игра новая серия:cup`": the command, its options and typed values exist in that
    language. An entry still untranslated is skipped (the catalogue test fails it on its own)."""
    if domain not in DOMAINS:
        pytest.skip(f"no {domain!r} domain yet")
    payloads, _ = await _payloads(settings)
    tree = _localised_tree(payloads, "en-US" if lang == "en" else lang)
    problems = []
    if lang == "en":
        texts = [(k, s) for k, en in DOMAINS[domain].english.items() for s in ((en,) if isinstance(en, str) else en)]
    else:
        texts = []
        for m in i18n.read_catalog(DOMAINS[domain], lang):
            if m.id and not m.fuzzy:
                texts += [(str(m.context), s) for s in ((m.string,) if isinstance(m.string, str) else m.string) if s]
    for key, text in texts:
        for mention in _MENTION.findall(text):
            why = _check_mention(mention, tree)
            if why:
                problems.append(f"{key}: `{mention}`: {why}")
    assert not problems, f"{domain}/{lang}:\n" + "\n".join(problems)
