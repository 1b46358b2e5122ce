-- The log thread gets its lines a whole turn at a time: one post when a turn ends (and at the game's end), not one
-- per burst of moves. Meanwhile the table message shows the latest lines as they happen.
--
--   log_due_seq  the last log line the thread is owed now (set when a turn's summary is posted); lines after it
--                wait for their turn to end
ALTER TABLE games ADD COLUMN log_due_seq INTEGER NOT NULL DEFAULT 0;
-- lines owed at the upgrade were promised move by move: they are posted at the next delivery
UPDATE games SET log_due_seq = COALESCE((SELECT MAX(seq) FROM log WHERE log.game_id = games.id), 0);
