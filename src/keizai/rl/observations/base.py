"""What every observation encoder provides: a fixed-size float32 vector built from one
seat's view, and a field-by-field description of that vector (docs/rl.md prints it)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from keizai.engine import State
from keizai.rl.observations.writers import ViewWriter, Writer
from keizai.rl.quoting import given


@dataclass(frozen=True, slots=True)
class Field:
    """A named run of the vector: entries `start` .. `start + size - 1`."""

    name: str
    start: int
    size: int
    doc: str

    @property
    def slice(self) -> slice:
        return slice(self.start, self.start + self.size)


class FieldLayout:
    """Fields appended one after another; their offsets are fixed once built."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        """Append a field and return its offset."""
        self.fields.append(Field(name, self.size, size, doc))
        self.size += size
        return self.size - size


def check_seat(view: dict[str, Any], seat: int | None) -> int:
    """`seat`, after checking that `view` (a view that names its seat) is that seat's."""
    if seat is None or view.get("seat") is None:
        raise ValueError("observations are per seat; the spectator view has none")
    if view["seat"] != seat:
        raise ValueError(f"this is the view of seat {view['seat']}, not of seat {seat}")
    return seat


def seat_of(seat: object, players: int) -> int:
    """`seat` as a Python int if it is one of a game's `players` seats (an integer,
    NumPy's too, from 0 to `players` - 1), else ValueError."""
    if (isinstance(seat, (bool, np.bool_)) or not isinstance(seat, (int, np.integer))
            or not 0 <= seat < players):
        raise ValueError(f"seat must be one of the game's seats, 0 to {players - 1}, "
                         f"(given: {given(seat)})")
    return int(seat)


def game_seat(state: State, seat: object) -> int:
    """`seat` as a Python int if it is one of `state`'s seats, else ValueError."""
    return seat_of(seat, state.num_players)


class ObservationEncoder(ABC):
    """Turns `state.view(seat)` of one game into a vector of `size` float32 numbers.

    Encoders read only the view, so an observation can never carry what the seat may
    not know. Counts and amounts are raw numbers (not scaled); categories are one-hot.
    """

    game_id: str
    layout: FieldLayout

    @property
    def size(self) -> int:
        return self.layout.size

    @property
    def fields(self) -> list[Field]:
        return self.layout.fields

    @abstractmethod
    def encode(self, view: dict[str, Any], seat: int) -> npt.NDArray[np.float32]:
        """The vector of `view`, which must be `state.view(seat)`. The seat is explicit
        because a game without hidden information may show every seat the same view."""

    def observe(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        """The vector of what `seat` may know of `state`: `encode(state.view(seat), seat)`.
        Encoders with a writer (`keizai.rl.observations.writers`) read the state directly
        instead, without building the view (the same numbers). A seat that is not one
        of the game's (-1, `num_players`, a bool, None) is refused with ValueError: its
        view is no seat's, and the vector would be garbled, not an error."""
        seat = game_seat(state, seat)
        if not self.writes(state, seat):
            return self.encode(state.view(seat), seat)
        x = np.zeros(self.size, dtype=np.float32)
        self.writer.write(state, seat, x.data, 0)
        return x

    # A writer of the encoder's layout (`keizai.rl.observations.writers`), or None.
    writer: Any = None
    # The type of state the writer reads (other states go through the view).
    state_type: type = type(None)

    def writes(self, state: State, seat: int) -> bool:
        """Whether `write` can take this state and seat (else: `encode` of the view)."""
        return (self.writer is not None and isinstance(state, self.state_type)
                and 0 <= seat < state.num_players)

    def writer_for(self, state: State | None, seat: int) -> Writer:
        """What the environments show `seat`'s observation of `state` with: the compiled
        `writer` where `writes` takes the state (or before there is one), else a
        `ViewWriter`, which encodes the view."""
        writer: Writer | None = self.writer
        if writer is not None and (state is None or self.writes(state, seat)):
            return writer
        return ViewWriter(self)

    def write(self, state: State, seat: int, out: memoryview, offset: int) -> None:
        """Write the vector of `seat` into `out`, a flat float32 buffer that is zero there
        (a memoryview of format "f"), from `offset` on: the environments' batches. For a
        state `writes` refuses, the vector of the view is copied in."""
        if self.writes(state, seat):
            self.writer.write(state, seat, out, offset)
        else:
            out[offset:offset + self.size] = self.encode(state.view(seat), seat).data

    def describe(self) -> str:
        """A Markdown table of the fields: name, offset, size, meaning."""
        lines = [f"`{self.game_id}`: {self.size} numbers", "",
                 "| field | offset | size | meaning |", "| --- | --- | --- | --- |"]
        lines += [f"| `{f.name}` | {f.start} | {f.size} | {f.doc} |" for f in self.fields]
        return "\n".join(lines)
