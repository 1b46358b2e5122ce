"""The channel's one message per turn, from exact event lists (no Discord needed)."""

from __future__ import annotations

from bot.nightfall.summary import split_by_turn, summary_text, turn_of
from engine.nightfall import Game, Options
from engine.nightfall.ai import RandomPlayer, decide
from engine.nightfall.log import public_events

NAMES = {"p1": "alice", "p2": "bob", "p3": "carol"}


def test_a_move_that_ends_a_turn_files_its_events_under_both_turns() -> None:
    events = [
        {"type": "claim_done", "seat": "p1"},
        {"type": "turn", "seat": "p2", "turn": 4},
        {"type": "drew", "seat": "p2", "n": 1},
    ]
    assert split_by_turn(3, events) == [(3, events[:1]), (4, events[1:])]
    assert split_by_turn(3, []) == []
    assert split_by_turn(0, [{"type": "turn", "seat": "p1", "turn": 1}]) == [
        (1, [{"type": "turn", "seat": "p1", "turn": 1}])
    ]


def test_a_turn_summary_names_the_chain_attacks_blocks_losses_claims_and_wounds() -> None:
    events = [
        {"type": "turn", "seat": "p1", "turn": 3},
        {"type": "chain_start", "seat": "p1", "card": "c1", "name": "Vulko"},
        {"type": "chain_link", "seat": "p1", "card": "c2", "name": "Death Grip"},
        {"type": "chain_link", "seat": "p1", "card": "c3", "name": "Death Grip"},
        {"type": "chain_link", "seat": "p2", "card": "c4", "name": '"Bad Smoke"'},
        {"type": "wounded", "seat": "p2", "n": 1, "types": ["bite"]},
        {"type": "wounded", "seat": "p2", "n": 2, "types": ["burn", "burn"]},
        {"type": "claimed", "seat": "p1", "name": "Franz Orlok", "paid": 5},
        {"type": "claimed", "seat": "p1", "name": "Franz Orlok", "paid": 5},
        {"type": "attacks", "seat": "p1", "card": "c1", "name": "Vulko", "target": "p3", "strength": 3},
        {"type": "blocks", "seat": "p3", "card": "c9", "name": "Enraged Wight", "attacker": "c1"},
        {"type": "destroyed", "seat": "p3", "card": "c9", "name": "Enraged Wight"},
    ]
    assert summary_text(3, events, NAMES).splitlines() == [
        "📜 **Turn 3 — alice**",
        '⛓️ Chain of 4: alice: Vulko, Death Grip ×2 → bob: "Bad Smoke".',
        "⚔️ Vulko (3) attacks carol — blocked by Enraged Wight.",
        "💀 Destroyed: carol: Enraged Wight.",
        "🏛️ Claimed: alice: Franz Orlok ×2.",
        "🩸 bob +3 wounds (1 bite, 2 burns).",
    ]


def test_a_quiet_turn_and_the_first_turn_without_a_turn_event() -> None:
    assert summary_text(2, [{"type": "turn", "seat": "p2", "turn": 2}, {"type": "no_chain", "seat": "p2"}], NAMES) == (
        "📜 **Turn 2 — bob**\n⛓️ No chain."
    )
    first = [{"type": "chain_start", "seat": "p3", "name": "Vulko"}, {"type": "chain_pass", "seat": "p3"}]
    assert summary_text(1, first, NAMES).startswith("📜 **Turn 1 — carol**\n⛓️ Chain of 1: carol: Vulko.")


def test_the_draft_summary_gives_the_commons_and_who_goes_first() -> None:
    events = [
        {"type": "archives_ready", "commons": ["Vulko", "Death Grip"], "private": {"p1": ["Franz Orlok"]}},
        {"type": "first_player", "seat": "p2"},
    ]
    assert (
        summary_text(0, events, NAMES) == "📜 **The draft is over.**\nCommons: Vulko, Death Grip.\n**bob** goes first."
    )


def test_every_turn_of_random_games_gets_one_summary_in_order() -> None:
    for seed in range(5):
        game = Game.new(["p1", "p2", "p3"], seed=seed, options=Options(draft="standard"))
        player = RandomPlayer(seed=seed)
        filed: dict[int, list[dict]] = {}
        while not game.is_over():
            turn = turn_of(game)
            seat = game.pending()[0].seat
            for n, events in split_by_turn(turn, public_events(game.apply(decide(player, game, seat)))):
                filed.setdefault(n, []).extend(events)
        assert sorted(filed) == list(range(0, game.turn + 1))
        texts = [summary_text(n, filed[n], NAMES) for n in sorted(filed)]
        assert texts[0].startswith("📜 **The draft is over.**")
        assert all(text.startswith(f"📜 **Turn {n} — ") for n, text in enumerate(texts[1:], 1))
        assert all(len(text) <= 1900 for text in texts)
        assert "🏁" in texts[-1]
