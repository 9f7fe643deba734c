-- Games, their seats and their append-only action logs.
-- The runner (bot/service/store.py) records each applied file in schema_version.

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    channel_id    TEXT    NOT NULL,              -- a Discord channel or thread id; "table" locally
    game          TEXT    NOT NULL,              -- engine name, e.g. "kaploom"
    options_json  TEXT    NOT NULL,              -- raw options as given to /game new (strings)
    seed          INTEGER,                       -- fixed when the game starts
    creator_id    INTEGER NOT NULL,
    creator_name  TEXT    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'over', 'aborted')),
    version       INTEGER NOT NULL DEFAULT 0,    -- number of accepted actions; buttons carry it
    snapshot_json TEXT,                          -- engine.dump(state) after the last accepted action
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);

-- One open game per channel; finished and aborted games stay as history.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'running');

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    user_name TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

CREATE TABLE actions (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL,                -- 1, 2, 3, ... per game; equals the version it produced
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    notation    TEXT    NOT NULL,                -- engine.format(action); may be secret, never shown publicly
    public_text TEXT    NOT NULL,                -- the events' public text, for /game log
    at          TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
