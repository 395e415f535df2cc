"""Actions: small immutable values with a readable name, a JSON form and a fixed index."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from keizai.engine.pickling import pickle_by_fields


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat.

    `index` is the action's fixed integer in its game's action space (RL masks use it);
    `name` is its JSON form, stable across versions (records store it); `label` is what
    a person reads in a log or a menu.
    """

    index: int
    name: str
    label: str

    def __str__(self) -> str:
        return self.label

    def to_json(self) -> str:
        return self.name


class ActionSpace:
    """The fixed, ordered list of every distinct action of one game."""

    __slots__ = ("_by_name", "actions")

    def __init__(self, entries: Sequence[tuple[str, str]] = ()) -> None:
        self.actions: tuple[Action, ...] = tuple(
            Action(i, name, label) for i, (name, label) in enumerate(entries)
        )
        self._by_name = {a.name: a for a in self.actions}
        if len(self._by_name) != len(self.actions):
            raise ValueError("action names must be unique")

    def __len__(self) -> int:
        return len(self.actions)

    def decode(self, index: int) -> Action:
        return self.actions[index]

    def by_name(self, name: str) -> Action | None:
        return self._by_name.get(name)


pickle_by_fields(Action)
