"""The web table: a game's public view as pages, a JSON API and live streams, served on the bot's event loop for
the servers that turned it on (``/game web``). Only public views and public log lines ever reach it."""
