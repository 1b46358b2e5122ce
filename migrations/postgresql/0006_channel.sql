-- PostgreSQL's form of ../0006_channel.sql: turn summaries, the log thread, notification preferences, and two
-- new delivery kinds.
ALTER TABLE games ADD COLUMN summary_posted_turn BIGINT NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN table_turn BIGINT NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN log_thread_id BIGINT;
ALTER TABLE games ADD COLUMN results_message_id BIGINT;

CREATE TABLE turn_events (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    turn    BIGINT NOT NULL,
    events  TEXT NOT NULL,
    PRIMARY KEY (game_id, version, turn)
);

CREATE TABLE players (
    user_id BIGINT PRIMARY KEY,
    notify  TEXT NOT NULL DEFAULT 'dm' CHECK (notify IN ('dm', 'mention', 'quiet'))
);

ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check, ADD CONSTRAINT deliveries_kind_check
    CHECK (kind IN ('channel', 'prompt', 'dm_closed', 'no_access', 'remind', 'warn', 'mention', 'game_over'));
