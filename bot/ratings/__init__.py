"""Ratings: how a finished game changes a player's skill, and the leaderboard of ``/game top``."""
