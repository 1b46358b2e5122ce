-- PostgreSQL's form of ../0017_my_time.sql: a person's time zone and quiet hours (/me).
ALTER TABLE players ADD COLUMN timezone TEXT;
ALTER TABLE players ADD COLUMN quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 1439);
ALTER TABLE players ADD COLUMN quiet_end INTEGER CHECK (quiet_end BETWEEN 0 AND 1439);
