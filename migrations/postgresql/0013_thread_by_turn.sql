-- PostgreSQL's form of ../0013_thread_by_turn.sql: the log thread gets its lines a whole turn at a time.
ALTER TABLE games ADD COLUMN log_due_seq BIGINT NOT NULL DEFAULT 0;
UPDATE games SET log_due_seq = COALESCE((SELECT MAX(seq) FROM log WHERE log.game_id = games.id), 0);
