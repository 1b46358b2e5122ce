"""Fightdrome in the reader's language and in its own words: a refused move says why in the player's language (a
command with no move now in the usual form, with the game's reason), ``/game stats`` counts each format in its own
terms (Fame only where Fame is scored), and the results after a leave count rounds, not turns.

The face's refusals from crafted positions, and the real bot in SimCord."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.fightdrome.face import FACE
from bot.store import ResultRow
from bot.words.i18n import noun, t
from engine.fightdrome import Action, Match, Options
from engine.fightdrome.actions import VERBS
from engine.fightdrome.ai import SteadyPlayer
from engine.fightdrome.cards import kinds, sleeves
from engine.i18n import LANGUAGES
from tests.bot.conftest import user_errors_only
from tests.bot.helpers import Party
from tests.bot.test_fightdrome import open_match
from tests.words import defects

#: the images are checked by their presence only (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

#: every face a move may name: each kind at every strength its cards come in, and the Sleeves
FACES_NAMED = sorted(
    {code for code, k in kinds().items() if code not in ("P", "K", "G", "PB", "KB")}
    | {f"{code}{s}" for code in ("P", "K", "G") for s in range(10, 90, 10)}
    | {f"{code}{s}" for code in ("PB", "KB") for s in range(40, 110, 10)}
)
#: English words a Polish refusal must not carry (the engine's and the host's sentences, the moves' labels)
ENGLISH = ("you ", "You ", "cannot", "rest", "Round", "Waiting", "Open with", "Play ", "That ", "may ")


def answering(hand: list[str], top: str, kind: str = "answer") -> tuple[Match, str]:
    """A bout in which the first seat to act holds ``hand`` (card faces) and faces ``top`` (a face; "" for none)."""
    m = Match.new(["p1", "p2"], seed=5, options=Options("bout"))
    seat = m.pending()[0].seat
    m.fighters[seat].hand = [f"{face}-1" for face in hand]
    m.line = [(m.other(seat), f"{top}-1")] if top else []
    m.kind = kind
    return m, seat


# ---------------------------------------------------------------------------------------------- the face's refusals
@pytest.mark.parametrize(
    ("lang", "move", "expected"),
    [
        (
            "en",
            "answer K30",
            "Kick 30 cannot be played on Punch 50: it may be answered with Punch ≥ 50, Grapple ≥ 50, Punch Block ≥ 50, "
            "Dodge, Feint, Neurochem Punch, Neurochem Grapple, Neurochem Block.",
        ),
        ("en", "answer P30", "Punch 30 cannot be played on Punch 50: it needs a strength of 50 or more."),
        ("en", "answer NP", "You hold no Neurochem Punch."),
        ("en", "rest", "You may rest only instead of opening an exchange, right after your opponent was stunned."),
        ("en", "open K30", "That move does not fit now: you must answer Punch 50."),
        ("en", "answer G60", ""),
        (
            "pl",
            "answer K30",
            "Nie można zagrać karty Kopnięcie 30 na kartę Cios 50. Możliwe odpowiedzi: Cios ≥ 50, Chwyt ≥ 50, "
            "Blok ciosu ≥ 50, Unik, Zwód, Cios neurochemiczny, Chwyt neurochemiczny, Blok neurochemiczny.",
        ),
        ("pl", "answer P30", "Nie można zagrać karty Cios 30 na kartę Cios 50: potrzebna siła co najmniej 50."),
        ("pl", "answer NP", "Nie masz w ręce karty Cios neurochemiczny."),
        ("ru", "answer P30", "Карту Удар рукой 30 нельзя сыграть на карту Удар рукой 50: нужна сила не меньше 50."),
        ("ru", "open K30", "Этот ход сейчас не подходит: нужно ответить на карту Удар рукой 50."),
    ],
    ids=lambda value: value if len(value) <= 10 else "reason",
)
def test_a_refused_answer_says_why_in_the_players_language(lang: str, move: str, expected: str) -> None:
    m, seat = answering(["K30", "P30", "G60", "DG", "NK", "KB80", "P20"], "P50")
    assert FACE.refusal(m, m.parse_action(seat, move), lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "You cannot rest with 7 cards in hand."),
        ("pl", "Nie możesz odpocząć, mając 7 kart w ręce."),
        ("ru", "Нельзя отдохнуть, когда в руке 7 карт."),
    ],
    ids=lambda value: value if len(value) <= 10 else "reason",
)
def test_a_rest_with_a_full_hand_is_refused_for_its_reason(lang: str, expected: str) -> None:
    m, seat = answering(["K30", "P30", "G60", "DG", "NK", "KB80", "P20"], "", kind="open_or_rest")
    assert FACE.refusal(m, Action(seat, "rest"), lang) == expected
    m.fighters[seat].hand = m.fighters[seat].hand[:3]
    assert FACE.refusal(m, Action(seat, "rest"), lang) == ""  # room in hand and cards to draw: a legal rest
    f = m.fighters[seat]
    f.deck, f.discard, f.stun = [], [], []
    assert FACE.refusal(m, Action(seat, "rest"), lang) == t("fd.why.rest_empty", lang)


def test_whose_decision_it_is_and_a_finished_match_are_said_too() -> None:
    m, seat = answering(["K30", "DG"], "P50")
    other = m.other(seat)
    assert FACE.refusal(m, Action(other, "answer", "K30"), "pl") == "Teraz decyduje przeciwnik."
    m.winner = other
    assert FACE.refusal(m, Action(seat, "answer", "DG"), "en") == "The match is over."


def test_every_move_the_engine_refuses_has_a_reason_in_every_language() -> None:
    """Through whole matches of each format, a sample of well-formed moves of either seat at each decision: the
    face gives no reason for exactly the moves the engine takes (``apply`` refuses any move not in
    ``legal_actions``), and a short one (``_apply`` clips at 300), in each language, for the rest."""
    moves = [
        f"{verb} {arg}".strip()
        for verb, wants in VERBS.items()
        for arg in (sorted(sleeves()) if wants == "sleeve" else FACES_NAMED if wants else [""])
    ]
    rng = random.Random(7)
    for fmt in ("bout", "series", "tournament"):
        m = Match.new(["p1", "p2"], seed=11, options=Options(fmt, 150, breather=fmt == "series"))
        steps = 0
        while not m.is_over() and steps < 400:
            for seat in m.seats:
                legal = m.legal_actions(seat)
                for text in rng.sample(moves, 12) + [str(a) for a in legal[:2]]:
                    action = m.parse_action(seat, text)
                    reasons = {lang: FACE.refusal(m, action, lang) for lang in LANGUAGES}
                    if action in legal:
                        assert set(reasons.values()) == {""}, (text, reasons)
                        continue
                    for lang, reason in reasons.items():
                        assert reason and len(reason) <= 300 and not defects(reason), (fmt, text, lang, reason)
            decision = m.pending()[0]
            m.apply(rng.choice(m.legal_actions(decision.seat)))
            steps += 1


def test_the_host_sentences_take_its_exchanges_and_rounds() -> None:
    """The host's sentences about missed deadlines and AI seats take the game's own nouns; a log line stored before
    they did still reads."""
    assert t("away.ai_when", "pl", when=noun("fightdrome", "turn.since", "pl", turn=2)) == "(AI od rundy 2)"
    span = noun("fightdrome", "span.this", "en")
    assert t("deadline.defaulted", "en", name="bob", span=span, label="Rest: draw a card") == (
        "⏰ bob missed this exchange: Rest: draw a card (by default)."
    )
    assert t("deadline.default_log.exchange", "en", name="bob", label="Rest: draw a card") == (
        "⏰ bob missed this exchange: Rest: draw a card (by default)."
    )


# ---------------------------------------------------------------------------------------------- /rest on Discord
async def to_a_decision_of(party: Party, name: str) -> Any:
    """Play the other seat's moves until ``name`` has a decision; the table then."""
    for _ in range(50):
        table = await party.table()
        seat = table.seat_of(party.users[name].id).seat
        if table.game.legal_actions(seat):
            return table
        assert not table.game.is_over(), f"the match ended before {name} had the decision looked for"
        other = next(d.seat for d in table.game.pending())
        mover = next(k for k, u in party.users.items() if u.id == table.by_seat(other).user_id)
        move = str(table.game.legal_actions(other)[0])
        await party.members[mover].slash(party.channel, "move", move=move)
    raise AssertionError(f"{name} never had a decision")


@pytest.mark.parametrize("lang", ["pl", "en"])
async def test_rest_when_resting_is_not_allowed_is_refused_in_the_players_language(simcord_env: Any, lang: str) -> None:
    party = await open_match(simcord_env, ("alice", "bob"), start=False, format="bout")
    alice = party.members["alice"]
    await alice.slash(party.channel, "game language", language=lang)
    await alice.slash(party.channel, "game start")
    table = await to_a_decision_of(party, "alice")
    seat = table.seat_of(party.users["alice"].id).seat
    assert all(a.verb != "rest" for a in table.game.legal_actions(seat))
    version = table.game.version
    refused = await alice.slash(party.channel, "rest")
    text = refused.response.content
    status = FACE.status(table, lang)
    reason = t("fd.why.rest_breather" if table.game.options.breather else "fd.why.rest", lang)
    moves = " · ".join(
        dict.fromkeys(FACE.label(table.game, a, table.names, lang) for a in table.game.legal_actions(seat))
    )
    assert refused.ephemeral
    assert text == t(
        "err.wrong_phase_why", lang, reason=reason, status=status, who=table.waiting_text(lang), moves=moves
    )
    if lang == "pl":
        assert text.startswith(
            "Odpocząć możesz tylko zamiast otwierania wymiany, zaraz po ogłuszeniu przeciwnika. Runda 1 · "
        )
        assert "\nMożesz: " in text and "Oczekiwanie na: alice." in text
        assert not any(word in text for word in ENGLISH), text
    else:
        assert text.startswith(
            "You may rest only instead of opening an exchange, right after your opponent was stunned."
        )
        assert "Round 1 · **alice** " in text and "\nYou can: " in text
    assert not defects(text)
    assert (await party.table()).game.version == version  # nothing changed
    user_errors_only(simcord_env)


async def test_a_card_that_does_not_fit_is_refused_in_polish_with_its_reason(simcord_env: Any) -> None:
    """A well-formed answer of the command that is not legal reaches the engine; its refusal reads in Polish."""
    party = await open_match(simcord_env, ("alice", "bob"), start=False, format="bout")
    alice = party.members["alice"]
    await alice.slash(party.channel, "game language", language="pl")
    await alice.slash(party.channel, "game start")
    for _ in range(60):
        table = await to_a_decision_of(party, "alice")
        m = table.game
        seat = table.seat_of(party.users["alice"].id).seat
        legal = m.legal_actions(seat)
        wrong = [x for x in m.fighters[seat].faces() if m.kind == "answer" and Action(seat, "answer", x) not in legal]
        if wrong:
            break
        await alice.slash(party.channel, "move", move=str(legal[0]))
    else:
        raise AssertionError("alice never held a card that did not fit")
    refused = await alice.slash(party.channel, "answer", card=f"answer {wrong[0]}")
    expected = FACE.refusal(m, Action(seat, "answer", wrong[0]), "pl")
    assert refused.ephemeral and refused.response.content == expected
    assert expected.startswith("Nie można zagrać karty ") and not any(w in expected for w in ENGLISH)
    user_errors_only(simcord_env)


# ---------------------------------------------------------------------------------------------- /game stats
async def finished(
    store: Any, guild_id: int, channel_id: int, fmt: str, rows: list[tuple[int | None, int, int]]
) -> None:
    """A finished Fightdrome game of ``fmt`` in its own (made-up) channel: (user id, place, score) per seat."""
    options = FACE.options({"format": fmt, "fame_counts": fmt == "series"})
    game_id = await store.games.create_game(
        guild_id=guild_id,
        channel_id=channel_id,
        channel_name=f"arena-{channel_id}",
        host_id=rows[0][0] or 1,
        host_name="host",
        game=FACE.key,
        options=options,
        seed=channel_id,
    )
    assert game_id is not None
    results = [ResultRow(f"p{i}", user, f"player{i}", place, score) for i, (user, place, score) in enumerate(rows, 1)]
    assert await store.series.add_results(game_id, results)


async def test_the_store_lists_a_persons_results_with_each_games_options(simcord_env: Any) -> None:
    store = simcord_env.bot.store
    await finished(store, 7, 701, "bout", [(42, 1, 1), (None, 2, 0)])
    await finished(store, 7, 702, "series", [(None, 1, 170), (42, 2, 95)])
    await finished(store, 8, 801, "bout", [(42, 1, 1), (None, 2, 0)])  # another server
    found = await store.series.player_results(7, 42, FACE.key)
    assert [(o["format"], o["target"], place, score) for o, place, score in found] == [
        ("bout", 300, 1, 1),
        ("series", 150, 2, 95),
    ]
    assert await store.series.player_results(7, 42, "nightfall") == []


async def test_stats_count_each_format_in_its_own_terms(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    guild_pl = env.create_guild("serwer", preferred_locale="pl")
    channel, channel_pl = guild.create_text_channel("arena"), guild_pl.create_text_channel("arena")
    alice_user = env.create_user("alice")
    alice, alice_pl = guild.add_member(alice_user), guild_pl.add_member(alice_user)
    store, me = env.bot.store, alice_user.id
    for n, gid in enumerate((guild.id, guild_pl.id)):
        await finished(store, gid, 100 * n + 1, "bout", [(me, 1, 1), (None, 2, 0)])
    shown = (await alice.slash(channel, "game stats")).response.content.splitlines()[0]
    assert shown == "**alice** — Fightdrome: 1 game, 1 win (100%) · single bouts: 1 of 1 won."
    for n, gid in enumerate((guild.id, guild_pl.id)):
        await finished(store, gid, 100 * n + 2, "bout", [(None, 1, 1), (me, 2, 0)])
        await finished(store, gid, 100 * n + 3, "series", [(me, 1, 162), (None, 2, 88)])
        await finished(store, gid, 100 * n + 4, "series", [(None, 1, 155), (me, 2, 120)])
        await finished(store, gid, 100 * n + 5, "tournament", [(me, 1, 2), (None, 2, 0)])
    shown = (await alice.slash(channel, "game stats")).response.content.splitlines()[0]
    assert shown == (
        "**alice** — Fightdrome: 5 games, 3 wins (60%) · matches to a Fame target: 1 of 2 won, best 162 Fame · "
        "single bouts: 1 of 2 won · Grand Tournaments: 1 of 1 won, most fighters left: 2."
    )
    shown_pl = (await alice_pl.slash(channel_pl, "game stats")).response.content.splitlines()[0]
    assert shown_pl == (
        "**alice** — Fightdrome: 5 gier, 3 zwycięstwa (60%) · "
        "mecze do progu sławy: wygrane 1 z 2, najwięcej sławy: 162 · pojedyncze walki: wygrane 1 z 2 · "
        "Wielkie turnieje: wygrane 1 z 1, najwięcej pozostałych wojowników: 2."
    )
    user_errors_only(env)


# ---------------------------------------------------------------------------------------------- results after a leave
@pytest.mark.simcord(settle_timeout=60)
async def test_results_after_a_leave_count_rounds_not_turns(simcord_env: Any) -> None:
    party = await open_match(simcord_env, ("alice",), ais=1, fame_counts=True)
    alice = party.members["alice"]
    player = SteadyPlayer(seed=3)
    for _ in range(400):
        await simcord_env.settle()
        table = await party.table()
        if table.game.round >= 2 or table.game.is_over():
            break
        seat = table.seat_of(party.users["alice"].id).seat
        legal = table.game.legal_actions(seat)
        if legal:
            move = player.choose(table.game.private_view(seat), legal)
            await alice.slash(party.channel, "move", move=str(move))
    table = await party.table()
    assert table.game.round == 2 and not table.game.is_over(), "the match went on into round 2"
    await alice.slash(party.channel, "game leave")
    await simcord_env.settle()
    table = await party.table()
    assert table.row.status == "over"
    results = next(m.content for m in reversed(party.channel.history()) if m.content.startswith("🏁"))
    seat = table.seat_of(party.users["alice"].id).seat
    fighter = table.game.fighters[seat]
    line = f"**alice (AI from round 2)** — {fighter.fame} Fame, rounds won: {fighter.wins}"
    assert line in results, results
    assert "turn" not in results


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rounds_scores_in_the_log_name_the_players_not_their_seats(lang: str) -> None:
    """A series round's line "Fame scored: … Totals: …" names each player, as every other line does: its scores are
    keyed by seat, where the host puts players' names."""
    from bot.words.i18n import rename

    match = Match.new(["s1", "s2"], seed=5, options=Options(format="series"))
    players = {"s1": SteadyPlayer(seed=1), "s2": SteadyPlayer(seed=2)}
    names = {"s1": "Ann Fighter", "s2": "Bo Brawler"}
    ends: list[dict[str, Any]] = []
    while not ends and not match.is_over():
        seat = match.pending()[0].seat
        action = players[seat].choose(match.private_view(seat), match.legal_actions(seat))
        ends += [e for e in FACE.log_events(match, match.apply(action)) if e["type"] == "round_end"]
    assert ends
    line = FACE.describe(rename(ends[0], names), lang)
    assert "Ann Fighter +" in line and "Bo Brawler +" in line
    assert "s1" not in line and "s2" not in line
    summary = FACE.summary(ends[0]["round"], ends, names, lang)  # the channel's message for the round
    assert "Ann Fighter" in summary and "Bo Brawler" in summary and "s1" not in summary and "s2" not in summary
