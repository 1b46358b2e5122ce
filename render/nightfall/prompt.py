"""Prompt images: the picture a player's DM shows with a decision, fitted to that decision.

``render_prompt(game.private_view(seat))`` draws the seat's first decision, as its view describes
it (``engine.nightfall.views.decision_view``): the sentence it ``asks``, its ``facts`` and its ``actions``.
Which picture follows the decision's ``shows``, and what each choice looks like follows the
types of the things its action names (``refs``: a card, an archive or a seat), so a new kind of
decision needs no change here:

* ``claim``: the influence to spend, the archives one may claim from with their cost (framed and
  labelled like their buttons when affordable, dimmed when not), the cards one may discard;
* ``candidates``: the card resolving (or the damage being dealt) and every candidate, each
  labelled like its button;
* ``combat``: the attacks with their blockers, the minions still to send, and each of the seat's
  minions with what it may do.

The hand, the draft and the table keep their own images (``render_hand``, ``render_draft``,
``render_table``). Like them, this image is PRIVATE_WIDTH (760 px) wide, portrait (one column of choices), and
draws nothing smaller than ``theme.MIN_PX``, so it reads 9 px and up on a phone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image

from engine.nightfall import card_texts

from ..primitives import (
    Draw,
    Line,
    coin,
    draw,
    draw_flow,
    ellipsize,
    fit,
    flow,
    paste,
    pill,
    to_png,
    vertical_gradient,
    wrap,
)
from ..theme import (
    BG_BOTTOM,
    BG_TOP,
    BIG,
    BODY,
    COIN_R,
    DECIDE,
    GOLD,
    HEAD,
    MARGIN,
    MOON_R,
    NAME,
    PANEL,
    PANEL_DARK,
    PANEL_LINE,
    PRIVATE_WIDTH,
    RGB,
    SMALL,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    font,
    mix,
)
from . import texts
from .cards import card_name, compact_layout, wound_name
from .colours import PHASE_COLOURS, WOUND_COLOURS, colour
from .hand import ask_words, card_mask, shown_face
from .icons import moon, wound_icon
from .table import (
    WOUND_INK,
    chip_height,
    chip_name,
    chip_rows,
    common_height,
    common_tile,
    minion_chip,
    note_lines,
)

View = dict[str, Any]

WIDTH = PRIVATE_WIDTH
INNER = WIDTH - 2 * MARGIN
COLUMN_GAP = 14
#: one column: the portrait image's whole width, for a few choices...
COLUMN_W = INNER
#: ...and two a row from this many choices on, so that a long list still fits about one phone screen
TWO_COLUMNS_FROM = 3
SECTION_H = 44
TILE_PAD = 10
LINE = round(SMALL * 1.3)
LABEL_LINE = round(BODY * 1.2)
SOURCE_W = 346
#: A choice the player may take now (framed), and one that cannot be afforded (dimmed).
CHOICE_FILL: RGB = mix(PANEL, DECIDE, 0.1)
DIMMED: RGB = (12, 12, 22)


# ---------------------------------------------------------------- reading the view


def decision(view: View) -> View:
    """The seat's first decision; a view without one cannot be drawn here."""
    decisions = view.get("decisions")
    if decisions is None:
        raise ValueError("the prompt image needs private_view(seat)")
    if not decisions:
        raise ValueError("the prompt image needs a view with a decision to make")
    return dict(decisions[0])


def _minions(view: View) -> dict[str, View]:
    """Every minion in play by card id, as the seats show it (strength now, health left)."""
    return {m["id"]: m for seat in view.get("seats") or [] for m in seat.get("in_play") or [] if "id" in m}


def _seats(view: View) -> dict[str, View]:
    return {s["seat"]: s for s in view.get("seats") or []}


def _name(card_view: View | None, lang: str) -> str:
    if not card_view:
        return "?"
    key = card_view.get("card")
    if key and key != "wound":
        return card_name(str(key), lang)
    wound = card_view.get("wound_type")
    if key == "wound" and wound and lang != "en":  # "Wound (bite)" as the engine names it in English
        return f"{card_texts.wound_word(lang)} ({wound_name(str(wound), lang)})"
    return str(card_view.get("name") or "?")


def _face_key(card_view: View) -> str:
    if card_view.get("card") == "wound":
        return f"wound:{card_view.get('wound_type') or 'bite'}"
    return str(card_view.get("card"))


def button_label(action: View, lang: str = "en") -> str:
    """An action's words as its button shows them: moves that read the same (two copies of a card)
    are one button that plays one of them, worded as the DM's merged button ("… (one of 2)"). A
    discard for influence is not merged: each card is its own entry of the discard menu."""
    label = str(action.get("label") or action.get("text") or "?")
    if int(action.get("copies") or 1) > 1 and action.get("verb") != "discard":
        label += " " + texts.t("render.prompt.copies", lang, n=int(action.get("copies") or 1))
    return label


def merged_away(action: View) -> bool:
    """Whether a button for an earlier copy already stands for this action (see ``button_label``)."""
    return int(action.get("copy") or 1) != 1 and action.get("verb") != "discard"


# ---------------------------------------------------------------- blocks: laid out, then drawn


@dataclass
class Block:
    """One piece of the prompt, laid out at a width: its height, and how to draw it at (x, y)."""

    height: int
    paint: Any = field(repr=False)  # (img, d, x, y) -> None

    def draw(self, img: Image.Image, d: Draw, x: int, y: int) -> None:
        self.paint(img, d, x, y)


def _text_block(lines: list[Line], line_h: int, pad: int = 0) -> Block:
    def paint(img: Image.Image, d: Draw, x: int, y: int) -> None:
        draw_flow(d, x, y + pad, lines, line_h)

    return Block(len(lines) * line_h + 2 * pad, paint)


def _section(title: str, note: str = "") -> Block:
    """A section's title, and a note beside it (on two lines, or condensed, if one line cannot hold it)."""

    def paint(img: Image.Image, d: Draw, x: int, y: int) -> None:
        with d.within((x, y, x + INNER, y + SECTION_H)):
            head, f = fit(title, INNER - 4, (BODY,))
            d.text((x + 2, y + SECTION_H / 2 + 2), head, font=f, fill=TEXT_DIM, anchor="lm")
            if note:
                nf, lines = note_lines(note, INNER - 20 - f.getlength(head))
                for i, line in enumerate(lines):
                    ny = y + SECTION_H / 2 + 2 + (i - (len(lines) - 1) / 2) * (SECTION_H / 2)
                    d.text((x + 16 + f.getlength(head), ny), line, font=nf, fill=TEXT_FAINT, anchor="lm")

    return Block(SECTION_H, paint)


def _grid(tiles: list[Block], columns: int = 1, gap: int = 10) -> Block:
    """Tiles in rows of ``columns``, each row as tall as its tallest tile."""
    rows = [tiles[i : i + columns] for i in range(0, len(tiles), columns)]
    heights = [max(t.height for t in row) for row in rows]
    col_w = (INNER - (columns - 1) * COLUMN_GAP) // columns

    def paint(img: Image.Image, d: Draw, x: int, y: int) -> None:
        for row, h in zip(rows, heights, strict=True):
            for k, tile in enumerate(row):
                tile.height = h  # a row's tiles share its height, so their frames line up
                tile.draw(img, d, x + k * (col_w + COLUMN_GAP), y)
            y += h + gap

    return Block(sum(heights) + gap * max(0, len(rows) - 1), paint)


def _layout(n: int) -> tuple[int, int]:
    """Columns for ``n`` choices and the width of each: one column for a few, two for more."""
    if n >= TWO_COLUMNS_FROM:
        return 2, (INNER - COLUMN_GAP) // 2
    return 1, COLUMN_W


def _stack(blocks: Iterable[Block], gap: int = 10) -> Block:
    items = [b for b in blocks if b.height]

    def paint(img: Image.Image, d: Draw, x: int, y: int) -> None:
        for b in items:
            b.draw(img, d, x, y)
            y += b.height + gap

    return Block(sum(b.height for b in items) + gap * max(0, len(items) - 1), paint)


# ---------------------------------------------------------------- pieces


def _label_lines(text: str, w: int, ink: RGB = DECIDE, mark: str = "▶ ") -> list[Line]:
    return flow([(mark + text, font(BODY, "condensed-bold"), ink)], w)


@lru_cache(maxsize=256)
def card_chip(
    name: str, col: str | None, cost: int | None, kind: str, wound_type: str | None, w: int, h: int
) -> Image.Image:
    """A card that is not a minion in play, as a chip: colour (or wound type), name, kind and cost."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = draw(img)
    ink = WOUND_COLOURS.get(wound_type or "", colour(col)) if wound_type else colour(col)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=10, fill=mix(PANEL, ink, 0.12), outline=mix(PANEL_LINE, ink, 0.6), width=2
    )
    top, row2 = chip_rows(h)
    if wound_type:
        wound_icon(d, 10 + MOON_R, top, 2 * MOON_R, wound_type)
    else:
        moon(d, 10 + MOON_R, top, MOON_R, col)
    lines, f = chip_name(name, w - 2 * MOON_R - 30)
    step = round(f.size * 1.1)
    y = top - (len(lines) - 1) * step / 2
    for line in lines:
        d.text((20 + 2 * MOON_R, y), line, font=f, fill=TEXT, anchor="lm")
        y += step
    x = 12.0
    if cost is not None:
        coin(d, x + COIN_R, row2, COIN_R, cost)
        x += 2 * COIN_R + 10
    kind, kf = fit(kind, w - x - 8, (SMALL,), "regular")
    d.text((x, row2), kind, font=kf, fill=TEXT_DIM, anchor="lm")
    return img


def _card_chip(card_view: View, minion: View | None, w: int, lang: str) -> tuple[Image.Image, int]:
    """A card an action names, as a chip: a minion with its strength and health now, any other
    card with its type and cost."""
    name = _name(card_view, lang)
    m = minion or card_view
    h = chip_height([name], w)
    if m.get("type") == "minion" or m.get("strength") is not None:
        health = int(m.get("health") or 0)
        left = m.get("health_left")
        chip = minion_chip(
            name,
            m.get("colour"),
            int(m.get("strength") or 0),
            int(health if left is None else left),
            health,
            (bool(m.get("stays_in_play")), bool(m.get("blocks_damage")), bool(m.get("unblockable"))),
            w,
            h,
        )
        return chip, h
    wound = card_view.get("wound_type") if card_view.get("card") == "wound" else None
    kind = texts.kind("wound" if wound else str(card_view.get("type") or "card"), lang)
    cost = None if wound else card_view.get("cost")
    return card_chip(name, card_view.get("colour"), cost, kind, wound, w, h), h


def _tile(
    chips: list[tuple[Image.Image, int]],
    notes: list[tuple[str, RGB]],
    labels: list[tuple[str, bool]],
    w: int,
    *,
    framed: bool = True,
    dimmed: bool = False,
    lang: str = "en",
) -> Block:
    """A choice: its chips (cards, archives), notes beneath them, then the button labels.

    A framed tile is a choice one may take now; a dimmed one (no frame, no padding, darkened)
    is shown for what it is but cannot be taken."""
    pad = 0 if dimmed else TILE_PAD
    inner = w - 2 * pad
    if any(default for _, default in labels):
        notes = [*notes, (texts.t("render.prompt.default_words", lang), TEXT_DIM)]
    note_lines = [line for text, ink in notes for line in flow([(text, font(SMALL), ink)], inner)]
    label_lines = [line for text, _ in labels for line in _label_lines(text, inner)]
    chips_h = sum(h + 8 for _, h in chips) - (8 if dimmed and not note_lines else 0)
    height = 2 * pad + chips_h + len(note_lines) * LINE + len(label_lines) * LABEL_LINE
    block = Block(height, None)

    def paint(img: Image.Image, d: Draw, x: int, y: int) -> None:
        h = block.height
        if not dimmed:
            d.rounded_rectangle(
                (x, y, x + w, y + h),
                radius=14,
                fill=CHOICE_FILL if framed else PANEL,
                outline=DECIDE if framed else PANEL_LINE,
                width=4 if framed else 2,
            )
        cy = y + pad
        for chip, ch in chips:
            paste(img, chip, (x + pad, cy), kept=True)
            cy += ch + 8
        with d.within((x, y, x + w, y + h)):
            draw_flow(d, x + pad + (4 if dimmed else 0), cy, note_lines, LINE)
            cy += len(note_lines) * LINE
            draw_flow(d, x + pad, cy, label_lines, LABEL_LINE)
        if dimmed:
            box = (x, y, x + w, y + h)
            shade = Image.blend(img.crop(box), Image.new("RGB", (w, h), DIMMED), 0.45)
            shade.info.clear()  # a crop carries the whole image's record of texts: they are there already
            paste(img, shade, (x, y))

    block.paint = paint
    return block


def _seat_tile(seat: View | None, name: str, labels: list[tuple[str, bool]], w: int, lang: str = "en") -> Block:
    """A player as a choice: name, wounds, and what they hold."""
    inner = w - 2 * TILE_PAD
    nf = font(NAME, "bold")
    wounds = int((seat or {}).get("wounds", 0))
    word = texts.wounds_word(wounds, lang)
    lf, wf = font(SMALL), font(BIG - 8, "bold")
    wounds_w = max(150, round(lf.getlength(word) + 8 + wf.getlength(str(wounds))) + 16) if seat is not None else 0
    lines = wrap(name, nf, inner - wounds_w)
    facts = ""
    if seat is not None:
        facts = texts.t(
            "render.prompt.seat_facts",
            lang,
            hand=seat.get("hand", 0),
            play=len(seat.get("in_play") or []),
            deck=seat.get("deck", 0),
        )
    if any(default for _, default in labels):
        default_words = texts.t("render.prompt.default_words", lang)
        facts = f"{facts} · {default_words}" if facts else default_words
    fact_lines = flow([(facts, font(SMALL), TEXT_DIM)], inner) if facts else []
    label_lines = [line for text, _ in labels for line in _label_lines(text, inner)]
    head = max(52, len(lines) * 34 + 10)
    height = TILE_PAD + head + len(fact_lines) * LINE + 4 + len(label_lines) * LABEL_LINE + TILE_PAD
    block = Block(height, None)

    def paint(img: Image.Image, d: Draw, x: int, y: int) -> None:
        d.rounded_rectangle((x, y, x + w, y + block.height), radius=14, fill=CHOICE_FILL, outline=DECIDE, width=4)
        ty = y + TILE_PAD + head / 2 - (len(lines) - 1) * 17
        with d.within((x, y, x + w - wounds_w, y + TILE_PAD + head)):
            for line in lines:
                d.text((x + TILE_PAD, ty), line, font=nf, fill=TEXT, anchor="lm")
                ty += 34
        if seat is not None:
            cy = y + TILE_PAD + head / 2
            with d.within((x + w - wounds_w, y, x + w, y + TILE_PAD + head)):
                d.text((x + w - TILE_PAD, cy), word, font=lf, fill=TEXT_DIM, anchor="rm")
                d.text(
                    (x + w - TILE_PAD - lf.getlength(word) - 8, cy),
                    str(wounds),
                    font=wf,
                    fill=WOUND_INK if wounds else TEXT,
                    anchor="rm",
                )
        cy = y + TILE_PAD + head
        with d.within((x, y, x + w, y + block.height)):
            draw_flow(d, x + TILE_PAD, cy, fact_lines, LINE)
            cy += len(fact_lines) * LINE + 4
            draw_flow(d, x + TILE_PAD, cy, label_lines, LABEL_LINE)

    block.paint = paint
    return block


def _quiet(actions: list[View], lang: str = "en") -> Block:
    """Choices that name nothing (end the phase, no more blocks): grey pills, as their buttons."""
    if not actions:
        return Block(0, lambda *a: None)
    f = font(BODY, "bold")
    default_word = texts.t("render.default", lang)
    default_w = round(font(SMALL).getlength(default_word)) + 14
    pills: list[tuple[str, bool]] = []
    for a in actions:  # a label too long for a line is shortened rather than running off the image
        default = bool(a.get("default"))
        pills.append((ellipsize(button_label(a, lang), f, INNER - 36 - (default_w if default else 0)), default))
    rows: list[list[tuple[str, bool, int]]] = [[]]
    x = 0
    for text, default in pills:
        w = round(f.getlength(text)) + 36 + (default_w if default else 0)
        if x + w > INNER and rows[-1]:
            rows.append([])
            x = 0
        rows[-1].append((text, default, w))
        x += w + 14

    def paint(img: Image.Image, d: Draw, x0: int, y: int) -> None:
        for row in rows:
            x = x0
            for text, default, w in row:
                d.rounded_rectangle((x, y, x + w, y + 52), radius=26, fill=(78, 80, 98), outline=PANEL_LINE, width=2)
                with d.within((x, y, x + w, y + 52)):
                    d.text((x + 18, y + 26), text, font=f, fill=TEXT, anchor="lm")
                    if default:
                        d.text((x + w - 18, y + 26), default_word, font=font(SMALL), fill=(196, 198, 214), anchor="rm")
                x += w + 14
            y += 62

    return Block(len(rows) * 62 - 10, paint)


def _refs_of(action: View, kind: str) -> list[View]:
    return [r for r in action.get("refs") or [] if r.get("type") == kind]


def _archive_owner(owner: str | None, view: View, lang: str = "en") -> str:
    """Whose archive it is, in the viewer's words."""
    if owner is None:
        return texts.t("render.prompt.commons", lang)
    if owner == view.get("you"):
        return texts.t("render.prompt.your_archive", lang)
    return texts.t("render.prompt.owners_archive", lang, name=owner)


def _fight_notes(card_id: str, facts: View, you: str, lang: str) -> list[tuple[str, RGB]]:
    """What the facts say about a card: the attack it makes, if any."""
    return [
        _attack_note(a, you, lang) for a in facts.get("attacks") or [] if (a.get("attacker") or {}).get("id") == card_id
    ]


def _attack_note(a: View, you: str, lang: str) -> tuple[str, RGB]:
    """Whom an attack is against and who blocks it; an attack on the viewer stands out."""
    blockers = [_name(b, lang) for b in a.get("blockers") or []]
    if blockers:
        block = texts.t("render.prompt.blocked_by", lang, names=", ".join(blockers))
    else:
        block = texts.t("render.prompt.not_blocked", lang)
    defender = str(a.get("defender", "?"))
    done = f" · {texts.t('render.prompt.fought', lang)}" if a.get("done") else ""
    if defender == you:
        return f"{texts.t('render.prompt.attacks_you', lang)} · {block}{done}", DECIDE
    return f"{texts.t('render.prompt.attacks', lang, name=defender)} · {block}{done}", TEXT


# ---------------------------------------------------------------- what each ``shows`` draws


def _claim(view: View, dec: View, lang: str) -> list[Block]:
    """The influence, the archives one can afford (framed, with their buttons' words), the ones
    one cannot (dimmed), then the other choices (discard for influence, end the phase)."""
    facts = dec.get("facts") or {}
    influence = int(facts.get("influence") or 0)
    blocks: list[Block] = [_influence(influence, lang)]
    by_archive: dict[str, list[View]] = {}
    for a in dec.get("actions") or []:
        for ref in _refs_of(a, "archive"):
            by_archive.setdefault(str(ref["ref"]), []).append(a)
    claimable = list(facts.get("claimable") or [])
    yes = [c for c in claimable if c.get("affordable")]
    no = [c for c in claimable if not c.get("affordable")]
    if yes:
        blocks.append(_section(texts.t("render.prompt.can_claim", lang), texts.t("render.prompt.can_claim_note", lang)))
        columns, w = _layout(len(yes))
        tiles = [_archive_choice(c, by_archive.get(str(c.get("id")), []), lang, w) for c in yes]
        blocks.append(_grid(tiles, columns))
    if no:
        note = texts.t("render.prompt.too_dear_note", lang, influence=influence)
        blocks.append(_section(texts.t("render.prompt.too_dear", lang), note))
        columns, w = _layout(len(no))
        blocks.append(_grid([_archive_choice(c, [], lang, w, dimmed=True) for c in no], columns))
    blocks += _card_choices(view, dec, lang, skip=lambda a: bool(_refs_of(a, "archive")))
    return blocks


def _influence(influence: int, lang: str = "en") -> Block:
    def paint(img: Image.Image, d: Draw, x: int, y: int) -> None:
        d.rounded_rectangle((x, y, x + INNER, y + 76), radius=14, fill=PANEL_DARK)
        coin(d, x + 20 + 28, y + 38, 28, influence)
        words, f = fit(texts.t("render.prompt.influence", lang), INNER - 96 - 12, (NAME, BODY))
        d.text((x + 96, y + 38), words, font=f, fill=GOLD, anchor="lm")

    return Block(76, paint)


def _archive_choice(archive: View, actions: list[View], lang: str, w: int, dimmed: bool = False) -> Block:
    """An archive one may claim from: the table's common tile, whose coin is the cost to this
    player, then whose archive it is and the buttons' words."""
    key = archive.get("card")
    name = card_name(str(key), lang) if key else texts.t("render.secret_archive", lang)
    tw = w if dimmed else w - 2 * TILE_PAD
    h = common_height(name, tw)
    links = tuple(archive.get("links") or ())
    count = int(archive.get("count", 0))
    tile = common_tile(
        name, archive.get("colour"), links, archive.get("kicker"), archive.get("cost"), count, tw, h, lang
    )
    private = archive.get("owner") is not None
    # what one may claim is a common unless it says it is one's own private archive
    notes = [(texts.t("render.prompt.your_private_archive", lang), TEXT_DIM)] if private else []
    labels = [(button_label(a, lang), bool(a.get("default"))) for a in actions]
    return _tile([(tile, h)], notes, labels, w, dimmed=dimmed, lang=lang)


def _card_choices(view: View, dec: View, lang: str, skip: Any = lambda a: False, note: str = "") -> list[Block]:
    """Actions naming cards (and seats), one tile per card; actions naming nothing as pills."""
    facts = dec.get("facts") or {}
    minions = _minions(view)
    seats = _seats(view)
    groups: dict[str, list[View]] = {}
    order: list[tuple[str, View]] = []
    quiet: list[View] = []
    for a in dec.get("actions") or []:
        if skip(a) or merged_away(a):
            continue
        refs = a.get("refs") or []
        if not refs:
            quiet.append(a)
            continue
        first = refs[0]
        key = f"{first.get('type')}:{first.get('ref')}"
        if key not in groups:
            groups[key] = []
            order.append((key, first))
        groups[key].append(a)
    tiles: list[Block] = []
    columns, tile_w = _layout(len(order))
    for key, ref in order:
        acts = groups[key]
        labels = [(button_label(a, lang), bool(a.get("default"))) for a in acts]
        if ref.get("type") == "seat":
            name = str(ref.get("name") or ref.get("ref"))
            tiles.append(_seat_tile(seats.get(name), name, labels, tile_w, lang))
            continue
        w = tile_w - 2 * TILE_PAD
        if ref.get("type") == "archive":
            arch = ref.get("archive") or {}
            name = _name(arch, lang) if arch.get("card") else texts.t("render.secret_archive", lang)
            h = common_height(name, w)
            chip = common_tile(
                name,
                arch.get("colour"),
                tuple(arch.get("links") or ()),
                arch.get("kicker"),
                arch.get("cost"),
                int(arch.get("count", 0)),
                w,
                h,
                lang,
            )
            owner = arch.get("owner")
            owner_note = [(_archive_owner(owner, view, lang), TEXT_DIM)]
            tiles.append(_tile([(chip, h)], owner_note, labels, tile_w, lang=lang))
            continue
        card_view = ref.get("card") or {}
        chip_h = _card_chip(card_view, minions.get(str(card_view.get("id"))), w, lang)
        notes: list[tuple[str, RGB]] = []
        controller = ref.get("controller")
        if controller:
            if controller == view.get("you"):
                notes.append((texts.t("render.prompt.yours", lang), TEXT_DIM))
            else:
                notes.append((texts.t("render.prompt.owners", lang, name=controller), TEXT_DIM))
        notes += _fight_notes(str(card_view.get("id")), facts, str(view.get("you")), lang)
        tiles.append(_tile([chip_h], notes, labels, tile_w, lang=lang))
    blocks: list[Block] = []
    if tiles:
        verbs = list(dict.fromkeys(texts.verb(str(a.get("verb")), lang) for k in groups for a in groups[k]))
        blocks.append(_section(texts.t("render.prompt.choose", lang), " · ".join([*verbs, note] if note else verbs)))
        blocks.append(_grid(tiles, columns))
    if quiet:
        blocks.append(_section(texts.t("render.prompt.or", lang)))
        blocks.append(_quiet(quiet, lang))
    return blocks


def _source(view: View, dec: View, lang: str) -> list[Block]:
    """The card resolving (or dealing the damage), in full, with the damage beside it."""
    facts = dec.get("facts") or {}
    damage = facts.get("damage") or {}
    source = facts.get("source") or damage.get("source")
    if not source:
        if damage:
            return [_text_block(flow([(_damage_words(damage, lang), font(HEAD, "bold"), TEXT)], INNER), 44)]
        return []
    key = _face_key(source)
    face_h = compact_layout(key, lang, SOURCE_W).height
    face = shown_face(key, lang, SOURCE_W, face_h, False)
    side_w = INNER - SOURCE_W - 30
    entry = next((e for e in view.get("chain") or [] if e.get("id") and e.get("id") == source.get("id")), None)
    runs: list[Line] = []
    runs += flow([(texts.t("render.prompt.resolving", lang), font(SMALL, "bold"), TEXT_DIM)], side_w)
    runs += flow([(_name(source, lang), font(HEAD, "bold"), TEXT)], side_w)
    if entry is not None:
        played_by = texts.t("render.prompt.played_by", lang, name=entry.get("by", "?"))
        runs += flow([(played_by, font(BODY), TEXT_DIM)], side_w)
        if entry.get("kicker_active"):
            runs += flow([(texts.t("render.prompt.kicker_applies", lang), font(BODY, "bold"), GOLD)], side_w)
    if damage:
        runs += flow([(_damage_words(damage, lang), font(NAME, "bold"), WOUND_INK)], side_w)
    height = max(face_h, len(runs) * 44)

    def paint(img: Image.Image, d: Draw, x: int, y: int) -> None:
        paste(img, face, (x, y), card_mask(face.size), kept=True)
        with d.within((x + SOURCE_W + 30, y, x + INNER, y + height)):
            draw_flow(d, x + SOURCE_W + 30, y + 8, runs, 44)

    return [Block(height, paint)]


def _damage_words(damage: View, lang: str) -> str:
    """ "3 damage to deal", counted in ``lang``."""
    return texts.n("render.prompt.damage", int(damage.get("n") or 0), lang)


def _candidates(view: View, dec: View, lang: str) -> list[Block]:
    return _source(view, dec, lang) + _card_choices(view, dec, lang)


def _combat(view: View, dec: View, lang: str) -> list[Block]:
    """The attacks so far (those on the viewer stand out), then each of the viewer's minions with
    what it may do: attack a player, block an attacker."""
    facts = dec.get("facts") or {}
    minions = _minions(view)
    blocks: list[Block] = []
    attacks = facts.get("attacks") or []
    you = str(view.get("you"))
    if attacks:
        by = texts.t("render.prompt.attacks_by", lang, name=attacks[0].get("by", "?"))
        blocks.append(_section(texts.t("render.prompt.attacks_title", lang), by))
        columns, tile_w = _layout(len(attacks))
        tiles = []
        for a in attacks:
            att = a.get("attacker") or {}
            chips = [_card_chip(att, minions.get(str(att.get("id"))), tile_w - 2 * TILE_PAD, lang)]
            tiles.append(_tile(chips, [_attack_note(a, you, lang)], [], tile_w, framed=False, lang=lang))
        blocks.append(_grid(tiles, columns))
    attackers = facts.get("attackers") or []
    note = texts.n("render.prompt.to_send", len(attackers), lang) if attackers else ""
    return blocks + _card_choices(view, dec, lang, note=note)


SHOWS = {"claim": _claim, "candidates": _candidates, "combat": _combat}


# ---------------------------------------------------------------- the image


def _header(view: View, dec: View, lang: str = "en") -> Block:
    phase = str(view.get("phase") or "")
    label = texts.phase(phase, lang) if phase else ""
    turn = texts.t("render.turn", lang, turn=view.get("turn", 1))
    top = f"☾ NIGHTFALL · {view.get('you', '?')} · {turn}"
    asks = wrap(ask_words(dec, lang), font(HEAD, "bold"), INNER)
    height = 40 + len(asks) * 42 + 18

    def paint(img: Image.Image, d: Draw, x: int, y: int) -> None:
        f = font(SMALL + 2, "bold")
        pf = font(SMALL, "bold")
        pw = round(pf.getlength(label)) + 24 if label else 0
        d.text((x, y + 22), ellipsize(top, f, INNER - pw - 16), font=f, fill=GOLD, anchor="lm")
        if label:
            pill(
                d,
                x + INNER - pw,
                y + 22,
                label,
                pf,
                fill=PHASE_COLOURS.get(phase, TEXT_DIM),
                ink=PANEL_DARK,
                pad=12,
                height=36,
            )
        ty = y + 40
        for line in asks:
            d.text((x, ty + 21), line, font=font(HEAD, "bold"), fill=TEXT, anchor="lm")
            ty += 42
        d.line((x, ty + 8, x + INNER, ty + 8), fill=DECIDE, width=3)

    return Block(height, paint)


def draw_prompt(view: View, lang: str = "en") -> Image.Image:
    """The prompt for the seat's first decision (see :func:`render_prompt`)."""
    dec = decision(view)
    shows = str(dec.get("shows"))
    if shows not in SHOWS:
        raise ValueError(
            f"a decision that shows {shows!r} has its own image (render_hand, render_draft or render_table)"
        )
    body = _stack([_header(view, dec, lang), *SHOWS[shows](view, dec, lang)], gap=12)
    height = MARGIN + body.height + MARGIN
    img = vertical_gradient(WIDTH, height, BG_TOP, BG_BOTTOM)
    d = draw(img)
    body.draw(img, d, MARGIN, MARGIN)
    return img


def render_prompt(view: View, lang: str = "en") -> bytes:
    """PNG bytes of the prompt for ``view``'s first decision (``game.private_view(seat)``)."""
    return to_png(draw_prompt(view, lang))
