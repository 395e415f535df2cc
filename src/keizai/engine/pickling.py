"""Pickling (and `copy.deepcopy`) of the value classes that the compiled build holds.

mypyc restores a pickled object by setting its attributes one by one, which a frozen
dataclass refuses; so the engine's and the games' dataclasses (actions, cards, tiles,
layouts) are pickled by their constructor instead: the class and its field values. The
plain-Python build does the same, so both builds pickle alike."""

from __future__ import annotations

import copyreg
import dataclasses
from typing import Any


def _by_fields(value: Any) -> tuple[Any, tuple[Any, ...]]:
    return type(value), tuple(getattr(value, f.name) for f in dataclasses.fields(value))


def pickle_by_fields(*classes: type) -> None:
    """Pickle and copy instances of these dataclasses through their constructor."""
    for cls in classes:
        copyreg.pickle(cls, _by_fields)
