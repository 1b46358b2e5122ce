-- The public web view (bot.web), opt-in per server: /game web enabled:true makes the server's row.
--
--   web_servers.guild_id    the server
--   web_servers.enabled     1 while its games, replays and leaderboards are on the web; 0 hides every page at once
--   web_servers.token       the unguessable name of its leaderboards on the web (/s/<token>/top/<game>), made on the
--                           first /game web and kept when the web is turned off and on again
--   web_servers.language    the server's language when it was last turned on: the leaderboard pages' own
--   web_servers.changed_at  when it was last turned on or off
--
--   games.web_token         the unguessable name of a game's pages (/g/<token>), never its number; made the first time
--                           a link to it is shown (bot.store.web.WebStore.game_token)
CREATE TABLE web_servers (
    guild_id   INTEGER PRIMARY KEY,
    enabled    INTEGER NOT NULL DEFAULT 0,
    token      TEXT NOT NULL,
    language   TEXT NOT NULL DEFAULT 'en',
    changed_at TEXT NOT NULL
);
CREATE UNIQUE INDEX web_servers_token ON web_servers (token);
ALTER TABLE games ADD COLUMN web_token TEXT;
CREATE UNIQUE INDEX games_web_token ON games (web_token) WHERE web_token IS NOT NULL;
