"""Typed moves: a slash option accepts a typed card, minion, player or archive name in any of the three languages,
with or without accents, whenever it names exactly one legal move; otherwise the private refusal says where the
game stands, whose decision it is and what can be done now.

The real bot in SimCord: alice plays against an AI seat; her first decision is to start a chain.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest

from engine.fightdrome.cards import name as fd_name
from engine.nightfall.cards import card_set

from .conftest import user_errors_only
from .helpers import Party, open_game
from .test_fightdrome import open_match

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


def plain(text: str) -> str:
    """``text`` typed on a keyboard without accents: "Ciężki dym" → "Ciezki dym"."""
    text = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    return "".join(ch for ch in text if not unicodedata.combining(ch))


async def alice_to_chain(env: Any) -> tuple[Party, str, str]:
    """A game in which a chain decision waits on alice: (party, her seat, one card of hers she may chain)."""
    for _ in range(6):
        party = await open_game(env, ("alice",), ais=1, spectators=("carol",))
        await env.settle()
        table = await party.table()
        seat = table.seat_of(party.users["alice"].id).seat
        chains = [a for a in table.game.legal_actions(seat) if a.verb == "chain"]
        if chains:
            return party, seat, chains[0].args[0]
    raise AssertionError("no game gave alice a chain to start")


@pytest.mark.parametrize(("lang", "accents"), [("en", True), ("pl", True), ("pl", False), ("ru", True), ("en", False)])
async def test_a_card_typed_by_name_in_any_language_is_the_move_that_plays_it(
    simcord_env: Any, lang: str, accents: bool
) -> None:
    party, _seat, ref = await alice_to_chain(simcord_env)
    table = await party.table()
    key = table.game.d(table.game.parse_card(ref)).key
    d = card_set().cards[key]
    name = d.names.get(lang) or d.name
    typed = (name if accents else plain(name)).lower()
    version = table.game.version
    done = await party.members["alice"].slash(party.channel, "chain", card=typed)
    assert done.ephemeral and done.response.content.startswith("✓"), done.response.content
    stored = await party.bot.store.play.action(table.id, version + 1)
    assert stored is not None
    played = table.game.d(table.game.parse_card(stored[1].split()[1])).key
    assert stored[1].startswith("chain ") and played == key  # that card, or a copy of it
    user_errors_only(simcord_env)


async def test_a_name_that_fits_no_move_is_refused_saying_where_the_game_stands(simcord_env: Any) -> None:
    party, _seat, _ref = await alice_to_chain(simcord_env)
    version = (await party.table()).game.version
    wrong = await party.members["alice"].slash(party.channel, "chain", card="Pikachu")
    text = wrong.response.content
    assert wrong.ephemeral and "“Pikachu” names none of your moves now." in text
    assert "Turn 1 · alice · chain" in text and "Waiting for" in text and "You can: " in text
    # a move of another phase: the refusal says the phase, and what can be done instead
    other = await party.members["alice"].slash(party.channel, "attack", move="Vesper")
    assert other.ephemeral and "That command has no move for you now. Turn 1 · alice · chain" in other.response.content
    # not her decision at all (a spectator): whom the game waits for, and where it stands
    spectator = await party.members["carol"].slash(party.channel, "chain", card="Pikachu")
    assert spectator.ephemeral
    assert (await party.table()).game.version == version  # nothing changed
    user_errors_only(simcord_env)


async def test_a_well_formed_move_of_a_command_with_no_move_now_leads_with_the_games_reason(simcord_env: Any) -> None:
    """A command none of whose moves fits now is refused here, in the usual form, not handed to the engine: the
    game's reason first (what the engine would have said alone), then where the game stands and what can be done."""
    party, _seat, _ref = await alice_to_chain(simcord_env)
    version = (await party.table()).game.version
    refused = await party.members["alice"].slash(party.channel, "claim", archive="claim a1")
    text = refused.response.content
    assert refused.ephemeral and text.startswith(
        "That move doesn't fit now: you need to add a card to the chain or pass. Turn 1 · alice · chain · "
    )
    assert "\nYou can: " in text and "Start no chain" in text
    assert (await party.table()).game.version == version
    user_errors_only(simcord_env)


async def test_autocomplete_lists_each_distinct_move_once(simcord_env: Any) -> None:
    party, seat, _ref = await alice_to_chain(simcord_env)
    choices = await party.members["alice"].autocomplete(party.channel, "chain", "card", "")
    names = [c["name"] for c in choices]
    assert len(names) == len(set(names))
    table = await party.table()
    labels = {table.game.describe(a) for a in table.game.legal_actions(seat) if a.verb == "chain"}
    assert len(names) == len(labels)
    user_errors_only(simcord_env)


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
async def test_a_fightdrome_card_typed_by_name_plays_it(simcord_env: Any, lang: str) -> None:
    party = await open_match(simcord_env, ("alice",), ais=1, format="bout")
    for _ in range(200):
        await simcord_env.settle()
        table = await party.table()
        seat = table.seat_of(party.users["alice"].id).seat
        legal = table.game.legal_actions(seat)
        opens = [a for a in legal if a.verb == "open"]
        if opens:
            break
        if legal:  # an answer, a rest: alice plays on until she must open
            await party.members["alice"].slash(party.channel, "move", move=str(legal[0]))
        else:
            await simcord_env.advance_time(60)
    else:
        raise AssertionError("alice never had to open")
    code = opens[0].arg
    typed = plain(fd_name(code, lang)).upper()
    version = table.game.version
    done = await party.members["alice"].slash(party.channel, "open", card=typed)
    assert done.ephemeral and done.response.content.startswith("✓"), done.response.content
    stored = await party.bot.store.play.action(table.id, version + 1)
    assert stored is not None and stored[1].startswith("open ")
    assert fd_name(stored[1].split()[1], lang) == fd_name(code, lang)
    user_errors_only(simcord_env)
