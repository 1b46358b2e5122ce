-- Games, their seats, the append-only action log, snapshots, the public turn log,
-- and the DM prompts sent to players (so old buttons can be retired).

CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    channel_name     TEXT NOT NULL DEFAULT '',
    host_id          INTEGER NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'abandoned')),
    variant          TEXT NOT NULL,
    secret_archives  INTEGER NOT NULL DEFAULT 0,
    seed             INTEGER NOT NULL,
    version          INTEGER NOT NULL DEFAULT 0,
    decision_since   TEXT NOT NULL DEFAULT '{}',
    table_message_id INTEGER,
    log_posted_seq   INTEGER NOT NULL DEFAULT 0,
    results_posted   INTEGER NOT NULL DEFAULT 0,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    finished_at      TEXT
);

-- one open game (lobby or running) per channel or thread
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    seat         TEXT NOT NULL,
    user_id      INTEGER,
    display_name TEXT NOT NULL,
    is_ai        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, position)
);
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    seat    TEXT NOT NULL,
    user_id INTEGER,
    text    TEXT NOT NULL,
    source  TEXT NOT NULL,
    at      TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE snapshots (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    state   TEXT NOT NULL,
    at      TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);

CREATE TABLE log (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    version INTEGER NOT NULL,
    text    TEXT NOT NULL,
    at      TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE prompts (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    since      INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
