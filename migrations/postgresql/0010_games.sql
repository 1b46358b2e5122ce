-- PostgreSQL's form of ../0010_games.sql: the store knows games, not one game.
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'nightfall';
ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
UPDATE games SET options = jsonb_build_object('draft', variant, 'secret_archives', secret_archives <> 0)::text;
ALTER TABLE games DROP COLUMN variant;
ALTER TABLE games DROP COLUMN secret_archives;
ALTER TABLE results RENAME COLUMN wounds TO score;
