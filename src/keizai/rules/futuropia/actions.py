"""Futuropia's action space: every distinct decision with a fixed index.

A turn is a short sequence of decisions by the same seat: choose an action tile (or
refresh the tiles first), then the choices inside it (which market side, how many
residents, which houses, ...). Payments in "any resource" are made one unit at a time
in the canonical order money → food → energy, so each mix has exactly one sequence.
"""

from __future__ import annotations

from typing import Final

from keizai.engine import ActionSpace
from keizai.i18n import action_label
from keizai.rules.futuropia.data import Components

TILE_FOOD: Final = 0
TILE_POWER: Final = 1
TILE_INVITE: Final = 2
TILE_ROBOTS: Final = 3
TILE_SUBSIDY: Final = 4
TILE_NAMES = ("food", "power", "invite", "robots", "subsidy")
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
        names: list[str] = []

        def add(name: str) -> int:
            names.append(name)
            return len(names) - 1

        self.tile = [add(f"action:{n}") for n in TILE_NAMES]
        self.refresh = add("refresh")
        self.stop = add("stop")
        self.pay = [add(f"pay:{r}") for r in RESOURCES]
        self.repay = add("repay:loan")
        self.repay_done = add("repay:done")
        self.buy_left = add("buy:left")
        self.buy_right = add("buy:right")
        self.buy_none = add("buy:none")
        self.discard = [add(f"discard:{g.id}") for g in components.generators]
        # The largest limits any expert tile allows; smaller limits just use fewer entries.
        invite_max = max([rules.invite_max] + [v for e in components.expert_tiles
                                               for k, v in e.change if k == "invite_max"])
        robots_max = max([rules.robots_max] + [v for e in components.expert_tiles
                                               for k, v in e.change if k == "robots_max"])
        self.invite = [add(f"invite:{n}") for n in range(1, invite_max + 1)]
        self.robots = [add(f"robots:{n}") for n in range(1, robots_max + 1)]
        self.house = [add(f"house:{tile.id}") for tile in components.house_tiles]
        self.house_done = add("house:done")
        # Each label is its catalogue entry in English, the one source of its words in
        # every language ("Buy a house": the menu and the page name the house itself, its
        # price and beds, from the view).
        self.space = ActionSpace([(name, action_label("futuropia", name)) for name in names])
