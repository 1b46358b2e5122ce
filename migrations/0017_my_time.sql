-- A person's own time, set with /me and kept per person (not per server).
--
--   players.timezone     an IANA zone name (/me timezone), NULL for UTC
--   players.quiet_start  quiet hours (/me quiet), minutes after local midnight; the range runs across midnight
--   players.quiet_end    when quiet_end <= quiet_start. Both NULL when the person has none. Outside these hours
--                        the person's deadline clocks run; inside, nothing that makes a sound reaches them.
ALTER TABLE players ADD COLUMN timezone TEXT;
ALTER TABLE players ADD COLUMN quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 1439);
ALTER TABLE players ADD COLUMN quiet_end INTEGER CHECK (quiet_end BETWEEN 0 AND 1439);

-- Time away (/me away days:N): the person's clocks stand still until they come back, in each game for no more than
-- the game's allowance.
--
--   players.away_until  when the person said they would be back (NULL: not away)
--   games.away_days     the allowance: days of time away per player in this game (/game settings away:), 0 for none
--   seats.away_until    when this seat's clock runs again (the return, or where the allowance ran out); NULL: it runs
--   seats.away_used     seconds of the allowance this seat has used (given back for days not taken)
ALTER TABLE players ADD COLUMN away_until REAL;
ALTER TABLE games ADD COLUMN away_days INTEGER NOT NULL DEFAULT 7 CHECK (away_days BETWEEN 0 AND 30);
ALTER TABLE seats ADD COLUMN away_until REAL;
ALTER TABLE seats ADD COLUMN away_used REAL NOT NULL DEFAULT 0;
-- the seats of a person who is away, found without reading every seat
CREATE INDEX seats_away ON seats (user_id) WHERE away_until IS NOT NULL;
