"""The engine in Polish and Russian: log lines, move labels, refusals, tie-breaks and prompts come
from the ``engine`` catalogue, read whole sentences with CLDR plurals, keep names in the nominative
(in quotes) and leave no English behind; English stays exactly as it was."""

from __future__ import annotations

import random
import re
from itertools import pairwise
from typing import Any

import pytest

from engine.i18n import placeholders
from engine.nightfall import Game, Options
from engine.nightfall.actions import Action
from engine.nightfall.cards import card_set
from engine.nightfall.log import describe_event
from engine.nightfall.position import build
from engine.nightfall.scoring import tie_break_text
from engine.nightfall.state import DRAFTS
from engine.nightfall.texts import ENGLISH, and_list, ask_text, card_text, quoted, spectator_words

from .helpers import act, kinds

pytestmark = pytest.mark.engine

LANGS = ("pl", "ru")

#: English words no Polish or Russian sentence may hold once the names are taken out
ENGLISH_WORDS = (" the ", " attacks ", " with ", " and ", "wound", " from ", " of ", "'s ", " is ", " for ")


def _names() -> list[str]:
    """Every card name as a sentence may show it (any language, quoted or not), longest first."""
    names: set[str] = set()
    for d in card_set().cards.values():
        for name in d.names.values():
            names.update({name, quoted(name, "pl"), quoted(name, "ru")})
    return sorted(names, key=len, reverse=True)


NAMES = _names()


def _without_names(text: str, seats: list[str]) -> str:
    for name in NAMES:
        text = text.replace(name, " ")
    return re.sub(r"\b(" + "|".join(map(re.escape, seats)) + r")\b", " ", text)


def _check_sentence(text: str, seats: list[str], where: object) -> None:
    assert text.strip(), where
    assert "{" not in text and "}" not in text, (text, where)
    bare = f" {_without_names(text, seats).lower()} "
    found = [w for w in ENGLISH_WORDS if w in bare]
    assert not found, (text, found, where)


def _game(seed: int) -> Game:
    players = 2 + seed % 4
    opts = Options(draft=DRAFTS[seed % len(DRAFTS)], secret_archives=seed % 2 == 0, auto_pass=seed % 3 != 0)
    return Game.new([f"p{i}" for i in range(1, players + 1)], seed=seed, options=opts)


@pytest.mark.parametrize("seed", range(4))
def test_a_whole_random_game_reads_in_polish_and_russian(seed: int) -> None:
    """Every event (private ones too), every legal move's label, what each decision asks and a few
    refused moves, at every step of a seeded random game played to its end."""
    g, rnd = _game(seed), random.Random(seed)
    seats = g.seats
    events: list[dict[str, Any]] = list(g.setup_events)
    while not g.is_over():
        for d in g.pending():
            legal = g.legal_actions(d.seat)
            english = [g.describe(a) for a in legal]
            for lang in LANGS:
                labels = [g.describe(a, lang) for a in legal]
                for a, en, label in zip(legal, english, labels, strict=True):
                    _check_sentence(label, seats, (lang, str(a)))
                    # a button holds 80 characters; the longest fights exceed it in English too,
                    # and the bot cuts those alike
                    assert len(label) <= 80 or len(en) > 80, (lang, label)
                # two moves read alike exactly when they do in English
                for (e1, l1), (e2, l2) in pairwise(zip(english, labels, strict=True)):
                    assert (e1 == e2) == (l1 == l2), (e1, e2, l1, l2)
                assert len(set(labels)) == len(set(english))
                decision = g.private_view(d.seat)["decisions"][0]
                _check_sentence(ask_text(decision["ask"]["key"], decision["ask"]["args"], lang), seats, decision)
                for text in ("pass", "done", "wound skip", f"attack c1 {d.seat}"):
                    action = Action.parse(text, d.seat)
                    if action not in legal:
                        _check_sentence(g.explain(action, lang), seats, (lang, text))
        for p in g.public_view()["pending"]:
            for lang in LANGS:
                _check_sentence(spectator_words(p["ask"]["key"], p["ask"]["args"], lang), seats, p)
        seat = rnd.choice(g.pending()).seat
        events += g.apply(rnd.choice(g.legal_actions(seat)))
    assert {"attacks", "chain_start", "wounded", "claimed", "game_over"} <= {e["type"] for e in events}
    for event in events:
        for lang in LANGS:
            for text in (describe_event(event, g, lang), describe_event(event, lang=lang)):
                _check_sentence(text, seats, event)
                assert text != describe_event(event, g), (lang, text)
    rows = g.ranking_details()
    for ahead, behind in pairwise(rows):
        for lang in LANGS:
            _check_sentence(tie_break_text(ahead, behind, lang), seats, (ahead, behind))


def test_a_legal_move_has_nothing_to_explain() -> None:
    g = _game(1)
    d = g.pending()[0]
    assert all(g.explain(a, "pl") == "" for a in g.legal_actions(d.seat))


# ---------------------------------------------------------------------------------------- log lines


def _pl_ru(event: dict[str, Any]) -> tuple[str, str]:
    return describe_event(event, lang="pl"), describe_event(event, lang="ru")


def test_an_attack_and_a_block() -> None:
    attack = {"type": "attacks", "seat": "ada", "card": "c3", "name": "Vulko", "strength": 3, "target": "bob"}
    assert _pl_ru(attack) == (
        "„Vulko” (gracza ada, siła 3) atakuje gracza bob.",
        "«Vulko» (игрока ada, сила 3) атакует игрока bob.",
    )
    block = {
        "type": "blocks",
        "seat": "bob",
        "card": "c4",
        "name": "Enraged Wight",
        "attacker": "c3",
        "attacker_name": "Vulko",
    }
    assert _pl_ru(block) == (
        "„Wściekły Upiór” (gracza bob) blokuje sługusa „Vulko”.",
        "«Enraged Wight» (игрока bob) блокирует миньона «Vulko».",
    )


def test_a_claim_names_influence_and_what_is_left() -> None:
    claimed = {"type": "claimed", "seat": "ada", "name": "Death Grip", "paid": 5, "left": 6}
    assert _pl_ru(claimed) == (
        "ada nabywa kartę „Morderczy chwyt” za 5 punktów wpływów (w archiwum pozostało: 6).",
        "ada требует карту «Death Grip» за 5 пунктов влияния (в архиве осталось: 6).",
    )
    free = {**claimed, "paid": None, "left": 0}
    assert _pl_ru(free) == (
        "ada nabywa kartę „Morderczy chwyt” za darmo (archiwum jest teraz puste).",
        "ada бесплатно требует карту «Death Grip» (архив теперь пуст).",
    )


@pytest.mark.parametrize(
    ("n", "pl", "ru"),
    [
        (1, "ada otrzymuje 1 ranę", "ada получает 1 ранение"),
        (2, "ada otrzymuje 2 rany", "ada получает 2 ранения"),
        (5, "ada otrzymuje 5 ran", "ada получает 5 ранений"),
        (21, "ada otrzymuje 21 ran", "ada получает 21 ранение"),
        (22, "ada otrzymuje 22 rany", "ada получает 22 ранения"),
    ],
)
def test_receiving_wounds_counts_in_each_language(n: int, pl: str, ru: str) -> None:
    event = {"type": "wounded", "seat": "ada", "n": n, "types": ["bite"] + ["burn"] * (n - 1)}
    detail_pl = ", ".join(["ugryzienie"] + ["poparzenie"] * (n - 1))
    detail_ru = ", ".join(["укус"] + ["ожог"] * (n - 1))
    assert _pl_ru(event) == (f"{pl} ({detail_pl}).", f"{ru} ({detail_ru}).")


def test_wounds_from_a_card_say_which_card() -> None:
    event = {"type": "wounded", "seat": "ada", "n": 2, "types": ["bleed", "bleed"], "source": "c1", "source_name": ""}
    pos = build(["ada", "bob"], hands={"ada": ["bad_smoke"]})
    event["source"] = pos.card("ada", "bad_smoke")
    assert (
        describe_event(event, pos.game, "pl") == "ada otrzymuje 2 rany (krwawienie, krwawienie) od karty „Ciężki Dym”."
    )
    assert (
        describe_event(event, pos.game, "ru")
        == "ada получает 2 ранения (кровотечение, кровотечение) от карты «Bad Smoke»."
    )


@pytest.mark.parametrize(
    ("n", "pl", "ru"),
    [
        (1, "ada dobiera 1 kartę.", "ada берёт 1 карту."),
        (2, "ada dobiera 2 karty.", "ada берёт 2 карты."),
        (5, "ada dobiera 5 kart.", "ada берёт 5 карт."),
        (21, "ada dobiera 21 kart.", "ada берёт 21 карту."),
        (22, "ada dobiera 22 karty.", "ada берёт 22 карты."),
    ],
)
def test_drawing_counts_in_each_language(n: int, pl: str, ru: str) -> None:
    assert _pl_ru({"type": "drew", "seat": "ada", "n": n}) == (pl, ru)


def test_the_wound_effect_counts_wounds_and_cards_each_by_its_own_number() -> None:
    one = {"type": "wound_effect", "seat": "ada", "n": 1}
    assert _pl_ru(one) == (
        "ada odrzuca z ręki 1 ranę, aby dobrać 2 karty.",
        "ada сбрасывает из руки 1 ранение, чтобы взять 2 карты.",
    )
    assert _pl_ru({**one, "n": 3}) == (
        "ada odrzuca z ręki 3 rany, aby dobrać 6 kart.",
        "ada сбрасывает из руки 3 ранения, чтобы взять 6 карт.",
    )


def test_a_chain_link_and_a_kicker_resolving() -> None:
    link = {"type": "chain_link", "seat": "alice", "card": "c9", "name": "Furious Melee", "kicker": True}
    assert _pl_ru(link) == (
        "alice dołącza do łańcucha kartę „Szaleńcza bijatyka” — Dopalacz!",
        "alice присоединяет карту «Furious Melee» — доп. эффект!",
    )
    assert _pl_ru({**link, "kicker": False}) == (
        "alice dołącza do łańcucha kartę „Szaleńcza bijatyka”.",
        "alice присоединяет карту «Furious Melee».",
    )
    resolves = {"type": "resolves", "seat": "bob", "card": "c9", "name": "Flank Attack", "kicker": True}
    assert _pl_ru(resolves) == (
        "Karta „Atak z flanki” (gracza bob) zostaje rozpatrzona z Dopalaczem.",
        "Карта «Flank Attack» (игрока bob) разрешается с дополнительным эффектом.",
    )


def test_the_game_over_line_lists_with_the_languages_and() -> None:
    over = {"type": "game_over", "ranking": ["cleo", "ada", "bob"]}
    assert _pl_ru(over) == (
        "Koniec gry: wygrywa cleo (kolejność: cleo, ada i bob).",
        "Игра окончена: выигрывает cleo (места: cleo, ada и bob).",
    )
    assert describe_event(over) == "The game is over: cleo wins (ranking: cleo, ada and bob)."


def test_a_destroyed_card_keeps_its_name_after_a_fixed_noun() -> None:
    destroyed = {"type": "destroyed", "seat": "bob", "card": "c2", "name": "Shock and Awe", "to_zone": "discard"}
    assert _pl_ru(destroyed) == (
        "Karta „Szok i trwoga” (gracza bob) zostaje zniszczona.",
        "Карта «Shock and Awe» (игрока bob) уничтожена.",
    )


def test_card_names_are_quoted_once_and_wounds_are_named_in_the_language() -> None:
    assert card_text('"Bad Smoke"', "pl") == "„Ciężki Dym”"
    assert card_text('"Bad Smoke"', "ru") == "«Bad Smoke»"
    assert card_text('"Bad Smoke"', "en") == '"Bad Smoke"'
    assert card_text("wound (bite)", "pl") == "„Rana (ugryzienie)”"
    assert card_text("wound (burn)", "ru") == "«Ранение (ожог)»"
    assert card_text("someone's pet", "pl") == "someone's pet"
    assert and_list(["a", "b", "c"], "pl") == "a, b i c"
    assert and_list(["a", "b"], "ru") == "a и b"
    assert and_list([], "ru") == "нет"


#: an archive target as events name it: before ``engine.protocol`` said where seats go (the owner inside the
#: label), and since (the owner in ``target_owner``); both read the same
ARCHIVE_TARGETS = {
    "owner in the label": (
        {"target_name": "a secret archive (bob's archive)"},
        {"target_name": "Vulko (bob's archive)"},
    ),
    "owner in its own field": (
        {"target_name": "a secret archive", "target_owner": "bob"},
        {"target_name": "Vulko", "target_owner": "bob"},
    ),
}


@pytest.mark.parametrize("shape", sorted(ARCHIVE_TARGETS))
def test_an_archive_target_is_named_in_the_language(shape: str) -> None:
    secret_fields, seen_fields = ARCHIVE_TARGETS[shape]
    base = {"type": "targets", "seat": "ada", "source_name": "Grim Siege", "what": "archive", "target": "a3"}
    secret = {**base, **secret_fields}
    assert _pl_ru(secret) == (
        "ada wybiera cel: sekretne archiwum gracza bob (karta „Ponure oblężenie”).",
        "ada выбирает цель: секретный архив игрока bob (карта «Grim Siege»).",
    )
    seen = {**base, **seen_fields}
    assert (
        describe_event(seen, lang="pl") == "ada wybiera cel: „Vulko” (archiwum gracza bob) (karta „Ponure oblężenie”)."
    )
    assert "Vulko (bob's archive)" in describe_event(seen)


# ---------------------------------------------------------------------------------------- labels and refusals


def _label(g: Game, seat: str, text: str, lang: str) -> str:
    return g.describe(Action.parse(text, seat), lang)


def test_labels_name_whose_card_and_what_tells_twins_apart() -> None:
    pos = build(
        ["a", "b"],
        hands={"a": ["death_grip"]},
        in_play={"a": ["vulko"], "b": [("vulko", 1), "vulko", "charlotte_reyes"]},
    )
    g = pos.game
    hurt, fresh = (pos.card("b", "vulko", "play", n) for n in (0, 1))
    assert _label(g, "a", f"target {hurt}", "pl") == "Cel: „Vulko” (gracza b, 1 obrażenie)"
    assert _label(g, "a", f"target {fresh}", "ru") == "Цель: «Vulko» (игрока b, без повреждений)"
    assert _label(g, "a", "target a", "pl") == "Cel: Ty"
    assert _label(g, "a", "target b", "ru") == "Цель: b"


def test_claim_and_wound_labels_count_in_the_language() -> None:
    pos = build(
        ["a", "b"],
        phase="claim",
        influence=9,
        hands={"a": ["wound:bite"]},
        private={"a": ["vulko"]},
    )
    g = pos.game
    own = pos.archive("vulko")
    assert _label(g, "a", f"claim {own}", "pl") == "Nabądź kartę „Vulko” z Twojego archiwum za 5 pkt wpływów"
    assert _label(g, "a", f"claim {own}", "ru") == "Требовать карту «Vulko» из своего архива за 5 пунктов влияния"
    wound = pos.card("a", "wound:bite")
    assert _label(g, "a", f"discard {wound}", "pl") == "Odrzuć kartę „Rana (ugryzienie)” (+1 pkt wpływów)"
    pos = build(["a", "b"], phase="claim", hands={"a": ["wound:bite"], "b": ["vulko"]}, decks={"a": ["vulko"] * 8})
    g = pos.game
    act(g, "a", "done")
    assert kinds(g) == [("a", "wound")]
    assert _label(g, "a", "wound use", "pl") == "Użyj efektu ran (odrzuć 1 ranę, dobierz 2 karty)"
    assert _label(g, "a", "wound use", "ru") == "Использовать эффект ранения (сбросить 1 ранение, взять 2 карты)"
    assert _label(g, "a", "wound skip", "ru") == "Пропустить эффект ранения"


COLOURS_PL = {"red": "czerwony", "white": "biały", "blue": "niebieski", "yellow": "żółty", "purple": "fioletowy"}
COLOURS_PL["green"] = "zielony"


def test_a_refused_link_names_the_colours_in_the_language() -> None:
    vulko = card_set().cards["vulko"]
    other = next(d for d in card_set().cards.values() if d.colour not in vulko.links)
    fits = next(d for d in card_set().cards.values() if d.colour in vulko.links)
    pos = build(["a", "b"], hands={"a": ["vulko", other.key, fits.key]})  # a linkable card keeps a asked
    g = pos.game
    act(g, "a", f"chain {pos.card('a', 'vulko')}")
    action = Action.parse(f"chain {pos.card('a', other.key)}", "a")
    assert action not in g.legal_actions("a")
    assert g.explain(action) == (
        f"{other.name} is {other.colour}; it cannot link onto Vulko, which links to {' or '.join(vulko.links)}."
    )
    links = " lub ".join(COLOURS_PL[c] for c in vulko.links)
    assert g.explain(action, "pl") == (
        f"Karta {quoted(other.names['pl'], 'pl')} ma kolor {COLOURS_PL[other.colour]}; "
        f"nie można jej dołączyć do karty „Vulko” (kolory łączące: {links})."
    )


def test_refusals_read_in_the_language() -> None:
    g = _game(2)
    d = g.pending()[0]
    wrong = next(
        Action.parse(t, d.seat)
        for t in ("pass", "done", "wound skip")
        if Action.parse(t, d.seat) not in g.legal_actions(d.seat)
    )
    assert g.explain(wrong).startswith("That move doesn't fit now: you need to ")
    assert g.explain(wrong, "pl").startswith("Ten ruch teraz nie pasuje: musisz ")
    assert g.explain(wrong, "ru").startswith("Сейчас этот ход не подходит: вам нужно ")


# ---------------------------------------------------------------------------------------- tie-breaks and prompts


def test_tie_breaks_in_polish_and_russian() -> None:
    counts = {"bite": 1, "burn": 0, "bleed": 0}
    a = {"decided_by": "fewer turns", "wounds": 1, "by_type": counts, "turns": 3}
    b = {"decided_by": None, "wounds": 1, "by_type": counts, "turns": 4}
    assert tie_break_text(a, b) == "tie on 1 wound and on wound types, decided by fewer turns (3 against 4)"
    assert tie_break_text(a, b, "pl") == (
        "remis przy 1 ranie i przy równych typach ran; rozstrzyga mniejsza liczba tur (3 wobec 4)"
    )
    assert (
        tie_break_text(a, b, "ru") == "ничья: по 1 ранению и по типам ранений; решает меньшее число ходов (3 против 4)"
    )
    five = {"bite": 3, "burn": 2, "bleed": 0}
    a2 = {"decided_by": "second-largest wound type", "wounds": 5, "by_type": five, "turns": 3}
    b2 = {"decided_by": None, "wounds": 5, "by_type": {"bite": 3, "burn": 1, "bleed": 1}, "turns": 3}
    assert tie_break_text(a2, b2, "pl") == (
        "remis przy 5 ranach i przy równej liczbie ran najliczniejszego typu (po 3); "
        "rozstrzyga liczba ran drugiego co do liczebności typu (2 wobec 1)"
    )
    assert tie_break_text({**a2, "decided_by": "wounds"}, {**b2, "wounds": 7}, "ru") == "меньше ранений (5 против 7)"


def test_prompts_put_names_colours_and_purposes_in_the_language() -> None:
    link = {"last": "Vulko", "links": "white or blue"}
    assert ask_text("chain_link", link) == "Link a card onto Vulko (white or blue), or pass."
    assert ask_text("chain_link", link, "pl") == "Dołącz kartę do karty „Vulko” (biały lub niebieski) albo spasuj."
    assert ask_text("chain_link", link, "ru") == "Присоедините карту к карте «Vulko» (белый или синий) или спасуйте."
    choose = {"source": "Death Grip", "purpose": "exile"}
    assert ask_text("choose", choose, "pl") == "„Morderczy chwyt”: wybierz kartę z ręki, aby ją usunąć."
    assert spectator_words("choose_to", {"purpose": "discard"}, "ru") == "выбор карты для сброса"
    assert spectator_words("target_for", {"source": "Death Grip"}) == "choose a target for Death Grip"


def test_every_key_keeps_its_fields_in_english() -> None:
    """The catalogue test checks the translations; here, that a counted template counts {n}."""
    for key, en in ENGLISH.items():
        if isinstance(en, tuple):
            assert placeholders(en[0]) == placeholders(en[1]), key
