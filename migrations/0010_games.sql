-- The store knows games, not one game.
--
--   games.game     which rules a game plays: the key of engine.games.GAMES. Every game stored before this
--                  migration is a Nightfall game, hence the default; the bot always writes it.
--   games.options  the game's options as JSON, in the shape of that game's Options dataclass. Nightfall's
--                  two columns (variant, secret_archives) become its options {"draft", "secret_archives"}.
--   results.score  a seat's score in a finished game (Nightfall's wounds; which way scores win is the
--                  game's own rule), kept beside its place.
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'nightfall';
ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
UPDATE games SET options = json_object(
    'draft', variant,
    'secret_archives', json(CASE WHEN secret_archives THEN 'true' ELSE 'false' END)
);
ALTER TABLE games DROP COLUMN variant;
ALTER TABLE games DROP COLUMN secret_archives;
ALTER TABLE results RENAME COLUMN wounds TO score;
