-- PostgreSQL's form of ../0005_absent.sql: the AI may play a person's seat while they are away.
ALTER TABLE seats ADD COLUMN ai_since BIGINT;
ALTER TABLE seats ADD COLUMN timeouts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN away_turns TEXT NOT NULL DEFAULT '';
