# The Nightfall bot in one image. Build it with `docker build -t nightfall-bot .` (or `docker compose build`);
# README.md, "Running several processes on PostgreSQL", shows how to run it.
#
# No system package is installed: Pillow's wheel carries the image libraries it draws with, and psycopg comes as
# psycopg[binary] (pyproject.toml), whose wheel carries libpq, so the slim image needs nothing from apt.
FROM python:3.11-slim

ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# What the bot needs at run time, and nothing else (.dockerignore lets only these into the build):
# the three packages, with their fonts (render/fonts), card data and translation catalogues; the migrations, which
# bot/store/base.py reads from the folder beside the packages; pyproject.toml and README.md, to install them.
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY render ./render
COPY bot ./bot
COPY migrations ./migrations

# An editable install: the dependencies go into site-packages and the code stays here, in /app. A plain
# `pip install .` would copy the packages into site-packages without migrations/, and `python -m bot.migrate`
# would then find no migration and apply nothing. The checks after it stop the build if the migrations do not
# apply to a scratch SQLite file, if the images cannot be drawn (fonts, catalogues), or if psycopg finds no libpq.
# The byte code is compiled now, as the bot's user cannot write in /app.
RUN pip install -e . \
    && python -c "from bot.store.base import MIGRATIONS_DIR as m; \
assert sorted(m.glob('*.sql')) and sorted(m.glob('postgresql/*.sql')), f'no migrations in {m}'" \
    && NIGHTFALL_DB=/tmp/check.db python -m bot.migrate && rm -f /tmp/check.db* \
    && python -c "import render.nightfall as n, render.fightdrome as f, bot.app; \
n.prime(('en', 'pl', 'ru')); f.prime(('en', 'pl', 'ru'))" \
    && python -c "import psycopg; print('libpq', psycopg.pq.version())" \
    && python -m compileall -q engine render bot

# The bot runs as a user of its own, nightfall (10001; by number, so that a host that checks for a non-root user
# can tell). /data is where a SQLite database lives when the image runs without PostgreSQL (mount a volume
# there); compose.yaml sets NIGHTFALL_DB to its PostgreSQL database instead.
RUN groupadd --gid 10001 nightfall \
    && useradd --uid 10001 --gid 10001 --create-home --shell /usr/sbin/nologin nightfall \
    && mkdir /data \
    && chown nightfall:nightfall /data
ENV NIGHTFALL_DB=/data/nightfall.db
USER 10001:10001

# The bot's /healthz and /metrics (README.md, "Health and metrics") on port 9100 of the container's own network,
# published only where the operator asks for it (docker run -p 127.0.0.1:9100:9100 …). The health check asks
# /healthz: unhealthy when the database cannot be reached or the gateway has been down for more than a minute.
# NIGHTFALL_HTTP_ADDR= (empty) turns the endpoint off, and the check then only says so.
ENV NIGHTFALL_HTTP_ADDR=0.0.0.0:9100
EXPOSE 9100
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["python", "-m", "bot.ops.check"]

# Ctrl-C's signal: discord.py closes the connection and the bot its database on it. SIGTERM, Docker's default,
# would be ignored by the process running as PID 1 and end in a SIGKILL ten seconds later.
STOPSIGNAL SIGINT

# Apply the migrations that are missing, then start the bot in place of the shell. Settings come from the
# environment (README.md, "Settings"); DISCORD_TOKEN is never part of the image. Another command replaces this
# one: `docker run --rm nightfall-bot python -m engine.nightfall.demo` plays an offline game.
CMD ["sh", "-c", "python -m bot.migrate && exec python -m bot"]
