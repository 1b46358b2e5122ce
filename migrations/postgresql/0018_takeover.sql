-- PostgreSQL's form of ../0018_takeover.sql: the 'takeover' delivery kind.
ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check, ADD CONSTRAINT deliveries_kind_check
    CHECK (kind IN ('channel', 'prompt', 'dm_closed', 'no_access', 'remind', 'warn', 'mention', 'game_over',
                    'paused', 'resumed', 'repaired', 'missed', 'takeover'));
