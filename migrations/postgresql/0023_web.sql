-- PostgreSQL's form of ../0023_web.sql: the servers that turned the public web view on, and each game's web name.
CREATE TABLE web_servers (
    guild_id   BIGINT PRIMARY KEY,
    enabled    BIGINT NOT NULL DEFAULT 0,
    token      TEXT NOT NULL,
    language   TEXT NOT NULL DEFAULT 'en',
    changed_at TEXT NOT NULL
);
CREATE UNIQUE INDEX web_servers_token ON web_servers (token);
ALTER TABLE games ADD COLUMN web_token TEXT;
CREATE UNIQUE INDEX games_web_token ON games (web_token) WHERE web_token IS NOT NULL;
