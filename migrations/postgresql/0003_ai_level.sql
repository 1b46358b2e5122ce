-- PostgreSQL's form of ../0003_ai_level.sql: AI seats play at a level.
ALTER TABLE seats ADD COLUMN ai_level TEXT CHECK (ai_level IS NULL OR ai_level IN ('easy', 'normal', 'hard'));
