-- History and lists (issue "History and lists").
--
-- games.started_at: when the lobby became a running game, for the duration in a game's summary.
-- The service's start writes the status and updated_at in one statement; this trigger copies that
-- moment, so no start path can forget it. Games started before this migration keep NULL (their
-- summary counts from when the table was opened).
ALTER TABLE games ADD COLUMN started_at TEXT;

CREATE TRIGGER games_started AFTER UPDATE OF status ON games
WHEN OLD.status = 'lobby' AND NEW.status = 'running'
BEGIN
    UPDATE games SET started_at = NEW.updated_at WHERE id = NEW.id;
END;

-- /game stats and /game leaderboard read the results of one server's finished games.
CREATE INDEX games_by_guild_game ON games (guild_id, game, status);
