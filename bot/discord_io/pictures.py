"""A picture as one reader takes it: the image attached, or, for a person who turned images off (``/me images off``),
the image's words in an embed, with no attachment.

A DM or a private reply asks :func:`reader_form` for the reader's form, then sends it (``sending``) or edits a message
into it (``editing``): an edit replaces whatever the message showed before, so a prompt sent as an image becomes
words in place, and words become an image again once the person turns images back on. The game's channel is read
by everyone: it always shows the image.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.words.i18n import clip, t
from bot.workers.images import Picture

#: the longest embed description Discord accepts
EMBED_TEXT = 4096


def words_of(picture: Picture, lang: str) -> str:
    """What the picture shows, in words: its text, else its description, else a line saying it has none."""
    return clip(picture.text or picture.alt or t("images.no_words", lang), EMBED_TEXT)


def words_embed(picture: Picture, lang: str) -> discord.Embed:
    """The picture's words as an embed (an embed's description holds twice what a message's content does)."""
    return discord.Embed(description=words_of(picture, lang))


@dataclass
class Shown:
    """One picture in the form its reader takes: a file, or an embed of its words."""

    file: discord.File | None = None
    embed: discord.Embed | None = None

    def sending(self) -> dict[str, Any]:
        """The fields of a new message that carries it."""
        return {"file": self.file} if self.file is not None else {"embed": self.embed}

    def editing(self) -> dict[str, Any]:
        """The fields of an edit that makes a message carry it, and nothing the message carried before."""
        if self.file is not None:
            return {"attachments": [self.file], "embeds": []}
        return {"attachments": [], "embeds": [self.embed]}

    def reset(self) -> None:
        """Ready to be sent again after a refused call (a file's bytes are read as it is sent)."""
        if self.file is not None:
            self.file.reset()


async def reader_form(picture: Picture, images: bool, lang: str) -> Shown:
    """The picture for a reader who takes ``images`` (drawn, off the event loop) or words instead (nothing drawn)."""
    if images:
        return Shown(file=await picture.file())
    return Shown(embed=words_embed(picture, lang))
