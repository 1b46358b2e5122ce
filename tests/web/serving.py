"""What the browser tests and the README's screenshots (``tests/web/screenshots.py``) share: the web turned on as a
server's moderator does and a game's page found as a player does (the table message's "🌐 Watch" button), and a
person's move in any game. (The bot's web table is served apart from SimCord's bookkeeping: ``tests/web/apart.py``.)"""

from __future__ import annotations

from urllib.parse import urlsplit

import discord

from bot.web.server import WebServer
from engine.protocol import think
from tests.bot.helpers import Party
from tests.bot.test_host_contract import by_move_command

#: the label of the table message's link to the game's page
WATCH = "🌐 Watch"


async def web_on(party: Party, web: WebServer) -> str:
    """A member with Manage Server turns the web table on for ``party``'s server with ``/game web``; the address of
    the page the table message's "🌐 Watch" button leads to, on ``web``'s port (the bot's links name the address it
    was given, ``127.0.0.1:0``)."""
    guild = party.channel.guild
    moderators = guild.create_role("Moderators", permissions=discord.Permissions(manage_guild=True))
    moderator = guild.add_member(party.env.create_user(f"moderator-{guild.id}"), roles=[moderators])
    answer = await moderator.slash(party.channel, "game web", enabled=True)
    assert answer.ephemeral, "the web's switch is answered privately"
    await party.env.settle()
    row = await party.bot.store.games.last_game_in(party.channel.id)
    marks = await party.bot.store.marks.channel_marks(row.id)
    table = next(m for m in party.channel.history() if m.id == marks.table_message_id)
    watch = next(
        child.url
        for line in table.components
        for child in getattr(line, "children", [])
        if getattr(child, "label", None) == WATCH and child.url
    )
    return f"http://127.0.0.1:{web.port}{urlsplit(watch).path}"


async def one_move(party: Party, seed: int = 1) -> str:
    """A person whose decision it is makes a move with ``/move``, chosen by the game's easiest AI level (any game);
    the move's text."""
    table = await party.table()
    game = table.game
    face = party.bot.service.faces[table.row.game]
    seat = next(d.seat for d in game.pending() if not table.by_seat(d.seat).is_ai)
    user_id = table.by_seat(seat).user_id
    name = next(k for k, u in party.users.items() if u.id == user_id)
    view, actions = face.rules.ai_input(game, seat)
    action, _ = think(face.rules.make_player(face.rules.ai_levels[0], seed=seed + game.version), view, actions)
    await by_move_command(party, face, table, seat, name, action)
    return str(action)
