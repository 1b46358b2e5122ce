"""Fightdrome's cards as data (``data/cards.json``) and the one rule that reads them: what may be played on what.

A card *face* is what a player sees and names: a kind code plus its strength where it has one (``K30``,
``PB80``, ``NP``, ``FT``). A card *instance* adds a copy number (``K30-2``), so every one of the box's 120
cards has a stable id. Faces are what moves name: two ``K10`` in a hand are the same move.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data" / "cards.json"

#: the five piles a Sleeve's slots draw from: three attack types, the mixed blocks, the mixed neuro cards
SLOT_PILES = ("P", "K", "G", "B", "N")

_FACE = re.compile(r"(P|K|G|PB|KB)([1-9][0-9]{1,2})|NP|NK|NG|NB|DG|FT")


@dataclass(frozen=True)
class Kind:
    """One kind of card: its code, family (attack, block, dodge, feint), type, neuro or not, Fame rule."""

    code: str
    family: str
    type: str
    neuro: bool
    fame: int | None  # None: Fame = strength
    copies: int
    mark: str
    names: dict[str, str]


@dataclass(frozen=True)
class Character:
    """A Sleeve or a Stack card: its id, names and provenance mark (and the Sleeve's slots or the Stack's counts)."""

    id: str
    mark: str
    names: dict[str, str]
    slots: tuple[str, ...] = ()
    counts: tuple[int, ...] = ()


@cache
def data() -> dict[str, Any]:
    """The data file as read (for ``/card``, the cards page and the tests)."""
    with DATA.open(encoding="utf-8") as f:
        loaded: dict[str, Any] = json.load(f)
    return loaded


@cache
def kinds() -> dict[str, Kind]:
    out = {}
    for k in data()["kinds"]:
        fame = None if k["fame"] == "strength" else int(k["fame"])
        out[k["code"]] = Kind(k["code"], k["family"], k["type"], k["neuro"], fame, k["copies"], k["mark"], k["names"])
    return out


@cache
def sleeves() -> dict[str, Character]:
    return {s["id"]: Character(s["id"], s["mark"], s["names"], slots=tuple(s["slots"])) for s in data()["sleeves"]}


@cache
def stacks() -> dict[str, Character]:
    return {s["id"]: Character(s["id"], s["mark"], s["names"], counts=tuple(s["counts"])) for s in data()["stacks"]}


def _spread(key: str) -> list[tuple[int, int]]:
    return [(int(s), int(n)) for s, n in data()[key]["spread"]]


@cache
def box() -> dict[str, tuple[str, ...]]:
    """The box's cards by pile, as instance ids: ``P``, ``K``, ``G`` (21 each), ``B`` (the 18 blocks of both
    kinds), ``N`` (the 12 neuro cards), ``DG`` and ``FT`` (4 each)."""
    piles: dict[str, list[str]] = {p: [] for p in (*SLOT_PILES, "DG", "FT")}
    for code in ("P", "K", "G"):
        piles[code] = [f"{code}{s}-{i}" for s, n in _spread("attack_strengths") for i in range(1, n + 1)]
    for code in ("PB", "KB"):
        piles["B"] += [f"{code}{s}-{i}" for s, n in _spread("block_strengths") for i in range(1, n + 1)]
    for code in ("NP", "NK", "NG", "NB"):
        piles["N"] += [f"{code}-{i}" for i in range(1, kinds()[code].copies + 1)]
    for code in ("DG", "FT"):
        piles[code] = [f"{code}-{i}" for i in range(1, kinds()[code].copies + 1)]
    return {p: tuple(ids) for p, ids in piles.items()}


def face_of(card: str) -> str:
    """``K30-2`` → ``K30``: the face a card instance shows."""
    return card.rsplit("-", 1)[0]


def is_face(text: str) -> bool:
    return _FACE.fullmatch(text) is not None


@cache
def split(face: str) -> tuple[str, int | None]:
    """``K30`` → (``K``, 30); ``NP`` → (``NP``, None)."""
    m = re.fullmatch(r"([A-Z]+)([0-9]*)", face)
    if m is None or m.group(1) not in kinds():
        raise ValueError(f"not a card: {face!r}")
    return m.group(1), int(m.group(2)) if m.group(2) else None


def kind(face: str) -> Kind:
    return kinds()[split(face)[0]]


def strength(face: str) -> int | None:
    return split(face)[1]


def fame(face: str) -> int:
    """What a card in hand scores at the end of a round: an attack its strength, a block 25, neuro 50, else 0."""
    k = kind(face)
    return k.fame if k.fame is not None else int(strength(face) or 0)


def is_attack(face: str) -> bool:
    return kind(face).family == "attack"


def is_neuro(face: str) -> bool:
    return kind(face).neuro


def sort_key(face: str) -> tuple[int, int, str]:
    """Hand order: attacks (punch, kick, grapple) by strength, then blocks, neuro, Dodge, Feint."""
    order = ("P", "K", "G", "PB", "KB", "NP", "NK", "NG", "NB", "DG", "FT")
    code, s = split(face)
    return (order.index(code), s or 0, face)


# what each answering kind may go on, by the top card's type (Ruling 5 and the table of section 3.2)
_NORMAL_ON = {"P": {"punch", "grapple"}, "K": {"kick", "grapple"}, "G": {"punch", "kick", "grapple"}}
_BLOCK_ON = {"PB": {"punch", "grapple"}, "KB": {"kick", "grapple"}}
_NEURO_ON_NORMAL = {"NP": {"punch", "grapple"}, "NK": {"kick", "grapple"}, "NG": {"punch", "kick", "grapple"}}
_NEURO_ON_NEURO = {"NP": {"NP", "NG"}, "NK": {"NK", "NG"}, "NG": {"NP", "NK", "NG"}}


def answers(card: str, top: str) -> bool:
    """Whether ``card`` may be played on the attack ``top`` (both faces). Equal strength is enough (Ruling 4);
    on a neuro attack only a fitting neuro attack or the Neurochem Block (Ruling 5)."""
    code, s = split(card)
    top_code, top_s = split(top)
    top_kind = kinds()[top_code]
    if top_kind.neuro:
        return code == "NB" or top_code in _NEURO_ON_NEURO.get(code, set())
    if code == "NB" or code in ("DG", "FT"):
        return True
    if code in _NEURO_ON_NORMAL:
        return top_kind.type in _NEURO_ON_NORMAL[code]
    allowed = _NORMAL_ON.get(code) or _BLOCK_ON.get(code) or set()
    return top_kind.type in allowed and (s or 0) >= (top_s or 0)


def requirement(top: str) -> list[str]:
    """What may answer ``top``, as groups a player reads: (kind codes with a minimum) ``P≥60``, ``PB≥60``,
    and plain codes ``DG``, ``FT``, ``NP``… (the bot words them)."""
    code, s = split(top)
    top_kind = kinds()[code]
    if top_kind.neuro:
        return [c for c in ("NP", "NK", "NG") if code in _NEURO_ON_NEURO[c]] + ["NB"]
    out = [f"{c}≥{s}" for c in ("P", "K", "G") if top_kind.type in _NORMAL_ON[c]]
    out += [f"{c}≥{s}" for c in ("PB", "KB") if top_kind.type in _BLOCK_ON[c]]
    out += ["DG", "FT"]
    out += [c for c in ("NP", "NK", "NG") if top_kind.type in _NEURO_ON_NORMAL[c]] + ["NB"]
    return out


def name(face: str, lang: str = "en") -> str:
    """``K30`` → "Kick 30" (in ``lang``)."""
    code, s = split(face)
    base = kinds()[code].names.get(lang) or kinds()[code].names["en"]
    return f"{base} {s}" if s is not None else base
