-- PostgreSQL's form of ../0012_missed_turns.sql: missed turns, the 'missed' delivery kind, AI names stored plain,
-- lessons taught, tutorials.
ALTER TABLE seats ADD COLUMN missed_turn BIGINT;

ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check, ADD CONSTRAINT deliveries_kind_check
    CHECK (kind IN ('channel', 'prompt', 'dm_closed', 'no_access', 'remind', 'warn', 'mention', 'game_over',
                    'paused', 'resumed', 'repaired', 'missed'));

UPDATE seats SET display_name = substr(display_name, 1, strpos(display_name, ' (') - 1)
    WHERE is_ai = 1 AND user_id IS NULL AND strpos(display_name, ' (') > 1;
UPDATE results SET display_name = substr(display_name, 1, strpos(display_name, ' (') - 1) || ' 🤖'
    WHERE user_id IS NULL AND strpos(display_name, ' (') > 1;

ALTER TABLE players ADD COLUMN taught TEXT NOT NULL DEFAULT '';

ALTER TABLE games ADD COLUMN tutorial BIGINT NOT NULL DEFAULT 0;
