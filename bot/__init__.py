"""The Nightfall Discord game master."""

from .app import NightfallBot, create_bot
from .settings import Settings

__all__ = ["NightfallBot", "Settings", "create_bot"]
