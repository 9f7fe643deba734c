-- Server settings and feeds (issue "Hosting, server settings, threads and feeds").
--
-- server_settings: what /gm settings chose for one server (guild): the defaults of /game new
-- (pace, clock, time-out policy, reminders), the feed channel new games are followed by, whether
-- games open in their own thread, which games may be opened, and whether the bot sends DMs there.
-- One validated JSON object per server (bot/service/server.py ServerSettings); a server without a
-- row has the defaults.
CREATE TABLE server_settings (
    guild_id      TEXT    PRIMARY KEY,
    settings_json TEXT    NOT NULL DEFAULT '{}',
    updated_by    INTEGER NOT NULL DEFAULT 0,
    updated_at    TEXT    NOT NULL
);

-- follows: a channel that receives a game's public board posts and results (/game follow, or the
-- server's feed at /game new). Rows of games that have ended are kept, as history; only open
-- games' rows are loaded.
CREATE TABLE follows (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    channel_id TEXT    NOT NULL,                     -- the follower (a feed channel)
    guild_id   TEXT    NOT NULL DEFAULT '',
    created_by INTEGER NOT NULL DEFAULT 0,           -- 0: the server's default feed
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, channel_id)
);
CREATE INDEX follows_by_channel ON follows (channel_id);
