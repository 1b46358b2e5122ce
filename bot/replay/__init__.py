"""``/game replay``: a game shown again, privately, a step at a time."""
