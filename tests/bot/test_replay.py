"""``/game replay`` in SimCord, for both games: a game played to the end (and one still running) shown again to a
player and to a spectator, every step pressed through, and every step's image and words checked for hidden
information; its log as a text file; a restart between two presses; every refusal."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import discord
import pytest

from bot.games import FACES
from bot.replay.steps import Replay, ReplayCache, Step, build_steps
from bot.store import UNDO
from bot.table import Table
from bot.workers import images
from tests.bot.conftest import user_errors_only
from tests.bot.helpers import Party, open_game, play_to_the_end, public_lines
from tests.bot.test_fightdrome import assert_nothing_hidden, open_match, play

#: the images are checked by what they are drawn from, not by their pixels (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[images.Picture]:
    """Every picture the bot sends from now on, as it was asked for (its drawing function and what it draws)."""
    seen: list[images.Picture] = []
    original = images.Picture.file

    async def file(self: images.Picture) -> Any:
        seen.append(self)
        return await original(self)

    monkeypatch.setattr(images.Picture, "file", file)
    return seen


def answer(env: Any, result: Any) -> Any:
    """The private message a replay command or press left: the follow-up of a deferred answer, else the response."""
    message = result.followups[-1] if result.followups else result.response
    assert message is not None and message.ephemeral
    return reread(env, message)


def reread(env: Any, message: Any) -> Any:
    from simcord.results import ResponseMessage

    return ResponseMessage(env, env.backend.get_message(message.channel_id, message.id))


def buttons(message: Any) -> dict[str, dict[str, Any]]:
    """A message's buttons by label."""
    return {c.get("label", ""): c for row in message.components for c in row.get("components", [])}


async def moments(env: Any, party: Party) -> dict[str, set[str]]:
    """Every public table the game showed (the view its table image is drawn from, as canonical JSON) → the ids of
    the cards in any hand at that moment: rebuilt here from the deal and the stored actions."""
    table = await party.table()
    face = FACES[table.row.game]
    _first, state, actions = await env.bot.store.replays.replay_source(table.id, table.row.version)
    match = face.load(state)
    out: dict[str, set[str]] = {}

    def note() -> None:
        view = face.table_picture(Table(table.row, table.seats, game=match), "en").args
        hands = {str(c["id"]) for seat in match.seats for c in match.private_view(seat).get("hand", [])}
        out.setdefault(json.dumps(view, sort_keys=True, default=repr), set()).update(hands)

    note()
    for _seq, seat, text in actions:
        match.apply(match.parse_action(seat, text))
        note()
    return out


async def walk(env: Any, party: Party, who: str, drawn: list[images.Picture]) -> list[str]:
    """``who`` asks for the replay of the channel's game and presses ▶ to its end: each step's words, and the table
    picture sent for it (checked to be one of the public tables the game showed, holding no card of any hand)."""
    shown = await moments(env, party)
    table_draw = FACES[(await party.table()).row.game].table_picture
    del drawn[:]
    result = await party.members[who].slash(party.channel, "game replay")
    message = answer(env, result)
    texts = [message.content]
    pictures = list(drawn)
    while not buttons(message)["▶"].get("disabled"):
        del drawn[:]
        await party.members[who].click(message, custom_id=buttons(message)["▶"]["custom_id"])
        message = reread(env, message)
        texts.append(message.content)
        pictures += drawn
    assert len(pictures) == len(texts), "one table image a step"
    for n, picture in enumerate(pictures):
        assert picture.draw is table_draw(await party.table()).draw, "the public table's drawing, nothing else"
        key = json.dumps(picture.args, sort_keys=True, default=repr)
        assert key in shown, f"step {n + 1}'s image is not a table the channel could have shown"
        for card in shown[key]:
            assert f'"{card}"' not in key, f"step {n + 1}'s image names {card}, a card in a hand"
    for n, text in enumerate(texts):
        assert text.splitlines()[0].endswith(f"step {n + 1} of {len(texts)}"), text
    return texts


def said_in_channel(party: Party, texts: list[str], live: bool) -> None:
    """Every line of every step (but its heading, and the present of a running game) was said in the channel."""
    public = set(public_lines(party.channel))
    for text in texts[:-1] if live else texts:
        for line in text.splitlines()[1:]:
            assert line in public, f"a replay says what the channel never did: {line}"


@pytest.mark.postgresql
async def test_a_finished_nightfall_game_replays_turn_by_turn_to_a_player_and_a_spectator(
    simcord_env: Any, drawn: list[images.Picture]
) -> None:
    env = simcord_env
    party = await open_game(env, ("alice",), ais=1, variant="two-player")
    await play_to_the_end(party, slash_every=1000)
    table = await party.table()
    summaries = [m.content for m in party.channel.history() if m.author.bot and m.content.startswith("📜 **")]
    for who in ("alice", "carol"):
        texts = await walk(env, party, who, drawn)
        # the draft's end, then each turn's: as many steps as the channel had summaries
        assert len(texts) == len(summaries) == table.game.turn + 1
        assert "📜 **The draft is over.**" in texts[0].splitlines()
        assert any(line.startswith("📜 **Turn 3 — ") for line in texts[3].splitlines())
        said_in_channel(party, texts, live=False)
        for text in texts:
            assert " drafts " not in text and "keeps" not in text
    assert env.bot.replays.cache.stats.builds == 1, "built once, then read from the cache by every press and person"
    # the log, as a text file, in the reader's language
    message = answer(env, await party.members["carol"].slash(party.channel, "game replay"))
    pressed = await party.members["carol"].click(message, custom_id=buttons(message)["Log (.txt)"]["custom_id"])
    assert pressed.ephemeral and pressed.response.content == f"📄 The public log of game #{table.id}."
    (attachment,) = pressed.response.attachments
    assert attachment.filename == f"nightfall-{table.id}-log.txt"
    text = (await attachment.read()).decode()
    lines = await env.bot.store.replays.whole_log(table.id)
    assert text.splitlines()[0] == f"Nightfall #{table.id} in #nightfall: the public log"
    assert len(text.splitlines()) == len(lines) + 2 and "The game is over" in text
    user_errors_only(env)


def exchanges_decided(face: Any, state: str, actions: list[tuple[int, str, str]]) -> set[int]:
    """The exchanges of a Fightdrome match (as ``Match.exchanges`` numbers them) in which a decision was made: a
    replay's steps, one each. An exchange begun and over inside one move has none of its own (the empty one an
    exchange's end begins when the round ends with it, one of forced moves only): it is in that move's step."""
    match = face.load(state)
    decided = set()
    for _seq, seat, text in actions:
        decided.add(match.exchanges)
        match.apply(match.parse_action(seat, text))
    assert match.is_over()
    return decided


@pytest.mark.postgresql
async def test_a_finished_fightdrome_match_replays_exchange_by_exchange(
    simcord_env: Any, drawn: list[images.Picture]
) -> None:
    env = simcord_env
    party = await open_match(env, ("alice",), ais=1)
    await play(party)
    table = await party.table()
    match = table.game
    assert match.is_over() and match.round >= 2
    _first, state, actions = await env.bot.store.replays.replay_source(table.id, table.row.version)
    decided = exchanges_decided(FACES["fightdrome"], state, actions)
    # the channel still has one summary a round, not one an exchange
    summaries = [line for line in public_lines(party.channel) if line.startswith("🥊 **Round ")]
    assert len(summaries) == match.round
    for who in ("alice", "carol"):
        texts = await walk(env, party, who, drawn)
        assert len(texts) == len(decided) and match.round < len(texts) <= match.exchanges
        # each exchange's log lines; the step that ends a round adds its summary, once, as the channel had it
        ends = [n for n, text in enumerate(texts) if "\n🥊 **Round " in text]
        assert [line for n in ends for line in texts[n].splitlines() if line.startswith("🥊 **Round ")] == summaries
        assert ends[-1] == len(texts) - 1 and texts[-1].splitlines()[-1].endswith("wins the match!")
        for n, text in enumerate(texts):
            if n not in ends:
                assert text.splitlines()[-1].startswith("The exchange ends"), text
        assert texts[ends[0] + 1].splitlines()[1].startswith("Round 2 begins: ")
        said_in_channel(party, texts, live=False)
        assert_nothing_hidden([line for text in texts for line in text.splitlines()])
    user_errors_only(env)


def test_a_fightdrome_series_replays_an_exchange_a_step() -> None:
    """A seeded series between AI seats, built as ``/game replay`` builds it: a step an exchange (it was a step a
    round: two or three for a hundred decisions and more), each with its exchange's log lines, and the step that
    ends a round with the round's summary; the channel's filing by round is untouched."""
    face = FACES["fightdrome"]
    rules = face.rules
    match: Any = rules.new(seats=["s1", "s2"], seed=1, options=rules.Options())
    deal = match.to_json()
    players = {seat: rules.make_player("normal", seed=10 + k) for k, seat in enumerate(match.seats)}
    actions: list[tuple[int, str, str]] = []
    while not match.is_over():
        seat = match.pending()[0].seat
        action = players[seat].choose(*rules.ai_input(match, seat))
        match.apply(action)
        actions.append((match.version, seat, str(action)))
    steps = build_steps(face, deal, actions, ended=True)
    assert match.round >= 2 and len(actions) > 50
    assert len(steps) == len(exchanges_decided(face, deal, actions)) and match.round < len(steps) <= match.exchanges
    names = {"s1": "Ada", "s2": "Bram"}
    texts = ["\n".join(face.replay_lines(step.stretch(), step.turns(), names, "en")).splitlines() for step in steps]
    ends = [n for n, lines in enumerate(texts) if any(line.startswith("🥊 **Round ") for line in lines)]
    assert [n for n, step in enumerate(steps) if step.turns()] == ends
    assert len(ends) == match.round and ends[-1] == len(steps) - 1 and texts[-1][-1].endswith(" wins the match!")
    for n, lines in enumerate(texts):
        assert lines[0].startswith(("Ada ", "Bram ", "Round ")), lines
        if n not in ends:
            assert lines[-1].startswith("The exchange ends"), lines
        if n - 1 in ends:  # the next round begins with the step after, its loser opening
            loser = names[match.history[ends.index(n - 1)]["loser"]]
            assert lines[0] == f"Round {ends.index(n - 1) + 2} begins: {loser} opens."
    # every kept event is in exactly one step, in order
    replayed, kept = face.load(deal), []
    for _seq, seat, text in actions:
        kept += face.log_events(replayed, replayed.apply(replayed.parse_action(seat, text)))
    assert [e for step in steps for e in step.stretch()] == kept
    assert [n for n, _evs in face.split_by_turn(1, kept)] == list(range(1, match.round + 1))


async def test_a_running_game_replays_up_to_now_and_a_restart_keeps_the_buttons(
    simcord_env: Any, drawn: list[images.Picture], make_bot: Any
) -> None:
    env = simcord_env
    party = await open_game(env, ("alice",), ais=1, variant="two-player")
    with contextlib.suppress(AssertionError):  # "the game did not end": it was not meant to, yet
        await play_to_the_end(party, max_moves=40, slash_every=1000)
    table = await party.table()
    assert not table.game.is_over() and table.game.turn >= 2
    texts = await walk(env, party, "carol", drawn)
    # the draft's end, each finished turn's end, and the table now
    assert len(texts) == table.game.turn + 1
    assert texts[-1].splitlines()[-1] == f"⏺ The game goes on: turn {table.game.turn}. This is the table now."
    said_in_channel(party, texts, live=True)
    carol = party.members["carol"]
    message = answer(env, await carol.slash(party.channel, "game replay"))
    assert "Log (.txt)" not in buttons(message), "no log to download before the end"
    # a restart between two presses: the buttons still work
    await env.restart_bot(make_bot())
    await carol.click(message, custom_id=buttons(message)["▶"]["custom_id"])
    assert reread(env, message).content == texts[1]
    await carol.click(message, custom_id=buttons(reread(env, message))["⏭"]["custom_id"])
    assert reread(env, message).content == texts[-1]
    # in the reader's language
    await carol.slash(party.channel, "game language", language="pl")
    polish = answer(env, await carol.slash(party.channel, "game replay"))
    assert polish.content.startswith(f"🎞️ **Powtórka: Nightfall #{table.id}** na #nightfall · krok 1 z {len(texts)}")
    # an abandoned game is a finished one: its last step is where it stopped, and its log may be downloaded
    await party.members["alice"].slash(party.channel, "game abandon")
    ended = answer(env, await carol.slash(party.channel, "game replay"))
    last = buttons(ended)
    assert "Dziennik (.txt)" in last and last["⏭"]["custom_id"] == f"rp:{table.id}:{len(texts)}:l"
    await carol.click(ended, custom_id=last["⏭"]["custom_id"])
    assert "⏺" not in reread(env, ended).content
    pressed = await carol.click(ended, custom_id=last["Dziennik (.txt)"]["custom_id"])
    log = (await pressed.response.attachments[0].read()).decode().splitlines()
    assert log[0] == f"Nightfall #{table.id} na #nightfall: dziennik publiczny"
    stored = await env.bot.store.replays.whole_log(table.id)
    assert log[2:] == [f"{at}  {line.text('pl', FACES['nightfall'].describe)}" for at, line in stored]
    assert any(" otrzymuje " in line for line in log), "the lines in Polish"
    user_errors_only(env)


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_who_may_replay_which_game_and_every_refusal(simcord_env: Any) -> None:
    env = simcord_env
    party = await open_game(env, ("alice",), ais=1, variant="quick-start")
    alice, carol = party.members["alice"], party.members["carol"]
    guild = party.channel.guild  # SimCord's handle of the server
    # a game in a channel carol cannot see: its player may replay it, carol may not, nor find it in the list
    shut_out = {carol: discord.PermissionOverwrite(view_channel=False)}
    back_room = guild.create_text_channel("back-room", overwrites=shut_out)
    await alice.slash(back_room, "game new", variant="quick-start")
    await alice.slash(back_room, "game add-bot")
    await alice.slash(back_room, "game start")
    hidden_id = (await env.bot.store.games.last_game_in(back_room.id)).id
    here_id = (await party.table()).id
    refused = await carol.slash(party.channel, "game replay", game=str(hidden_id))
    assert answer(env, refused).content == f"Game #{hidden_id} was played in a channel you cannot see."
    mine = answer(env, await alice.slash(party.channel, "game replay", game=str(hidden_id)))
    assert mine.content.startswith(f"🎞️ **Replay of Nightfall #{hidden_id}** in #back-room · step 1 of ")
    listed = [c["value"] for c in await carol.autocomplete(party.channel, "game replay", "game", "")]
    assert listed == [str(here_id)]
    listed = [c["value"] for c in await alice.autocomplete(party.channel, "game replay", "game", "")]
    assert listed == [str(hidden_id), str(here_id)]
    assert [c["name"] for c in await alice.autocomplete(party.channel, "game replay", "game", "back")] == [
        f"#{hidden_id} · Nightfall · #back-room · running"
    ]
    # no game here yet; no such game; a typed name; a lobby never started; a game of another server
    empty = guild.create_text_channel("empty")
    cases = {
        (empty, None): "There is no game to replay in this channel yet. Pick an older game of this server with the"
        " `game` option.",
        (party.channel, "999999"): "There is no game #999999 in this server.",
        (party.channel, "the long one"): "Pick the game from the list the `game` option offers.",
    }
    await carol.slash(empty, "game new", variant="quick-start")
    lobby_id = (await env.bot.store.games.last_game_in(empty.id)).id
    cases[(party.channel, str(lobby_id))] = f"Game #{lobby_id} never started, so there is nothing to replay."
    elsewhere = await open_game(env, ("dave",), ais=1, variant="quick-start", spectators=())
    other_id = (await elsewhere.table()).id
    cases[(party.channel, str(other_id))] = f"There is no game #{other_id} in this server."
    for (channel, game), text in cases.items():
        options = {} if game is None else {"game": game}
        result = await carol.slash(channel, "game replay", **options)
        assert answer(env, result).content == text
        assert not answer(env, result).attachments
    user_errors_only(env)


def test_the_replay_cache_keeps_within_its_bounds() -> None:
    step = Step(1, b"x" * 1000, b"y" * 400)
    cache = ReplayCache(games=3, limit=10 * step.size)
    for game in range(5):
        cache._keep(Replay(game, 1, (step,) * 2))
    assert list(cache._kept) == [2, 3, 4]  # the three latest replays
    cache._keep(Replay(9, 1, (step,) * 8))  # 14 steps' bytes: the oldest go until 10 fit
    assert list(cache._kept) == [4, 9] and cache.size == 10 * step.size
    cache._keep(Replay(4, 0, (step,)))  # an older version of a game kept is not taken
    assert cache._kept[4].version == 1
    cache._keep(Replay(10, 1, (step,) * 11))  # bigger than the whole cache: built each time, never kept
    assert list(cache._kept) == [4, 9]


async def test_a_game_in_a_thread_replays_to_whoever_sees_its_channel(simcord_env: Any) -> None:
    from simcord.builders import ChannelHandle

    env = simcord_env
    guild = env.create_guild()
    parent = guild.create_text_channel("games")
    members = {name: guild.add_member(env.create_user(name)) for name in ("alice", "carol")}
    thread = ChannelHandle(env, guild, env.backend.create_thread(parent.id, "nightfall night", members["alice"].id))
    await env.settle()
    alice, carol = members["alice"], members["carol"]
    await alice.slash(thread, "game new", variant="quick-start")
    await alice.slash(thread, "game add-bot")
    await alice.slash(thread, "game start")
    game_id = (await env.bot.store.games.last_game_in(thread.id)).id
    here = answer(env, await carol.slash(thread, "game replay"))
    assert here.content.startswith(f"🎞️ **Replay of Nightfall #{game_id}** in #nightfall night · step 1 of 1")
    listed = await carol.autocomplete(parent, "game replay", "game", "")
    assert [c["value"] for c in listed] == [str(game_id)]
    assert answer(env, await carol.slash(parent, "game replay", game=str(game_id))).content == here.content
    # a stored game that no longer plays back (its deal unreadable) is refused plainly, and changes nothing
    await env.bot.store._write("UPDATE snapshots SET state = '{\"what\": 1}' WHERE game_id = ?", (game_id,))
    env.bot.replays.cache.clear()
    broken = answer(env, await carol.slash(thread, "game replay"))
    assert broken.content == (
        f"Game #{game_id} cannot be replayed: its stored moves no longer play back. Nothing was changed."
    )
    assert (await env.bot.store.games.game(game_id)).status == "active"
    user_errors_only(env)


@pytest.mark.parametrize("key", sorted(FACES))
def test_an_undo_among_the_stored_actions_replays_as_the_game_had_it(key: str) -> None:
    """An undo (a stored action of its own) puts back the moment before the action it takes back: the steps are
    those of the same game played without the undone action, whatever that action was."""
    face = FACES[key]
    match = face.rules.new(seats=["s1", "s2"], seed=5, options=face.rules.Options())
    deal = match.to_json()
    played: list[tuple[int, str, str]] = []
    while not match.is_over() and len(played) < 160:
        seat = match.pending()[0].seat
        action = match.legal_actions(seat)[-1]
        played.append((len(played) + 1, seat, str(action)))
        match.apply(action)
    first_seat = played[0][1]
    other = next(a for a in face.load(deal).legal_actions(first_seat) if str(a) != played[0][2])
    taken_back = [(1, first_seat, str(other)), (2, first_seat, UNDO)] + [(seq + 2, s, t) for seq, s, t in played]

    plain = build_steps(face, deal, played, ended=match.is_over())
    undone = build_steps(face, deal, taken_back, ended=match.is_over())
    assert len(undone) == len(plain) > 1
    for a, b in zip(plain, undone, strict=True):
        assert a.turns() == b.turns()  # the same summaries: the undone action left no event behind
        assert b.version == a.version + 2  # the undo and the action it took back are versions of their own
        assert a.match(face).public_view() == {**b.match(face).public_view(), "version": a.version}

    with pytest.raises(ValueError):
        build_steps(face, deal, [(1, first_seat, UNDO)], ended=False)
