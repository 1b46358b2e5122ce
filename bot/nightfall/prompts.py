"""The DM a player gets for each decision: what is asked, an image, and a button per move."""

from __future__ import annotations

from typing import Any

from bot.components.moves import Move, move_view
from bot.face import Prompt, Recent, recent_text
from bot.nightfall.events import describe
from bot.nightfall.images import game_of, private_picture, table_picture
from bot.nightfall.naming import label
from bot.table import Table
from bot.words.i18n import clip, count, t
from engine.nightfall.cards import card_set
from engine.nightfall.texts import ask_args

#: where a draft round's pick may go (``engine.nightfall.setup.DraftPlan``), each with its "prompt.draft_to" line
DRAFT_DESTINATIONS = ("private", "commons", "out")


def build_prompt(table: Table, seat: str, lang: str = "en", recent: Recent | None = None) -> Prompt | None:
    """The prompt for ``seat``'s current decision, or None if it has nothing to decide.

    Everything comes from the seat's private view: the decision says what it asks, which image
    shows it and every legal answer with its label and whether it is the passive one. A prompt
    that comes as a new DM starts with ``recent``: what happened since the player's last move.
    Everything is in ``lang``, the player's language."""
    if table.game is None or table.game.is_over():
        return None
    game = game_of(table)
    view = game.private_view(seat, lang=lang)
    decision = next(iter(view["decisions"]), None)
    if decision is None:
        return None
    since = table.since.get(seat, decision["opened"])
    channel = None if table.row.tutorial else table.row.channel_name  # a tutorial's DM is no channel
    content = prompt_text(view, decision, table.names, channel, recent, lang)
    shows = decision["shows"]
    if shows == "table":
        picture = table_picture(table, lang)
    else:  # the draft, the hand, or (claimable archives, candidates, fights) a picture fitted to it
        picture = private_picture(table, seat, shows if shows in ("draft", "hand") else "prompt", view, lang)
    buttons = move_view(
        table.id,
        since,
        prompt_moves(decision, table.names, lang),
        placeholder=t("prompt.placeholder", lang),
        batch_placeholder=t("prompt.discard_many", lang),
    )
    return Prompt(content, picture, buttons, since)


def prompt_text(
    view: dict[str, Any],
    decision: dict[str, Any],
    names: dict[str, str],
    channel: str | None,
    recent: Recent | None = None,
    lang: str = "en",
) -> str:
    """Where the game stands (the draft round during the draft: there is no turn yet), what
    happened since the player's last move, what is asked, and the facts the decision needs that
    its buttons do not say."""
    where = "" if channel is not None else "_tutorial"  # no channel: a tutorial, in the player's DMs
    if view["phase"] == "draft" and "draft" in view:
        draft = view["draft"]
        header = t(f"prompt.header_draft{where}", lang, channel=channel, round=draft["round"], rounds=draft["rounds"])
    else:
        phase = t(f"phase.{view['phase']}", lang)
        header = t(f"prompt.header{where}", lang, channel=channel, turn=view["turn"], phase=phase)
    ask = decision["ask"]
    since = recent_text(recent, describe, lang) if recent is not None else ""
    if recent is not None and recent.table_url:
        header += " " + t("prompt.table_link", lang, url=recent.table_url)
    lines = [
        header + ("\n" + since if since else ""),
        t("prompt." + ask["key"], lang, **ask_args(ask["args"], lang)),
        *_facts(view, decision, names, lang),
    ]
    return clip("\n".join(lines))


def _facts(view: dict[str, Any], decision: dict[str, Any], names: dict[str, str], lang: str) -> list[str]:
    """Lines for what a player must know to answer: where a draft pick goes, the attacks a block or
    a fight order is about, the damage to share out, the wounds the wound effect would discard."""
    facts = decision.get("facts") or {}
    kind, me = decision["kind"], decision["seat"]
    out: list[str] = []
    if kind == "draft":
        plan = view.get("draft", {}).get("plan") or []
        round_ = facts.get("round", 0)
        if 1 <= round_ <= len(plan) and plan[round_ - 1] in DRAFT_DESTINATIONS:
            out.append(t(f"prompt.draft_to.{plan[round_ - 1]}", lang))
    if kind in ("block", "combat-order"):
        for attack in facts.get("attacks") or ():
            if attack.get("done") or (kind == "block" and attack["defender"] != me):
                continue
            blockers = [b["name"] for b in attack.get("blockers") or ()]
            who = attack["defender"]
            defender = t("prompt.you", lang) if who == me else names.get(who, who)
            by = attack.get("by")
            out.append(
                t(
                    "prompt.fact.attack",
                    lang,
                    by=t("prompt.fact.by_you", lang)
                    if by == me
                    else t("prompt.fact.by", lang, name=names.get(by, by or "?")),
                    attacker=attack["attacker"]["name"],
                    strength=attack["attacker"].get("strength"),
                    defender=defender,
                    blocked=t("prompt.fact.blocked", lang, blockers=", ".join(blockers)) if blockers else "",
                )
            )
    source = facts.get("source")
    if kind in ("target", "choose") and source and source.get("card") in card_set().cards:
        card = card_set().cards[source["card"]]
        texts = card.text_in(lang)
        text = next((texts[k] for k in ("chain", "your_chain", "in_play") if k in texts), None)
        if text:
            out.append(t("prompt.fact.does", lang, name=card.name_in(lang), text=text))
    damage = facts.get("damage")
    if damage:
        source = damage.get("source")
        out.append(
            t(
                "prompt.fact.damage_each" if kind == "player-order" else "prompt.fact.damage",
                lang,
                damage=count(damage.get("n", 0), "damage", lang),
                source=t("prompt.fact.source", lang, source=source["name"]) if source else "",
            )
        )
    if "wounds_in_hand" in facts:
        out.append(t("prompt.fact.wounds", lang, wounds=count(facts["wounds_in_hand"], "wound", lang)))
    return out


def prompt_moves(decision: dict[str, Any], names: dict[str, str], lang: str = "en") -> list[Move]:
    """The moves a prompt offers. Moves with the same label are the same move in all but a card
    id (two copies of a card in hand): one button stands for them, carrying the first one's move
    and saying that it plays one of them ("Start the chain with Yuri Koroviev (one of 2)": a count
    alone read as playing both). Discards for influence are not merged: they share one
    multi-select, where each copy is a card one may discard."""
    out: list[Move] = []
    for action in decision["actions"]:
        if action["verb"] == "discard":
            card = next((r["card"]["name"] for r in action.get("refs") or () if r.get("type") == "card"), None)
            out.append(Move(action["text"], card or label(action["label"], names), batch=True))
            continue
        if action.get("copy", 1) != 1:
            continue
        words = label(action["label"], names)
        copies = action.get("copies", 1)
        shown = f"{words} {t('prompt.copies', lang, n=copies)}" if copies > 1 else words
        out.append(Move(action["text"], shown, bool(action["passive"])))
    return out
