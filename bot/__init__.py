"""The Discord game master: card games in a channel or thread, hands and decisions by DM, the table as images."""

from .app import NightfallBot, create_bot
from .settings import Settings

__all__ = ["NightfallBot", "Settings", "create_bot"]
