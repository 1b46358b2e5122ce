"""Every text and image of a whole Polish game (with a Russian player) and a whole Russian one, scanned for what a
player must never read: a wrong plural form, a key or placeholder left raw, a development note (``tests.words``);
and AI players named the same in every reader's language, never cut inside a bracket.

The real bot in SimCord; the images are read from the texts the renderer drew for them.
"""

from __future__ import annotations

from collections import OrderedDict, defaultdict
from typing import Any

import discord
import pytest

from bot.workers import images
from render import primitives
from render.nightfall import hand as nightfall_hand
from render.nightfall import prompt as nightfall_prompt
from render.nightfall import results as nightfall_results
from render.nightfall import table as nightfall_table
from tests.bot.conftest import user_errors_only
from tests.bot.helpers import Party, placeholder, play_to_the_end, public_lines
from tests.bot.test_languages import dms
from tests.words import defects, image_texts


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> dict[int, list[str]]:
    """The texts each image drew, by image: every image is drawn afresh (the cache emptied).

    The test reads what was drawn, never the PNG: a game's images are drawn in full but not encoded (the
    encoding was most of their cost), each sent as a placeholder PNG; the test's cache of its own keeps
    those from answering a later test."""
    images.clear_cache()
    monkeypatch.setattr(images, "_cache", OrderedDict())
    for module in (nightfall_table, nightfall_hand, nightfall_prompt, nightfall_results):
        monkeypatch.setattr(module, "to_png", placeholder)
    seen: dict[int, list[str]] = defaultdict(list)
    record = primitives.Draw._record

    def keep(self: primitives.Draw, text: str, ink: Any) -> None:
        seen[id(self._image)].append(text)
        record(self, text, ink)

    monkeypatch.setattr(primitives.Draw, "_record", keep)
    return seen


async def open_game(env: Any, server: str) -> Party:
    """A game on a server in ``server``'s language: ola reads Polish, ivan Russian; an AI player; carol watches."""
    guild = env.create_guild(preferred_locale=server)
    channel = guild.create_text_channel("nightfall")
    party = Party(env, channel)
    for name in ("ola", "ivan", "carol"):
        party.users[name] = env.create_user(name)
        party.members[name] = guild.add_member(party.users[name])
    await party.members["ola"].slash(channel, "game language", language="pl")
    await party.members["ivan"].slash(channel, "game language", language="ru")
    await party.members["ola"].slash(channel, "game new", variant="standard")
    await party.members["ivan"].slash(channel, "game join")
    await party.members["ola"].slash(channel, "game add-bot", level="hard")
    await party.members["ola"].slash(channel, "game start")
    return party


def components(message: discord.Message) -> list[str]:
    out = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            out.append(getattr(child, "label", None) or "")
            out += [o.label for o in getattr(child, "options", [])]
            out.append(getattr(child, "placeholder", None) or "")
    return [t for t in out if t]


@pytest.mark.slow(13)
@pytest.mark.parametrize("server", ["pl", "ru"])
async def test_no_player_reads_a_wrong_word_in_a_whole_game(
    simcord_env: Any, drawn: dict[int, list[str]], server: str
) -> None:
    party = await open_game(simcord_env, server)
    ai = "Vesper ⚙"
    seen_in_dm: list[str] = []
    # what ivan's first prompt shows of the AI player: its name alone, the same as in a Polish DM
    transcript = await play_to_the_end(party)
    texts: list[tuple[str, str]] = [("channel", line) for line in public_lines(party.channel)]
    for name in ("ola", "ivan"):
        for message in dms(party.users[name]):
            texts.append((f"{name} DM", message.content))
            texts += [(f"{name} button", label) for label in components(message)]
            seen_in_dm.append(message.content)
    texts += [("reply", line) for line in transcript]
    for name in ("ola", "ivan", "carol"):
        for command, options in (("game status", {}), ("card", {"name": "Bad Smoke"}), ("game log", {})):
            answer = await party.members[name].slash(party.channel, command, **options)
            texts.append((f"{name} /{command}", answer.response.content))
    for image, strings in drawn.items():
        texts += [(f"image {image}", s) for s in image_texts(strings)]
    found = [(where, text, defects(text)) for where, text in texts if defects(text)]
    assert not found, found[:10]
    # the AI player: "Vesper ⚙" for every reader, never "(AI, poziom: …)" in a Russian DM or the reverse
    everything = "\n".join(text for _, text in texts)
    assert ai in everything
    assert "poziom" not in "\n".join(seen_in_dm[1:]) or server == "pl"
    ivan = "\n".join(m.content for m in dms(party.users["ivan"]))
    assert "poziom" not in ivan and "AI)" not in ivan
    assert len(drawn) > 10  # the images were read, not only the texts
    user_errors_only(simcord_env)
