-- PostgreSQL's form of ../0022_identify_turns.sql: turns to identify with Discord, one row per rate-limit bucket.
CREATE TABLE identify_buckets (
    bucket BIGINT PRIMARY KEY,
    holder TEXT NOT NULL,
    until  DOUBLE PRECISION NOT NULL
);
