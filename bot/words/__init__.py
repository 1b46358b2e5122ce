"""The host's words: its sentences and the slash commands' names in three languages, log lines kept as what
happened, and the catalogues' upkeep (``python -m bot.words.catalogues``). A game's own words live in its package."""
