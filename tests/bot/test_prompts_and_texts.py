"""DM prompts that say everything a player needs, and the bot's texts: buttons, channel, /card.

Exact positions are staged through the store (``stage``): a lobby is opened as players would,
then started with a position built by ``engine.nightfall.position.build`` instead of a dealt game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.components.moves import BATCH_ID, Move, move_view
from bot.errors import UserError
from bot.nightfall.face import results_text
from bot.nightfall.prompts import prompt_moves
from bot.store import Want
from bot.words.logline import LogLine
from engine.nightfall.position import Position, build

from .conftest import user_errors_only
from .helpers import Party, latest_prompt, open_game, play_to_the_end, press, public_lines

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


async def stage(env: Any, pos: Position, humans: Sequence[str] = ("alice", "bob")) -> Party:
    """A channel game of ``humans`` (seats p1, p2, …) that starts in ``pos``'s exact position."""
    party = await open_game(env, tuple(humans), start=False)
    bot = env.bot
    table = await party.table()
    game = pos.game
    since = {d.seat: d.opened for d in game.pending()}
    wants = [Want("channel"), *(Want("prompt", s.user_id) for s in table.seats if s.user_id)]
    assert await bot.store.play.start_game(
        table.id, game.to_json(), since, [LogLine.say("lobby.started", players="alice, bob")], game.version, wants
    )
    bot.service.forget(table.id)
    bot.deliverer.wake()
    # the deliveries run in the bot's worker, woken from this test: SimCord's settle does not wait for them
    for _ in range(500):
        if not await bot.store.work.pending_deliveries() and not bot.deliverer.busy:
            break
        await asyncio.sleep(0.02)
    await env.settle()
    return party


def buttons(message: discord.Message) -> list[tuple[str, str]]:
    """(label, custom id) of every button of a message."""
    return [
        (child.label or "", child.custom_id or "")
        for row in message.components
        for child in getattr(row, "children", [row])
        if isinstance(child, discord.Button)
    ]


def menus(message: discord.Message) -> list[discord.SelectMenu]:
    return [
        child
        for row in message.components
        for child in getattr(row, "children", [row])
        if isinstance(child, discord.SelectMenu)
    ]


# ---------------------------------------------------------------------------------------- buttons


@pytest.mark.simcord(settle_timeout=60)
async def test_copies_of_a_card_share_one_button_that_plays_one_of_them(simcord_env: Any) -> None:
    pos = build(["p1", "p2"], hands={"p1": ["yuri_koroviev", "yuri_koroviev", "vulko"], "p2": ["vulko"]})
    first = pos.card("p1", "yuri_koroviev")
    party = await stage(simcord_env, pos)
    prompt = latest_prompt(party.users["alice"])
    assert prompt is not None
    shown = buttons(prompt)
    assert [label for label, _ in shown] == [
        "Start the chain with Yuri Koroviev (one of 2)",
        "Start the chain with Vulko",
        "Start no chain",
    ]
    assert shown[0][1].endswith(f":chain {first}")  # the first copy's move stands for both
    result = await press(party.users["alice"], prompt, f"chain {first}")
    assert not result.ephemeral and "✓ Start the chain with Yuri Koroviev" in result.response.content
    user_errors_only(simcord_env)


def test_every_option_names_what_tells_it_apart() -> None:
    """Two Charlotte Reyes attacking different players: the fight order says whom each attacks;
    the seats read as the players' names."""
    pos = build(["p1", "p2", "p3"], phase="combat", in_play={"p1": ["charlotte_reyes", "charlotte_reyes"]})
    g = pos.game
    first, second = (pos.card("p1", "charlotte_reyes", "play", n) for n in (0, 1))
    g.apply(g.parse_action("p1", f"attack {first} p2"))
    g.apply(g.parse_action("p1", f"attack {second} p3"))
    decision = g.private_view("p1")["decisions"][0]
    moves = prompt_moves(decision, {"p1": "alice", "p2": "bob", "p3": "carol"})
    assert [m.label for m in moves] == ["Next: Charlotte Reyes attacking bob", "Next: Charlotte Reyes attacking carol"]


def test_your_own_archive_is_yours_and_others_say_whose() -> None:
    pos = build(
        ["p1", "p2"],
        phase="claim",
        influence=9,
        hands={"p1": ["vulko", "vulko", "wound:bite"]},
        private={"p1": ["death_grip"], "p2": ["leave_me"]},
    )
    decision = pos.game.private_view("p1")["decisions"][0]
    moves = prompt_moves(decision, {"p1": "alice", "p2": "bob"})
    assert [m.label for m in moves if not m.batch] == [
        "Claim Death Grip from your archive for 5 influence",
        "End claim phase",
    ]
    # discards are one menu's options, a copy each, named by their card
    assert [(m.label, m.batch) for m in moves if m.batch] == [("Vulko", True), ("Vulko", True), ("Wound (bite)", True)]
    assert not any("alice" in m.label for m in moves)


async def test_a_discard_menu_takes_several_cards_and_its_id_survives_a_restart() -> None:
    view = move_view(
        7,
        30,
        [Move("claim a1", "Claim Vulko for 3 influence"), Move("done", "End claim phase", passive=True)]
        + [Move(f"discard c{n}", "Vulko", batch=True) for n in (1, 2, 3)],
        placeholder="Choose",
        batch_placeholder="Discard for +1 influence each",
    )
    items = [getattr(item, "item", item) for item in view.children]  # a DynamicItem wraps its component
    (menu,) = [item for item in items if isinstance(item, discord.ui.Select)]
    assert menu.custom_id == "nf:7:30:discard*" and BATCH_ID.fullmatch(menu.custom_id)
    assert menu.max_values == 3 and menu.placeholder == "Discard for +1 influence each"
    assert [o.value for o in menu.options] == ["discard c1", "discard c2", "discard c3"]


@pytest.mark.simcord(settle_timeout=60)
async def test_discarding_several_cards_for_influence_in_one_go(simcord_env: Any, make_bot: Any) -> None:
    pos = build(
        ["p1", "p2"],
        phase="claim",
        hands={"p1": ["vulko", "vulko", "charlotte_reyes", "wound:bite"], "p2": ["vulko"]},
        commons=["blood_rage"],
    )
    vulkos = [pos.card("p1", "vulko", nth=n) for n in (0, 1)]
    party = await stage(simcord_env, pos)
    alice = party.users["alice"]
    prompt = latest_prompt(alice)
    assert prompt is not None
    (menu,) = menus(prompt)
    assert menu.placeholder == "Discard for +1 influence each" and menu.max_values == 4
    assert [label for label, _ in buttons(prompt)] == ["End claim phase"]  # 2 influence buys nothing yet
    # a menu sent before a restart still works afterwards
    await simcord_env.restart_bot(make_bot())
    result = await alice.select(prompt, [f"discard {c}" for c in vulkos], custom_id=menu.custom_id)
    assert not result.ephemeral
    content = result.response.content
    assert content.count("✓ Discard Vulko (+1 influence)") == 2
    assert "you have **4** influence" in content  # the next prompt, in the same DM message
    table = await party.table()
    assert table.game.s.influence[0] == 4 and len(table.game.s.hands[0]) == 2
    assert [a for _, _, a in [await simcord_env.bot.store.play.action(table.id, v) for v in (1, 2)]] == ["select"] * 2
    channel = "\n".join(public_lines(party.channel))
    assert "alice discards Vulko for 1 influence (4 influence in all)." in channel
    again = latest_prompt(alice)
    assert again is not None and "Claim Blood Rage for 4 influence" in [label for label, _ in buttons(again)]
    user_errors_only(simcord_env)


@pytest.mark.simcord(settle_timeout=60)
async def test_discards_stop_at_the_first_refusal_and_say_so_privately(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    pos = build(["p1", "p2"], phase="claim", hands={"p1": ["vulko", "charlotte_reyes", "enraged_wight"]})
    picks = [f"discard {pos.card('p1', key)}" for key in ("vulko", "charlotte_reyes", "enraged_wight")]
    party = await stage(simcord_env, pos)
    service = simcord_env.bot.service
    act = service.play.act
    tried: list[str] = []

    async def refuse_the_second(game_id: int, **kwargs: Any) -> Any:
        tried.append(kwargs["text"])
        if len(tried) == 2:
            raise UserError("err.illegal", reason="That card is not in your hand.")
        return await act(game_id, **kwargs)

    monkeypatch.setattr(service.play, "act", refuse_the_second)
    prompt = latest_prompt(party.users["alice"])
    assert prompt is not None
    (menu,) = menus(prompt)
    result = await party.users["alice"].select(prompt, picks, custom_id=menu.custom_id)
    assert tried == picks[:2]  # nothing after the refusal was tried
    assert result.response.content.count("✓ Discard") == 1
    (note,) = result.followups
    assert note.ephemeral and note.content == "Stopped before “Charlotte Reyes”: That card is not in your hand."
    table = await party.table()
    assert table.game.s.influence[0] == 3
    user_errors_only(simcord_env)


# ---------------------------------------------------------------------------------------- prompt header


@pytest.mark.simcord(settle_timeout=60)
async def test_the_draft_is_not_called_turn_1(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard")
    prompt = latest_prompt(party.users["alice"])
    assert prompt is not None
    header, lesson, lesson_more, _, ask, *facts = prompt.content.splitlines()
    assert "draft round 1 of 3" in header and "turn" not in header
    # the first draft prompt a person sees says what a draft is, under the header
    assert lesson.startswith("📘 **Draft**") and "/rules" in lesson_more
    assert ask == "Pick a card."
    assert facts == ["This round's pick becomes one of your private archives."]
    table = [m for m in party.channel.history() if any(a.filename.endswith("-table.png") for a in m.attachments)]
    assert "Draft round 1 of 3" in table[0].content and "Turn 1" not in table[0].content
    status = await party.members["carol"].slash(party.channel, "game status")
    assert status.response.content.startswith("Draft round 1 of 3")
    user_errors_only(simcord_env)


@pytest.mark.simcord(settle_timeout=60)
async def test_a_block_prompt_says_what_attacks_you(simcord_env: Any) -> None:
    pos = build(["p1", "p2"], phase="combat", in_play={"p1": ["charlotte_reyes"], "p2": ["vulko"]})
    party = await stage(simcord_env, pos)
    prompt = latest_prompt(party.users["bob"])
    assert prompt is not None
    assert "alice's Charlotte Reyes (strength 1) attacks you." in prompt.content.splitlines()
    assert [label for label, _ in buttons(prompt)] == ["Block Charlotte Reyes (alice's) with Vulko", "No more blocks"]
    user_errors_only(simcord_env)


# ---------------------------------------------------------------------------------------- channel texts


@pytest.mark.simcord(settle_timeout=60)
async def test_the_game_begins_is_said_once(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), start=False)
    started = await party.members["alice"].slash(party.channel, "game start")
    assert not started.ephemeral
    assert started.response.content == "▶️ **alice** starts the game with alice, bob. Check your DMs for your cards!"
    table_id = (await party.bot.store.marks.channel_marks((await party.table()).id)).table_message_id
    # no second announcement: only the table message quotes it, as the log's latest line
    others = [m.content for m in party.channel.history() if m.id != table_id]
    assert not any("The game begins" in text for text in others)
    (table_message,) = [m for m in party.channel.history() if m.id == table_id]
    assert "> The game begins with alice, bob." in table_message.content
    # the move-by-move log starts with it, once (the thread gets it when the draft ends)
    log = await party.bot.store.play.log_tail((await party.table()).id, 50)
    said = [line.text() for line in log if "The game begins" in line.text()]
    assert len(said) == 1 and "alice, bob" in said[0]
    user_errors_only(simcord_env)


def test_results_name_the_tie_break_that_decided_and_count_right() -> None:
    details = [
        {
            "seat": "p1",
            "place": 1,
            "wounds": 4,
            "by_type": {"bite": 2, "burn": 1, "bleed": 1},
            "turns": 5,
            "ahead_of_next_by": "wound types",
            "decided_by": "largest wound type",
        },
        {
            "seat": "p2",
            "place": 2,
            "wounds": 4,
            "by_type": {"bite": 3, "burn": 1, "bleed": 0},
            "turns": 5,
            "ahead_of_next_by": "wounds",
            "decided_by": "wounds",
        },
        {
            "seat": "p3",
            "place": 3,
            "wounds": 1,  # (an impossible ranking, but the text must still count right)
            "by_type": {"bite": 1, "burn": 0, "bleed": 0},
            "turns": 4,
            "ahead_of_next_by": None,
            "decided_by": None,
        },
    ]
    text = results_text(details, {"p1": "alice", "p2": "bob", "p3": "carol"})
    lines = text.splitlines()
    assert lines[1] == "1. **alice** — 4 wounds (2 bites, 1 burn, 1 bleed)"
    assert lines[3] == "3. **carol** — 1 wound (1 bite, 0 burns, 0 bleeds)"
    assert lines[4] == (
        "alice is ahead of bob: tie on 4 wounds, decided by the largest wound type count (2 against 3)."
    )
    assert len(lines) == 5  # bob is ahead of carol by wounds: no tie-break line
    assert "wounds wounds" not in text and "1 wounds" not in text


@pytest.mark.simcord(settle_timeout=60)
async def test_one_card_in_hand_is_one_card(simcord_env: Any) -> None:
    pos = build(["p1", "p2"], phase="claim", hands={"p1": ["vulko"]})
    party = await stage(simcord_env, pos)
    hand = await party.members["alice"].slash(party.channel, "hand")
    assert "(1 card):" in hand.response.content
    user_errors_only(simcord_env)


# ---------------------------------------------------------------------------------------- commands


def _options(command: Any) -> list[tuple[str, str]]:
    if isinstance(command, app_commands.Group):
        return [o for sub in command.commands for o in _options(sub)]
    return [(f"/{command.qualified_name} {p.name}", p.description) for p in command.parameters]


async def test_every_command_option_is_described(simcord_env: Any) -> None:
    """Discord shows "…" for an option nobody described (as /wound's choice was)."""
    options = [o for command in simcord_env.bot.tree.get_commands() for o in _options(command)]
    assert "/wound choice" in [name for name, _ in options]
    assert [name for name, text in options if text in ("…", "")] == []


@pytest.mark.simcord(settle_timeout=60)
async def test_card_finds_cards_by_name_kind_colour_and_type(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), start=False)
    carol = party.members["carol"]
    vampires = await carol.autocomplete(party.channel, "card", "name", "vampire")
    assert {c["value"] for c in vampires} == {
        "jj_mcteague",
        "yuri_koroviev",
        "alton_hickman",
        "franz_orlok",
        "lilith_lawrence",
        "marcus_toth",
        "sir_john_travail",
        "zacharias_sands",
    }
    assert all("Vampire minion" in c["name"] for c in vampires)
    ghouls = await carol.autocomplete(party.channel, "card", "name", "ghoul")
    assert "enraged_wight" in [c["value"] for c in ghouls]
    actions = await carol.autocomplete(party.channel, "card", "name", "red action")
    assert {c["value"] for c in actions} == {"blood_rage", "furious_melee", "ghoul_summoning"}
    listed = await carol.slash(party.channel, "card", name="vampire")
    assert listed.ephemeral and "8 cards match" in listed.response.content
    assert "Yuri Koroviev" in listed.response.content
    polish = await carol.slash(party.channel, "card", name="Wściekły Upiór")
    assert polish.response.attachments[0].filename == "enraged_wight.png"
    user_errors_only(simcord_env)


@pytest.mark.simcord(settle_timeout=60)
async def test_card_has_a_clean_title_and_no_developer_instructions(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), start=False)
    carol = party.members["carol"]
    same = await carol.slash(party.channel, "card", name="Charlotte Reyes")
    first = same.response.content.splitlines()[0]
    assert first == "**Charlotte Reyes**"  # its Polish name is the same: said once
    melee = await carol.slash(party.channel, "card", name="Furious Melee")
    assert melee.response.content.splitlines()[0] == "**Furious Melee** (Polish: Szaleńcza bijatyka)"
    bite = await carol.slash(party.channel, "card", name="Bite and Tear")
    assert bite.response.content.splitlines()[0] == "**Bite and Tear** (Polish: Gryź i rwij)"
    for result in (same, melee, bite):
        text = result.response.content.casefold()
        assert "json" not in text and "engine/" not in text and "`" not in text
    user_errors_only(simcord_env)


# ---------------------------------------------------------------------------------------- hidden information


@pytest.mark.simcord(settle_timeout=120)
async def test_no_channel_text_tells_a_hand(simcord_env: Any) -> None:
    """A whole game by buttons and commands: nothing in the channel, nor the log, says a player
    keeps wounds in hand or has nothing to link."""
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    await play_to_the_end(party)
    table = await party.table()
    log = "\n".join(line.text() for line in await simcord_env.bot.store.play.log_tail(table.id, 10_000))
    channel = "\n".join(m.content for m in party.channel.history(viewer=party.members["carol"]))
    for text in (log, channel):
        assert "in hand" not in text and "keeps their wounds" not in text and "nothing to link" not in text
    assert "The game is over" in channel
    for user in (party.users["alice"], party.users["bob"]):
        for message in user.dm_channel.history():
            labels = [label for label, _ in buttons(message)]
            assert len(labels) == len(set(labels)), f"two buttons read the same: {labels}"
    user_errors_only(simcord_env)
