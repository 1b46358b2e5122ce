-- PostgreSQL's form of ../0019_digest.sql: the daily digest (/me notify mode:digest).
ALTER TABLE players ADD COLUMN digest_at DOUBLE PRECISION;
ALTER TABLE players ADD COLUMN digest_lease DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN digest_tries BIGINT NOT NULL DEFAULT 0;
-- the digests due, found without reading every person
CREATE INDEX players_digest ON players (digest_at) WHERE digest_at IS NOT NULL;
