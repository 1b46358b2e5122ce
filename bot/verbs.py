"""A game's move verbs as data (``Face.verbs``): each a slash command the host makes (``bot.cogs.verbs``), so a new
verb is a declaration, not eight lines of decorators, and two games cannot give one command name two meanings
unnoticed. The English is the declaration's; the translations live in the game's own catalogue under the keys
``verb_words`` gives."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.i18n import Template


@dataclass(frozen=True)
class Verb:
    """One move verb a game offers as a slash command."""

    #: the command's name (``attack``), as players type it
    name: str
    #: the command's English description
    description: str
    #: the engine's verbs of the moves it makes (``("target", "order", "choose")``); the first is the move made when
    #: the command has no option
    answers: tuple[str, ...]
    #: its one option's name (``card``), or "" for a command that names its move by itself (``/pass``)
    option: str = ""
    #: the option's English description
    option_description: str = ""
    #: fixed choices of the option, each the word after the first verb in the move (``/wound choice:use`` makes
    #: ``wound use``); none: the option is free text with autocomplete from the legal moves
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.answers:
            raise ValueError(f"verb /{self.name} answers no decision")
        if bool(self.option) != bool(self.option_description) or (self.choices and not self.option):
            raise ValueError(f"verb /{self.name}: an option needs a name and a description, choices an option")

    def move_text(self, value: str | None) -> str | None:
        """What the option's value (None: no option) asks ``typed_move`` to read."""
        if self.choices and value is not None:
            return f"{self.answers[0]} {value}"
        return value


def verb_words(verbs: Iterable[Verb]) -> dict[str, Template]:
    """The catalogue entries of ``verbs``' commands (their English), keyed as the command translator looks them up."""
    out: dict[str, Template] = {}
    for verb in verbs:
        out[f"cmd.{verb.name}.name"] = verb.name
        out[f"cmd.{verb.name}.desc"] = verb.description
        if verb.option:
            out[f"cmd.{verb.name}.{verb.option}.name"] = verb.option
            out[f"cmd.{verb.name}.{verb.option}.desc"] = verb.option_description
            for choice in verb.choices:
                out[f"cmd.{verb.name}.{verb.option}.choice.{choice}"] = choice
    return out


def check_verbs(games: Mapping[str, Sequence[Verb]], taken: Iterable[str] = ()) -> None:
    """Refuse, at start, a verb two games declare (or a game twice, or one named like a host command in
    ``taken``): one command cannot make two games' moves."""
    owner: dict[str, str] = dict.fromkeys(taken, "the host")
    for game, verbs in games.items():
        for verb in verbs:
            if verb.name in owner:
                raise ValueError(f"the slash command /{verb.name} is declared by both {owner[verb.name]} and {game}")
            owner[verb.name] = game


class Worded(Protocol):
    """A declaration that gives its own catalogue entries (``NewOption``)."""

    def words(self) -> Mapping[str, Template]: ...


def game_words(
    key: str, name: str, verbs: Iterable[Verb], new_options: Iterable[Worded], topics: Mapping[str, str]
) -> dict[str, Template]:
    """Every slash-command word a game brings, in English: its name among ``/game new game:``'s choices, its
    ``/game new`` options, its verbs and its ``/rules`` topics; a game registers them as its own catalogue
    (``bot.words.commands.register``) and translates them in its package."""
    out: dict[str, Template] = {f"cmd.game.new.game.choice.{key}": name}
    for option in new_options:
        out.update(option.words())
    out.update(verb_words(verbs))
    out.update({f"cmd.rules.topic.choice.{topic}": text for topic, text in topics.items()})
    return out
