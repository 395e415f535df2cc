"""Futuropia's action space: every distinct decision with a fixed index.

A turn is a short sequence of decisions by the same seat: choose an action tile (or
refresh the tiles first), then the choices inside it (which market side, how many
residents, which houses, ...). Payments in "any resource" are made one unit at a time
in the canonical order money → food → energy, so each mix has exactly one sequence.
"""

from __future__ import annotations

from typing import Final

from keizai.engine import ActionSpace
from keizai.rules.futuropia.data import Components

TILE_FOOD: Final = 0
TILE_POWER: Final = 1
TILE_INVITE: Final = 2
TILE_ROBOTS: Final = 3
TILE_SUBSIDY: Final = 4
TILE_NAMES = ("food", "power", "invite", "robots", "subsidy")
TILE_LABELS = (
    "Food generator + food run",
    "Power generator + power run",
    "Invite residents + feeding run",
    "Robots + energy run",
    "Take the subsidy",
)
ALL_TILES: Final = (1 << len(TILE_NAMES)) - 1
RESOURCES = ("money", "food", "energy")


class ActionTable:
    """Indices of each action group in the game's `ActionSpace`."""

    __slots__ = ("buy_left", "buy_none", "buy_right", "discard", "house", "house_done",
                 "invite", "pay", "refresh", "repay", "repay_done", "robots", "space", "stop",
                 "tile")

    def __init__(self, components: Components | None = None) -> None:
        if components is None:
            return   # the blank shell unpickling fills in (see engine/state.py)
        rules = components.rules
        entries: list[tuple[str, str]] = []

        def add(name: str, label: str) -> int:
            entries.append((name, label))
            return len(entries) - 1

        self.tile = [add(f"action:{n}", label) for n, label in zip(TILE_NAMES, TILE_LABELS,
                                                                     strict=True)]
        self.refresh = add("refresh", "Pay to turn all action tiles face up")
        self.stop = add("stop", "Stop: end my game now (face-up tiles score)")
        self.pay = [add(f"pay:{r}", f"Pay 1 {r}") for r in RESOURCES]
        self.repay = add("repay:loan", f"Repay a loan ({rules.repay_cost} resources)")
        self.repay_done = add("repay:done", "Keep the remaining loans")
        self.buy_left = add("buy:left", "Buy the cheap (left) generator")
        self.buy_right = add("buy:right", "Buy the dear (right) generator")
        self.buy_none = add("buy:none", "Buy no generator")
        self.discard = [add(f"discard:{g.id}", f"Discard generator {g.id}")
                        for g in components.generators]
        # The largest limits any expert tile allows; smaller limits just use fewer entries.
        invite_max = max([rules.invite_max] + [v for e in components.expert_tiles
                                               for k, v in e.change if k == "invite_max"])
        robots_max = max([rules.robots_max] + [v for e in components.expert_tiles
                                               for k, v in e.change if k == "robots_max"])
        self.invite = [add(f"invite:{n}", f"Invite {n} resident{'s' * (n > 1)}")
                       for n in range(1, invite_max + 1)]
        self.robots = [add(f"robots:{n}", f"Take {n} robot{'s' * (n > 1)}")
                       for n in range(1, robots_max + 1)]
        # A tile only ever lies in the supply on a side with these beds: regular houses
        # have the same beds on both sides, `!` tiles are sold B side up.
        self.house = []
        for t, tile in enumerate(components.house_tiles):
            beds = components.faces[2 * t + 1].beds
            label = f"Buy house {tile.id} ({beds} bed{'s' * (beds > 1)})"
            self.house.append(add(f"house:{tile.id}", label))
        self.house_done = add("house:done", "Buy no more houses")
        self.space = ActionSpace(entries)
