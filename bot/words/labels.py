"""Labels of one prompt's buttons and menu options, each shortened to Discord's limit so that no two read the same.

Discord cuts a button label at 80 characters and a select option's label (and description) at 100; cut between
words, two moves that differ only far into their text (two blocks of the same attacker by the same blocker,
differing in whom they protect) would read the same. ``distinct_labels`` shortens a prompt's labels together:
what tells them apart is kept, what they share is cut."""

from __future__ import annotations

from collections.abc import Sequence

from bot.words.i18n import shorten

#: Discord's limits: a button's label, a select option's label and description
BUTTON_LABEL = 80
OPTION_LABEL = 100
OPTION_DESCRIPTION = 100


def distinct_labels(labels: Sequence[str], limit: int) -> list[str]:
    """``labels`` each in at most ``limit`` characters (``shorten``), so that different labels still read
    differently: when two would be cut to the same text, what tells them apart is kept and what they share (the
    end of their common start) is cut with an ellipsis. Labels that fit are left as they are; deterministic."""
    out = [shorten(label, limit) for label in labels]
    groups: dict[str, list[int]] = {}
    for i, text in enumerate(out):
        groups.setdefault(text, []).append(i)
    for indices in groups.values():
        originals = list(dict.fromkeys(labels[i] for i in indices))
        if len(originals) < 2:
            continue
        shared = _shared_head(originals)
        if shared == 0 or limit < 8:
            continue
        rests = distinct_labels([o[shared:] for o in originals], limit - 2)
        common = originals[0][:shared]
        short = {o: _joined(common, r, limit) for o, r in zip(originals, rests, strict=True)}
        for i in indices:
            out[i] = short[labels[i]]
    return _numbered(labels, out, limit)


def _joined(common: str, rest: str, limit: int) -> str:
    """``common`` then ``rest`` in ``limit`` characters: when both do not fit, ``common``'s start and its last
    words (the context next to ``rest``), its middle cut with an ellipsis."""
    if len(common) + len(rest) <= limit:
        return common + rest
    free = limit - 1 - len(rest)
    start = shorten(common.rstrip(), max(1, free // 2))
    space = common.find(" ", max(0, len(common) - (free - len(start))))
    end = common[space + 1 :] if space >= 0 else ""
    return f"{start} {end}{rest}"


def _shared_head(texts: Sequence[str]) -> int:
    """How many leading characters all ``texts`` share, ending after a space when one is shared (never a whole
    text)."""
    common = next(
        (i for i, chars in enumerate(zip(*texts, strict=False)) if len(set(chars)) > 1),
        min(len(text) for text in texts),
    )
    common = min(common, min(len(text) for text in texts) - 1)
    if common <= 0:
        return 0
    space = texts[0].rfind(" ", 0, common)
    return space + 1 if space >= 0 else common


def _numbered(labels: Sequence[str], out: list[str], limit: int) -> list[str]:
    """``out`` with every label still reading like another (a different one) given a number, so none do."""
    taken: dict[str, str] = {}
    for i, text in enumerate(out):
        if taken.setdefault(text, labels[i]) == labels[i]:
            continue
        number = 2
        while (
            candidate := shorten(labels[i], limit - len(f" #{number}")) + f" #{number}"
        ) in taken or candidate in out:
            number += 1
        out[i] = candidate
        taken[candidate] = labels[i]
    return out
