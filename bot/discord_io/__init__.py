"""Talking to Discord: a player's input to the commit and back, the deliveries a move leaves, the one outbound
budget, refused requests counted, channels that change under a game."""
