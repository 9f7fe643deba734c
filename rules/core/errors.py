"""The one error family of the rules engines.

    RulesError            every refusal; ``str(err)`` is a one-line message for the player
    ├── MalformedAction   the text does not parse as any action of this game
    ├── IllegalAction     it parses, but the rules do not allow it now
    ├── NotYourTurn       the seat is not asked to act now
    ├── GameIsOver        the game has ended
    └── BadOptions        unknown game options or values

An engine raises these and leaves the state it was given untouched.
"""


MESSAGE_LIMIT = 300  # a refusal is one short line, whatever input it quotes


def quoted(text: object, limit: int = 24) -> str:
    """A piece of user input as a refusal may repeat it: one line, at most ``limit`` characters."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class RulesError(Exception):
    def __init__(self, message: str) -> None:
        # A player reads this in a one-line ephemeral reply: keep it on one line, and short.
        flat = " ".join(message.split())
        super().__init__(flat if len(flat) <= MESSAGE_LIMIT else flat[: MESSAGE_LIMIT - 1] + "…")

    @property
    def message(self) -> str:
        return str(self)


class MalformedAction(RulesError):
    pass


class IllegalAction(RulesError):
    pass


class NotYourTurn(RulesError):
    pass


class GameIsOver(RulesError):
    pass


class BadOptions(RulesError):
    pass
