"""Bad input gets a clear, friendly, ephemeral answer and changes nothing."""

from __future__ import annotations

from typing import Any

from .conftest import user_errors_only
from .helpers import latest_prompt, moves_in, open_game, press


async def _decider(party: Any) -> tuple[str, str]:
    """(name of a human who must decide now, name of the other human)."""
    table = await party.table()
    seats = {d.seat for d in table.game.pending()}
    names = {s.seat: s.display_name for s in table.seats}
    mover = next(names[s] for s in seats if s in names and names[s] in party.users)
    other = next(n for n in ("alice", "bob") if n != mover)
    return mover, other


async def test_spectator_and_wrong_player_are_refused_and_nothing_changes(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    table = await party.table()
    version = table.game.version
    result = await party.members["carol"].slash(party.channel, "pass")
    assert result.ephemeral and "watching this game" in result.response.content
    mover, other = await _decider(party)
    result = await party.members[other].slash(party.channel, "pass")
    assert result.ephemeral and "Nothing is waiting for you" in result.response.content
    result = await party.members[mover].slash(party.channel, "claim", archive="claim a99")
    assert result.ephemeral
    assert (await party.table()).game.version == version
    user_errors_only(simcord_env)  # every refusal was a friendly sentence, no other error


async def test_stale_buttons_are_refused_politely(simcord_env: Any) -> None:
    """A prompt whose buttons could not be taken away (a failed edit) still refuses old moves."""
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard")
    old = latest_prompt(party.users["alice"])
    assert old is not None
    picks = sorted(m for m in moves_in(old) if m.startswith("draft"))
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=None)
    await party.members["alice"].slash(party.channel, "draft", card=picks[0])
    version = (await party.table()).game.version
    assert moves_in(party.users["alice"].dm_channel.history()[-1]) == moves_in(old)  # buttons still there
    again = await press(party.users["alice"], old, picks[0])
    assert again.ephemeral and "Already done" in again.response.content
    stale = await press(party.users["alice"], old, picks[1])
    assert stale.ephemeral and "moved on" in stale.response.content
    assert (await party.table()).game.version == version
    user_errors_only(simcord_env)


async def test_a_double_click_applies_once(simcord_env: Any) -> None:
    """The first click is committed even though Discord fails to update the message, so its
    button is still there; the second click on it gets "already done" and changes nothing."""
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard")
    prompt = latest_prompt(party.users["alice"])
    assert prompt is not None
    pick = sorted(m for m in moves_in(prompt) if m.startswith("draft"))[0]
    version = (await party.table()).game.version
    simcord_env.inject_error("POST", "/interactions/*", status=500, times=1)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=None)
    await press(party.users["alice"], prompt, pick)
    table = await party.table()
    assert table.game.version == version + 1  # committed although the reply failed
    assert table.game.s.draft["chosen"][0] == pick.split()[1]
    second = await press(party.users["alice"], prompt, pick)
    assert second.ephemeral and "Already done" in second.response.content
    assert (await party.table()).game.version == version + 1
    user_errors_only(simcord_env)


async def test_a_finished_game_refuses_moves(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    mover, _ = await _decider(party)
    prompt = latest_prompt(party.users[mover])
    result = await party.members["alice"].slash(party.channel, "game abandon")
    assert "abandoned" in result.response.content
    assert latest_prompt(party.users[mover]) is None  # its buttons were taken away
    moves = moves_in(party.users[mover].dm_channel.history()[-1]) if prompt else {}
    assert moves == {}
    result = await party.members[mover].slash(party.channel, "pass")
    assert result.ephemeral and "no game" in result.response.content
    user_errors_only(simcord_env)


async def test_one_open_game_per_channel_and_lobby_rules(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice",), start=False, spectators=("bob", "carol"))
    alice, bob = party.members["alice"], party.members["bob"]
    busy = await bob.slash(party.channel, "game new")
    assert busy.ephemeral and "already has a game" in busy.response.content
    early = await alice.slash(party.channel, "game start")
    assert "2–5 players" in (early.followups[0].content if early.followups else early.response.content)
    not_host = await bob.slash(party.channel, "game add-bot")
    assert not_host.ephemeral and "Only the host" in not_host.response.content
    await bob.slash(party.channel, "game join")
    twice = await bob.slash(party.channel, "game join")
    assert twice.ephemeral and "already have a seat" in twice.response.content
    left = await bob.slash(party.channel, "game leave")
    assert left.ephemeral and "leaves the game (1/5)" in left.response.content  # the lobby message lists seats
    for _ in range(4):
        await alice.slash(party.channel, "game add-bot")
    full = await bob.slash(party.channel, "game join")
    assert full.ephemeral and "table is full" in full.response.content
    user_errors_only(simcord_env)
