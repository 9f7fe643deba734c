-- Public steps and request ids (issue "Nothing lost, nothing crosses").
--
-- games.step counts the actions that told the channel something; /game status, /game log and
-- the channel's buttons use it instead of the version, which also counts hidden moves and so
-- told everyone how many times a player re-arranged their dice.
-- actions.step is the public step an action made (NULL for a hidden one).
-- actions.request_id is the Discord interaction id (or the table's request id) that carried the
-- action: a command delivered twice is applied once, in whichever game it first landed (so the
-- index is over all games: a request resent after its game ended must not play in the next one).

ALTER TABLE games ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
ALTER TABLE actions ADD COLUMN step INTEGER;
ALTER TABLE actions ADD COLUMN request_id TEXT;

CREATE UNIQUE INDEX actions_one_per_request ON actions (request_id) WHERE request_id IS NOT NULL;

-- Older rows: every action with public text was a public step. The log is append-only, so its
-- guard is lifted for this one numbering and put back.
DROP TRIGGER actions_no_update;

UPDATE actions SET step = (
    SELECT COUNT(*) FROM actions AS earlier
    WHERE earlier.game_id = actions.game_id AND earlier.seq <= actions.seq AND earlier.public_text != ''
) WHERE public_text != '';

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

UPDATE games SET step = (
    SELECT COUNT(*) FROM actions WHERE actions.game_id = games.id AND actions.public_text != ''
);
