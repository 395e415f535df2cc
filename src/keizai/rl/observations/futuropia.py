"""Observation encoder of Futuropia.

Futuropia hides nothing: every seat sees the same view, so the observation differs
between seats only by the relative order of the seats (slot 0 is the observing seat).
Sizes come from public data: the action space names every generator type
(`discard:<id>`), house tile (`house:<id>`) and action tile (`action:<name>`); the
component file shipped with the game names the expert tiles.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

import keizai
from keizai.rl.observations.base import FieldLayout, ObservationEncoder
from keizai.rl.observations.writers import FuturopiaWriter
from keizai.rules.futuropia import FuturopiaGame
from keizai.rules.futuropia.actions import TILE_NAMES
from keizai.rules.futuropia.state import FuturopiaState

PHASES = ("buy opening houses", "choose an action", "pay resources", "repay loans",
          "buy a generator", "discard a generator", "invite residents", "buy houses",
          "take robots", "game over")
PURPOSES = ("refresh", "interest", "repayment")
KINDS = ("food", "power")
COMMUNITY_NUMBERS = ("money", "food", "energy", "loans", "residents", "idle_residents",
                     "robots", "robots_waiting", "beds", "house_energy", "refresh_cost",
                     "finished")


def _expert_ids() -> list[str]:
    text = (resources.files("keizai.rules.futuropia") / "data" / "futuropia.json").read_text(
        encoding="utf-8")
    return [tile["id"] for tile in json.loads(text)["expert_tiles"]]


def _suffixes(names: list[str], prefix: str) -> list[str]:
    return [n[len(prefix):] for n in names if n.startswith(prefix)]


class FuturopiaEncoder(ObservationEncoder):
    def __init__(self, game_id: str) -> None:
        game = keizai.get_game(game_id)
        assert isinstance(game, FuturopiaGame)  # (the id this encoder is registered for)
        names = [a.name for a in game.action_space.actions]
        self.game_id = game_id
        self.seats = game.max_players
        self.generators = {g: i for i, g in enumerate(_suffixes(names, "discard:"))}
        self.houses = {h: i for i, h in enumerate(h for h in _suffixes(names, "house:")
                                                  if h != "done")}
        self.tiles = {t: i for i, t in enumerate(_suffixes(names, "action:"))}
        self.experts = {x: i for i, x in enumerate(_expert_ids())}
        comps = game.components
        # entries of each generator (the rules' index), of each house face and each tile
        self.generator_slots = [self.generators[g.id] for g in comps.generators]
        self.face_slots = [(self.houses[f.tile], f.side == "B") for f in comps.faces]
        self.tile_slots = [self.tiles[name] for name in TILE_NAMES]
        self.community_numbers = len(COMMUNITY_NUMBERS)
        self._build_layout()
        # `observe` reads the state directly (writers.py, compiled)
        self.writer = FuturopiaWriter(self)
        self.state_type = FuturopiaState

    def _build_layout(self) -> None:
        g, h, p = len(self.generators), len(self.houses), self.seats
        lay = self.layout = FieldLayout()
        add = lay.add
        self.o_numbers = add("game_numbers", 6, "players_count, turn, final_phase (0/1), "
                             "subsidy marker position, subsidy value, advanced set-up (0/1)")
        self.o_current = add("current_player", p, "one-hot relative slot of the seat to "
                             "decide (zeros when the game is over)")
        self.o_phase = add("decision_phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_decision = add("decision_numbers", 4, "resources owed (pay), residents being "
                              "invited, beds to buy: at least, at most")
        self.o_purpose = add("pay_purpose", len(PURPOSES), "one-hot: " + ", ".join(PURPOSES))
        self.o_market = add("decision_market", len(KINDS), "one-hot market of a buy or "
                            "discard decision: " + ", ".join(KINDS))
        self.o_markers = add("market_markers", len(KINDS), "price marker of the food and "
                             "the power market")
        self.o_gens = add("generator_market", 5 * g, f"per generator type ({g}, in action "
                          "order): [copies in the supply queue, on the left side (0/1), on the "
                          "right side (0/1), its cost there, copies there]")
        self.o_supply = add("house_supply", 2 * h, f"per house tile ({h}): [in the supply, "
                            "of them B side up]")
        self.o_experts = add("expert_tiles", len(self.experts), "per expert tile: in play "
                             "(0/1)")
        self.o_players = add("communities", p * self._row_size(),
                             "per relative slot: [present (0/1), "
                             + ", ".join(COMMUNITY_NUMBERS) + ", best food run output, best "
                             f"power run output, generators owned per type ({g}), houses "
                             f"owned per tile and of them B side ({2 * h}), action tiles "
                             f"face up ({len(self.tiles)})]")
        self.o_scores = add("scores", 1 + p, "[game over (0/1), final total of slot 0..3]")

    def _row_size(self) -> int:
        return (3 + len(COMMUNITY_NUMBERS) + len(self.generators) + 2 * len(self.houses)
                + len(self.tiles))

    def encode(self, view: dict[str, Any], seat: int) -> npt.NDArray[np.float32]:
        if seat is None:
            raise ValueError("observations are per seat; the spectator view has none")
        n: int = view["players"]
        gens, houses = self.generators, self.houses
        x = [0.0] * self.size  # a list: item updates are much cheaper than on an array

        def slot(other: int) -> int:
            return (other - seat) % n

        subsidy = view["subsidy"]
        x[self.o_numbers:self.o_numbers + 6] = (
            n, view["turn"], float(view["final_phase"]), subsidy["position"],
            subsidy["value"] or 0, float(view["options"]["advanced"]))
        if view["current_player"] is not None:
            x[self.o_current + slot(view["current_player"])] = 1
        decision = view["decision"]
        x[self.o_phase + PHASES.index(decision["phase"])] = 1
        beds = decision.get("beds_to_buy", (0, 0))
        x[self.o_decision:self.o_decision + 4] = (
            decision.get("owed", 0), decision.get("inviting", 0), beds[0], beds[1])
        if "for" in decision:
            x[self.o_purpose + PURPOSES.index(decision["for"])] = 1
        if "market" in decision:
            x[self.o_market + KINDS.index(decision["market"])] = 1
        for k, kind in enumerate(KINDS):
            market = view["markets"][kind]
            x[self.o_markers + k] = market["marker"]
            for entry in market["supply"]:
                x[self.o_gens + 5 * gens[entry["id"]]] += entry["count"]
            for side, flag in (("left", 1), ("right", 2)):
                entry = market[side]
                if entry is not None:
                    at = self.o_gens + 5 * gens[entry["id"]]
                    x[at + flag] = 1
                    x[at + 3] = entry["cost"]
                    x[at + 4] = entry["count"]
        for house in view["house_supply"]:
            at = self.o_supply + 2 * houses[house["id"]]
            x[at] += 1
            x[at + 1] += house["side"] == "B"
        for tile in view["expert_tiles"]:
            x[self.o_experts + self.experts[tile["id"]]] = 1
        row_size = self._row_size()
        for row in view["communities"]:
            at = self.o_players + slot(row["seat"]) * row_size
            x[at] = 1
            x[at + 1:at + 1 + len(COMMUNITY_NUMBERS)] = [
                float(row[k]) for k in COMMUNITY_NUMBERS]
            at += 1 + len(COMMUNITY_NUMBERS)
            x[at] = row["best_runs"]["food"]["output"]
            x[at + 1] = row["best_runs"]["power"]["output"]
            at += 2
            for gen in row["generators"]:
                x[at + gens[gen["id"]]] += 1
            at += len(gens)
            for house in row["houses"]:
                x[at + 2 * houses[house["id"]]] += 1
                x[at + 2 * houses[house["id"]] + 1] += house["side"] == "B"
            at += 2 * len(houses)
            for tile in row["tiles_face_up"]:
                x[at + self.tiles[tile]] = 1
        scores = view.get("scores")
        if scores is not None:
            x[self.o_scores] = 1
            for other, score in enumerate(scores):
                x[self.o_scores + 1 + slot(other)] = score["total"]
        return np.array(x, dtype=np.float32)
