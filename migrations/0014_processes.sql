-- Several bot processes on one database (PostgreSQL; a SQLite file keeps one process, and these columns cost it
-- nothing). What was held in one process's memory is now in the database, where every process sees it:
--
--   deliveries.answer_until  the player's own prompt is being answered in their DM by the interaction that made
--                            the move (in whichever process received it): no worker edits that DM until the
--                            answer's mark clears it, or until this time passes (the answering process died)
--   games.ai_host/ai_until   the process whose task plays the game's AI seats, and until when: no other process
--                            starts one meanwhile; a process that dies is replaced when the time passes
--   hosts                    each running process and when it was last seen alive: the processes divide
--                            Discord's budget of calls between those alive
--   bot_state                small facts of the bot as a whole (the slash commands last synced, by their digest)
ALTER TABLE deliveries ADD COLUMN answer_until REAL NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN ai_host TEXT;
ALTER TABLE games ADD COLUMN ai_until REAL NOT NULL DEFAULT 0;
CREATE TABLE hosts (
    id         TEXT PRIMARY KEY,
    shards     TEXT NOT NULL,
    started_at REAL NOT NULL,
    seen_at    REAL NOT NULL
);
CREATE TABLE bot_state (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
