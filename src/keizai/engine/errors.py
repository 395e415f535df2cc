"""Errors raised by the engine contract."""

from __future__ import annotations

from typing import Any, Self

from keizai.i18n import Message, render, tr


class _Reasoned(ValueError):
    """A refusal whose reason may be a message of the catalogue (keizai.i18n): made with
    `refuse(message_id, **params)` it shows in every reader's language, and its `str` is
    the English text; made with plain text it has no message id and shows that text in
    every language."""

    def __init__(self, reason: str = "", *, message_id: str | None = None,
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.message_id = message_id
        self.params: dict[str, Any] = params if params is not None else {}

    @classmethod
    def refuse(cls, message_id: str, **params: Any) -> Self:
        """A refusal with a catalogue reason; `params` must be JSON-ready (ints, strings,
        lists, nested messages as `{"id", "params"}` / `{"text"}` dicts). Refusals are
        rare: the English text is rendered here, once."""
        return cls(tr(message_id, "en", **params), message_id=message_id, params=params)

    @property
    def message(self) -> Message | str:
        """The reason as a catalogue message, or the plain text of an older refusal."""
        if self.message_id is None:
            return str(self)
        return (self.message_id, self.params)

    def render(self, lang: str = "en") -> str:
        """The reason in `lang`."""
        return render(self.message, lang)

    def to_json(self) -> dict[str, Any]:
        """The reason for a page: {"id", "params"}, or {"text"} without a message id."""
        if self.message_id is None:
            return {"text": str(self)}
        return {"id": self.message_id, "params": self.params}

    def __reduce__(self) -> tuple[Any, ...]:
        # Sent to another process (a simulation worker) with its message, not just the text.
        return (_rebuild, (type(self), str(self), self.message_id, self.params))


class IllegalAction(_Reasoned):
    """An action that is not legal in the current state (the state is left unchanged).
    Its reason is a catalogue message (`IllegalAction.refuse(id, **params)`, ids `refuse.*`
    and the games' own), or plain text from older code (`IllegalAction("why")`)."""


class InvalidSetup(_Reasoned):
    """A new game the engine refuses: its players, seed, options or record (a ValueError,
    as before, with the reason as a catalogue message, ids `setup.*`)."""


def _rebuild(cls: type[_Reasoned], reason: str, message_id: str | None,
             params: dict[str, Any]) -> _Reasoned:
    return cls(reason, message_id=message_id, params=params)


def shown(value: object) -> str:
    """A refused value as a refusal quotes it: its repr, cut short (a network message may
    hold anything, of any size). null, true and false are spelt as JSON spells them:
    options, saves and the network's messages are JSON, where Python's None, True and
    False are words the person never wrote."""
    if value is None or isinstance(value, bool):
        return "null" if value is None else "true" if value else "false"
    try:
        text = repr(value)
    except ValueError:  # an int too long to print
        return "…"
    return text if len(text) <= 60 else text[:60] + "…"


class UnknownGame(KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError quotes its message; a person wants plain text
        return str(self.args[0]) if self.args else "unknown game"
