"""Fightdrome's rules at exact positions: the rulebook's worked example (section 3.6) and every rule and
ruling the digest (``FIGHTDROME.md``) lists, each set up card by card and checked to the exact outcome."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.fightdrome import IllegalAction, Match, Options, ParseError
from engine.fightdrome.cards import answers, box, face_of, fame, requirement
from engine.fightdrome.match import Fighter

A, B = "alicja", "szymon"


def ids(faces: Sequence[str], used: set[str]) -> list[str]:
    """Instance ids for ``faces`` (a fresh copy of each, never one already used)."""
    out = []
    for face in faces:
        copy = next(c for p in box().values() for c in p if face_of(c) == face and c not in used)
        used.add(copy)
        out.append(copy)
    return out


def position(
    hands: dict[str, Sequence[str]],
    decks: dict[str, Sequence[str]] | None = None,
    turn: str = A,
    kind: str = "open",
    line: Sequence[tuple[str, str]] = (),
    options: Options | None = None,
    fame_: dict[str, int] | None = None,
) -> Match:
    """A match at an exact position: each hand and deck (the deck's last card is drawn first), the fight line,
    who must decide what."""
    m = Match.new([A, B], seed=1, options=options or Options())
    used: set[str] = set()
    decks = decks or {}
    m.line = [(s, c) for (s, _f), c in zip(line, ids([f for _s, f in line], used), strict=True)]
    for seat in (A, B):
        m.fighters[seat] = Fighter(
            sleeve="SL3",
            stack="ST01",
            hand=ids(hands[seat], used),
            deck=ids(decks.get(seat, ()), used),
            fame=(fame_ or {}).get(seat, 0),
        )
    m.turn, m.kind, m.round, m.opener = turn, kind, 1, A
    return m


def hand(m: Match, seat: str) -> list[str]:
    return sorted(face_of(c) for c in m.fighters[seat].hand)


def play(m: Match, seat: str, text: str) -> list[dict]:
    return m.apply(m.parse_action(seat, text))


def test_the_rulebooks_worked_example() -> None:
    """Section 3.6: Alicja opens K30; Szymon K50; Alicja K60; Szymon, with no Kick, blocks with KB80; Alicja
    opens P20; Szymon P80; Alicja's only answer is her Neurochem Punch (no draw); Szymon is stunned and
    discards a card face down. Both hold 6 cards, and Alicja opens again (or rests)."""
    m = position(
        {A: ["K30", "K60", "P20", "NP", "G10", "G20", "P40"], B: ["K50", "KB80", "P80", "P10", "P20", "G10", "DG"]},
        decks={A: ["P10", "G40", "K10"], B: ["G30", "P30", "K20"]},
    )
    play(m, A, "open K30")
    assert m.pending()[0].seat == B and m.kind == "answer"
    events = play(m, B, "answer K50")
    # her K60 is the only card that answers a K50: a single option is played at once
    assert {"type": "play", "seat": A, "verb": "answer", "card": "K60", "forced": True} in events
    assert not any(a.arg.startswith("K") and a.arg[1].isdigit() for a in m.legal_actions(B))  # he holds no Kick
    play(m, B, "answer KB80")
    assert m.line == [] and (m.turn, m.kind) == (A, "open")
    assert len(m.fighters[A].discard) == 2 and len(m.fighters[B].discard) == 2
    play(m, A, "open P20")
    events = play(m, B, "answer P80")
    # her only option is the Neurochem Punch (played at once), and no draw follows a neuro card
    i = events.index({"type": "play", "seat": A, "verb": "answer", "card": "NP", "forced": True})
    assert not any(e["type"] == "draw" and e["seat"] == A for e in events[i:])
    # Szymon holds no neuro card: stunned, he chooses a card to discard face down
    assert (m.turn, m.kind) == (B, "stun_discard")
    play(m, B, "stun-discard G10")
    assert len(m.fighters[A].hand) == len(m.fighters[B].hand) == 6
    assert [face_of(c) for c in m.fighters[B].stun] == ["G10"]
    assert (m.turn, m.kind) == (A, "open_or_rest")
    assert "rest" in [str(a) for a in m.legal_actions(A)]
    # the face of the stun discard is Szymon's alone
    assert "G10" not in str(m.public_view()["fighters"]) and m.public_view()["fighters"][B]["stun"] == 1
    assert m.private_view(B)["stun_pile"] == ["G10"] and m.private_view(A)["stun_pile"] == []


def test_what_may_answer_what() -> None:
    assert answers("P30", "P30") and answers("G30", "K30") and not answers("P20", "P30")
    assert answers("G80", "P10") and not answers("K50", "P10") and answers("P10", "G10")
    assert answers("PB40", "G40") and answers("KB40", "G40") and not answers("PB80", "K10")
    assert answers("DG", "P80") and answers("FT", "G80") and not answers("DG", "NP") and not answers("FT", "NK")
    assert answers("NP", "P80") and answers("NP", "G10") and not answers("NP", "K10")
    assert answers("NG", "K80") and answers("NB", "NG") and answers("NB", "P10")
    # on a neuro attack: only a fitting neuro attack or the Neurochem Block (Ruling 5)
    assert answers("NP", "NP") and answers("NP", "NG") and not answers("NP", "NK")
    assert answers("NG", "NK") and not answers("G80", "NP") and not answers("PB100", "NP")
    assert requirement("P60") == ["P≥60", "G≥60", "PB≥60", "DG", "FT", "NP", "NG", "NB"]
    assert requirement("NK") == ["NK", "NG", "NB"]


def test_the_fame_of_each_card() -> None:
    assert [fame(x) for x in ("P80", "K10", "PB40", "KB100", "NP", "NB", "DG", "FT")] == [80, 10, 25, 25, 50, 50, 0, 0]


def test_a_round_ends_when_a_stunned_player_discards_their_last_card() -> None:
    """The ordinary ending: the winner scores the cards left in hand, the loser (empty hand) scores 0."""
    m = position({A: ["K50", "P30", "NB"], B: ["P10"]}, decks={A: ["G20"], B: ["DG"]})
    play(m, A, "open K50")  # Szymon holds only a Punch: stunned, the P10 is his last card (a forced discard)
    last = m.history[-1]
    assert last["winner"] == A and last["ending"] == "empty"
    assert last["scored"] == {A: 30 + 50 + 20, B: 0}
    assert m.fighters[A].fame == 100 and m.round == 2 and m.opener == B  # the loser opens the next round


def test_a_round_ends_when_a_play_empties_a_hand() -> None:
    """Ruling 13: a last card that is a neuro card (no draw) empties the hand: its player loses."""
    m = position({A: ["NK"], B: ["K10", "K20"]}, decks={A: ["P10"], B: ["G10"]})
    play(m, A, "open NK")
    assert m.history[-1]["winner"] == B and m.history[-1]["loser"] == A


def test_last_breath_draws_after_the_only_card() -> None:
    m = position({A: ["NK"], B: ["K10", "K20"]}, decks={A: ["P10"], B: ["G10"]}, options=Options(last_breath=True))
    play(m, A, "open NK")
    assert not m.history and hand(m, A) == ["P10"]
    # Szymon cannot answer a Neurochem Kick: stunned
    assert (m.turn, m.kind) == (B, "stun_discard")


def test_the_ending_after_a_rest_scores_both_hands() -> None:
    """Section 3.5: the stunned player cannot open after the opponent's Rest: the round ends, both score, the
    player who rested wins (Ruling 13)."""
    m = position(
        {A: ["P80", "PB40"], B: ["DG", "KB50", "NB"]}, decks={A: ["K60"], B: ["G10"]}, turn=A, kind="open_or_rest"
    )
    play(m, A, "rest")
    last = m.history[-1]
    assert last["ending"] == "rest" and last["winner"] == A and last["loser"] == B
    assert last["scored"] == {A: 80 + 25 + 60, B: 0 + 25 + 50}
    assert m.fighters[B].fame == 75 and m.opener == B


def test_rest_needs_six_cards_or_fewer_and_a_card_to_draw() -> None:
    m = position(
        {A: ["P10", "P10", "P20", "P20", "K10", "K10", "G10"], B: ["K10"]}, decks={A: ["G10"]}, kind="open_or_rest"
    )
    assert "rest" not in [str(a) for a in m.legal_actions(A)]
    m = position({A: ["P10", "P20"], B: ["K10"]}, decks={}, kind="open_or_rest")
    assert "rest" not in [str(a) for a in m.legal_actions(A)]


def test_breather_lets_the_stunned_player_rest_back() -> None:
    m = position(
        {A: ["P10", "P20"], B: ["K10", "DG"]},
        decks={A: ["G10", "G20"], B: ["K20", "K30"]},
        kind="open_or_rest",
        options=Options(breather=True),
    )
    play(m, A, "rest")
    assert (m.turn, m.kind) == (B, "rest_or_open")
    play(m, B, "rest")
    assert (m.turn, m.kind) == (A, "rest_or_open")
    events = play(m, A, "open P10")  # Szymon's Dodge is his only answer: played at once
    assert {"type": "play", "seat": B, "verb": "answer", "card": "DG", "forced": True} in events
    assert (m.turn, m.kind) == (A, "open")


def test_the_stunned_player_who_can_neither_rest_nor_open_after_a_breather_loses_the_round() -> None:
    """ODPOCZYNEK: "Jeżeli gracz ogłuszony nie jest w stanie zagrać karty ataku po odpoczynku przeciwnika,
    następuje koniec rundy" — with Breather too, for the stunned player (Ruling 23)."""
    m = position(
        {A: ["P10", "P20"], B: ["DG", "PB40", "PB50", "PB60", "KB40", "KB50", "KB60"]},
        decks={A: ["G10"], B: ["K20"]},
        kind="open_or_rest",
        options=Options(breather=True),
    )
    m.dazed = B  # Szymon was stunned
    play(m, A, "rest")  # Szymon holds 7 cards and no attack: he can neither rest nor open
    assert m.history[-1]["winner"] == A and m.history[-1]["ending"] == "rest"


def test_under_breather_the_player_who_rested_first_and_can_neither_rest_nor_open_is_stunned() -> None:
    """WALKA MUSI TRWAĆ: "drugi gracz musi zagrać kartę ataku. Jeżeli tego nie zrobi, sam zostaje ogłuszony";
    CHWILA ODDECHU: rests alternate "aż jeden z nich nie będzie już mógł tego zrobić ... Wtedy należy normalnie
    kontynuować walkę". Szymon is stunned and discards; Alicja rests to 7 cards; Szymon rests back; Alicja holds
    7 cards and no attack: she is stunned (not the loser of the round), discards, and play goes on."""
    m = position(
        {A: ["PB40", "PB50", "KB40", "KB50", "DG", "FT"], B: ["K10", "P10", "NB"]},
        decks={A: ["KB60"], B: ["G10", "K20"]},
        turn=B,
        kind="stun_discard",
        options=Options(breather=True),
    )
    events = play(m, B, "stun-discard NB")
    # she holds no attack, so the Rest is her only option, taken at once; Szymon may rest back
    assert {"type": "rest", "seat": A, "forced": True} in events and len(m.fighters[A].hand) == 7
    assert (m.turn, m.kind) == (B, "rest_or_open")
    events = play(m, B, "rest")
    assert not m.history, "the round goes on"
    assert {"type": "stunned", "seat": A} in events and (m.turn, m.kind) == (A, "stun_discard")
    play(m, A, "stun-discard DG")
    assert len(m.fighters[A].hand) == 6 and [face_of(c) for c in m.fighters[A].stun] == ["DG"]
    # Szymon, whom her stun left to act, opens or rests as after any stun
    assert (m.turn, m.kind) == (B, "open_or_rest") and not m.is_over()


def test_a_breather_run_then_the_stunned_player_who_cannot_open_ends_the_round() -> None:
    """The rests alternate; when the turn to open comes back to the stunned player and they can neither rest nor
    open, the round ends as after any Rest (section 3.5), and both score."""
    m = position(
        {A: ["P10", "P20", "P30", "P40", "K10"], B: ["DG", "FT", "PB40", "PB50", "PB60", "KB40"]},
        decks={A: ["G10", "G20"], B: ["KB60", "KB50"]},
        turn=A,
        kind="open_or_rest",
        options=Options(breather=True),
    )
    m.dazed = B  # Szymon was stunned
    events = play(m, A, "rest")  # 6 cards; Szymon (no attack, 6 cards) can only rest back: at once, to 7
    assert {"type": "rest", "seat": B, "forced": True} in events
    assert (m.turn, m.kind) == (A, "rest_or_open")
    play(m, A, "rest")  # 7: Szymon holds 7 cards and no attack
    last = m.history[-1]
    assert (last["winner"], last["loser"], last["ending"]) == (A, B, "rest")
    assert last["scored"] == {A: 10 + 20 + 30 + 40 + 10 + 20 + 10, B: 0 + 0 + 25 * 5}


def test_a_feint_gives_two_draws_and_an_opening() -> None:
    m = position(
        {A: ["FT", "K50", "P10"], B: ["K40", "G10"]}, decks={A: ["G50", "P30"], B: ["K10", "K20"]}, turn=B, kind="open"
    )
    play(m, B, "open K40")
    play(m, A, "answer FT")
    assert m.line == [] and (m.turn, m.kind) == (A, "follow_up")
    assert hand(m, A) == ["K50", "P10", "P30"]  # first draw
    play(m, A, "open P10")
    assert hand(m, A) == ["G50", "K50", "P30"]  # second draw
    assert (m.line[0][0], face_of(m.line[0][1])) == (A, "P10")  # a new exchange, which Szymon answers


def test_a_feint_without_a_follow_up_stuns_the_feinter() -> None:
    m = position({A: ["FT", "DG"], B: ["K40", "G10"]}, decks={A: ["PB40"], B: ["K10"]}, turn=B, kind="open")
    play(m, B, "open K40")
    play(m, A, "answer FT")
    assert (m.turn, m.kind) == (A, "stun_discard")


def test_neurochem_block_ends_any_exchange_and_the_attacker_opens() -> None:
    m = position({A: ["NP", "P10", "K10"], B: ["NB", "K10"]}, decks={A: ["G10"], B: ["K20"]})
    events = play(m, A, "open NP")
    assert {"type": "play", "seat": B, "verb": "answer", "card": "NB", "forced": True} in events
    assert (m.turn, m.kind) == (A, "open")  # the forced NB was played at once; Alicja must open
    assert m.fighters[B].discard and not m.line


def test_a_player_who_must_open_and_cannot_is_stunned() -> None:
    m = position({A: ["P30", "PB50", "K10"], B: ["PB80", "DG"]}, decks={A: ["G10"], B: ["K20"]})
    play(m, A, "open P30")
    play(m, B, "answer PB80")  # Alicja holds K10, G10 and PB50 after drawing
    assert (m.turn, m.kind) == (A, "open")
    m = position({A: ["P30", "PB50"], B: ["PB80", "DG"]}, decks={A: ["KB40"], B: ["K20"]})
    play(m, A, "open P30")
    play(m, B, "answer PB80")
    assert (m.turn, m.kind) == (A, "stun_discard")


def test_overload_redeals_once_and_keeps_the_new_hand_whatever_it_holds() -> None:
    """PRZECIĄŻENIE: "Jeżeli po pierwszym dobraniu kart masz na ręce więcej niż 2 karty neurochemiczne lub nie masz
    żadnych kart ataku, pokaż rękę przeciwnikowi, wtasuj ją w swoją talię, a następnie dobierz nowe 7 kart." Only
    the first hand is tested; the new 7 are kept (Ruling 17). A deck without one attack used to be redealt 100
    times and left its player an empty hand and a match stalled on a stun discard with no legal move."""
    m = position(
        {A: [], B: []},
        decks={
            A: ["PB40", "PB50", "PB60", "PB70", "KB40", "KB50", "KB60", "KB70", "DG", "DG", "FT", "FT"],
            B: ["NP", "NK", "NG", "NB"] * 3,
        },
    )
    m.version, m._events = 1, []
    m._start_round(A)
    events = m._events
    overloads = [e for e in events if e["type"] == "overload"]
    assert [(e["seat"], e["reason"]) for e in overloads] == [(A, "no_attack"), (B, "neuro")]
    assert len(m.fighters[A].hand) == len(m.fighters[B].hand) == 7  # kept: no attack, seven neuro cards
    assert all(face_of(c).startswith("N") for c in m.fighters[B].hand)
    # Alicja must open and holds no attack: she is stunned and discards one of her seven cards
    assert (m.turn, m.kind) == (A, "stun_discard")
    assert {a.arg for a in m.legal_actions(A)} == {face_of(c) for c in m.fighters[A].hand}
    m.apply(m.legal_actions(A)[0])
    assert (m.turn, m.kind) == (B, "open") and m.legal_actions(B)  # seven cards: Szymon may not rest


def test_overload_redeals_a_hand_with_three_neuro_cards() -> None:
    for seed in range(400):
        m = Match.new([A, B], seed=seed)
        overloads = [e for e in m.last if e["type"] == "overload"]
        if overloads:
            break
    else:
        pytest.fail("no Overload in 400 deals")
    shown = overloads[0]
    assert sum(x.startswith("N") for x in shown["hand"]) > 2 or shown["reason"] == "no_attack"
    for seat in (A, B):
        faces = [face_of(c) for c in m.fighters[seat].hand]
        assert len(faces) == 7 and sum(x.startswith("N") for x in faces) <= 2
    assert shown in m.public_view()["last"]  # shown to the opponent: the public log


def test_both_over_the_target_the_higher_total_wins() -> None:
    m = position(
        {A: ["P80", "PB40"], B: ["DG", "KB50", "NB"]},
        decks={A: ["K60"], B: ["G10"]},
        kind="open_or_rest",
        options=Options(target=150),
        fame_={A: 100, B: 110},
    )
    play(m, A, "rest")  # Alicja +165 = 265, Szymon +75 = 185: both over 150, Alicja higher
    assert m.is_over() and m.winner == A
    assert m.result()[0][:2] == (A, 265) and m.result()[1][:2] == (B, 185)


def test_both_over_the_target_with_equal_totals_play_another_round() -> None:
    m = position(
        {A: ["P80", "PB40"], B: ["DG", "KB50", "NB"]},
        decks={A: ["K60"], B: ["G10"]},
        kind="open_or_rest",
        options=Options(target=150),
        fame_={A: 100, B: 190},
    )
    play(m, A, "rest")  # 265 and 265
    assert not m.is_over() and m.round == 2
    assert any(e["type"] == "tie_over_target" for e in m.last)


def test_a_single_bout_ends_with_its_first_round() -> None:
    m = position({A: ["K50", "P30"], B: ["P10"]}, decks={A: ["G20"], B: ["DG"]}, options=Options(format="bout"))
    play(m, A, "open K50")
    assert m.is_over() and m.winner == A and [r[1] for r in m.result()] == [1, 0]


def test_the_grand_tournament_picks_in_secret_and_eliminates_fighters() -> None:
    m = Match.new([A, B], seed=3, options=Options(format="tournament"))
    assert {d.seat for d in m.pending()} == {A, B} and all(d.kind == "sleeve" for d in m.pending())
    team_a = list(m.fighters[A].team)
    assert len(team_a) == 3 and not set(team_a) & set(m.fighters[B].team)
    play(m, A, f"sleeve {team_a[1]}")
    # Szymon cannot see Alicja's pick before he makes his
    assert team_a[1] not in str(m.private_view(B)["fighters"][A]["sleeve"]) and m.private_view(B)["pick"] is None
    assert m.private_view(A)["pick"] == team_a[1]
    play(m, B, f"sleeve {m.fighters[B].team[0]}")
    assert m.fighters[A].sleeve == team_a[1] and m.round == 1 and len(m.fighters[A].hand) == 7
    assert len(m.fighters[A].deck) + 7 == 44
    # Alicja's fighter loses a round: it is eliminated, she picks her next one, builds a new deck and opens
    m.fighters[A].stun += m.fighters[A].hand[1:]
    m.fighters[A].hand = m.fighters[A].hand[:1]
    m.turn, m.kind = A, "stun_discard"
    play(m, A, f"stun-discard {face_of(m.fighters[A].hand[0])}")
    assert m.fighters[A].lost == [team_a[1]] and (m.turn, m.kind) == (A, "sleeve")
    play(m, A, f"sleeve {team_a[0]}")
    assert m.fighters[A].sleeve == team_a[0] and m.round == 2 and m.opener == A
    assert len(m.fighters[A].hand) + len(m.fighters[A].deck) == 44
    # every card of the box is somewhere: the piles, a deck, a hand, a discard, a stun pile or the line
    everywhere = (
        sum(len(p) for p in m.piles.values())
        + sum(len(f.hand) + len(f.deck) + len(f.discard) + len(f.stun) for f in m.fighters.values())
        + len(m.line)
    )
    assert everywhere == 120 - 6 - 11 - 2  # the 120 cards less the Sleeves, Stacks and reference cards


def test_the_first_pick_stays_secret_until_both_have_picked() -> None:
    """Ruling 25: until both have picked, nothing public and nothing in the opponent's view changes, not the
    list of Sleeves left in a team either (seed 5 once showed Alicja's team going from SL2, SL6, SL5 to SL2, SL5
    as she picked SL6). The pick is a hidden zone of its own seat in ``secrets()``, so undoing it is fair."""
    from engine.protocol import revealed

    m = Match.new([A, B], seed=5, options=Options(format="tournament"))
    team = list(m.fighters[A].team)
    assert team == ["SL2", "SL6", "SL5"]

    def seen(view: dict) -> dict:
        return {k: v for k, v in view.items() if k not in ("version", "decisions", "picked", "last")}

    public, theirs = seen(m.public_view()), seen(m.private_view(B))
    hidden = m.secrets()
    events = play(m, A, "sleeve SL6")
    assert seen(m.public_view()) == public and seen(m.private_view(B)) == theirs
    assert m.public_view()["fighters"][A]["team"] == team and m.public_view()["picked"] == [A]
    assert "SL6" not in str(m.public_view()["last"]) and "SL6" not in str(m.private_view(B)["last"])
    assert m.secrets()["pick:" + A] == (frozenset({A}), "SL6") and hidden["pick:" + A][1] is None
    assert not revealed(hidden, m.secrets(), events, A)  # Alicja's pick showed Szymon nothing
    assert m.private_view(A)["pick"] == "SL6" and m.legal_actions(A) == []
    hidden = m.secrets()
    events = play(m, B, f"sleeve {m.fighters[B].team[0]}")
    assert revealed(hidden, m.secrets(), events, B)  # both revealed: no fair undo for Szymon
    assert m.public_view()["fighters"][A]["team"] == ["SL2", "SL5"] and m.fighters[A].sleeve == "SL6"


def test_an_eliminated_fighter_leaves_no_half_exchange_on_the_fight_line() -> None:
    """Ruling 9: when the round ends with cards on the line (Alicja answers with her last card, a neuro one: no
    draw follows), the whole exchange goes onto its owners' discard piles, not only the eliminated deck's cards:
    during her pick of the next fighter the line is empty (seed 75 once showed two of Szymon's cards in a row)."""
    m = position(
        {A: ["NG"], B: ["K30", "P10"]},
        decks={B: ["G10", "G20"]},
        turn=B,
        kind="open",
        options=Options(format="tournament"),
    )
    m.picking, m.fighters[A].sleeve, m.fighters[A].team, m.fighters[B].sleeve = [], "SL3", ["SL1", "SL2"], "SL4"
    for seat in (A, B):  # the box's piles hold what no deck holds
        mine = m._gather_view(seat)
        m.piles = {p: [c for c in ids if c not in mine] for p, ids in m.piles.items()}
    events = play(m, B, "open K30")  # her Neurochem Grapple is her only answer, played at once
    assert {"type": "play", "seat": A, "verb": "answer", "card": "NG", "forced": True} in events
    assert m.history[-1]["loser"] == A and (m.turn, m.kind) == (A, "sleeve")
    assert m.line == [] and m.public_view()["line"] == []
    assert [face_of(c) for c in m.fighters[B].discard] == ["K30"]
    everywhere = (
        sum(len(p) for p in m.piles.values())
        + sum(len(f.hand) + len(f.deck) + len(f.discard) + len(f.stun) for f in m.fighters.values())
        + len(m.line)
    )
    assert everywhere == 120 - 6 - 11 - 2


def test_illegal_and_malformed_moves_are_refused_and_change_nothing() -> None:
    m = position({A: ["K30", "P10"], B: ["K50"]}, decks={A: ["G10"], B: ["DG"]})
    before = m.to_json()
    with pytest.raises(IllegalAction, match="hold no K80"):
        play(m, A, "open K80")
    with pytest.raises(IllegalAction, match="not your decision"):
        play(m, B, "open K50")
    with pytest.raises(IllegalAction):
        play(m, A, "rest")
    for text in ("", "fly K30", "open", "open X99", "rest now", "open " + "K" * 80, "sleeve SL9"):
        with pytest.raises(ParseError):
            m.parse_action(A, text)
    assert m.to_json() == before
    assert str(m.parse_action(A, "  open k30 ")) == "open K30"


def test_the_passive_default() -> None:
    m = position({A: ["K30", "P10", "NP"], B: ["K50"]})
    assert str(m.default_action(A)) == "open P10"
    m = position({A: ["K60", "KB40", "DG", "NK"], B: ["K50"]}, turn=A, kind="answer", line=[(B, "K30")])
    assert str(m.default_action(A)) == "answer DG"
    m = position({A: ["K60", "P10"], B: ["K50"]}, decks={A: ["G10"]}, kind="open_or_rest")
    assert str(m.default_action(A)) == "rest"
    m = position({A: ["K60", "NB", "PB40"], B: ["K50"]}, kind="stun_discard")
    assert str(m.default_action(A)) == "stun-discard PB40"
