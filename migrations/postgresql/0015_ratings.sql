-- PostgreSQL's form of ../0015_ratings.sql: each person's (and AI level's) rating per server and game.
CREATE TABLE ratings (
    guild_id   BIGINT NOT NULL,
    game       TEXT NOT NULL,
    player     TEXT NOT NULL,
    user_id    BIGINT,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    games      BIGINT NOT NULL DEFAULT 0 CHECK (games >= 0),
    wins       BIGINT NOT NULL DEFAULT 0 CHECK (wins >= 0),
    updated_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, game, player)
);
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_unrated ON games (finished_at, id) WHERE status = 'over' AND rated = 0;
