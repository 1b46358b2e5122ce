"""Images of the games: pure functions of engine views to PNG bytes, one package per game.

The shared part is here: the drawing pieces every image uses (:mod:`render.primitives`: moons,
coins, fitted text, the measured smallest size of every text for the phone check), the theme
(:mod:`render.theme`: colours, fonts, sizes, ``PHONE_MIN_PX``) and the one PNG palette
(:mod:`render.palette`). Each game's images are a package of their own (``render/<game>/``);
the bot finds them through its game adapters, never by name. Nothing here imports discord.
"""
