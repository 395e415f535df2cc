"""Observation encoder of National Economy (Progress, Mecenat and Glory).

One encoder for the three games, parametrised by the game's card list. The card list is
read from public data only: the game's action space names every building
(`build:<id>`) and every workplace (`place:<id>`), in a fixed order. Seats are relative:
slot 0 is the observing seat, slot k the seat k places after it; slots beyond the
number of players stay zero, so the size does not depend on the player count.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

import keizai
from keizai.rl.observations.base import FieldLayout, ObservationEncoder, check_seat
from keizai.rl.observations.writers import NationalEconomyWriter
from keizai.rules.national_economy import NationalEconomy
from keizai.rules.national_economy import state as rules

PHASES = ("action", "payday", "over")
DECISIONS = ("place", "build", "pay", "sell", "take", "option")
PAY_REASONS = ("hand limit", "construction", "effect")
# Build modes of the effect vocabulary ("build" steps) and of "build two" steps.
BUILD_MODES = ("full", "discount", "lock", "free", "free_value_max", "free_icon",
               "item_double", "any", "same_cost")
PLAYER_NUMBERS = ("money", "workers", "workers_ready", "trainees", "dolls", "temp_workers",
                  "hand_size", "consumer_items", "vp_cards", "unpaid_wages", "brewery_items",
                  "worker_limit", "hand_limit")


class NationalEconomyEncoder(ObservationEncoder):
    def __init__(self, game_id: str) -> None:
        game = keizai.get_game(game_id)
        assert isinstance(game, NationalEconomy)  # (the ids this encoder is registered for)
        names = [a.name for a in game.action_space.actions]
        self.game_id = game_id
        self.seats = game.max_players
        self.buildings = [n.split(":", 1)[1] for n in names if n.startswith("build:")]
        self.workplaces = [n.split(":", 1)[1] for n in names
                           if n.startswith("place:") and n.count(":") == 1]
        self.building_index = {b: i for i, b in enumerate(self.buildings)}
        self.workplace_index = {w: i for i, w in enumerate(self.workplaces)}
        # entry of each building type (the rules' type index) in the per-type fields
        self.type_slots = [self.building_index[b.id] for b in game.cards.buildings]
        self.player_numbers = len(PLAYER_NUMBERS)
        self._build_layout()
        # `observe` reads the state directly (writers.py, compiled)
        self.writer = NationalEconomyWriter(self, list(BUILD_MODES))
        self.state_type = rules.NationalEconomyState

    def _build_layout(self) -> None:
        b, w, p = len(self.buildings), len(self.workplaces), self.seats
        lay = self.layout = FieldLayout()
        add = lay.add
        self.o_numbers = add("game_numbers", 7, "players_count, round, rounds, wage, budget, "
                             "deck_size, vp_cards_in_game (0/1)")
        self.o_phase = add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_start = add("start_player", p, "one-hot relative slot of the start player")
        self.o_lead = add("round_lead", p, "one-hot relative slot of the round's lead seat")
        self.o_current = add("current_player", p, "one-hot relative slot of the seat to act "
                             "(zeros when the game is over)")
        self.o_decision = add("decision_kind", len(DECISIONS),
                              "one-hot: " + ", ".join(DECISIONS) + " (zeros: no decision)")
        self.o_cards_left = add("decision_cards_left", 1, "cards still to pay (pay decisions)")
        self.o_reason = add("pay_reason", len(PAY_REASONS), "one-hot: " + ", ".join(PAY_REASONS))
        self.o_mode = add("build_mode", len(BUILD_MODES), "one-hot: " + ", ".join(BUILD_MODES))
        self.o_chosen = add("decision_buildings", b, "per building type: cards named by the "
                            "decision (building being paid for, chosen to build or to sell)")
        self.o_revealed = add("decision_revealed", b, "per building type: revealed cards to "
                              "keep one of (Design Office)")
        self.o_discard = add("discard_pile", b, "per building type: cards in the face-up "
                             "discard pile")
        self.o_wp = add("workplaces", w * (2 + p), "per workplace (initial and round cards, "
                        "in action order): [copies on the table, copies sideways, workers of "
                        "slot 0..3]")
        self.o_public = add("public_buildings", b * (2 + p), "per building type in the public "
                            "row: [copies, copies sideways, workers of slot 0..3]")
        self.o_players = add("players", p * (1 + len(PLAYER_NUMBERS) + 2 * b),
                             "per relative slot: [present (0/1), " + ", ".join(PLAYER_NUMBERS)
                             + ", buildings owned per type, of them used this round per "
                             "type]")
        self.o_hand = add("own_hand", b, "per building type: copies in the observing seat's "
                          "hand")
        self.o_cost = add("own_hand_cost_now", b, "per building type in hand: its cost for "
                          "the observing seat now (0 if not in hand)")
        self.o_scores = add("scores", 1 + p, "[scores shown (0/1: game over, or solo), total "
                            "of slot 0..3]")

    def encode(self, view: dict[str, Any], seat: int) -> npt.NDArray[np.float32]:
        me = check_seat(view, seat)
        n: int = view["players_count"]
        b = len(self.buildings)
        bi = self.building_index
        x = [0.0] * self.size  # a list: item updates are much cheaper than on an array

        def slot(seat: int) -> int:
            return (seat - me) % n

        x[self.o_numbers:self.o_numbers + 7] = (
            n, view["round"], view["rounds"], view["wage"], view["budget"], view["deck_size"],
            float(view["vp_cards_in_game"]))
        x[self.o_phase + PHASES.index(view["phase"])] = 1
        x[self.o_start + slot(view["start_player"])] = 1
        x[self.o_lead + slot(view["round_lead"])] = 1
        if view["current_player"] is not None:
            x[self.o_current + slot(view["current_player"])] = 1
        decision = view["decision"]
        if decision is not None:
            x[self.o_decision + DECISIONS.index(decision["kind"])] = 1
            x[self.o_cards_left] = decision.get("cards_left", 0)
            if "reason" in decision:
                x[self.o_reason + PAY_REASONS.index(decision["reason"])] = 1
            if "mode" in decision:
                x[self.o_mode + BUILD_MODES.index(decision["mode"])] = 1
            for card in decision.get("building", []) + decision.get("chosen", []):
                x[self.o_chosen + bi[card]] += 1
            for card in decision.get("revealed", []):
                x[self.o_revealed + bi[card]] += 1
        for card, count in view["discard_pile"].items():
            x[self.o_discard + bi[card]] = count
        width = 2 + self.seats
        for place in view["workplaces"]:
            if place["kind"] == "building":
                at = self.o_public + bi[place["id"]] * width
            else:
                at = self.o_wp + self.workplace_index[place["id"]] * width
            x[at] += 1
            x[at + 1] += bool(place["sideways"])
            for seat in place["workers"]:
                x[at + 2 + slot(seat)] += 1
        row_size = 1 + len(PLAYER_NUMBERS) + 2 * b
        for row in view["players"]:
            at = self.o_players + slot(row["seat"]) * row_size
            x[at] = 1
            x[at + 1:at + 1 + len(PLAYER_NUMBERS)] = [row[k] for k in PLAYER_NUMBERS]
            owned = at + 1 + len(PLAYER_NUMBERS)
            for card in row["buildings"]:
                x[owned + bi[card["id"]]] += 1
                x[owned + b + bi[card["id"]]] += bool(card["used"])
            if row["seat"] == me:
                for card in row["hand"]:
                    x[self.o_hand + bi[card["id"]]] += 1
                    x[self.o_cost + bi[card["id"]]] = card["cost_now"]
        scores = view.get("scores")
        if scores is not None:
            x[self.o_scores] = 1
            for seat, score in enumerate(scores):
                x[self.o_scores + 1 + slot(seat)] = score["total"]
        return np.array(x, dtype=np.float32)
