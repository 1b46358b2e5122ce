-- Turns to identify with Discord, for processes sharing a PostgreSQL database. Discord lets a bot start
-- max_concurrency sessions (identifies) every 5 seconds, one for each rate-limit bucket (shard_id % max_concurrency);
-- processes started together take turns through this table (bot.store.identify). A SQLite file has one process,
-- which keeps discord.py's own spacing: the table stays empty there.
--
--   identify_buckets.bucket  a rate-limit bucket: shard_id % max_concurrency
--   identify_buckets.holder  the process (and shard) whose turn it is, readable in a log line
--   identify_buckets.until   when the turn ends, in epoch seconds of the database's clock: holding the turn is the
--                            whole window, so the turn of a process killed meanwhile ends by itself
CREATE TABLE identify_buckets (
    bucket INTEGER PRIMARY KEY,
    holder TEXT NOT NULL,
    until  REAL NOT NULL
);
