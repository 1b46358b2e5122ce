"""An image's words, for readers who cannot see it: the alt text a screen reader reads aloud, and the
longer text sent instead of the image to a player who turned images off.

Both come from one :class:`Words`: its parts in reading order, each with how much a reader needs it.
``fit(limit)`` keeps the whole when it fits and otherwise drops the least-needed parts first (the
latest of them first), so a crowded five-player table still says the phase, who decides and the
wounds within Discord's 1,024 characters, while the 4,000-character text keeps nearly everything.
Plain text only: a screen reader reads markdown and decorative symbols aloud.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: the longest attachment description Discord keeps
ALT_LIMIT = 1024
#: the longest text an embed's description holds (the words sent instead of an image)
TEXT_LIMIT = 4000

#: how much a reader needs a part: what they cannot decide without (never dropped while anything
#: less needed remains), what they follow the game by, details, and what only a full reading wants
MUST = 3
HIGH = 2
MID = 1
LOW = 0

#: a full stop right after another sentence end
_DOUBLE_STOP = re.compile(r"([.!?…])\.(?=\s|$)")

#: the mark a name of an AI seat carries in the images, which a screen reader would read as "gear"
AI_MARK = "⚙"


@dataclass
class Words:
    """An image's words as parts in reading order, each with its need (``MUST`` … ``LOW``)."""

    parts: list[tuple[str, int]] = field(default_factory=list)

    def add(self, text: str, need: int = MID) -> Words:
        """Add a part (blank parts are skipped); returns self, so adds chain. A full stop after a name that
        ends a sentence already ("Leave Me!.") is left out."""
        text = _DOUBLE_STOP.sub(r"\1", " ".join(text.split()))
        if text:
            self.parts.append((text, need))
        return self

    def text(self) -> str:
        """All the parts, whatever their length."""
        return " ".join(text for text, _ in self.parts)

    def described(self) -> dict[str, str]:
        """The image's ``alt`` (its description, read aloud) and ``text`` (sent instead of it), as a picture
        takes them: ``Picture(..., **words.described())``."""
        return {"alt": self.fit(ALT_LIMIT), "text": self.fit(TEXT_LIMIT)}

    def fit(self, limit: int) -> str:
        """The parts within ``limit`` characters: the least-needed parts are dropped first, the latest of
        equal need before the earlier, never a ``MUST`` part; what is still too long is cut between words and
        ends with "…"."""
        kept = list(self.parts)
        order = sorted(range(len(kept)), key=lambda i: (kept[i][1], -i))
        dropped: set[int] = set()
        # the joined length, kept as the characters of the parts shown plus a space between each two: one
        # subtraction a drop (a crowded table has a hundred parts, and every picture a move fits twice)
        chars, shown = sum(len(t) for t, _ in kept), len(kept)
        for i in order:
            if chars + max(0, shown - 1) <= limit or kept[i][1] >= MUST:
                break  # a part the reader must have is never dropped: what is still too long is cut
            dropped.add(i)
            chars, shown = chars - len(kept[i][0]), shown - 1
        text = " ".join(t for n, (t, _) in enumerate(kept) if n not in dropped)
        return cut(text, limit)


def cut(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, cut between words (never inside one) and marked with "…"."""
    if len(text) <= limit:
        return text
    head = text[: max(0, limit - 1)]
    space = head.rfind(" ")
    if space > 0:
        head = head[:space]
    return head.rstrip(" ,;:·") + "…"


def sentence(text: str, capital: bool = False) -> str:
    """``text`` as a sentence: with a full stop, unless it ends with one already; with ``capital`` its first
    letter a capital (not for a text that may start with a player's name, which stays as it is written)."""
    text = text.strip()
    if not text:
        return ""
    if capital:
        text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


def spoken_name(name: str, ai_word: str) -> str:
    """A seat's name as it is read aloud: the AI mark ⚙ becomes the reader's word for it ("(AI)")."""
    if AI_MARK not in name:
        return name
    return " ".join(name.replace(AI_MARK, f" {ai_word} ").split())
