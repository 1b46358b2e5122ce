"""The rules of every game on the bot: pure, synchronous, deterministic; no I/O beyond reading card data.

``engine.games`` is the registry (``GAMES``), ``engine.protocol`` what every game offers the host;
each game is a package of its own (``engine.nightfall``). ``engine.i18n`` (text catalogues) and
``engine.rng`` (a seeded generator whose state is plain data) are shared by every game.
"""
