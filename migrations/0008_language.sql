-- Polish, Russian and English. A game's public texts (channel, table image, results, log thread)
-- are in the game's language, chosen at /game new (default: the server's preferred locale if it
-- is Polish or Russian, else English). A person's private texts (DMs, ephemeral replies, the hand
-- and prompt images) are in their own: the one they chose with /game language, else the one their
-- Discord client last showed the bot, else English.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'pl', 'ru'));
ALTER TABLE players ADD COLUMN language TEXT CHECK (language IN ('en', 'pl', 'ru'));
ALTER TABLE players ADD COLUMN seen_language TEXT CHECK (seen_language IN ('en', 'pl', 'ru'));

-- Each log line kept as what happened (a public engine event, or a sentence's key and its fields)
-- so that every reader gets it in their language; ``text`` stays the English line (and is all
-- that lines written before this migration have).
ALTER TABLE log ADD COLUMN data TEXT;
