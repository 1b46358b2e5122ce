"""Player-typed move text: only the canonical form is accepted, and only the engine's own
refusals (``ParseError``, ``IllegalAction``) ever come back, with short messages, changing nothing."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.nightfall import Game, Options
from engine.nightfall.actions import VERBS, Action, IllegalAction, ParseError, clip
from engine.nightfall.cards import card_set
from engine.nightfall.state import DRAFTS

pytestmark = pytest.mark.engine

MAX_MESSAGE = 200
ARABIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
BENGALI = str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯")


# ---------------------------------------------------------------------------------------- positions


def _random_game(seed: int) -> Game:
    players = 2 + seed % 4
    draft = DRAFTS[seed % len(DRAFTS)]
    opts = Options(draft=draft, secret_archives=seed % 2 == 0, auto_pass=seed % 3 != 0)
    return Game.new([f"p{i}" for i in range(players)], seed=seed, options=opts)


def _step(game: Game, rnd: random.Random) -> None:
    d = rnd.choice(game.pending())
    game.apply(rnd.choice(game.legal_actions(d.seat)))


@functools.cache
def _positions() -> tuple[str, ...]:
    """Game states (JSON) at many points of seeded random playouts, every decision kind among them."""
    out: list[str] = []
    for seed in range(12):
        game, rnd = _random_game(seed), random.Random(seed)
        step = 0
        while not game.is_over():
            if step % 7 == 0:
                out.append(game.to_json())
            _step(game, rnd)
            step += 1
        out.append(game.to_json())  # a finished game too
    return tuple(out)


@functools.cache
def _first_position(kind: str) -> tuple[str, str]:
    """(state JSON, seat) of the first position with a ``kind`` decision that offers a ``kind`` move
    (a chain decision with a card to chain, a claim decision with an archive to claim from, …)."""
    for text in _positions():
        game = Game.from_json(text)
        for d in game.pending():
            if d.kind == kind and any(a.verb == kind for a in game.legal_actions(d.seat)):
                return text, d.seat
    raise AssertionError(f"no {kind} decision in the seeded playouts")


def at(kind: str) -> tuple[Game, str]:
    """A fresh copy of that position, and the seat that must decide."""
    text, seat = _first_position(kind)
    return Game.from_json(text), seat


def legal_texts(game: Game, seat: str) -> list[str]:
    return [str(a) for a in game.legal_actions(seat)]


def refused(game: Game, seat: str, text: str) -> Exception:
    """``text`` must be refused with a short ParseError or IllegalAction that changes nothing."""
    before = game.to_json()
    with pytest.raises((ParseError, IllegalAction)) as info:
        game.apply(game.parse_action(seat, text))
    assert type(info.value) in (ParseError, IllegalAction)
    assert len(str(info.value)) <= MAX_MESSAGE, str(info.value)
    assert str(info.value).strip()
    assert game.to_json() == before
    return info.value


def not_parsed(game: Game, seat: str, text: str) -> ParseError:
    before = game.to_json()
    with pytest.raises(ParseError) as info:
        game.parse_action(seat, text)
    assert len(str(info.value)) <= MAX_MESSAGE, str(info.value)
    assert game.to_json() == before
    return info.value


def a_card_ref(game: Game, seat: str, verb: str) -> str:
    """A real card reference from one of ``seat``'s legal ``verb`` actions, e.g. ``c12``."""
    for a in game.legal_actions(seat):
        if a.verb == verb:
            return a.args[0]
    raise AssertionError(f"{seat} has no {verb} action")


# ---------------------------------------------------------------------------------------- exact cases


@pytest.mark.parametrize(
    "digits", [ARABIC, FULLWIDTH, SUPERSCRIPT, BENGALI], ids=["arabic", "fullwidth", "superscript", "bengali"]
)
def test_card_numbers_in_other_scripts_are_not_cards(digits: dict[int, int]) -> None:
    game, seat = at("chain")
    ref = a_card_ref(game, seat, "chain")
    assert f"chain {ref}" in legal_texts(game, seat)
    text = f"chain c{ref[1:].translate(digits)}"
    not_parsed(game, seat, text)
    refused(game, seat, text)
    # and through apply with a hand-made action, the card helper refuses it too
    before = game.to_json()
    with pytest.raises((ParseError, IllegalAction)) as info:
        game.apply(Action(seat, "chain", (f"c{ref[1:].translate(digits)}",)))
    assert len(str(info.value)) <= MAX_MESSAGE
    assert game.to_json() == before


def test_the_card_helper_reads_only_ascii_digits() -> None:
    game, seat = at("chain")
    ref = a_card_ref(game, seat, "chain")
    assert game.parse_card(ref) == int(ref[1:])
    for bad in (f"c{ref[1:].translate(ARABIC)}", f"c0{ref[1:]}", "c", "c-1", "c+1", "c 1", "c1_0", "c" + "9" * 5000):
        with pytest.raises(IllegalAction) as info:
            game.parse_card(bad)
        assert len(str(info.value)) <= MAX_MESSAGE


@pytest.mark.parametrize("n", [7, 20, 4300, 4301, 5000, 100_000])
def test_huge_numbers_are_refused_not_crashed(n: int) -> None:
    game, seat = at("chain")
    refused(game, seat, f"chain c{'9' * n}")
    game, seat = at("attack")
    opponent = next(a.args[1] for a in game.legal_actions(seat) if a.verb == "attack")
    refused(game, seat, f"attack c{'9' * n} {opponent}")
    game, seat = at("block")
    refused(game, seat, f"block c{'9' * n} c{'9' * n}")


def test_huge_archive_and_target_numbers_are_refused() -> None:
    game, seat = at("claim")
    for text in ("claim a" + "9" * 5000, "claim a99999999999999999999", "discard c" + "1" * 4301):
        refused(game, seat, text)
    game, seat = at("target")
    for text in ("target c" + "9" * 5000, "target a" + "9" * 5000, "target p" + "9" * 5000):
        refused(game, seat, text)


@pytest.mark.parametrize("n", [65, 2001, 100_000])
def test_very_long_text_is_refused_with_a_short_message(n: int) -> None:
    game, seat = at("chain")
    for text in ("x" * n, "chain " + "c" * n, "pass" + " " * 10 + "y" * n, "é" * n):
        err = refused(game, seat, text)
        assert "x" * 50 not in str(err) and "c" * 50 not in str(err) and "y" * 50 not in str(err)


def test_quoted_text_is_clipped_and_shows_control_characters_as_escapes() -> None:
    assert clip("chain c12") == "chain c12"
    assert clip("x" * 40) == "x" * 40
    assert clip("x" * 100_000) == "x" * 40 + "…"
    assert clip("pass\x00\u2003") == "pass\\x00\\u2003"
    assert len(clip("\x00" * 1000)) == 41
    assert clip(None) == "None"


def test_unknown_verb_is_echoed_clipped() -> None:
    game, seat = at("chain")
    err = not_parsed(game, seat, "z" * 60)
    assert "z" * 41 not in str(err)
    assert "…" in str(err)


@pytest.mark.parametrize(
    "ws", ["\u2003", "\u00a0", "\u3000", "\u2028", "\u0085", "\x1c", "\x1f", "\u200b", "\ufeff", "\u180e"]
)
def test_unicode_whitespace_is_not_a_separator(ws: str) -> None:
    game, seat = at("chain")
    ref = a_card_ref(game, seat, "chain")
    for text in (f"pass{ws}", f"{ws}pass", f"chain{ws}{ref}", f"chain {ref}{ws}"):
        not_parsed(game, seat, text)
        refused(game, seat, text)


def test_ascii_whitespace_around_the_move_is_fine_but_not_inside() -> None:
    game, seat = at("chain")
    ref = a_card_ref(game, seat, "chain")
    assert game.parse_action(seat, f"  chain {ref}\n") == Action(seat, "chain", (ref,))
    assert game.parse_action(seat, "\tpass \r\n") == Action(seat, "pass")
    for text in (f"chain  {ref}", f"chain\t{ref}", f"chain\n{ref}", f"chain \t{ref}", "  ", "\n"):
        not_parsed(game, seat, text)
        refused(game, seat, text)


@pytest.mark.parametrize(
    "text", ["pass\x00", "\x00pass", "chain c\x001", "pa\x00ss", "\x00", "pass\x7f", "pass\x1b[2J", "chain\x00c1"]
)
def test_control_characters_are_refused(text: str) -> None:
    game, seat = at("chain")
    not_parsed(game, seat, text)
    refused(game, seat, text)


@pytest.mark.parametrize("text", ["PASS", "Pass", "CHAIN c1", "Chain c1", "wound USE", "WOUND use"])
def test_uppercase_is_not_canonical(text: str) -> None:
    game, seat = at("chain")
    not_parsed(game, seat, text)
    refused(game, seat, text)


@pytest.mark.parametrize(
    "text", ["pass now", "done 1", "chain", "chain c1 c2", "attack c1", "attack c1 p1 p2", "wound", "claim", "block c1"]
)
def test_wrong_number_of_arguments(text: str) -> None:
    game, seat = at("chain")
    err = not_parsed(game, seat, text)
    assert "argument" in str(err)


@pytest.mark.parametrize(
    "text",
    [
        "chain c-1",
        "chain c+1",
        "chain -1",
        "chain c-0",
        "claim a-3",
        "chain c0x1",
        "chain c1e3",
        "chain c1.0",
        "chain c1_000",
    ],
)
def test_negative_and_malformed_numbers(text: str) -> None:
    game, seat = at("chain")
    not_parsed(game, seat, text)
    refused(game, seat, text)


def test_leading_zeros_and_too_many_digits_are_not_canonical() -> None:
    game, seat = at("chain")
    ref = a_card_ref(game, seat, "chain")
    for text in (f"chain c0{ref[1:]}", f"chain c00{ref[1:]}", "chain c1234567", "claim a0001"):
        not_parsed(game, seat, text)
    refused(game, seat, "chain c999999")  # well-formed, six digits, but no such card


def test_unknown_seat_is_refused() -> None:
    game, seat = at("attack")
    minion = a_card_ref(game, seat, "attack")
    for who in ("nobody", "p9", "P1", "x" * 40):
        err = refused(game, seat, f"attack {minion} {who}")
        assert isinstance(err, IllegalAction)
    for who in ("x" * 41, "p1!", "p1/2", "c1", "a1", "p١"):
        not_parsed(game, seat, f"attack {minion} {who}")
    # the acting seat itself
    for who in ("nobody", "x" * 5000, "", "p0\x00"):
        with pytest.raises(IllegalAction) as info:
            game.parse_action(who, "pass")
        assert len(str(info.value)) <= MAX_MESSAGE
        before = game.to_json()
        with pytest.raises(IllegalAction) as info:
            game.apply(Action(who, "pass"))
        assert len(str(info.value)) <= MAX_MESSAGE
        assert game.to_json() == before


def test_unknown_archive_is_refused() -> None:
    game, seat = at("claim")
    for ref in ("a999", "a0", "a999999"):
        err = refused(game, seat, f"claim {ref}")
        assert isinstance(err, IllegalAction)
        assert "archive" in str(err)
    for ref in ("a", "a-1", "a1a", "c1", "p1", "a١", "a" + "1" * 5000):
        refused(game, seat, f"claim {ref}")


def test_a_target_that_looks_like_a_seat_name_is_an_unknown_seat() -> None:
    game, seat = at("target")
    # "c-5" is not a card, but it could be a seat name (letters, digits, - _ .): not one here
    for text in ("target c-5", "target a-1", "target nobody", "order c-5"):
        refused(game, seat, text)


def test_wound_takes_only_use_or_skip() -> None:
    game, seat = at("chain")
    for text in ("wound maybe", "wound Use", "wound c1", "wound use\u2003"):
        not_parsed(game, seat, text)


def test_draft_takes_only_a_card_key() -> None:
    game, seat = at("draft")
    for text in ("draft c1", "draft Vulko", "draft vulko!", "draft " + "v" * 41, "draft vülko"):
        not_parsed(game, seat, text)
    refused(game, seat, "draft no_such_card")


@pytest.mark.parametrize(
    "action",
    [
        Action("p0", "chain"),
        Action("p0", "chain", ("c1", "c2")),
        Action("p0", "attack", ("c1 p1",)),
        Action("p0", "attack", ("c1",)),
        Action("p0", "claim", ()),
        Action("p0", "claim", ("a١",)),
        Action("p0", "block", ("c" + "9" * 5000, "c1")),
        Action("p0", "order", ("c" + "9" * 5000,)),
        Action("p0", "target", ("a" + "9" * 5000,)),
        Action("p0", "draft", ("x" * 5000,)),
        Action("p0", "wound", ()),
        Action("p0", "Chain", ("c1",)),
        Action("p0", "fly", ()),
        Action("p0", "", ()),
        Action("p0", "pass", ("",)),
        Action("p0", "chain", ([1],)),  # type: ignore[arg-type]
        Action("p0", "chain", ["c1"]),  # type: ignore[arg-type]
        Action("p0", 7, ()),  # type: ignore[arg-type]
        Action(7, "pass", ()),  # type: ignore[arg-type]
        Action("p0", "chain", None),  # type: ignore[arg-type]
    ],
    ids=lambda a: repr(a)[:60],
)
@pytest.mark.parametrize("kind", ["draft", "attack", "block", "chain", "target", "claim"])
def test_hand_made_actions_reach_apply_safely(kind: str, action: Action) -> None:
    game, seat = at(kind)
    action = Action(seat if action.seat == "p0" else action.seat, action.verb, action.args)
    before = game.to_json()
    with pytest.raises((ParseError, IllegalAction)) as info:
        game.apply(action)
    assert len(str(info.value)) <= MAX_MESSAGE
    assert game.to_json() == before


def test_not_an_action_or_not_text_is_refused() -> None:
    game, seat = at("chain")
    before = game.to_json()
    for thing in (None, 12, b"pass", ["pass"]):
        with pytest.raises((ParseError, IllegalAction)):
            game.parse_action(seat, thing)  # type: ignore[arg-type]
        with pytest.raises((ParseError, IllegalAction)):
            game.apply(thing)  # type: ignore[arg-type]
    assert game.to_json() == before


def test_a_finished_game_refuses_everything_briefly() -> None:
    game = Game.from_json(_positions()[-1])
    assert game.is_over()
    for text in ("pass", "chain c1", "x" * 100_000, "chain c١"):
        with pytest.raises((ParseError, IllegalAction)) as info:
            game.apply(game.parse_action(game.seats[0], text))
        assert len(str(info.value)) <= MAX_MESSAGE


# ---------------------------------------------------------------------------------------- round trip


@pytest.mark.parametrize("seed", range(40))
def test_every_legal_action_parses_back_from_its_text(seed: int) -> None:
    game, rnd = _random_game(seed), random.Random(seed)
    seen = 0
    while not game.is_over():
        for d in game.pending():
            for a in game.legal_actions(d.seat):
                text = str(a)
                assert len(text) <= 64
                assert text.isascii() and text == text.strip() and "  " not in text
                assert Action.parse(text, a.seat) == a
                assert game.parse_action(a.seat, text) == a
                assert game.parse_action(a.seat, f" {text}\n") == a
                seen += 1
        _step(game, rnd)
    assert seen > 0


def test_every_card_key_is_a_draft_argument() -> None:
    for key in card_set().cards:
        assert Action.parse(f"draft {key}", "p0") == Action("p0", "draft", (key,))


def test_every_decision_kind_appears_in_the_positions() -> None:
    kinds = {d.kind for text in _positions() for d in Game.from_json(text).pending()}
    assert {"draft", "attack", "block", "chain", "target", "claim", "wound"} <= kinds
    verbs = set()
    for text in _positions():
        game = Game.from_json(text)
        verbs |= {a.verb for d in game.pending() for a in game.legal_actions(d.seat)}
    assert verbs <= set(VERBS)


# ---------------------------------------------------------------------------------------- properties

OTHER_DIGITS = "٠١٢٣٤٥٦٧٨٩０１２３４５６７８９⁰¹²³⁴⁵⁶⁷⁸⁹০১২৩৪৫৬৭৮৯𝟎𝟏𝟐"
ODD_CHARS = " \t\n\r\x00\x0b\x0c\x1c\x1d\x1e\x1f\x7f\x85\xa0\u2003\u2028\u2029\u3000\u200b\ufeff-+_.éЖ" + OTHER_DIGITS


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """A small edit of a legal action text: the kind of thing a player (or an attacker) types."""
    edit = draw(st.sampled_from(["insert", "delete", "replace", "upper", "digits", "pad", "grow", "double", "swap"]))
    pos = draw(st.integers(0, len(text)))
    ch = draw(st.one_of(st.sampled_from(ODD_CHARS), st.characters()))
    if edit == "insert":
        return text[:pos] + ch + text[pos:]
    if edit == "delete":
        return text[:pos] + text[pos + 1 :]
    if edit == "replace":
        return text[:pos] + ch + text[pos + 1 :]
    if edit == "upper":
        return text.upper() if draw(st.booleans()) else text.title()
    if edit == "digits":
        table = draw(st.sampled_from([ARABIC, FULLWIDTH, SUPERSCRIPT, BENGALI]))
        return text.translate(table)
    if edit == "pad":
        return ch * draw(st.integers(1, 3)) + text + ch * draw(st.integers(0, 3))
    if edit == "grow":
        return text + draw(st.sampled_from(["9", "0", "a", " p1", " c1"])) * draw(st.integers(1, 6000))
    if edit == "double":
        return text.replace(" ", "  ")
    words = text.split(" ")
    draw(st.randoms()).shuffle(words)
    return " ".join(words)


@st.composite
def position_seat_text(draw: st.DrawFn) -> tuple[Game, str, str]:
    texts = _positions()
    game = Game.from_json(texts[draw(st.integers(0, len(texts) - 1))])
    seats = [d.seat for d in game.pending()] or game.seats
    seat = draw(st.one_of(st.sampled_from(seats), st.sampled_from(game.seats), st.text(max_size=50)))
    legal = legal_texts(game, seat) if seat in game.seats else []
    pool = legal or ["pass", "done", "chain c1", "attack c1 p1", "claim a1", "target p0", "wound use"]
    base = draw(st.sampled_from(pool))
    text = draw(
        st.one_of(
            st.text(),
            st.text(alphabet=st.sampled_from(ODD_CHARS + "cap0123456789 "), max_size=80),
            st.text(min_size=60, max_size=3000),
            mutated(base),
            st.builds(lambda v, a: f"{v} {a}", st.sampled_from(sorted(VERBS)), st.text(max_size=70)),
        )
    )
    return game, seat, text


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(position_seat_text())
def test_any_text_is_applied_only_if_legal_and_otherwise_refused_cleanly(case: tuple[Game, str, str]) -> None:
    game, seat, text = case
    before = game.to_json()
    legal = legal_texts(game, seat) if seat in game.seats else []
    try:
        action = game.parse_action(seat, text)
        game.apply(action)
    except (ParseError, IllegalAction) as e:
        assert type(e) in (ParseError, IllegalAction)
        assert len(str(e)) <= MAX_MESSAGE, str(e)
        assert game.to_json() == before
    else:
        # accepted: it must have been one of the legal moves, exactly (give or take ASCII spaces around)
        assert text.strip(" \t\n\r\f\v") in legal


def _args_strategy() -> st.SearchStrategy[Any]:
    word = st.one_of(
        st.text(max_size=12),
        st.sampled_from(["c1", "c0", "a1", "p0", "p1", "use", "skip", "vulko", "c" + "9" * 5000, "a١", "c١٢"]),
    )
    return st.one_of(st.lists(word, max_size=3).map(tuple), st.none(), st.integers(), st.lists(word, max_size=2))


@st.composite
def mutated_args(draw: st.DrawFn, args: tuple[str, ...]) -> Any:
    """The arguments of a legal action, slightly wrong: one too few or too many, glued together,
    in other digits, padded, or not text at all."""
    edit = draw(st.sampled_from(["drop", "add", "glue", "word", "digits", "list", "nonstr"]))
    if edit == "drop":
        return args[:-1]
    if edit == "add":
        return (*args, draw(st.sampled_from(["c1", "p0", "use", ""])))
    if edit == "glue":
        return (" ".join(args),) if args else (" ",)
    if edit == "word":
        how = draw(st.sampled_from(["zero", "upper", "space", "lead", "title"]))
        change = {
            "zero": lambda a: a + "0",
            "upper": str.upper,
            "space": lambda a: a + " ",
            "lead": lambda a: a[:1] + "0" + a[1:],
            "title": str.title,
        }[how]
        return tuple(change(a) for a in args)
    if edit == "digits":
        return tuple(a.translate(draw(st.sampled_from([ARABIC, FULLWIDTH, SUPERSCRIPT]))) for a in args)
    if edit == "list":
        return list(args)
    return (*args[:-1], 12) if args else (None,)


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_action_object_is_applied_only_if_legal(data: st.DataObject) -> None:
    texts = _positions()
    game = Game.from_json(texts[data.draw(st.integers(0, len(texts) - 1))])
    seat = data.draw(st.one_of(st.sampled_from([d.seat for d in game.pending()] or game.seats), st.text(max_size=8)))
    legal = game.legal_actions(seat) if seat in game.seats else []
    near_legal: bool = data.draw(st.booleans())
    if legal and near_legal:
        base = data.draw(st.sampled_from(legal))
        verb, args = base.verb, data.draw(st.one_of(st.just(base.args), mutated_args(base.args)))
    else:
        verb = data.draw(st.one_of(st.sampled_from(sorted(VERBS)), st.text(max_size=8)))
        args = data.draw(_args_strategy())
    action = Action(seat, verb, args)
    before = game.to_json()
    try:
        game.apply(action)
    except (ParseError, IllegalAction) as e:
        assert len(str(e)) <= MAX_MESSAGE, str(e)
        assert game.to_json() == before
    else:
        assert action in legal


# ---------------------------------------------------------------------- the rollouts' fast paths


@pytest.mark.parametrize("seed", [3, 4])
def test_legal_actions_are_their_texts_parsed_and_apply_legal_plays_them_as_apply_does(seed: int) -> None:
    """``legal_actions`` builds its moves without parsing them back, and ``apply_legal`` skips the checks
    ``apply`` makes: whole games played both ways stay equal at every step, and every move listed is
    exactly what parsing its own text gives."""
    from engine.nightfall.ai import GreedyPlayer

    seats = ["ada", "bram", "cleo"]
    checked = Game.new(seats, seed=seed, options=Options(draft="standard"))
    fast = Game.from_json(checked.to_json())
    players = {s: GreedyPlayer(seed + k) for k, s in enumerate(seats)}
    moves = 0
    while not checked.is_over():
        who = checked.next_to_act()
        assert who is not None and who == min(checked.pending(), key=lambda p: seats.index(p.seat)).seat
        assert checked.decision_of(who) == next(p for p in checked.pending() if p.seat == who)
        legal = checked.legal_actions(who)
        assert legal == [Action.parse(str(a), who) for a in legal]
        action = players[who].pick(checked, who, legal)
        assert checked.apply(action) == fast.apply_legal(action)
        assert checked.to_json() == fast.to_json()
        moves += 1
    assert fast.is_over() and moves > 100
    assert checked.next_to_act() is None and checked.decision_of("ada") is None
