-- PostgreSQL's form of ../0017_my_time.sql: a person's time zone and quiet hours (/me).
ALTER TABLE players ADD COLUMN timezone TEXT;
ALTER TABLE players ADD COLUMN quiet_start BIGINT CHECK (quiet_start BETWEEN 0 AND 1439);
ALTER TABLE players ADD COLUMN quiet_end BIGINT CHECK (quiet_end BETWEEN 0 AND 1439);

-- Time away (/me away days:N), as in ../0017_my_time.sql.
ALTER TABLE players ADD COLUMN away_until DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN away_days BIGINT NOT NULL DEFAULT 7 CHECK (away_days BETWEEN 0 AND 30);
ALTER TABLE seats ADD COLUMN away_until DOUBLE PRECISION;
ALTER TABLE seats ADD COLUMN away_used DOUBLE PRECISION NOT NULL DEFAULT 0;
-- the seats of a person who is away, found without reading every seat
CREATE INDEX seats_away ON seats (user_id) WHERE away_until IS NOT NULL;
