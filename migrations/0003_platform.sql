-- The platform that can speak first (issue "A platform that can speak first").
--
-- games: the server (guild) a game belongs to, the service settings it was opened with (pace,
-- clock, time-out policy, reminders, AI seats), its clocks and pending deadlines (absolute times,
-- so a restarted bot resumes them), the seat labels it started with, the rules version it was
-- started under, and how it ended.
ALTER TABLE games ADD COLUMN guild_id TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN settings_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE games ADD COLUMN clock_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE games ADD COLUMN labels_json TEXT;
ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN outcome_json TEXT;
ALTER TABLE games ADD COLUMN ended_at TEXT;

-- Games of one server, for /game mine and /game list.
CREATE INDEX games_by_guild ON games (guild_id, status);
-- The latest game of a channel, for a finished game that stays readable.
CREATE INDEX games_by_channel ON games (channel_id, id);

-- seats: one person may now hold several seats (solo play), a seat may be an AI seat ('bot'),
-- and a person's seat may be on autopilot (an AI plays it after a time-out until they return).
-- SQLite cannot drop the old UNIQUE (game_id, user_id), so the table is rebuilt.
CREATE TABLE seats_v3 (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,                      -- 0 for an AI seat
    user_name TEXT    NOT NULL,
    kind      TEXT    NOT NULL DEFAULT 'person' CHECK (kind IN ('person', 'bot')),
    autopilot INTEGER NOT NULL DEFAULT 0,            -- 1: an AI plays this person's seat for now
    PRIMARY KEY (game_id, seat)
);
INSERT INTO seats_v3 (game_id, seat, user_id, user_name) SELECT game_id, seat, user_id, user_name FROM seats;
DROP TABLE seats;
ALTER TABLE seats_v3 RENAME TO seats;
CREATE INDEX seats_by_user ON seats (user_id);

-- actions: who played it (a person, an AI seat, a timer, the game's own scripted side), whether it
-- may be taken back, and for an undo row ('!undo') which action it takes back. The log stays
-- append-only: an undo is a row of its own, and replay leaves out what it takes back.
ALTER TABLE actions ADD COLUMN actor TEXT NOT NULL DEFAULT 'person';
ALTER TABLE actions ADD COLUMN undoable INTEGER NOT NULL DEFAULT 0;
ALTER TABLE actions ADD COLUMN undoes INTEGER;

-- How each person wants to be told that a decision waits for them, per server.
CREATE TABLE user_settings (
    user_id  INTEGER NOT NULL,
    guild_id TEXT    NOT NULL,
    notify   TEXT    NOT NULL CHECK (notify IN ('mention', 'dm', 'both', 'off')),
    PRIMARY KEY (user_id, guild_id)
);

-- One row per seat of every finished game: what stats and leaderboards read.
CREATE TABLE results (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat    INTEGER NOT NULL,
    user_id INTEGER NOT NULL,                        -- 0 for an AI seat
    kind    TEXT    NOT NULL,                        -- person | bot
    won     INTEGER NOT NULL,
    score   REAL,
    rank    INTEGER,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_user ON results (user_id);
