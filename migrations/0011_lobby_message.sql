-- The lobby message (what `/game new` posted) carries Join, Leave, Add AI and Start buttons and the seats taken;
-- the bot edits it as seats change and when the game starts, so it keeps its id.
--
--   lobby_message_id  NULL for a game opened before this release (its lobby message has no buttons)
ALTER TABLE games ADD COLUMN lobby_message_id INTEGER;
