-- PostgreSQL's form of ../0008_language.sql: Polish, Russian and English; log lines kept as what happened.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'pl', 'ru'));
ALTER TABLE players ADD COLUMN language TEXT CHECK (language IN ('en', 'pl', 'ru'));
ALTER TABLE players ADD COLUMN seen_language TEXT CHECK (seen_language IN ('en', 'pl', 'ru'));

ALTER TABLE log ADD COLUMN data TEXT;
