-- PostgreSQL's form of ../0014_processes.sql: what one process held in memory, kept where every process sees it.
ALTER TABLE deliveries ADD COLUMN answer_until DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN ai_host TEXT;
ALTER TABLE games ADD COLUMN ai_until DOUBLE PRECISION NOT NULL DEFAULT 0;
CREATE TABLE hosts (
    id         TEXT PRIMARY KEY,
    shards     TEXT NOT NULL,
    started_at DOUBLE PRECISION NOT NULL,
    seen_at    DOUBLE PRECISION NOT NULL
);
CREATE TABLE bot_state (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
