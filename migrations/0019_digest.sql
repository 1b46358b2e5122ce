-- The daily digest (/me notify mode:digest): one DM a day, when the person's quiet hours end (09:00 their time when
-- they have none), listing every game that waits for them. A digest person hears of no decision on its own, as a
-- quiet one (players.notify is 'quiet'); the quarter-left warning still comes.
--
--   players.digest_at     when their next digest goes (epoch seconds); NULL: they take no digest
--   players.digest_lease  until when a process is sending it (several processes on one database send it once), or
--                         when it is tried again after a failure
--   players.digest_tries  failed tries of the digest now owed (its back-off)
ALTER TABLE players ADD COLUMN digest_at REAL;
ALTER TABLE players ADD COLUMN digest_lease REAL NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN digest_tries INTEGER NOT NULL DEFAULT 0;
-- the digests due, found without reading every person
CREATE INDEX players_digest ON players (digest_at) WHERE digest_at IS NOT NULL;
