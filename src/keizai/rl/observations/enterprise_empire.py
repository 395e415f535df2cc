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

import keizai
from keizai.engine import State
from keizai.rl.observations.base import FieldLayout, ObservationEncoder, check_seat
from keizai.rules.enterprise_empire import state as rules

PHASES = ("move", "offer", "research", "refill", "placing", "over")
CORNERS = "ABCD"
PLAYER_NUMBERS = ("cash", "companies_founded", "company_pile", "price_cards")


def _components() -> dict[str, Any]:
    text = (resources.files("keizai.rules.enterprise_empire") / "data"
            / "enterprise_empire.json").read_text(encoding="utf-8")
    return json.loads(text)


class EnterpriseEmpireEncoder(ObservationEncoder):
    def __init__(self, game_id: str) -> None:
        game = keizai.get_game(game_id)
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
        self._build_layout()

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

    def encode(self, view: dict[str, Any], seat: int) -> np.ndarray:
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

    def observe(self, state: State, seat: int) -> np.ndarray:
        """`encode(state.view(seat), seat)`, read from the state without building the view
        (the same numbers; tests/rl/observations check it on random positions). Reads only
        what that view shows: the seat's own price cards, no pile order."""
        if not isinstance(state, rules.EmpireState) or not 0 <= seat < state.num_players:
            return super().observe(state, seat)
        me = seat
        n = state.num_players
        parts = state.parts
        mslot = self.material_slots
        m_count = len(mslot)
        # written in place: cheaper than a list of every entry converted at the end
        x = np.zeros(self.size, dtype=np.float32)
        x[self.o_numbers:self.o_numbers + 6] = (
            n, state.turn, state.max_turns, len(state.price_pile), len(state.demand_pile),
            float(state.capped))
        phase = state.phase
        x[self.o_phase + phase] = 1  # PHASES follows the rules' numbering
        x[self.o_start + (state.start - me) % n] = 1
        x[self.o_active + (state.active - me) % n] = 1
        current = state.current_player
        if current is not None:
            x[self.o_current + (current - me) % n] = 1
        if state.winner >= 0:
            x[self.o_winner + (state.winner - me) % n] = 1
        for c in range(len(CORNERS)):
            at = self.o_corners + c * (self.seats + 1)
            owner = state.corner_owner[c]
            if owner >= 0:
                x[at + (owner - me) % n] = 1
            x[at + self.seats] = state.corner_revenue[c]
        for m in range(m_count):
            x[self.o_bank + mslot[m]] = state.bank[m]
        if state.offered >= 0:
            at = self.o_offer
            card = parts.price_kinds[state.offered]
            x[at:at + 3] = (1.0, card.price, card.steps)
            x[at + 3 + mslot[state.offer_material]] = 1
            if phase == rules.OFFER:
                x[at + 3 + m_count + (state.decider - me) % n] = 1
        x[self.o_demand + mslot[state.demand_pile[0]]] = 1
        row_size = self._row_size()
        k = len(parts.price_kinds)
        companies = len(self.companies)
        for s in range(n):
            at = self.o_players + ((s - me) % n) * row_size
            up = state.company_up[s]
            hand = state.hand[s * k:(s + 1) * k]
            x[at] = 1
            x[at + 1:at + 1 + len(PLAYER_NUMBERS)] = (
                state.cash[s], state.founded[s], len(state.company_pile[s]), sum(hand))
            at += 1 + len(PLAYER_NUMBERS)
            x[at + self.group_slots[state.group[s]]] = 1
            at += len(self.groups)
            if state.corner_of[s] >= 0:
                x[at + state.corner_of[s]] = 1
            at += len(CORNERS)
            if state.position[s] >= 0:
                x[at + state.position[s]] = 1
            at += self.spaces
            held = state.held
            for m in range(m_count):
                if held[s * m_count + m]:
                    x[at + mslot[m]] = held[s * m_count + m]
            at += m_count
            if up >= 0:
                x[at + self.company_slots[up]] = 1
                for m in parts.companies[up].materials:
                    x[at + companies + mslot[m]] += 1
            if s == me:
                for i, count in enumerate(hand):
                    if count:
                        x[self.o_hand + self.price_slots[i]] += count
        return x
