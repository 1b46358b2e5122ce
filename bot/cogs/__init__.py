"""Slash commands, one module per feature; each is thin and calls the game service."""
