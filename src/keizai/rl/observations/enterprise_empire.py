"""Observation encoder of 企業帝國 (Enterprise Empire).

Sizes come from public data: the component file shipped with the game
(`keizai/rules/enterprise_empire/data/enterprise_empire.json`: materials, groups,
company cards, board) and the action space (`play:<price>:<steps>` names every kind of
price card). Seats are relative (slot 0 is the observing seat), as for every encoder.
Hidden from a seat, so never encoded: other seats' price cards (only their count), the
order of the company piles, the price pile and the demand pile below its top card.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

import keizai
from keizai.rl.observations.base import FieldLayout, ObservationEncoder, check_seat
from keizai.rl.observations.writers import EnterpriseEmpireWriter
from keizai.rules.enterprise_empire import EnterpriseEmpire
from keizai.rules.enterprise_empire import state as rules

PHASES = ("move", "offer", "research", "refill", "placing", "over")
CORNERS = "ABCD"
PLAYER_NUMBERS = ("cash", "companies_founded", "company_pile", "price_cards")


def _components() -> dict[str, Any]:
    text = (resources.files("keizai.rules.enterprise_empire") / "data"
            / "enterprise_empire.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


class EnterpriseEmpireEncoder(ObservationEncoder):
    def __init__(self, game_id: str) -> None:
        game = keizai.get_game(game_id)
        assert isinstance(game, EnterpriseEmpire)  # (the id this encoder is registered for)
        data = _components()
        self.game_id = game_id
        self.seats = game.max_players
        self.materials = {m["id"]: i for i, m in enumerate(data["materials"])}
        self.groups = {g["id"]: i for i, g in enumerate(data["groups"])}
        self.companies = {c["id"]: i for i, c in enumerate(data["company_cards"])}
        self.spaces = len(data["board"])
        self.prices = {tuple(int(v) for v in a.name.split(":")[1:]): i
                       for i, a in enumerate(a for a in game.action_space.actions
                                             if a.name.startswith("play:"))}
        parts = game.parts
        # entries of the rules' indices (material, group, company, price card kind)
        self.material_slots = [self.materials[m.id] for m in parts.materials]
        self.group_slots = [self.groups[g.id] for g in parts.groups]
        self.company_slots = [self.companies[c.id] for c in parts.companies]
        self.price_slots = [self.prices[(k.price, k.steps)] for k in parts.price_kinds]
        self.corners = len(CORNERS)
        self.player_numbers = len(PLAYER_NUMBERS)
        self._build_layout()
        # `observe` reads the state directly (writers.py, compiled)
        self.writer = EnterpriseEmpireWriter(self)
        self.state_type = rules.EmpireState

    def _build_layout(self) -> None:
        m, p = len(self.materials), self.seats
        lay = self.layout = FieldLayout()
        add = lay.add
        self.o_numbers = add("game_numbers", 6, "players_count, turn, max_turns, price_pile "
                             "size, demand_pile size, capped (0/1: safety turn limit reached)")
        self.o_phase = add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_start = add("start_player", p, "one-hot relative slot of the start player")
        self.o_active = add("active", p, "one-hot relative slot of the seat whose turn it is")
        self.o_current = add("current_player", p, "one-hot relative slot of the seat to "
                             "decide (zeros when the game is over)")
        self.o_winner = add("winner", p, "one-hot relative slot of the winner (zeros: none)")
        self.o_corners = add("corners", len(CORNERS) * (p + 1), "per corner A-D: [owner "
                             "slot one-hot (zeros: free), revenue]")
        self.o_bank = add("bank_materials", m, "per material: tokens in the bank")
        self.o_offer = add("offer", 3 + m + p, "[an offer is open (0/1), price, steps, "
                           "material one-hot, slot one-hot of the seat deciding]")
        self.o_demand = add("demand", m, "one-hot material of the demand pile's top card")
        self.o_players = add("players", p * self._row_size(),
                             f"per relative slot: [present (0/1), {', '.join(PLAYER_NUMBERS)}, "
                             f"group one-hot ({len(self.groups)}), corner one-hot (4), "
                             f"position one-hot ({self.spaces} spaces; zeros: off the board), "
                             f"materials held per material ({m}), face-up company card "
                             f"one-hot ({len(self.companies)}), materials it needs ({m})]")
        self.o_hand = add("own_hand", len(self.prices), "per price-card kind (in action "
                          "order, $200 upwards): copies in the observing seat's hand")

    def _row_size(self) -> int:
        return (1 + len(PLAYER_NUMBERS) + len(self.groups) + len(CORNERS) + self.spaces
                + 2 * len(self.materials) + len(self.companies))

    def encode(self, view: dict[str, Any], seat: int) -> npt.NDArray[np.float32]:
        me = check_seat(view, seat)
        n = len(view["players"])
        mats = self.materials
        x = [0.0] * self.size  # a list: item updates are much cheaper than on an array

        def slot(seat: int) -> int:
            return (seat - me) % n

        x[self.o_numbers:self.o_numbers + 6] = (
            n, view["turn"], view["max_turns"], view["price_pile"], view["demand"]["pile"],
            float(view["capped"]))
        x[self.o_phase + PHASES.index(view["phase"])] = 1
        x[self.o_start + slot(view["start_player"])] = 1
        x[self.o_active + slot(view["active"])] = 1
        if view["current_player"] is not None:
            x[self.o_current + slot(view["current_player"])] = 1
        if view["winner"] is not None:
            x[self.o_winner + slot(view["winner"])] = 1
        for corner in view["corners"]:
            at = self.o_corners + CORNERS.index(corner["letter"]) * (self.seats + 1)
            if corner["owner"] is not None:
                x[at + slot(corner["owner"])] = 1
            x[at + self.seats] = corner["revenue"]
        for material, count in view["bank_materials"].items():
            x[self.o_bank + mats[material]] = count
        offer = view["offer"]
        if offer is not None:
            at = self.o_offer
            x[at:at + 3] = (1.0, offer["price"], offer["steps"])
            x[at + 3 + mats[offer["material"]]] = 1
            if offer["to"] is not None:
                x[at + 3 + len(mats) + slot(offer["to"])] = 1
        x[self.o_demand + mats[view["demand"]["material"]]] = 1
        row_size = self._row_size()
        for row in view["players"]:
            at = self.o_players + slot(row["seat"]) * row_size
            x[at] = 1
            x[at + 1:at + 1 + len(PLAYER_NUMBERS)] = [row[k] for k in PLAYER_NUMBERS]
            at += 1 + len(PLAYER_NUMBERS)
            x[at + self.groups[row["group"]]] = 1
            at += len(self.groups)
            if row["corner"] is not None:
                x[at + CORNERS.index(row["corner"])] = 1
            at += len(CORNERS)
            if row["position"] is not None:
                x[at + row["position"]] = 1
            at += self.spaces
            for material, count in row["materials"].items():
                x[at + mats[material]] = count
            at += len(mats)
            card = row["company_card"]
            if card is not None:
                x[at + self.companies[card["id"]]] = 1
                for material in card["materials"]:
                    x[at + len(self.companies) + mats[material]] += 1
            if row["seat"] == me:
                for kind in row["hand"]:
                    x[self.o_hand + self.prices[(kind["price"], kind["steps"])]] += kind["count"]
        return np.array(x, dtype=np.float32)
