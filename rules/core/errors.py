"""The one error family of the rules engines.

    RulesError            every refusal; ``str(err)`` is a one-line message for the player
    ├── MalformedAction   the text does not parse as any action of this game
    ├── IllegalAction     it parses, but the rules do not allow it now
    ├── NotYourTurn       the seat is not asked to act now
    ├── GameIsOver        the game has ended
    └── BadOptions        unknown game options or values

An engine raises these and leaves the state it was given untouched.
"""


class RulesError(Exception):
    def __init__(self, message: str) -> None:
        # A player reads this in a one-line ephemeral reply: keep it on one line.
        super().__init__(" ".join(message.split()))

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
