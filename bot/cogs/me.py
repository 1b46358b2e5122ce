"""``/me``: a person's own settings, for every game in every server: time zone, quiet hours, how they hear of a new
decision, language, images or text, time away, and ``/me show`` to read them back. Every answer is private and in the
person's language."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clocks.durations import DAY
from bot.clocks.waking import BadQuiet, Quiet, local, next_change, parse_quiet, valid_zone, zone, zone_names
from bot.cogs.lobby import LANGUAGE_CHOICES
from bot.discord_io.replies import send
from bot.errors import UserError
from bot.host import Host
from bot.words.commands import english
from bot.words.i18n import t
from bot.words.logline import per_language

NOTIFY_CHOICES = [
    app_commands.Choice(name="DM (default)", value="dm"),
    app_commands.Choice(name="mention in the game's channel", value="mention"),
    app_commands.Choice(name="daily digest", value="digest"),
    app_commands.Choice(name="quiet", value="quiet"),
]
IMAGES_CHOICES = [
    app_commands.Choice(name="on: images (default)", value="on"),
    app_commands.Choice(name="off: text instead", value="off"),
]
#: zones offered first when nothing is typed yet
COMMON_ZONES = (
    "UTC",
    "Europe/London",
    "Europe/Warsaw",
    "Europe/Kyiv",
    "Europe/Moscow",
    "America/New_York",
    "America/Chicago",
    "America/Los_Angeles",
    "America/Sao_Paulo",
    "Asia/Tokyo",
    "Asia/Kolkata",
    "Australia/Sydney",
)


def hhmm(epoch: float, name: str | None) -> str:
    """The wall-clock time ``epoch`` reads in the zone, as 14:05."""
    return local(epoch, zone(name)).strftime("%H:%M")


def quiet_hours(text: str) -> Quiet | None:
    """Typed quiet hours, or a private refusal that says what is accepted."""
    try:
        return parse_quiet(text)
    except BadQuiet as e:
        key = e.key
        raise UserError("err.bad_quiet", text=text[:20], reason=per_language(lambda lang: t(key, lang))) from None


def show_text(
    lang: str,
    now: float,
    name: str | None,
    quiet: Quiet | None,
    mode: str,
    chosen: str | None,
    away: float | None,
    digest: float | None = None,
    images: bool = True,
) -> str:
    """``/me show``: every setting, with the person's local time and when their quiet hours next begin or end
    (``digest``: when the person's next daily digest goes, if they take one; ``images``: images or text)."""
    here = name or "UTC"
    zone_line = t("me.show.zone" if name else "me.show.zone_utc", lang, zone=here, time=hhmm(now, name))
    if quiet is None:
        quiet_line = t("me.show.quiet_none", lang)
    else:
        now_quiet, at = next_change(now, zone(name), quiet)
        key = "me.show.quiet_now" if now_quiet else "me.show.quiet_next"
        quiet_line = t(key, lang, range=quiet.text().replace("-", "–"), time=hhmm(at, name), at=int(at))
    if digest is not None:
        notify_line = t("me.show.notify.digest", lang, time=hhmm(digest, name), at=int(digest))
    else:
        notify_line = t(f"me.show.notify.{mode}", lang)
    language_names = {c.value: c.name for c in LANGUAGE_CHOICES}
    if chosen:
        language_line = t("me.show.language", lang, language=language_names[chosen])
    else:
        language_line = t("me.show.language_app", lang, language=language_names.get(lang, "English"))
    away_lines = [t("me.show.away", lang, until=int(away))] if away is not None else []
    images_line = t("me.show.images_on" if images else "me.show.images_off", lang)
    lines = (t("me.show.head", lang), zone_line, quiet_line, *away_lines, notify_line, language_line, images_line)
    return "\n".join(lines)


class Me(commands.GroupCog, group_name="me", group_description=english("cmd.me.desc")):
    """``/me timezone``, ``/me quiet``, ``/me notify``, ``/me language``, ``/me images``, ``/me show``, ``/me away``."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="timezone", description="Your time zone, for your deadlines and quiet hours")
    @app_commands.describe(zone="A time zone such as Europe/Warsaw or America/New_York (type to search)")
    async def timezone(self, interaction: discord.Interaction[Any], zone: str) -> None:
        name = valid_zone(zone)
        if name is None:
            raise UserError("err.bad_zone", zone=zone[:60])
        await self.bot.store.people.set_timezone(interaction.user.id, None if name == "UTC" else name)
        self.bot.service.wake()  # the clocks and the next digest follow the zone
        lang = await self.bot.lang(interaction)
        await send(
            interaction, t("me.zone_set", lang, zone=name, time=hhmm(self.bot.store.epoch(), name)), ephemeral=True
        )

    @timezone.autocomplete("zone")
    async def _zone_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        typed = current.strip().replace(" ", "_").lower()
        if typed:
            names = [n for n in zone_names() if typed in n.lower()]
            names.sort(key=lambda n: (not n.lower().startswith(typed), "/" + typed not in "/" + n.lower(), n))
        else:
            mine, _ = await self.bot.store.people.my_time(interaction.user.id)
            names = list(dict.fromkeys([*([mine] if mine else []), *COMMON_ZONES]))
        now = self.bot.store.epoch()
        return [app_commands.Choice(name=f"{n} — {hhmm(now, n)}", value=n) for n in names[:25]]

    @app_commands.command(name="quiet", description="Your quiet hours: no clock runs and nothing notifies you then")
    @app_commands.describe(hours="A range in your time such as 23-8 or 23:30-7, or off")
    async def quiet(self, interaction: discord.Interaction[Any], hours: str) -> None:
        quiet = quiet_hours(hours)
        await self.bot.store.people.set_quiet(interaction.user.id, quiet)
        self.bot.service.wake()  # the clocks and the next digest follow the quiet hours
        lang = await self.bot.lang(interaction)
        name, _ = await self.bot.store.people.my_time(interaction.user.id)
        if quiet is None:
            text = t("me.quiet_off", lang)
        else:
            text = t("me.quiet_set", lang, range=quiet.text().replace("-", "–"), zone=name or "UTC")
        await send(interaction, text, ephemeral=True)

    @app_commands.command(
        name="notify", description="How you hear of a new decision: DM, mention, daily digest, or quiet"
    )
    @app_commands.describe(
        mode="dm: a DM per burst of decisions · mention: in the channel · digest: one DM a day · quiet: none"
    )
    @app_commands.choices(mode=NOTIFY_CHOICES)
    async def notify(self, interaction: discord.Interaction[Any], mode: app_commands.Choice[str]) -> None:
        await self.bot.store.people.set_notify_mode(interaction.user.id, mode.value)
        self.bot.service.wake()  # a first digest planned, or one no longer owed
        await send(interaction, t(f"notify.{mode.value}", await self.bot.lang(interaction)), ephemeral=True)

    @app_commands.command(name="language", description="The language of your DMs and private replies, in every game")
    @app_commands.describe(language="English, Polski or Русский")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        await self.bot.store.people.set_language(interaction.user.id, language)
        interaction.extras["lang"] = language
        await send(interaction, t("language.set", language), ephemeral=True)

    @app_commands.command(name="show", description="Your settings, and the time where you are")
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        user_id = interaction.user.id
        lang = await self.bot.lang(interaction)
        name, quiet = await self.bot.store.people.my_time(user_id)
        chosen, _seen = await self.bot.store.people.language_of(user_id)
        mode = await self.bot.store.people.notify_mode(user_id)
        away = await self.bot.store.people.away_until(user_id)
        digest = await self.bot.store.people.digest_at(user_id)
        images = await self.bot.store.people.images_on(user_id)
        text = show_text(lang, self.bot.store.epoch(), name, quiet, mode, chosen, away, digest, images)
        await send(interaction, text, ephemeral=True)

    @app_commands.command(name="images", description="Images in your DMs and private replies, or text instead")
    @app_commands.describe(mode="on: images · off: their words, with the same buttons (the channel keeps images)")
    @app_commands.choices(mode=IMAGES_CHOICES)
    async def images(self, interaction: discord.Interaction[Any], mode: app_commands.Choice[str]) -> None:
        """Text instead of images for this person: their DMs and private replies, from the next one on (a prompt
        already sent changes when it is next edited)."""
        on = mode.value == "on"
        await self.bot.store.people.set_images(interaction.user.id, on)
        lang = await self.bot.lang(interaction)
        await send(interaction, t("me.images_on" if on else "me.images_off", lang), ephemeral=True)

    @app_commands.command(
        name="away", description="Away for some days: your clocks stand still (up to each game's allowance)"
    )
    @app_commands.describe(days="Days away from now, 1 to 30; 0 ends your time away")
    async def away(self, interaction: discord.Interaction[Any], days: app_commands.Range[int, 0, 30]) -> None:
        """Time away: every running game of the person stops their clock, each for no more than its allowance
        (``/game settings away:``); the channels read one line each. ``days:0`` ends it."""
        store, user_id = self.bot.store, interaction.user.id
        lang = await self.bot.lang(interaction)
        if days == 0:
            was = await store.people.away_until(user_id)
            await store.people.come_back(user_id)
            text = t("me.away_back" if was is not None else "me.away_not", lang)
        else:
            until = store.epoch() + days * DAY
            lines = [t("me.away_set", lang, until=int(until))]
            now = store.epoch()
            for game_id, stop in await store.people.go_away(user_id, until):
                row = await store.games.game(game_id)
                channel = row.channel_name if row is not None else "?"
                key = "me.away_game" if stop > now else "me.away_game_none"
                lines.append("· " + t(key, lang, channel=channel, stop=int(stop)))
            if len(lines) == 1:
                lines.append(t("me.away_no_games", lang))
            text = "\n".join(lines)
        self.bot.service.wake()  # the channels' lines, and the clocks that moved
        await send(interaction, text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
