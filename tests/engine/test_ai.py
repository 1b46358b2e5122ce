"""AI players finish every kind of game legally, the greedy one plays sensibly, and the log reads."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import engine.nightfall
from engine.nightfall import Action, Game, Options, demo
from engine.nightfall.ai import GreedyPlayer, Player, RandomPlayer, decide, play_out
from engine.nightfall.log import DESCRIBERS, describe_event, public_events
from engine.nightfall.position import Position, build
from engine.nightfall.state import DRAFTS

SEATS = ["ada", "bram", "cleo", "dmitri", "eve"]


class Checked:
    """Wraps a player and fails the test the moment it returns an action that is not legal."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner

    def choose(self, view: dict[str, Any], actions: list[Action]) -> Action:
        assert actions and all(a.seat == view["you"] for a in actions)
        action = self.inner.choose(view, actions)
        assert action in actions, f"{view['you']} chose {action}, not one of {[str(a) for a in actions]}"
        return action


def play(game: Game, make: type[GreedyPlayer] | type[RandomPlayer], seed: int) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    players = {seat: Checked(make(seed * 10 + k)) for k, seat in enumerate(game.seats)}
    play_out(game, players, max_steps=5000, on_step=lambda a, ev: events.extend(ev))
    return events


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize("ai", [GreedyPlayer, RandomPlayer])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", DRAFTS)
def test_ai_finishes_every_variant_legally(
    ai: type[GreedyPlayer] | type[RandomPlayer], players: int, variant: str
) -> None:
    seed = players * 7 + DRAFTS.index(variant)
    options = Options(draft=variant, secret_archives=players % 2 == 1)
    game = Game.new(SEATS[:players], seed=seed, options=options)
    play(game, ai, seed)
    assert game.is_over()
    assert sorted(seat for seat, _, _ in game.result()) == sorted(SEATS[:players])


def test_play_out_is_deterministic() -> None:
    texts = []
    for _ in range(2):
        game = Game.new(SEATS[:3], seed=11, options=Options())
        play(game, GreedyPlayer, 11)
        texts.append(game.to_json())
    assert texts[0] == texts[1]


def test_greedy_beats_random_on_average() -> None:
    greedy_wounds = random_wounds = greedy_wins = 0
    games = 8
    for seed in range(games):
        game = Game.new(["g", "r"], seed=seed, options=Options(draft="two-player"))
        players: dict[str, Player] = {"g": GreedyPlayer(seed), "r": RandomPlayer(seed)}
        play_out(game, players)
        wounds = {seat: w for seat, w, _ in game.result()}
        greedy_wounds += wounds["g"]
        random_wounds += wounds["r"]
        greedy_wins += game.result()[0][0] == "g"
    assert greedy_wounds < random_wounds
    assert greedy_wins > games // 2


# ---------------------------------------------------------------------- single decisions


def greedy_move(pos: Position, seat: str) -> Action:
    return decide(GreedyPlayer(0), pos.game, seat)


def test_greedy_starts_the_chain_that_earns_a_kicker() -> None:
    # Indigo Six (yellow) links to purple; Shock and Awe (purple) has a yellow kicker
    pos = build(
        ["ada", "bram"],
        phase="chain",
        hands={"ada": ["shock_and_awe", "indigo_six"], "bram": []},
        in_play={"bram": ["vulko"]},
    )
    first = greedy_move(pos, "ada")
    assert first == Action("ada", "chain", (pos.card("ada", "indigo_six"),))
    pos.game.apply(first)
    second = greedy_move(pos, "ada")
    assert second == Action("ada", "chain", (pos.card("ada", "shock_and_awe"),))
    events = pos.game.apply(second)
    assert any(e["type"] == "chain_link" and e["kicker"] for e in events)


def test_greedy_links_onto_an_opponents_chain_for_a_kicker() -> None:
    # bram starts with Ghoul Summoning (red); both of ada's green cards link onto it, and
    # Grim Siege has a red kicker
    pos = build(
        ["ada", "bram"],
        phase="chain",
        active=1,
        hands={"bram": ["ghoul_summoning"], "ada": ["zacharias_sands", "grim_siege"]},
        decks={"ada": ["jj_mcteague"] * 5, "bram": ["jj_mcteague"] * 5},
    )
    pos.game.apply(Action("bram", "chain", (pos.card("bram", "ghoul_summoning"),)))
    assert [d.seat for d in pos.game.pending()] == ["ada"]
    move = greedy_move(pos, "ada")
    assert move == Action("ada", "chain", (pos.card("ada", "grim_siege"),))
    assert pos.game.describe(move).endswith("(kicker!)")


def test_greedy_blocks_an_attack_that_would_wound_it() -> None:
    # cards in hand, so that the game stops at ada's chain once the combat is over
    pos = build(
        ["ada", "bram"],
        phase="combat",
        hands={"ada": ["charlotte_reyes"], "bram": ["charlotte_reyes"]},
        in_play={"ada": ["jj_mcteague"], "bram": ["genesis_one"]},
    )
    assert [(d.seat, d.kind) for d in pos.game.pending()] == [("bram", "block")]
    move = greedy_move(pos, "bram")
    assert move.verb == "block"
    assert move.args == (pos.card("bram", "genesis_one", "play"), pos.card("ada", "jj_mcteague", "play"))
    pos.game.apply(move)
    assert [(d.seat, d.kind) for d in pos.game.pending()] == [("ada", "chain")]
    assert pos.game.public_view()["seats"][1]["wounds"] == 0


def test_greedy_aims_damage_at_the_leading_opponent_never_itself() -> None:
    pos = build(
        ["ada", "bram", "cleo"],
        phase="chain",
        hands={"ada": ["enraged_wight"], "bram": [], "cleo": []},
        discards={"bram": ["wound:bite", "wound:burn", "wound:bleed"]},
    )
    pos.game.apply(Action("ada", "chain", (pos.card("ada", "enraged_wight"),)))
    (decision,) = pos.game.pending()
    assert (decision.seat, decision.kind, decision.info["what"]) == ("ada", "target", "player")
    assert greedy_move(pos, "ada") == Action("ada", "target", ("cleo",))


def test_greedy_destroys_the_most_valuable_opposing_minion() -> None:
    pos = build(
        ["ada", "bram"],
        phase="chain",
        hands={"ada": ["shock_and_awe"], "bram": []},
        in_play={"ada": ["bad_smoke"], "bram": ["jj_mcteague", "vulko"]},
    )
    pos.game.apply(Action("ada", "chain", (pos.card("ada", "shock_and_awe"),)))
    assert greedy_move(pos, "ada") == Action("ada", "target", (pos.card("bram", "vulko", "play"),))


def test_greedy_discards_junk_to_afford_a_better_card() -> None:
    pos = build(
        ["ada", "bram"],
        phase="claim",
        hands={"ada": ["yuri_koroviev", "wound:bite", "jj_mcteague"]},
        commons=["watcher_two", "death_grip"],
        influence=2,
    )
    moves = []
    while pos.game.pending() and pos.game.pending()[0].kind == "claim":
        move = greedy_move(pos, "ada")
        moves.append(str(move))
        pos.game.apply(move)
    claimed = [m for m in moves if m.startswith("claim")]
    assert claimed == [f"claim {pos.archive('death_grip')}"]
    assert sum(m.startswith("discard") for m in moves) == 3


def test_greedy_uses_the_wound_effect() -> None:
    pos = build(
        ["ada", "bram"],
        phase="claim",
        hands={"ada": ["wound:bite"]},
        decks={"ada": ["jj_mcteague"] * 8},
        commons=["death_grip"],
        influence=0,
    )
    while pos.game.pending()[0].kind != "wound":
        pos.game.apply(greedy_move(pos, "ada"))
    assert greedy_move(pos, "ada") == Action("ada", "wound", ("use",))


# ---------------------------------------------------------------------- the log


def test_every_event_of_full_games_reads_as_a_sentence() -> None:
    seen: set[str] = set()
    games: list[tuple[int, str, type[GreedyPlayer] | type[RandomPlayer]]] = [
        (2, "two-player", RandomPlayer),
        (3, "standard", GreedyPlayer),
        (5, "open", RandomPlayer),
    ]
    for seed, (players, variant, ai) in enumerate(games):
        game = Game.new(SEATS[:players], seed=seed, options=Options(draft=variant, secret_archives=True))
        for event in play(game, ai, seed):
            seen.add(event["type"])
            for text in (describe_event(event), describe_event(event, game)):
                assert isinstance(text, str) and text.strip(), event
    assert {"turn", "attacks", "chain_start", "wounded", "claimed", "game_over"} <= seen


def test_every_event_type_the_engine_emits_has_its_own_sentence() -> None:
    emit = re.compile(r'emit\(\s*"(\w+)"(?:\s+if\s+\w+\s+else\s+"(\w+)")?')
    types: set[str] = set()
    for path in Path(engine.nightfall.__file__).parent.glob("*.py"):
        for match in emit.finditer(path.read_text(encoding="utf-8")):
            types.update(t for t in match.groups() if t)
    assert len(types) > 40
    assert sorted(types - set(DESCRIBERS)) == []


def test_describe_event_examples() -> None:
    assert describe_event({"type": "block_absorbs", "seat": "bob", "card": "c3", "name": "Vulko", "n": 2}) == (
        "bob's Vulko blocks 2 of the damage."
    )
    link = {"type": "chain_link", "seat": "alice", "card": "c9", "name": "Furious Melee", "kicker": True}
    assert describe_event(link) == "alice links Furious Melee — kicker!"
    wounded = {"type": "wounded", "seat": "carol", "n": 3, "types": ["bite", "bite", "burn"], "source": "c1"}
    assert describe_event(wounded) == "carol receives 3 wounds (bite, bite, burn)."


@pytest.mark.parametrize(
    "event",
    [
        {"type": "mystery", "seat": "ada", "n": 3},
        {"type": "wounded"},
        {"type": "claimed", "seat": "ada", "paid": "odd", "left": None},
        {"type": "archives_ready", "private": "not a dict"},
        {},
    ],
)
def test_describe_event_never_fails(event: dict[str, Any]) -> None:
    text = describe_event(event)
    assert isinstance(text, str) and text.strip()


def test_public_events_drops_every_private_event() -> None:
    game = Game.new(SEATS[:3], seed=5, options=Options())
    events = play(game, GreedyPlayer, 5)
    private = [e for e in events if "to" in e]
    assert private, "a game has private events (draws, draft picks)"
    shown = public_events(events)
    assert all("to" not in e for e in shown)
    assert len(shown) == len(events) - len(private)


# ---------------------------------------------------------------------- the demo


def test_demo_prints_the_log_and_the_ranking(capsys: pytest.CaptureFixture[str]) -> None:
    assert demo.main(["--players", "3", "--variant", "quick-start", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "== Turn 1:" in out
    assert "Final ranking:" in out
    for seat in ("ada", "bram", "cleo"):
        assert f". {seat}" in out
    assert "wounds (" in out


def test_demo_quiet_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    demo.main(["--players", "2", "--variant", "two-player", "--seed", "2", "--quiet", "--ai", "random"])
    out = capsys.readouterr().out
    assert "Game over after" in out and "Final ranking:" in out
    assert "== Turn" not in out
