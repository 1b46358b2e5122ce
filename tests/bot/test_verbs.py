"""Verbs and ``/game new`` options as data: each game declares its move verbs (``Face.verbs``) and its ``/game new``
options (``Face.new_options``), the host makes the slash commands. The commands Discord receives are what the
hand-written ones were (names, options, descriptions, choices, translations: ``fixtures/command_tree.json``, taken
from the code before), two games cannot claim one verb or one option name unnoticed, ``/game new`` stays within
Discord's 25 options, and an option of another game than the lobby's is refused before anything is made."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from discord import app_commands

import bot.app  # noqa: F401  (registers every text domain)
from bot import Settings
from bot.app import NightfallBot
from bot.cogs.lobby import MAX_OPTIONS, game_new_options
from bot.cogs.verbs import VerbCommands
from bot.face import NewOption
from bot.games import FACES
from bot.verbs import Verb, check_verbs
from bot.words.commands import COMMAND_DOMAINS, CommandTranslator, key_for
from tests.kitgame import KIT_KEY, registered

from .conftest import user_errors_only
from .test_typed_moves import alice_to_chain

FIXTURE = Path(__file__).parent / "fixtures" / "command_tree.json"
#: no image is looked at (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


async def _payloads(settings: Settings) -> dict[str, dict[str, Any]]:
    """What the bot syncs, by command name: each command's payload with its Polish and Russian words."""
    nb = NightfallBot(settings)
    for cog in nb.cogs_to_add():
        await nb.add_cog(cog)
    translator = CommandTranslator()
    return {c.name: await c.get_translated_payload(nb.tree, translator) for c in nb.tree.get_commands()}


def _game_new(payloads: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return next(o for o in payloads["game"]["options"] if o["name"] == "new")


def _normal(data: Any) -> Any:
    return json.loads(json.dumps(data, sort_keys=True, ensure_ascii=False))


async def test_the_verbs_and_game_options_sync_as_the_hand_written_commands_did(settings: Settings) -> None:
    before = json.loads(FIXTURE.read_text(encoding="utf-8"))
    payloads = await _payloads(settings)
    for command in before["commands"]:
        assert _normal(payloads.get(command["name"])) == command, f"/{command['name']} changed"
    options = {o["name"]: o for o in _game_new(payloads)["options"]}
    ours = [o["name"] for o in before["game new options"]]
    assert [n for n in options if n in ours] == ours  # the same options, in the same order
    for option in before["game new options"]:
        assert _normal(options[option["name"]]) == option, f"/game new {option['name']} changed"


async def test_every_verb_is_a_command_of_its_game_and_no_game_writes_a_verb_by_hand(settings: Settings) -> None:
    payloads = await _payloads(settings)
    for face in FACES.values():
        assert face.verbs, f"{face.key} declares no verb"
        assert face.cogs(None) == []  # everything it had as code is a declaration now
        for verb in face.verbs:
            assert payloads[verb.name]["description"] == verb.description


def _face(name: str, verbs: tuple[Verb, ...] = (), options: tuple[NewOption, ...] = ()) -> Any:
    return SimpleNamespace(rules=SimpleNamespace(name=name), verbs=verbs, new_options=options)


def test_two_games_declaring_one_verb_stop_the_bot_at_start() -> None:
    pass_ = Verb("pass", "Pass", ("pass",))
    with pytest.raises(ValueError, match="/pass is declared by both Alpha and Beta"):
        VerbCommands.of(None, [_face("Alpha", (pass_,)), _face("Beta", (replace(pass_, answers=("skip",)),))])
    with pytest.raises(ValueError, match="/pass is declared by both Alpha and Alpha"):
        check_verbs({"Alpha": (pass_, pass_)})
    with pytest.raises(ValueError, match="/move is declared by both the host and Alpha"):
        check_verbs({"Alpha": (Verb("move", "Move", ("move",)),)}, taken=("move", "hand"))
    check_verbs({"Alpha": (pass_,), "Beta": (Verb("skip", "Skip", ("skip",)),)}, taken=("move",))


async def test_the_real_games_verbs_do_not_clash_with_each_other_or_the_hosts(settings: Settings) -> None:
    nb = NightfallBot(settings)
    cogs = nb.cogs_to_add()  # raises on a clash
    verbs = next(c for c in cogs if isinstance(c, VerbCommands))
    names = [c.name for c in verbs.get_app_commands()]
    assert names == [v.name for face in FACES.values() for v in face.verbs]


def test_a_verb_is_declared_whole() -> None:
    with pytest.raises(ValueError):
        Verb("pick", "Pick", ())
    with pytest.raises(ValueError):
        Verb("pick", "Pick", ("pick",), "card")  # an option without its description
    with pytest.raises(ValueError):
        Verb("pick", "Pick", ("pick",), choices=("a", "b"))  # choices without an option
    wound = Verb("wound", "Wound", ("wound",), "choice", "use or skip", ("use", "skip"))
    assert wound.move_text("use") == "wound use"
    assert Verb("claim", "Claim", ("claim",), "archive", "An archive").move_text("a1") == "a1"
    assert Verb("pass", "Pass", ("pass",)).move_text(None) is None


def test_a_game_new_option_two_games_offer_is_shared_explicitly_or_stops_the_bot() -> None:
    speed = NewOption("speed", str, "How fast", "slow", ("slow", "fast"))
    with pytest.raises(ValueError, match="'speed' of Beta clashes with Alpha's"):
        game_new_options([_face("Alpha", options=(speed,)), _face("Beta", options=(speed,))])
    shared = replace(speed, shared=True)
    with pytest.raises(ValueError, match="'speed' of Beta clashes with Alpha's"):  # shared by one side only
        game_new_options([_face("Alpha", options=(shared,)), _face("Beta", options=(speed,))])
    with pytest.raises(ValueError, match="'speed' of Beta clashes with Alpha's"):  # shared, but not the same
        game_new_options([_face("Alpha", options=(shared,)), _face("Beta", options=(replace(shared, default="fast"),))])
    assert game_new_options([_face("Alpha", options=(shared,)), _face("Beta", options=(shared,))]) == [shared]
    with pytest.raises(ValueError, match="'deadline' of Alpha clashes with /game new itself's"):
        game_new_options([_face("Alpha", options=(replace(speed, name="deadline"),))], reserved=("deadline",))


def test_the_real_games_options_are_each_once_and_fit_discords_cap() -> None:
    options = game_new_options(FACES.values(), reserved=("game", "deadline", "series", "language"))
    assert len({o.name for o in options}) == len(options)
    assert sum(len(face.new_options) for face in FACES.values()) == len(options)  # none shared today


async def test_game_new_stays_within_discords_option_cap(settings: Settings) -> None:
    new = _game_new(await _payloads(settings))
    assert len(new["options"]) <= MAX_OPTIONS
    fixed = [
        o["name"] for o in new["options"] if not any(o["name"] == x.name for f in FACES.values() for x in f.new_options)
    ]
    for face in FACES.values():  # each game alone, with the host's own options, fits too
        assert len(fixed) + len(face.new_options) <= MAX_OPTIONS


def test_each_games_command_words_are_in_its_own_catalogue() -> None:
    """A game's verbs, options, name and rules topics are keys of its own command domain, none of the host's."""
    host = COMMAND_DOMAINS["commands"].english
    for face in FACES.values():
        domain = COMMAND_DOMAINS[f"{face.key}_commands"]
        own = set(domain.english)
        assert f"cmd.game.new.game.choice.{face.key}" in own
        for verb in face.verbs:
            assert {f"cmd.{verb.name}.name", f"cmd.{verb.name}.desc"} <= own
            assert not any(k.startswith(f"cmd.{verb.name}.") for k in host)
        for option in face.new_options:
            assert set(option.words()) <= own
            assert not any(k.startswith(f"cmd.game.new.{option.name}.") for k in host)
        assert {f"cmd.rules.topic.choice.{topic}" for topic in face.rules_topics} <= own
        assert domain.directory == Path(__file__).parents[2] / "bot" / face.key / "locales"


@pytest.mark.simcord
async def test_an_option_of_another_game_is_refused_before_a_lobby_opens(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tables")
    host = guild.add_member(simcord_env.create_user("host"))
    fightdrome = next(f for f in FACES.values() if any(o.name == "format" for o in f.new_options))
    nightfall = next(f for f in FACES.values() if any(o.name == "variant" for o in f.new_options))
    for chosen in ({"variant": "standard"}, {"secret_archives": False}):  # even its game's default is refused
        refused = await host.slash(channel, "game new", game=fightdrome.key, **chosen)
        assert refused.ephemeral, refused.response.content
        name = next(iter(chosen))
        assert f"“{name}” is not an option of {fightdrome.rules.name}" in refused.response.content
    refused = await host.slash(channel, "game new", game=nightfall.key, fame_counts=True)
    assert refused.ephemeral and f"is not an option of {nightfall.rules.name}" in refused.response.content
    assert await simcord_env.bot.store.marks.games_in_channel(channel.id) == []  # nothing was made
    assert len(user_errors_only(simcord_env)) == 3
    opened = await host.slash(channel, "game new", game=fightdrome.key, format="bout", breather=True)
    assert not opened.ephemeral and "opened a game" in opened.response.content
    (row,) = await simcord_env.bot.store.marks.games_in_channel(channel.id)
    assert row.game == fightdrome.key


@pytest.mark.simcord
async def test_a_verb_command_offers_and_plays_its_own_moves(simcord_env: Any) -> None:
    """``/wound``-like fixed choices aside, a verb's option completes to the caller's legal moves of its kind."""
    party, seat, _ref = await alice_to_chain(simcord_env)
    alice = party.members["alice"]
    offered = await alice.autocomplete(party.channel, "chain", "card", "")
    table = await party.table()
    chains = {str(a) for a in table.game.legal_actions(seat) if a.verb == "chain"}
    assert offered and {c["value"] for c in offered} <= chains
    assert await alice.autocomplete(party.channel, "claim", "archive", "") == []  # no claim now
    played = await alice.slash(party.channel, "chain", card=offered[0]["value"])
    assert played.ephemeral and played.response.content.startswith("✓"), played.response.content
    user_errors_only(simcord_env)


def test_the_translator_finds_a_verbs_game_option_under_moves_words() -> None:
    """Every verb's ``game`` option says what ``/move``'s does, in every language: one entry, not one per verb."""
    command = VerbCommands(SimpleNamespace(), [Verb("pass", "Pass", ("pass",))]).get_app_commands()[0]
    assert isinstance(command, app_commands.Command)
    game = next(p for p in command.parameters if p.name == "game")
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.parameter_name, data=game
    )
    assert key_for(app_commands.locale_str("game"), context) == "cmd.move.game.name"


async def test_a_game_registered_after_import_gets_its_verbs_and_its_game_new_choice(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commands are made when the bot is, from the registry as it stands: a game added then (the kit game of
    ``tests/kitgame``) is offered by ``/game new game:`` and has its verbs, in every language it translates."""
    with registered(monkeypatch):
        payloads = await _payloads(settings)
        kit = FACES[KIT_KEY]
        game = next(o for o in _game_new(payloads)["options"] if o["name"] == "game")
        assert [c["value"] for c in game["choices"]] == list(FACES)
        for verb in kit.verbs:
            assert payloads[verb.name]["description"] == verb.description
