-- A person's own time, set with /me and kept per person (not per server).
--
--   players.timezone     an IANA zone name (/me timezone), NULL for UTC
--   players.quiet_start  quiet hours (/me quiet), minutes after local midnight; the range runs across midnight
--   players.quiet_end    when quiet_end <= quiet_start. Both NULL when the person has none. Outside these hours
--                        the person's deadline clocks run; inside, nothing that makes a sound reaches them.
ALTER TABLE players ADD COLUMN timezone TEXT;
ALTER TABLE players ADD COLUMN quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 1439);
ALTER TABLE players ADD COLUMN quiet_end INTEGER CHECK (quiet_end BETWEEN 0 AND 1439);
