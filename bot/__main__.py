"""``python -m bot``: start the bot with the token from the environment or ``.env``."""

from __future__ import annotations

import sys

from bot import logs
from bot.app import create_bot
from bot.settings import settings_or_exit

NO_TOKEN = """\
No DISCORD_TOKEN is set, so the bot cannot connect to Discord.

To get one: open https://discord.com/developers/applications, create an application,
open its "Bot" page, press "Reset Token" and copy the token into a file named .env here:

    DISCORD_TOKEN=your-token-here

(.env.example lists every setting.) The README explains how to invite the bot to a server.
To watch a game without Discord at all, run:  make demo
"""


def main() -> int:
    settings = settings_or_exit()
    logs.set_up(settings.log_level, settings.log_format)
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    create_bot(settings).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
