"""Each game's move verbs (``/attack``, ``/open``…) as slash commands, made from their declarations
(``bot.verbs.Verb``, ``Face.verbs``).

Every verb command works alike: its one option (if any) names the move, with autocomplete from the caller's
legal moves of the decisions it answers, typed words read by ``MoveCommands.typed_move``; its ``game`` option
picks a game in a DM. The English is the declaration's; the translations live in the game's own catalogue
under the keys ``verb_words`` gives (the ``game`` option's words are ``/move``'s, shared by every verb).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.move import GAME_HELP, MoveCommands
from bot.face import Face
from bot.host import Host
from bot.verbs import Verb, check_verbs
from bot.words.commands import SHARED_PARAMETERS

#: the catalogue keys a verb's ``game`` option borrows: ``/move``'s own
GAME_WORDS = "cmd.move.game"


def _command(cog: MoveCommands, verb: Verb) -> app_commands.Command[Any, ..., None]:
    """``verb``'s slash command, its callback and autocomplete bound to ``cog``."""

    async def callback(interaction: discord.Interaction[Any], **values: Any) -> None:
        value = values.get(verb.option) if verb.option else None
        await cog.make_move(interaction, verb.answers, verb.move_text(value), values.get("game"))

    interaction_type = discord.Interaction[Any]
    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=interaction_type)
    ]
    descriptions = {"game": GAME_HELP}
    if verb.option:
        parameters.append(inspect.Parameter(verb.option, inspect.Parameter.KEYWORD_ONLY, annotation=str))
        descriptions[verb.option] = verb.option_description
    parameters.append(inspect.Parameter("game", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=str | None))
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = verb.name
    app_commands.describe(**descriptions)(callback)
    if verb.choices:
        choices = [app_commands.Choice(name=c, value=c) for c in verb.choices]
        app_commands.choices(**{verb.option: choices})(callback)
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=verb.name,
        description=verb.description,
        callback=callback,
        extras={SHARED_PARAMETERS: {"game": GAME_WORDS}},
    )
    if verb.option and not verb.choices:

        async def complete(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
            return await cog.complete_move(interaction, current, verb.answers)

        command.autocomplete(verb.option)(complete)
    command.autocomplete("game")(cog.complete_game)
    return command


class VerbCommands(commands.Cog, MoveCommands):
    """Every game's verbs as slash commands, made from their declarations (``Face.verbs``)."""

    def __init__(self, bot: Host, verbs: Iterable[Verb]) -> None:
        self.bot = bot
        # a cog's commands are its class's; these are made per declaration, so they join the instance's own list,
        # which ``add_cog`` puts in the tree (unbound: each callback holds this cog)
        self.__cog_app_commands__.extend(_command(self, verb) for verb in verbs)

    @classmethod
    def of(cls, bot: Host, faces: Iterable[Face], taken: Iterable[str] = ()) -> VerbCommands:
        """The commands of every game's verbs; a verb two games declare, or one named like a host command in
        ``taken``, stops the bot here, at start, naming both."""
        faces = list(faces)
        check_verbs({face.rules.name: face.verbs for face in faces}, taken)
        return cls(bot, [verb for face in faces for verb in face.verbs])
