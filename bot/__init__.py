"""The Discord game master: card games in a channel or thread, hands and decisions by DM, the table as images."""

from bot.app import NightfallBot, create_bot
from bot.settings import Settings

__all__ = ["NightfallBot", "Settings", "create_bot"]
