"""Alt text: every Nightfall image and the leaderboard in words, for players who cannot see them. Each alt fits
Discord's 1,024 characters, is in the image's language, says the facts the image shows for known positions,
drops its least-needed parts first, and a channel image's words name no card of anyone's hand."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from engine.nightfall import Game, Options
from render.alt import ALT_LIMIT, HIGH, LOW, MID, MUST, TEXT_LIMIT, Words, cut, spoken_name
from render.leaderboard import Entry, Labels, leaderboard_words
from render.nightfall import alt, samples
from render.nightfall.cards import card_name

View = dict[str, Any]
LANGS = ("en", "pl", "ru")

#: a word each language's words of an image kind must hold (and the other languages' must not)
MARKS = {
    "table": {"en": "Phase:", "pl": "Faza:", "ru": "Фаза:"},
    "hand": {"en": "'s hand", "pl": "Ręka gracza", "ru": "Рука игрока"},
    "draft": {"en": "draft round", "pl": "runda draftu", "ru": "раунд драфта"},
    "prompt": {"en": "Your decision", "pl": "Twoja decyzja", "ru": "Ваше решение"},
    "results": {"en": "final ranking", "pl": "wyniki końcowe", "ru": "итоги"},
    "card": {"en": "cost", "pl": "koszt", "ru": "стоимость"},
}


@pytest.fixture(scope="module")
def chain() -> Game:
    return samples.five_player_chain()


@pytest.fixture(scope="module")
def decisions() -> dict[str, View]:
    return samples.decision_views()


def _all_words(chain: Game, decisions: dict[str, View], lang: str) -> dict[str, list[Words]]:
    draft = samples.draft_game()
    return {
        "table": [
            alt.table_words(chain.public_view(), lang),
            alt.table_words(samples.five_player_combat().public_view(), lang),
        ],
        "hand": [alt.hand_words(chain.private_view(s, lang=lang), lang) for s in samples.SEATS5],
        "draft": [alt.draft_words(draft.private_view("ada", lang=lang), lang)],
        "prompt": [alt.prompt_words(chain.private_view("cleo", lang=lang), lang)]
        + [alt.prompt_words(v, lang) for v in decisions.values()],
        "results": [alt.results_words(samples.finished_game().public_view(), lang)],
        "card": [alt.card_words(k, lang) for k in ("vulko", "leave_me")],
    }


# ---------------------------------------------------------------- the builder


def test_fit_keeps_everything_that_fits() -> None:
    words = Words().add("One.", MUST).add("Two.", LOW)
    assert words.fit(100) == "One. Two."


def test_fit_drops_the_least_needed_and_latest_first() -> None:
    words = Words().add("Phase.", MUST).add("early detail.", LOW).add("seat.", HIGH).add("late detail.", LOW)
    assert words.fit(len("Phase. early detail. seat.")) == "Phase. early detail. seat."
    assert words.fit(len("Phase. seat.")) == "Phase. seat."
    words = Words().add("Phase.", MUST).add("minions.", MID).add("commons.", LOW)
    assert words.fit(len("Phase. minions.")) == "Phase. minions."


def test_fit_never_drops_a_must_and_cuts_between_words() -> None:
    words = Words().add("alpha beta gamma delta", MUST).add("extra", LOW)
    got = words.fit(15)
    assert got == "alpha beta…"
    assert len(got) <= 15
    assert cut("a verylongword", 10) == "a…"


def test_the_ai_mark_is_read_as_a_word() -> None:
    assert spoken_name("Vesper ⚙", "(AI)") == "Vesper (AI)"
    assert spoken_name("Ada", "(AI)") == "Ada"


# ---------------------------------------------------------------- every image, every language


@pytest.mark.parametrize("lang", LANGS)
def test_every_image_has_words_in_its_language_within_the_limit(
    chain: Game, decisions: dict[str, View], lang: str
) -> None:
    for kind, all_words in _all_words(chain, decisions, lang).items():
        for words in all_words:
            text = words.fit(ALT_LIMIT)
            assert text, kind
            assert len(text) <= ALT_LIMIT, kind
            assert len(words.fit(TEXT_LIMIT)) <= TEXT_LIMIT
            assert MARKS[kind][lang] in text, (kind, text)
            for other, mark in MARKS[kind].items():
                if other != lang:
                    assert mark not in text, (kind, lang, other)
            assert "⚙" not in text and "**" not in text


# ---------------------------------------------------------------- the facts of known positions


def test_the_table_says_phase_decider_wounds_counts_chain_archives_minions_commons(chain: Game) -> None:
    words = alt.table_words(chain.public_view(), "en")
    short = words.fit(ALT_LIMIT)
    assert "Phase: chain." in short
    assert "It is bram's turn." in short
    assert "Deciding now: cleo: choose a target for Leave Me! Face-up" in short
    assert "Face-up wounds left: 23 of 50, 18 face down." in short
    assert "bram: 5 wounds (2 bites, 1 burn, 2 bleeds); hand 2, deck 4, discard 5, influence 2." in short
    assert "Shock and Awe by bram, waiting; Blood Rage by bram, waiting, its kicker applies" in short
    full = words.fit(TEXT_LIMIT)
    assert "ada's archives: Vulko, 5 copies left; Ghoul Summoning, 6 copies left." in full
    assert "Vulko, strength 3, health 3 of 3, blocks damage" in full
    assert '"Great Spirit", strength 5, health 1 of 3' in full
    assert "Team Elimination: yellow, links to white, green, cost 4, 5 copies left, kicker white" in full
    assert "Death Grip: white, links to white, red, cost 5, empty" in full


def test_the_combat_table_says_each_fight() -> None:
    text = alt.table_words(samples.five_player_combat().public_view(), "en").fit(ALT_LIMIT)
    assert "Phase: combat." in text and "Deciding now: ada: declare blockers." in text
    assert '"Great Spirit", strength 5, attacks ada, not blocked, still to fight' in text
    assert 'J. J. McTeague, strength 2, attacks eve, blocked by "Bad Smoke", still to fight' in text


def test_a_crowded_table_fits_by_dropping_the_least_needed_parts(chain: Game) -> None:
    words = alt.table_words(chain.public_view(), "en")
    full, short = words.fit(TEXT_LIMIT), words.fit(ALT_LIMIT)
    assert len(full) > ALT_LIMIT >= len(short)
    assert "Commons:" in full and "Commons:" not in short  # the least needed goes first
    assert "archives:" in full and "archives:" not in short
    for seat in samples.SEATS5:  # every seat's wounds and counts stay
        assert re.search(rf"\b{seat}: \d+ wounds? \(", short), seat
    assert short.startswith("Nightfall table, turn 1. Phase: chain. It is bram's turn. Deciding now: cleo")
    assert not short.endswith("…")  # whole parts were dropped, nothing cut mid-way


@pytest.mark.parametrize("lang", LANGS)
def test_a_public_table_names_no_card_of_any_hand(chain: Game, lang: str) -> None:
    public = chain.public_view()
    shown = _public_cards(public)
    text = alt.table_words(public, lang).fit(TEXT_LIMIT)
    hidden = {
        card_name(c["card"], lang)
        for seat in samples.SEATS5
        for c in chain.private_view(seat)["hand"]
        if c["card"] != "wound" and c["card"] not in shown
    }
    assert hidden  # the position has hand cards seen nowhere else
    for name in hidden:
        assert name not in text, name


def test_the_table_and_results_refuse_a_private_view(chain: Game) -> None:
    with pytest.raises(ValueError):
        alt.table_words(chain.private_view("ada"), "en")
    with pytest.raises(ValueError):
        alt.results_words(chain.private_view("ada"), "en")


def _public_cards(view: Any) -> set[str]:
    """Every card key a view shows anywhere."""
    out: set[str] = set()
    if isinstance(view, dict):
        if isinstance(view.get("card"), str):
            out.add(view["card"])
        for value in view.values():
            out |= _public_cards(value)
    elif isinstance(view, list):
        for value in view:
            out |= _public_cards(value)
    return out


def test_a_hand_says_each_card_and_what_it_may_do(chain: Game) -> None:
    text = alt.hand_words(chain.private_view("cleo"), "en").fit(ALT_LIMIT)
    assert text.startswith("cleo's hand, 9 cards: Your decision: Leave Me!: choose a target.")
    assert '"Great Spirit": minion, blue, links to red, green, cost 6, kicker red, strength 5, health 3.' in text
    assert "Wound (bite): a wound." in text
    # the cards' short rules texts follow them, and a long hand drops them from its last card first
    words = alt.hand_words(chain.private_view("cleo"), "en")
    assert (
        "Lilith Lawrence: minion, purple, links to red, blue, cost 4, strength 2, health 2. Chain: Draw 1 card." in text
    )
    tail = "Chain: Inflict 1 damage on target minion."
    assert tail in words.fit(TEXT_LIMIT) and tail not in text


def test_a_hand_with_a_chain_decision_says_which_cards_can_link() -> None:
    game = samples.five_player_link_decision()
    seat = game.pending()[0].seat
    text = alt.hand_words(game.private_view(seat), "en").text()
    assert "can link" in text or "can start a chain" in text
    assert "cannot link now" in text


def test_the_draft_says_the_round_the_destination_and_the_packet() -> None:
    text = alt.draft_words(samples.draft_game().private_view("ada"), "en").fit(ALT_LIMIT)
    assert text.startswith("ada, draft round 2 of 3. Pick one card for your private archives.")
    assert "Bite and Tear: action, green, links to yellow, blue, cost 3, kicker green" in text
    assert "Your picks so far: Ghoul Summoning (private)." in text


def test_prompts_say_the_question_and_what_the_image_shows(chain: Game, decisions: dict[str, View]) -> None:
    target = alt.prompt_words(chain.private_view("cleo"), "en").fit(ALT_LIMIT)
    assert target.startswith("Your decision: Leave Me!: choose a target. Resolving: Leave Me!, played by cleo.")
    assert '"Great Spirit", strength 5, health 1, dmitri\'s' in target
    claim = alt.prompt_words(decisions["claim"], "en").fit(ALT_LIMIT)
    assert '"Watcher Two" from commons, cost 2, 7 copies left' in claim and "Influence to spend: 2." in claim
    block = alt.prompt_words(decisions["block"], "en").fit(ALT_LIMIT)
    assert "Combat, ada attacks:" in block and "not blocked" in block


def test_results_say_places_wounds_by_type_and_the_tie_break() -> None:
    text = alt.results_words(samples.finished_game().public_view(), "en").fit(ALT_LIMIT)
    assert "1. dmitri, 7 wounds (2 bites, 2 burns, 3 bleeds)" in text
    assert "4. cleo, 12 wounds (3 bites, 7 burns, 2 bleeds)" in text
    assert "bram is ahead of cleo: tie on 12 wounds" in text


def test_a_card_says_name_kind_cost_colours_and_rules_text() -> None:
    assert alt.card_words("vulko", "en").fit(ALT_LIMIT) == (
        "Vulko, Minion, Lycanthrope, cost 5, red, links to yellow, green. Strength 3, health 3. "
        "In play: This card blocks damage inflicted on you."
    )
    wound = alt.card_words("wound:bite", "ru").fit(ALT_LIMIT)
    assert wound.startswith("Ранение: укус. Ваша фаза очистки")
    leave = alt.card_words("leave_me", "pl").fit(ALT_LIMIT)
    assert leave.startswith("Zostawcie mnie!, Akcja, koszt 3, kolor niebieski")
    assert "Dopalacz, kolor biały:" in leave


def test_plural_forms_follow_the_count() -> None:
    game = samples.five_player_chain()
    text = alt.table_words(game.public_view(), "ru").fit(TEXT_LIMIT)
    assert "5 ранений (2 укуса, 1 ожог, 2 кровотечения)" in text
    assert "2 ранения (1 укус, 0 ожогов, 1 кровотечение)" in text
    pl = alt.table_words(game.public_view(), "pl").fit(TEXT_LIMIT)
    assert "5 ran (2 ugryzienia, 1 poparzenie, 2 krwawienia)" in pl
    assert "zostało 5 egzemplarzy" in pl


# ---------------------------------------------------------------- the leaderboard


def test_the_leaderboard_says_each_rank_name_rating_games_and_wins() -> None:
    labels = Labels("Top", "Server", "#", "Name", "Rating", "Games", "Wins", "Nobody yet", "Page 1 of 1")
    entries = [Entry(1, "Ada", 1520, 12, 8), Entry(2, "Bram", 1400, 10, 3)]
    text = leaderboard_words(entries, labels).fit(ALT_LIMIT)
    assert (
        text
        == "Top. Server. 1. Ada: Rating 1520, Games 12, Wins 8. 2. Bram: Rating 1400, Games 10, Wins 3. Page 1 of 1."
    )
    assert "Nobody yet." in leaderboard_words([], labels).fit(ALT_LIMIT)


def test_in_the_claim_phase_the_commons_stay_before_minions_and_archives() -> None:
    game = Game.new(["ada", "bram", "cleo", "dmitri"], seed=7, options=Options())
    rnd = random.Random(7)
    for _ in range(400):
        view = game.public_view()
        if view["phase"] == "claim" and len(alt.table_words(view, "en").text()) > ALT_LIMIT:
            break
        samples.play_random(game, rnd, 1)
    else:
        raise AssertionError("no crowded claim phase")
    text = alt.table_words(view, "en").fit(ALT_LIMIT)
    assert "Phase: claim." in text and "Commons:" in text
    assert "archives:" not in text
