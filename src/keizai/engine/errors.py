"""Errors raised by the engine contract."""


class IllegalAction(ValueError):
    """An action that is not legal in the current state (the state is left unchanged)."""


class UnknownGame(KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError quotes its message; a person wants plain text
        return str(self.args[0]) if self.args else "unknown game"
