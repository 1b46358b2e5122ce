"""The DM a Fightdrome player gets for each decision: what is asked and what the top card needs, their counts,
their hand as an image, a button per card they may play (and the rest of the hand shown greyed), Rest."""

from __future__ import annotations

import discord

from bot.components.moves import Move, move_view
from bot.face import Prompt, Recent, recent_text
from bot.fightdrome.events import describe
from bot.fightdrome.images import hand_picture, match_of
from bot.fightdrome.texts import card, move_label, needs, t
from bot.table import Table
from bot.words.i18n import clip
from engine.fightdrome import Match
from engine.fightdrome.cards import face_of

#: a newcomer's first decisions of a match carry the line that says where the rules are
HELP_UNTIL_VERSION = 6


def ask_text(m: Match, seat: str, names: dict[str, str], lang: str) -> str:
    """What is asked, in words, with what the top card needs when it is an answer."""
    other = names.get(m.other(seat), m.other(seat))
    if m.picking:
        return t("fd.ask.sleeve_first", lang)
    kind = m.kind or ""
    if kind == "answer":
        top = m.top()
        assert top is not None
        owner = names.get(m.line[-1][0], m.line[-1][0])
        return t(
            "fd.ask.answer", lang, card=card(top, lang), name=owner, needs=needs(m.public_view()["requirement"], lang)
        )
    return t(f"fd.ask.{kind}", lang, name=other)


def prompt_text(table: Table, seat: str, lang: str, recent: Recent | None = None) -> str:
    m = match_of(table)
    view = m.private_view(seat)
    mine = view["fighters"][seat]
    key = "fd.header_tutorial" if table.row.tutorial else "fd.header"  # a tutorial's DM is no channel
    header = t(key, lang, game="Fightdrome", channel=table.row.channel_name, round=m.round)
    if recent is not None and recent.table_url:
        header += " " + t("prompt.table_link", lang, url=recent.table_url)
    since = recent_text(recent, describe, lang) if recent is not None else ""
    lines = [header + ("\n" + since if since else ""), ask_text(m, seat, table.names, lang)]
    if not m.picking:
        counts = t(
            "fd.counts", lang, hand=len(view["hand"]), deck=mine["deck"], discard=mine["discard"], stun=mine["stun"]
        )
        lines.append(counts + (t("fd.counts.rest", lang) if view["can_rest"] else ""))
        if view["stun_pile"]:
            lines.append(t("fd.your_stun", lang, cards=", ".join(card(c, lang) for c in view["stun_pile"])))
        if m.options.format == "series":
            scores = " · ".join(f"{table.names.get(s, s)} {view['fighters'][s]['fame']}" for s in m.seats)
            lines.append(t("fd.fame_line", lang, scores=scores, target=m.options.target))
    if m.version < HELP_UNTIL_VERSION:
        lines.append(t("fd.help", lang))
    return clip("\n".join(lines))


def build_prompt(table: Table, seat: str, lang: str = "en", recent: Recent | None = None) -> Prompt | None:
    """The prompt for ``seat``'s decision, or None if it has nothing to decide."""
    if table.game is None or table.game.is_over():
        return None
    m = match_of(table)
    decision = next((d for d in m.pending() if d.seat == seat), None)
    if decision is None:
        return None
    since = table.since.get(seat, decision.opened)
    actions = m.legal_actions(seat)
    moves = [Move(str(a), move_label(a, lang), passive=a.verb == "rest") for a in actions]
    view = move_view(table.id, since, moves, placeholder=t("fd.placeholder", lang))
    _grey_rest_of_hand(view, m, seat, {a.arg for a in actions}, lang)
    content = prompt_text(table, seat, lang, recent)
    return Prompt(content, hand_picture(table, seat, lang), view, since)


def _grey_rest_of_hand(view: discord.ui.View, m: Match, seat: str, playable: set[str], lang: str) -> None:
    """The cards of the hand that cannot be played now, as greyed buttons: the whole hand is in reach of a thumb."""
    if m.picking or m.kind in ("stun_discard", "sleeve"):
        return
    faces = sorted({face_of(c) for c in m.fighters[seat].hand} - playable)
    for i, face in enumerate(faces):
        if len(view.children) >= 25:
            break
        view.add_item(
            discord.ui.Button(
                label=card(face, lang)[:80], style=discord.ButtonStyle.secondary, disabled=True, custom_id=f"fdx:{i}"
            )
        )
