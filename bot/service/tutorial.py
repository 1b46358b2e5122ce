"""``/tutorial``: a short guided game against an easy AI player, in the person's DMs.

The DM is the game's channel: the table, the turn summaries and the results come there, beside the prompts.
Every prompt of a tutorial says what its decision asks and what each choice does, with the move the normal
AI would make (``bot.discord_io.notifier``). A tutorial has no deadline, counts in no statistics (it belongs to no
server), and a new ``/tutorial`` ends the one running in the same DM.
"""

from __future__ import annotations

import logging

from bot.service.base import ServiceBase, ServicePart
from bot.service.seats import SeatService
from bot.table import Table
from bot.words.i18n import t

log = logging.getLogger(__name__)


class TutorialService(ServicePart):
    """Guided games in DMs (``service.tutorial``): a lobby, an easy AI seat and the start, through the seats."""

    def __init__(self, base: ServiceBase, seats: SeatService) -> None:
        super().__init__(base)
        self.seats = seats

    async def start_tutorial(self, user_id: int, name: str, dm_channel_id: int, game: str, lang: str) -> int:
        """A new tutorial of ``game`` in the DM ``dm_channel_id``, started at once: its game id. A tutorial still
        running there ends first (abandoned: nothing of it counts)."""
        running = await self.store.games.open_game_in(dm_channel_id)
        if running is not None:
            await self.seats.abandon_game(running.id, user_id, is_admin=True)
        face = self.faces[game]
        table = await self.seats.new_lobby(
            guild_id=None,
            channel_id=dm_channel_id,
            channel_name="tutorial",
            host_id=user_id,
            host_name=name,
            game=game,
            options=dict(face.tutorial_options),
            deadline=None,
            language=lang,
            tutorial=True,
        )
        await self.seats.add_ai(dm_channel_id, user_id, face.rules.ai_levels[0])  # the game's weakest
        table = await self.seats.start(dm_channel_id, user_id)
        return table.id

    def suggestion(self, table: Table, seat: str, lang: str) -> str:
        """The move the AI at the game's default level would make from the seat's own view, by its label (a
        tutorial's hint); empty if it cannot say."""
        game = table.game
        if game is None or game.is_over() or not game.legal_actions(seat):
            return ""
        rules = self.face(table).rules
        try:
            player = rules.make_player(rules.default_level, seed=table.row.seed, budget=self.settings.ai_budget)
            view, actions = rules.ai_input(game, seat)
            action = player.choose(view, actions)
        except Exception:
            log.exception("no suggestion for seat %s of game %s", seat, table.id)
            return ""
        return self.face(table).label(game, action, table.names, lang)

    async def lesson(self, table: Table, seat: str, user_id: int, lang: str) -> tuple[str, str] | None:
        """("game:kind", its words) to put above the seat's prompt: the first prompt of each kind says what it asks
        (once per person); a tutorial explains every decision: its lesson the first time its kind comes, what each
        choice does, and the default level's AI move. None when there is nothing to add. Made under the game's lock."""
        game = table.game
        kind = next((d.kind for d in game.pending() if d.seat == seat), None) if game is not None else None
        if game is None or kind is None:
            return None
        face = self.face(table)
        words = face.lesson(kind, lang)
        key = f"{table.row.game}:{kind}"
        if not table.row.tutorial:
            if not words or key in await self.store.people.taught(user_id):
                return None
            return key, f"📘 {words}\n{t('lesson.more', lang)}"
        # a tutorial teaches each kind once in full (its own mark), then coaches every decision
        key = f"{key}:{table.id}"
        fresh = bool(words) and key not in await self.store.people.taught(user_id)
        lines = [f"📘 {words}"] if fresh else []
        lines += [f"• {line}" for line in face.coach(game, seat, table.names, lang)]
        suggested = self.suggestion(table, seat, lang)
        if suggested:
            lines.append(t("tutorial.suggest", lang, move=suggested))
        return key, "\n".join(lines)


def with_lesson(content: str, lesson: str) -> str:
    """A prompt with its lesson under its first line (the game, the channel and the turn stay first: they are what
    a notification shows), before what happened and what is asked."""
    head, _, rest = content.partition("\n")
    return f"{head}\n{lesson}\n\n{rest}" if rest else f"{head}\n{lesson}"
