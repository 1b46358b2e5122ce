"""A whole game in a channel: two humans by DM buttons and slash commands, one AI seat."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import user_errors_only
from .helpers import latest_prompt, open_game, play_to_the_end


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
@pytest.mark.simcord(settle_timeout=120)
@pytest.mark.slow(16)
async def test_two_humans_and_an_ai_play_a_whole_game(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), ais=1, variant="quick-start")
    alice, bob, carol = (party.users[n] for n in ("alice", "bob", "carol"))
    table = await party.table()
    assert table.game is not None and [s.display_name for s in table.seats][:2] == ["alice", "bob"]
    pictures: list[list[str]] = []
    transcript = await play_to_the_end(party, pictures=pictures)
    assert len(transcript) > 10
    print("\n".join(transcript))  # shown with pytest -s: the whole game as the players made it
    seat_ids = {"p1", "p2", "p3"}
    assert not any(word in seat_ids for line in transcript for word in line.split("→")[-1].split()), (
        "a reply shows an engine seat id instead of a player's name"
    )
    table = await party.table()
    assert table.game.is_over() and table.row.status == "over"
    channel_messages = party.channel.history(viewer=party.members["carol"])
    files = [a.filename for m in channel_messages for a in m.attachments]
    assert sum(1 for m in channel_messages if any(a.filename.endswith("-table.png") for a in m.attachments)) == 1
    assert any(f.endswith("-results.png") for f in files)
    assert not any("hand" in f for f in files), "a hand image reached the channel"
    assert any("The game is over" in m.content for m in channel_messages)
    # every DM prompt pressed showed its decision with one picture: a private one (hand, draft, prompt) or the table
    assert len(pictures) > 10
    assert all(
        len(names) == 1 and names[0].endswith(("-hand.png", "-draft.png", "-prompt.png", "-table.png"))
        for names in pictures
    ), pictures
    for user in (alice, bob):
        # once the game is over no DM keeps a question: each prompt became one line saying what became of it,
        # with no picture and no move left to press
        assert [m.attachments for m in user.dm_channel.history() if m.attachments] == []
        assert latest_prompt(user) is None
        assert not any("**Nightfall** in **#" in m.content for m in user.dm_channel.history())
    assert carol.dm_channel.history() == []
    assert user_errors_only(simcord_env) == []
