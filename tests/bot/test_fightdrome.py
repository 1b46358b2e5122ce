"""Fightdrome played on Discord by the real bot in SimCord: two people by DM buttons and slash commands, a match
against the AI, a Grand Tournament with its secret first pick, a restart in the middle of an exchange, a Polish
match, and what a spectator sees (never a hand, never the face of a stun discard)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.fightdrome.ai import SteadyPlayer
from engine.fightdrome.cards import kinds, sleeves
from tests.bot.conftest import user_errors_only
from tests.bot.helpers import Party, latest_prompt, moves_in, open_lobby, press

#: the images are checked by their presence only (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

#: every card kind's name in the three languages: a line about a face-down card must name none
CARD_WORDS = sorted({n for k in kinds().values() for n in k.names.values()}, key=len, reverse=True)
SLASH = {
    "open": ("open", "card"),
    "answer": ("answer", "card"),
    "stun-discard": ("stun", "card"),
    "sleeve": ("fighter", "sleeve"),
}


async def open_match(env: Any, humans: tuple[str, ...], ais: int = 0, start: bool = True, **options: Any) -> Party:
    return await open_lobby(env, humans, channel_name="arena", ais=ais, start=start, game="fightdrome", **options)


async def slash(member: Any, channel: Any, move: str) -> Any:
    verb = move.split()[0]
    if verb == "rest":
        return await member.slash(channel, "rest")
    command, option = SLASH[verb]
    choices = await member.autocomplete(channel, command, option, "")
    assert move in [c["value"] for c in choices], f"{move} not offered by /{command}: {choices}"
    return await member.slash(channel, command, **{option: move})


async def play(party: Party, max_moves: int = 2000, slash_every: int = 4, stop: int | None = None) -> list[str]:
    """People play sensible moves (the normal AI's choice from their own view), mostly by DM button, every few by
    slash command; the transcript says what each saw and did."""
    transcript: list[str] = []
    player = SteadyPlayer(seed=1)
    for n in range(max_moves):
        table = await party.table()
        match = table.game
        if match.is_over() or n == stop:
            return transcript
        seat = next(d.seat for d in match.pending() if not table.by_seat(d.seat).is_ai)
        name = next(k for k, u in party.users.items() if u.id == table.by_seat(seat).user_id)
        move = str(player.choose(match.private_view(seat), match.legal_actions(seat)))
        if n % slash_every == slash_every - 1:
            result = await slash(party.members[name], party.channel, move)
            assert result.ephemeral
            transcript.append(f"{name}: /{move} → {result.response.content}")
        else:
            prompt = latest_prompt(party.users[name])
            assert prompt is not None, f"{name} has a decision but no DM prompt"
            assert move in moves_in(prompt), f"{name}'s prompt lacks {move}: {sorted(moves_in(prompt))}"
            transcript.append(f"{name} (DM) sees “{prompt.content.splitlines()[1]}” → {move}")
            await press(party.users[name], prompt, move)
    raise AssertionError("the match did not end")


def spectator_text(party: Party) -> list[str]:
    spectator = party.members["carol"]
    messages = [m for m in party.channel.history(viewer=spectator) if m.author.bot]
    messages += [m for thread in party.channel.threads for m in thread.history()]
    return [line for m in messages for line in m.content.splitlines()]


def assert_nothing_hidden(lines: list[str]) -> None:
    for line in lines:
        if "face down" in line or "zakryt" in line or "рубашкой" in line:
            assert not any(w in line for w in CARD_WORDS), f"a face-down card is named: {line}"


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_two_people_play_a_match_by_dm_buttons_and_slash_commands(simcord_env: Any) -> None:
    party = await open_match(simcord_env, ("alice", "bob"), fame_counts=True)
    table = await party.table()
    assert table.row.game == "fightdrome" and table.row.options["target"] == 150
    transcript = await play(party)
    table = await party.table()
    match = table.game
    assert match.is_over() and len(transcript) > 30
    winner = table.names[match.winner]
    text = "\n".join(spectator_text(party))
    assert f"The match is over: {winner} wins." in text
    # one summary per round at most: the channel stays calm
    rounds = [line for line in text.splitlines() if line.startswith("🥊 **Round ")]
    assert len(rounds) == match.round
    assert_nothing_hidden(spectator_text(party))
    # the game-over DMs
    for name in ("alice", "bob"):
        last = [m for m in party.users[name].dm_channel.history() if m.author.bot][-1].content
        assert last.startswith("🏁") and "Fightdrome" in last
    # a stats line counts the match for both people
    result = await party.members["alice"].slash(party.channel, "game stats")
    assert "Fightdrome: 1 game" in result.response.content
    user_errors_only(simcord_env)


async def test_a_prompt_offers_the_hand_as_buttons_with_only_legal_cards_enabled(simcord_env: Any) -> None:
    party = await open_match(simcord_env, ("alice", "bob"))
    table = await party.table()
    match = table.game
    seat = match.pending()[0].seat
    name = next(k for k, u in party.users.items() if u.id == table.by_seat(seat).user_id)
    prompt = latest_prompt(party.users[name])
    assert prompt is not None and prompt.attachments, "the DM shows the hand as an image too"
    buttons = [c for row in prompt.components for c in getattr(row, "children", [row])]
    enabled = sorted(c.label for c in buttons if not c.disabled)
    legal = match.legal_actions(seat)
    assert len(enabled) == len(legal)
    hand_faces = {c["card"] for c in match.private_view(seat)["hand"]}
    assert len(buttons) == len(hand_faces | {a.arg for a in legal if a.arg}) + any(a.verb == "rest" for a in legal)
    assert "may be answered with" in prompt.content or "Open an exchange" in prompt.content


async def test_a_match_against_the_ai_to_the_end(simcord_env: Any) -> None:
    party = await open_match(simcord_env, ("alice",), ais=1, format="bout")
    await play(party)
    table = await party.table()
    assert table.game.is_over() and table.game.round == 1
    assert_nothing_hidden(spectator_text(party))
    user_errors_only(simcord_env)


@pytest.mark.slow(15)
async def test_a_grand_tournament_keeps_the_first_pick_secret(simcord_env: Any) -> None:
    party = await open_match(simcord_env, ("alice", "bob"), format="tournament")
    table = await party.table()
    match = table.game
    assert {d.kind for d in match.pending()} == {"sleeve"} and len(match.pending()) == 2
    alice_seat = table.seat_of(party.users["alice"].id).seat
    pick = match.legal_actions(alice_seat)[1]
    fighters = match.public_view()["fighters"]
    await press(party.users["alice"], latest_prompt(party.users["alice"]), str(pick))
    # the table the channel and bob are shown still lists her three fighters (the team included) and counts 3 left
    after = (await party.table()).game
    assert after.picks == {alice_seat: pick.arg} and after.public_view()["fighters"] == fighters
    assert after.private_view(next(s for s in after.seats if s != alice_seat))["fighters"] == fighters
    # before bob picks, neither he nor a spectator learns which of her three fighters alice sends in
    chosen = sleeves()[pick.arg].names["en"]
    public = "\n".join(spectator_text(party))
    assert "alice has picked a fighter." in public and f"alice fights as {chosen}" not in public
    assert chosen not in "\n".join(m.content for m in party.users["bob"].dm_channel.history())
    bob_seat = table.seat_of(party.users["bob"].id).seat
    await press(party.users["bob"], latest_prompt(party.users["bob"]), str(match.legal_actions(bob_seat)[0]))
    assert f"alice fights as {chosen}" in "\n".join(spectator_text(party))  # revealed once both have picked
    await play(party)
    table = await party.table()
    assert table.game.is_over()
    loser = next(s for s in table.game.seats if s != table.game.winner)
    assert len(table.game.fighters[loser].lost) == 3
    assert_nothing_hidden(spectator_text(party))


async def test_a_restart_in_the_middle_of_an_exchange_loses_nothing(simcord_env: Any, make_bot: Any) -> None:
    party = await open_match(simcord_env, ("alice", "bob"), format="bout")
    for _ in range(40):
        await play(party, stop=1)
        if (await party.table()).game.line:
            break
    before = (await party.table()).game.to_json()
    assert (await party.table()).game.line, "an exchange is under way"
    await simcord_env.restart_bot(make_bot())
    assert (await party.table()).game.to_json() == before
    await play(party)
    assert (await party.table()).game.is_over()


async def test_a_polish_match_speaks_polish(simcord_env: Any) -> None:
    party = await open_match(simcord_env, ("alice", "bob"), language="pl", format="bout")
    lobby = next(m.content for m in party.channel.history() if m.author.bot)
    assert "pojedyncza walka" in lobby or "Altered Carbon" in lobby
    table_message = next(m for m in reversed(party.channel.history()) if m.author.bot and m.attachments).content
    assert re.search(r"Runda 1", table_message), table_message
    await play(party)
    text = "\n".join(spectator_text(party))
    assert "wygrywa" in text


async def test_fightdrome_takes_two_players_and_no_cup(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("arena")
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "game new", game="fightdrome", series="cup")
    assert result.ephemeral and "no series" in result.response.content
    await alice.slash(channel, "game new", game="fightdrome")
    result = await alice.slash(channel, "game start")
    assert result.ephemeral and "needs 2 players" in result.response.content
    assert len(user_errors_only(simcord_env)) == 2


@pytest.mark.parametrize("query", ["Neurochem Punch", "zwód", "K30"])
async def test_card_finds_fightdrome_cards(simcord_env: Any, query: str) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("arena")
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "card", name=query)
    assert result.ephemeral and "Fightdrome" in result.response.content


async def test_a_silent_player_gets_the_passive_move_at_the_deadline_and_status_says_who(simcord_env: Any) -> None:
    party = await open_match(simcord_env, ("alice", "bob"), deadline="1h", format="bout")
    table = await party.table()
    match = table.game
    seat = match.pending()[0].seat
    expected = str(match.default_action(seat))
    name = table.names[seat]
    status = await party.members["carol"].slash(party.channel, "game status")
    assert name in status.response.content and "Round 1" in status.response.content
    await simcord_env.advance_time(3700)
    after = await party.table()
    assert after.game.version > match.version
    # what happened shows at once in the table message's latest lines (the thread gets it when the round ends)
    log = "\n".join(m.content for m in party.channel.history() if m.author.bot)
    kind = expected.split()[0]
    assert name in log and (kind != "open" or "opens with" in log)
    mine = await party.members["alice"].slash(party.channel, "game mine")
    assert "round 1" in mine.response.content
