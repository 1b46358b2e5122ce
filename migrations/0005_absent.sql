-- Absent players: the AI may play a person's seat while they are away, and give it back.
--
-- A seat the AI plays for a person keeps that person's user id (so `/game return` finds it and
-- the results say who played it), with is_ai = 1 and ai_since = the turn the AI took over.
-- timeouts counts the seat's deadlines missed in a row (reset by any move of the person);
-- away_turns records the spells the AI played for a person who came back, e.g. "7-9".
ALTER TABLE seats ADD COLUMN ai_since INTEGER;
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN away_turns TEXT NOT NULL DEFAULT '';
