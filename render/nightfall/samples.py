"""Real engine views in known positions, for the sample images, the tests and the benchmark.

Each function plays or builds a game with a fixed seed, so the same call gives the same view.
"""

from __future__ import annotations

import random
from typing import Any

from engine.nightfall import Action, Game, Options
from engine.nightfall.position import Position, build

View = dict[str, Any]
SEATS5 = ["ada", "bram", "cleo", "dmitri", "eve"]


def play_random(game: Game, rnd: random.Random, steps: int) -> None:
    """Apply up to ``steps`` random legal actions (stops early if the game ends)."""
    for _ in range(steps):
        if game.is_over():
            return
        decision = rnd.choice(game.pending())
        game.apply(rnd.choice(game.legal_actions(decision.seat)))


def _five_player_position() -> Position:
    """bram's chain phase in a five-player game, everyone's archives and minions laid out."""
    starters = [
        "bad_smoke",
        "charlotte_reyes",
        "enraged_wight",
        "genesis_one",
        "jj_mcteague",
        "yuri_koroviev",
    ]
    pos = build(
        SEATS5,
        phase="chain",
        active=1,
        first=0,
        secret_archives=True,
        hands={
            "ada": ["ghoul_summoning", "bad_smoke", "wound:burn", "genesis_one"],
            "bram": ["shock_and_awe", "blood_rage", "genesis_one", "wound:bleed"],
            "cleo": [
                "leave_me",
                "great_spirit",
                "lilith_lawrence",
                "bad_smoke",
                "franz_orlok",
                "death_grip",
                "charlotte_reyes",
                "hypnotic_presence",
                "genesis_one",
                "wound:bite",
            ],
            "dmitri": ["indigo_six", "enraged_wight"],
            "eve": ["watcher_two", "jj_mcteague", "yuri_koroviev"],
        },
        decks={seat: starters[: 3 + i] for i, seat in enumerate(SEATS5)},
        discards={
            "ada": ["wound:bite", "wound:burn", "vulko", "wound:bleed"],
            "bram": ["wound:burn", "wound:bite", "wound:bite", "wound:bleed", "blood_rage"],
            "cleo": ["wound:bleed", "alton_hickman"],
            "dmitri": ["wound:burn", "wound:burn", "wound:bite", "wound:bleed", "wound:bite", "wound:burn"],
            "eve": ["wound:bleed", "yuri_koroviev", "wound:bite"],
        },
        in_play={
            "ada": ["vulko", ("charlotte_reyes", 0)],
            "bram": [("bad_smoke", 1)],
            "cleo": ["alton_hickman", "yuri_koroviev", ("marcus_toth", 1)],
            "dmitri": [("great_spirit", 2), "jj_mcteague", "lilith_lawrence", "enraged_wight"],
        },
        commons=[
            "team_elimination",
            "dark_awakening",
            "marcus_toth",
            "death_grip",
            "blaine_cordell",
            "grim_siege",
            "hypnotic_presence",
            "furious_melee",
        ],
        private={
            "ada": ["vulko", "ghoul_summoning"],
            "bram": ["shock_and_awe", "blood_rage"],
            "cleo": ["leave_me", "alton_hickman"],
            "dmitri": ["indigo_six", "zacharias_sands"],
            "eve": ["watcher_two", "sir_john_travail"],
        },
        archive_sizes={
            "team_elimination": 5,
            "marcus_toth": 3,
            "death_grip": 0,
            "blaine_cordell": 6,
            "grim_siege": 4,
            "furious_melee": 2,
            "vulko": 5,
            "ghoul_summoning": 6,
            "shock_and_awe": 4,
            "blood_rage": 5,
            "leave_me": 6,
            "indigo_six": 6,
        },
        wounds_up=23,
        seed=5,
    )
    # every private archive its owner has claimed from is face up; the untouched ones stay secret
    pos.reveal(claimed_from=True)
    pos.reveal("alton_hickman")
    return pos


def _act(pos: Position, seat: str, text: str) -> None:
    """Apply one action; a pass nobody asked for is skipped (the engine passes for players who cannot link)."""
    if text == "pass" and not pos.game.legal_actions(seat):
        return
    pos.game.apply(Action.parse(text, seat))


def five_player_link_decision() -> Game:
    """bram has chained Shock and Awe then Blood Rage (kicker); cleo must link or pass."""
    pos = _five_player_position()
    _act(pos, "bram", f"chain {pos.card('bram', 'shock_and_awe')}")
    _act(pos, "bram", f"chain {pos.card('bram', 'blood_rage')}")
    _act(pos, "bram", "pass")
    return pos.game


def five_player_chain() -> Game:
    """A five-player chain being resolved: two links done, one waiting for its target."""
    game = five_player_link_decision()
    pos = Position(game)
    _act(pos, "cleo", f"chain {pos.card('cleo', 'leave_me')}")
    _act(pos, "cleo", "pass")
    _act(pos, "dmitri", f"chain {pos.card('dmitri', 'indigo_six')}")
    _act(pos, "dmitri", "pass")
    _act(pos, "eve", f"chain {pos.card('eve', 'watcher_two')}")
    _act(pos, "eve", "pass")
    # resolve from the last link until a card waits for a choice with two links resolved
    for _ in range(40):
        chain = game.public_view()["chain"]
        done = sum(1 for e in chain if e["status"] == "resolved")
        pending = game.pending()
        if done >= 2 and pending and pending[0].kind == "target":
            break
        seat = pending[0].seat
        game.apply(game.legal_actions(seat)[0])
    return game


def two_player_midgame() -> Game:
    """A two-player game (two-player draft) a few turns in, stopped in a claim phase."""
    game = Game.new(["ada", "bram"], seed=11, options=Options(draft="two-player"))
    rnd = random.Random(11)
    play_random(game, rnd, 70)
    for _ in range(200):
        if game.phase == "claim" and any(s["in_play"] for s in game.public_view()["seats"]):
            break
        play_random(game, rnd, 1)
    return game


def draft_game() -> Game:
    """A five-player standard draft in its second round, with one pick already made."""
    game = Game.new(SEATS5, seed=4, options=Options())
    for seat in SEATS5:
        game.apply(game.legal_actions(seat)[0])
    game.apply(game.legal_actions("cleo")[-1])
    return game


def finished_game() -> Game:
    """A four-player game played to the end by random moves, chosen so a tie-break decided a place."""
    seats = SEATS5[:4]
    fallback: Game | None = None
    for seed in range(40):
        game = Game.new(seats, seed=seed, options=Options())
        play_random(game, random.Random(seed), 5000)
        if not game.is_over():
            continue
        fallback = fallback or game
        if any(r["ahead_of_next_by"] not in ("wounds", None) for r in game.public_view()["result"]):
            return game
    assert fallback is not None, "no random game reached its end"
    return fallback


def five_player_combat() -> Game:
    """dmitri's combat: three attackers sent out, eve has blocked, ada still deciding."""
    pos = build(
        SEATS5,
        phase="combat",
        active=3,
        hands={seat: ["genesis_one", "yuri_koroviev", "wound:bite"] for seat in SEATS5},
        decks={seat: ["jj_mcteague", "bad_smoke", "charlotte_reyes"] for seat in SEATS5},
        discards={"ada": ["wound:burn"], "dmitri": ["wound:bleed", "wound:bite"], "eve": ["wound:burn"]},
        in_play={
            "dmitri": ["great_spirit", "jj_mcteague", "enraged_wight"],
            "ada": ["vulko"],
            "eve": ["bad_smoke", ("genesis_one", 1)],
        },
        commons=["team_elimination", "dark_awakening", "marcus_toth", "death_grip"],
        private={"ada": ["vulko", "leave_me"], "dmitri": ["great_spirit", "blood_rage"]},
        wounds_up=31,
    )
    game = pos.game
    great, jj, wight = (pos.card("dmitri", k, "play") for k in ("great_spirit", "jj_mcteague", "enraged_wight"))
    _act(pos, "dmitri", f"attack {great} ada")
    _act(pos, "dmitri", f"attack {jj} eve")
    _act(pos, "dmitri", f"attack {wight} eve")
    smoke = pos.card("eve", "bad_smoke", "play")
    for action in game.legal_actions("eve"):
        if str(action).startswith(f"block {smoke} {jj}"):
            game.apply(action)
            break
    if game.legal_actions("eve"):
        _act(pos, "eve", "done")
    return game


def palette_views() -> list[tuple[str, View, str]]:
    """Every sample view plus a few random games at several stages, as (kind, view, lang).

    :mod:`render.nightfall.palette_build` draws these to choose the fixed palette; kinds are ``table``,
    ``hand``, ``draft``, ``prompt`` and ``results``.
    """
    out: list[tuple[str, View, str]] = []
    five = five_player_chain()
    link = five_player_link_decision()
    two = two_player_midgame()
    draft = draft_game()
    done = finished_game()
    for game in (five, link, two, five_player_combat(), draft, done):
        out.append(("table", game.public_view(), "en"))
    out.append(("table", five.public_view(), "pl"))
    out.append(("hand", link.private_view("cleo"), "en"))
    out.append(("hand", link.private_view("cleo"), "pl"))
    out.append(("hand", two.private_view(two.public_view()["active"]), "en"))
    out.append(("draft", draft.private_view("ada"), "en"))
    out.append(("draft", draft.private_view("cleo"), "en"))
    out.append(("results", done.public_view(), "en"))
    out.append(("prompt", claim_decision().private_view("ada"), "en"))
    out.append(("prompt", five.private_view("cleo"), "en"))
    out.append(("prompt", five_player_combat().private_view("ada"), "en"))
    out += [("prompt", view, "en") for view in decision_views().values()]
    for seed in range(100, 106):
        seats = SEATS5[: 2 + seed % 4]
        game = Game.new(seats, seed=seed, options=Options(draft="two-player") if len(seats) == 2 else Options())
        rnd = random.Random(seed)
        for steps in (3, 60, 150, 400, 5000):
            play_random(game, rnd, steps)
            out.append(("table", game.public_view(), "en"))
            seat = rnd.choice(seats)
            if game.is_over():
                out.append(("results", game.public_view(), "en"))
                break
            kind = "draft" if game.phase == "draft" else "hand"
            out.append((kind, game.private_view(seat), "en"))
    return out


def claim_decision() -> Game:
    """ada's claim phase with 3 influence: some archives affordable, some not, cards to discard."""
    pos = build(
        ["ada", "bram", "cleo"],
        phase="claim",
        active=0,
        influence=3,
        hands={"ada": ["genesis_one", "wound:bite", "jj_mcteague", "jj_mcteague"], "bram": ["vulko"]},
        decks={seat: ["bad_smoke", "charlotte_reyes"] for seat in ("ada", "bram", "cleo")},
        in_play={"ada": ["vulko"], "cleo": ["great_spirit"]},
        commons=["watcher_two", "leave_me", "flank_attack", "indigo_six", "hypnotic_presence", "death_grip"],
        private={"ada": ["sir_john_travail", "bite_and_tear"], "bram": ["franz_orlok", "blood_rage"]},
        archive_sizes={"leave_me": 4, "death_grip": 0},
        wounds_up=22,
    )
    return pos.game


def decision_views(shows: tuple[str, ...] = ("claim", "candidates", "combat"), games: int = 80) -> dict[str, View]:
    """A private view for each kind of decision whose prompt shows one of ``shows``, found in seeded
    random games (the first seat to face that kind): the same views every run.

    The kinds come from the engine's table of decisions, so a new kind is looked for without a
    change here; one that random play never reaches is simply missing from the result.
    """
    from engine.nightfall.decisions import KINDS

    wanted = {name for name, kind in KINDS.items() if kind.shows in shows}
    found: dict[str, View] = {}
    for seed in range(games):
        if wanted <= set(found):
            break
        seats = SEATS5[: 2 + seed % 4]
        game = Game.new(seats, seed=seed, options=Options(draft="two-player") if len(seats) == 2 else Options())
        rnd = random.Random(seed)
        while not game.is_over():
            for decision in game.pending():
                if decision.kind in wanted and decision.kind not in found:
                    found[decision.kind] = game.private_view(decision.seat)
            if wanted <= set(found):
                break
            play_random(game, rnd, 1)
    return found
