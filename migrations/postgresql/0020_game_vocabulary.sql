-- PostgreSQL's form of ../0020_game_vocabulary.sql: the schema holds no game's vocabulary. The CHECKs on AI level
-- names, on scores' sign (made on results.wounds, renamed score by 0010) and on series kinds are dropped, and so are
-- series.kind's and series.target's defaults. A series' kind becomes its game's key, as in SQLite.
ALTER TABLE seats DROP CONSTRAINT seats_ai_level_check;
ALTER TABLE results DROP CONSTRAINT results_wounds_check;
ALTER TABLE series DROP CONSTRAINT series_kind_check, ALTER COLUMN kind DROP DEFAULT, ALTER COLUMN target DROP DEFAULT;
UPDATE series SET kind = COALESCE((SELECT g.game FROM games g WHERE g.series_id = series.id ORDER BY g.id LIMIT 1), kind);
