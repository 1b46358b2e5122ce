-- AI seats play at a level: easy, normal or hard (see engine.ai.LEVELS).
-- Seats taken before levels existed (NULL) play at normal, as they always did.
ALTER TABLE seats ADD COLUMN ai_level TEXT CHECK (ai_level IS NULL OR ai_level IN ('easy', 'normal', 'hard'));
