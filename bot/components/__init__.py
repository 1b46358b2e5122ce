"""Buttons and select menus that outlive a restart: a move's, the lobby's, a replay's, a silent seat's, Undo."""
