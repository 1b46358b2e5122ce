"""Why Fightdrome refuses a move, in the player's language (``Face.refusal``): the engine's ``IllegalAction`` carries
English only. From the rules the engine plays: who decides now (section 9.1), what may answer the top card (3.2),
what may open an exchange (Ruling 1) and when Rest is allowed (3.5, Rulings 10, 15 and 23)."""

from __future__ import annotations

from bot.fightdrome.texts import card, needs, sleeve, t
from engine.fightdrome import Action, Match
from engine.fightdrome.cards import answers, face_of, is_attack, requirement, split, strength
from engine.fightdrome.match import HAND


def refusal(m: Match, action: Action, lang: str) -> str:
    """Why ``apply`` refuses ``action``, in ``lang``; "" for a legal move."""
    if m.winner is not None:
        return t("fd.why.over", lang)
    if action.seat not in m.seats:
        return t("fd.why.not_yours", lang)
    legal = m.legal_actions(action.seat)
    if action in legal:
        return ""
    if not legal:
        return t("fd.why.picked" if action.seat in m.picks else "fd.why.not_yours", lang)
    if action.verb not in {a.verb for a in legal}:
        return _wrong_move(m, action, lang)
    if action.verb == "sleeve":
        return t("fd.why.not_in_team", lang, sleeve=sleeve(action.arg, lang))
    if action.arg not in {face_of(c) for c in m.fighters[action.seat].hand}:
        return t("fd.why.not_in_hand", lang, card=card(action.arg, lang))
    top = m.top()
    if action.verb == "answer" and top is not None:
        return _no_fit(action.arg, top, lang)
    if action.verb == "open" and not is_attack(action.arg):
        return t("fd.why.not_attack", lang, card=card(action.arg, lang))
    return t("fd.why.cannot", lang, card=card(action.arg, lang))


def _wrong_move(m: Match, action: Action, lang: str) -> str:
    """A move of another decision than the one waiting: a Rest that is not allowed says why."""
    if action.verb == "rest":
        if m.kind in ("open_or_rest", "rest_or_open"):
            full = len(m.fighters[action.seat].hand) >= HAND
            return t("fd.why.rest_full" if full else "fd.why.rest_empty", lang, cards=HAND)
        return t("fd.why.rest_breather" if m.options.breather else "fd.why.rest", lang)
    top = m.top()
    kind = "sleeve" if m.picking else m.kind
    return t(f"fd.why.kind.{kind}", lang, card=card(top, lang) if top else "")


def _no_fit(face: str, top: str, lang: str) -> str:
    """Why ``face`` may not answer ``top``: too weak (a stronger card of its kind would do), or what may."""
    fields = {"card": card(face, lang), "top": card(top, lang)}
    need = strength(top)
    if need is not None and strength(face) is not None and answers(f"{split(face)[0]}{need}", top):
        return t("fd.why.too_weak", lang, strength=need, **fields)
    return t("fd.why.no_fit", lang, needs=needs(requirement(top), lang), **fields)
