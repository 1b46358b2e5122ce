-- PostgreSQL's form of ../0009_reach.sql: a game whose channel the bot cannot reach is paused; three new delivery
-- kinds; closed DMs are remembered.
ALTER TABLE games ADD COLUMN paused TEXT CHECK (paused IN ('gone', 'no_access'));
ALTER TABLE games ADD COLUMN paused_at DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN channel_failures BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_paused ON games (guild_id) WHERE paused IS NOT NULL;

ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check, ADD CONSTRAINT deliveries_kind_check
    CHECK (kind IN ('channel', 'prompt', 'dm_closed', 'no_access', 'remind', 'warn', 'mention', 'game_over',
                    'paused', 'resumed', 'repaired'));

ALTER TABLE players ADD COLUMN dm_closed_until DOUBLE PRECISION;
