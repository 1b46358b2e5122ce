-- A silent player costs the table one deadline per turn, not one per decision.
--
-- When a person's deadline passes, that decision and every further decision of theirs in the same turn take
-- the passive default at once. seats.timeouts now counts the turns missed in a row (not the decisions), and
--
--   missed_turn  the turn whose deadline the seat last missed; NULL once the person moves again
ALTER TABLE seats ADD COLUMN missed_turn INTEGER;

-- A new delivery kind: 'missed', the channel's notice of a missed deadline with its button that hands the silent
-- seat to the AI (target: the person who missed it). SQLite cannot change a CHECK, so the table is rebuilt;
-- every row is kept.
CREATE TABLE deliveries_new (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (
        kind IN ('channel', 'prompt', 'dm_closed', 'no_access', 'remind', 'warn', 'mention', 'game_over',
                 'paused', 'resumed', 'repaired', 'missed')
    ),
    target      INTEGER NOT NULL DEFAULT 0,
    wanted      INTEGER NOT NULL DEFAULT 1,
    done        INTEGER NOT NULL DEFAULT 0,
    due_at      REAL NOT NULL,
    lease_until REAL NOT NULL DEFAULT 0,
    attempts    INTEGER NOT NULL DEFAULT 0,
    hint        TEXT NOT NULL DEFAULT '',
    last_error  TEXT,
    PRIMARY KEY (game_id, kind, target)
);
INSERT INTO deliveries_new (game_id, kind, target, wanted, done, due_at, lease_until, attempts, hint, last_error)
    SELECT game_id, kind, target, wanted, done, due_at, lease_until, attempts, hint, last_error FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
CREATE INDEX deliveries_due ON deliveries (due_at) WHERE wanted > done;

-- An AI player's name is stored plain ("Vesper"), its level apart (seats.ai_level): each reader's language writes
-- them ("Vesper 🤖" in labels, "Vesper 🤖 (hard)" where the level is said). Earlier releases stored the title in
-- the game's language ("Vesper (hard AI)", "Vesper (AI, poziom: trudny)"): it is cut back to the name.
UPDATE seats SET display_name = substr(display_name, 1, instr(display_name, ' (') - 1)
    WHERE is_ai = 1 AND user_id IS NULL AND instr(display_name, ' (') > 1;
-- Results keep the name as it was shown when the game ended: an AI player's now reads "Vesper 🤖".
UPDATE results SET display_name = substr(display_name, 1, instr(display_name, ' (') - 1) || ' 🤖'
    WHERE user_id IS NULL AND instr(display_name, ' (') > 1;

-- The first prompt of each kind teaches what it asks, once per person and game: players.taught lists the
-- "game:kind" lessons a person has been shown, separated by spaces.
ALTER TABLE players ADD COLUMN taught TEXT NOT NULL DEFAULT '';

-- /tutorial: a short guided game against the AI in a person's DMs (its "channel" is the DM). Every prompt of a
-- tutorial explains its decision; a tutorial counts in no statistics.
ALTER TABLE games ADD COLUMN tutorial INTEGER NOT NULL DEFAULT 0;
