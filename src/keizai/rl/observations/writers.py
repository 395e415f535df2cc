"""The hot path of the observation encoders and of the action mask, compiled with mypyc
(setup.py): each game's writer reads the state directly and writes the observation of a
seat into a float32 `array.array` at an offset; `write_mask` writes the legal actions
into a bytearray. No NumPy here (the encoders and environments wrap the buffers with one
`np.frombuffer`), so a batch of environments can share one buffer and a single
observation needs no conversion.

The buffers must be zero where they are written (a fresh copy of a blank buffer, or a
row cleared by slice assignment): writers only set and add what is not zero.
What each writer writes is exactly `encode(state.view(seat), seat)` of its encoder
(tests/rl/observations check it on random positions of every game and player count);
each reads only what that view shows.
"""

from __future__ import annotations

from array import array
from typing import Any

from keizai.engine import State
from keizai.rules.enterprise_empire import state as ee
from keizai.rules.futuropia import phases
from keizai.rules.futuropia.data import FOOD, POWER
from keizai.rules.futuropia.staffing import best_output, workers_on_spaces
from keizai.rules.futuropia.state import FuturopiaState
from keizai.rules.national_economy import state as ne
from keizai.rules.national_economy.workplaces import FACE, PUBLIC

# A float32 buffer (`array("f")`); mypy types its items as floats.
Buffer = array


def write_mask(state: State, seat: int, out: bytearray, base: int) -> None:
    """1 at `base + i` for each legal action index i, if `seat` is the one to act (a
    negative seat: whoever acts); nothing once the game is over."""
    if state.is_over:
        return
    if seat >= 0 and seat != state.current_player:
        return
    for i in state.legal_indices():
        out[base + i] = 1


class NationalEconomyWriter:
    """Writes `NationalEconomyEncoder` observations (the encoder's layout)."""

    def __init__(self, enc: Any, building_modes: list[str]) -> None:
        self.seats: int = enc.seats
        self.b: int = len(enc.buildings)
        self.type_slots: list[int] = list(enc.type_slots)
        self.workplace_index: dict[str, int] = dict(enc.workplace_index)
        self.modes: list[str] = list(building_modes)
        self.numbers: int = enc.player_numbers
        self.o_numbers: int = enc.o_numbers
        self.o_phase: int = enc.o_phase
        self.o_start: int = enc.o_start
        self.o_lead: int = enc.o_lead
        self.o_current: int = enc.o_current
        self.o_decision: int = enc.o_decision
        self.o_cards_left: int = enc.o_cards_left
        self.o_reason: int = enc.o_reason
        self.o_mode: int = enc.o_mode
        self.o_chosen: int = enc.o_chosen
        self.o_revealed: int = enc.o_revealed
        self.o_discard: int = enc.o_discard
        self.o_wp: int = enc.o_wp
        self.o_public: int = enc.o_public
        self.o_players: int = enc.o_players
        self.o_hand: int = enc.o_hand
        self.o_cost: int = enc.o_cost
        self.o_scores: int = enc.o_scores

    def write(self, state: ne.NationalEconomyState, me: int, x: Buffer, base: int) -> None:
        cards = state.cards
        slot_of = self.type_slots
        n = state.num_players
        b = self.b
        at = base + self.o_numbers
        x[at] = n
        x[at + 1] = state.round
        x[at + 2] = len(cards.wages)
        x[at + 3] = cards.wages[state.round - 1]
        x[at + 4] = state.budget
        x[at + 5] = len(state.deck)
        if cards.vp_cards:
            x[at + 6] = 1
        phase = state.phase
        x[base + self.o_phase + (2 if phase == ne.OVER else 1 if phase == ne.PAYDAY else 0)] = 1
        x[base + self.o_start + (state.start_player - me) % n] = 1
        x[base + self.o_lead + (state.round_lead - me) % n] = 1
        decision = state.decision
        current = state.current_player
        if current is not None:
            x[base + self.o_current + (current - me) % n] = 1
        if phase != ne.OVER:
            if decision != ne.NONE:
                x[base + self.o_decision + decision] = 1  # DECISIONS follows the rules
                named: list[int] = []
                if decision == ne.PAY:
                    x[base + self.o_cards_left] = state.pay_left
                    pay_for = state.pay_for
                    x[base + self.o_reason + (0 if pay_for == ne.PAY_LIMIT
                                              else 1 if pay_for == ne.PAY_BUILD else 2)] = 1
                    named = state.chosen
                elif decision == ne.BUILD:
                    two = state.build_two
                    mode = state.build_mode if two is None else two
                    x[base + self.o_mode + self.modes.index(mode)] = 1
                    named = state.chosen
                elif decision == ne.SELL:
                    named = state.sale_chosen
                elif decision == ne.TAKE:
                    for t in state.revealed:
                        x[base + self.o_revealed + slot_of[t]] += 1
                for t in named:
                    x[base + self.o_chosen + slot_of[t]] += 1
        for t in state.discard:
            x[base + self.o_discard + slot_of[t]] += 1
        width = 2 + self.seats
        wp_index = self.workplace_index
        keys = state.wp_key
        whos = state.wp_who
        sides = state.wp_side
        for i in range(len(keys)):
            key = keys[i]
            if key >= PUBLIC:
                at = base + self.o_public + slot_of[key - PUBLIC] * width
            elif key >= FACE:
                at = base + self.o_wp + wp_index[cards.faces[key - FACE].id] * width
            else:
                at = base + self.o_wp + wp_index[cards.initial[key].id] * width
            x[at] += 1
            if sides[i]:
                x[at + 1] += 1
            for worker in whos[i]:
                x[at + 2 + (worker - me) % n] += 1
        numbers = self.numbers
        row_size = 1 + numbers + 2 * b
        players = state.players
        for s in range(n):
            p = players[s]
            at = base + self.o_players + ((s - me) % n) * row_size
            x[at] = 1
            x[at + 1] = p.money
            x[at + 2] = p.workers
            x[at + 3] = p.ready
            x[at + 4] = p.trainees
            x[at + 5] = p.dolls
            x[at + 6] = p.temps
            x[at + 7] = p.hand_size
            x[at + 8] = p.items
            x[at + 9] = p.vp
            x[at + 10] = p.unpaid
            x[at + 11] = p.brew
            x[at + 12] = state._worker_limit(p)
            x[at + 13] = state._hand_limit(p)
            owned = at + 1 + numbers
            built = p.built
            buildings = p.buildings
            for k in range(len(buildings)):
                t = slot_of[buildings[k]]
                x[owned + t] += 1
                if built[k] >= ne.USED:
                    x[owned + b + t] += 1
        p = players[me]
        hand = p.hand
        for t in range(len(hand)):
            count = hand[t]
            if count:
                x[base + self.o_hand + slot_of[t]] += count
                x[base + self.o_cost + slot_of[t]] = state.cost(p, t)
        if phase == ne.OVER or n == 1:
            x[base + self.o_scores] = 1
            scores = state.scores()
            for s in range(n):
                x[base + self.o_scores + 1 + (s - me) % n] = scores[s]["total"]


class FuturopiaWriter:
    """Writes `FuturopiaEncoder` observations (the encoder's layout)."""

    def __init__(self, enc: Any) -> None:
        self.seats: int = enc.seats
        self.generator_slots: list[int] = list(enc.generator_slots)
        self.face_slots: list[tuple[int, bool]] = list(enc.face_slots)
        self.tile_slots: list[int] = list(enc.tile_slots)
        self.experts: dict[str, int] = dict(enc.experts)
        self.gens_n: int = len(enc.generators)
        self.houses_n: int = len(enc.houses)
        self.community_numbers: int = enc.community_numbers
        self.row_size: int = enc._row_size()
        self.o_numbers: int = enc.o_numbers
        self.o_current: int = enc.o_current
        self.o_phase: int = enc.o_phase
        self.o_decision: int = enc.o_decision
        self.o_purpose: int = enc.o_purpose
        self.o_market: int = enc.o_market
        self.o_markers: int = enc.o_markers
        self.o_gens: int = enc.o_gens
        self.o_supply: int = enc.o_supply
        self.o_experts: int = enc.o_experts
        self.o_players: int = enc.o_players
        self.o_scores: int = enc.o_scores

    def write(self, state: FuturopiaState, seat: int, x: Buffer, base: int) -> None:
        n = state.num_players
        setup = state.setup
        table = setup.components.generators
        gslot = self.generator_slots
        faces = self.face_slots
        at = base + self.o_numbers
        x[at] = n
        x[at + 1] = state.turn
        if state.final:
            x[at + 2] = 1
        x[at + 3] = state.subsidy_pos
        x[at + 4] = state.subsidy_value() or 0
        if state.options["advanced"]:
            x[at + 5] = 1
        phase = state.phase
        if phase != phases.OVER:
            x[base + self.o_current + (state.actor - seat) % n] = 1
        x[base + self.o_phase + phase] = 1  # PHASES follows the rules' numbering
        if phase == phases.PAY:
            x[base + self.o_decision] = state.pay_owed
            x[base + self.o_purpose + state.pay_purpose] = 1
        elif phase == phases.BUY or phase == phases.DISCARD:
            x[base + self.o_market + state.buy_kind] = 1
        elif phase == phases.HOUSES or phase == phases.OPENING:
            low, high = state.bed_window(state.actor, state.invite_n)
            at = base + self.o_decision
            x[at + 1] = state.invite_n
            x[at + 2] = max(low, 0)
            x[at + 3] = high
        stock = state.stock
        for kind in (FOOD, POWER):
            x[base + self.o_markers + kind] = state.mk_marker[kind]
            queue = setup.queues[kind]
            for i in range(state.mk_next[kind], len(queue)):
                g = queue[i]
                x[base + self.o_gens + 5 * gslot[g]] += stock[g]
            for right in (False, True):
                gen = state.mk_right[kind] if right else state.mk_left[kind]
                if gen >= 0:
                    at = base + self.o_gens + 5 * gslot[gen]
                    x[at + (2 if right else 1)] = 1
                    x[at + 3] = state.market_price(kind, right) or 0
                    x[at + 4] = stock[gen]
        for f in state.house_supply:
            house, side_b = faces[f]
            x[base + self.o_supply + 2 * house] += 1
            if side_b:
                x[base + self.o_supply + 2 * house + 1] += 1
        for expert in setup.expert:
            x[base + self.o_experts + self.experts[expert]] = 1
        row_size = self.row_size
        gens_n = self.gens_n
        numbers = self.community_numbers
        for p in range(n):
            at = base + self.o_players + ((p - seat) % n) * row_size
            gens = state.gens[p]
            robots = state.robots[p]
            residents = state.residents[p]
            robots_working, residents_working = workers_on_spaces(gens, table, robots,
                                                                  residents)
            res = state.res[p]
            x[at] = 1
            x[at + 1] = res[0]
            x[at + 2] = res[1]
            x[at + 3] = res[2]
            x[at + 4] = state.loans[p]
            x[at + 5] = residents
            x[at + 6] = residents - residents_working
            x[at + 7] = robots
            x[at + 8] = robots - robots_working
            x[at + 9] = state.beds(p)
            x[at + 10] = state.house_energy(p)
            x[at + 11] = state.refresh_cost(p)
            if state.finished[p]:
                x[at + 12] = 1
            at += 1 + numbers
            workforce = state.workforce(p)
            x[at] = best_output(gens, table, FOOD, workforce)
            x[at + 1] = best_output(gens, table, POWER, workforce)
            at += 2
            for g in gens:
                x[at + gslot[g]] += 1
            at += gens_n
            for f in state.houses[p]:
                house, side_b = faces[f]
                x[at + 2 * house] += 1
                if side_b:
                    x[at + 2 * house + 1] += 1
            at += 2 * self.houses_n
            up = state.tiles_up[p]
            tile_slots = self.tile_slots
            for t in range(len(tile_slots)):
                if up >> t & 1:
                    x[at + tile_slots[t]] = 1
        if phase == phases.OVER:
            x[base + self.o_scores] = 1
            scores = state.scores()
            for other in range(n):
                x[base + self.o_scores + 1 + (other - seat) % n] = scores[other]["total"]


class EnterpriseEmpireWriter:
    """Writes `EnterpriseEmpireEncoder` observations (the encoder's layout)."""

    def __init__(self, enc: Any) -> None:
        self.seats: int = enc.seats
        self.material_slots: list[int] = list(enc.material_slots)
        self.group_slots: list[int] = list(enc.group_slots)
        self.company_slots: list[int] = list(enc.company_slots)
        self.price_slots: list[int] = list(enc.price_slots)
        self.groups_n: int = len(enc.groups)
        self.companies_n: int = len(enc.companies)
        self.spaces: int = enc.spaces
        self.corners: int = enc.corners
        self.player_numbers: int = enc.player_numbers
        self.row_size: int = enc._row_size()
        self.o_numbers: int = enc.o_numbers
        self.o_phase: int = enc.o_phase
        self.o_start: int = enc.o_start
        self.o_active: int = enc.o_active
        self.o_current: int = enc.o_current
        self.o_winner: int = enc.o_winner
        self.o_corners: int = enc.o_corners
        self.o_bank: int = enc.o_bank
        self.o_offer: int = enc.o_offer
        self.o_demand: int = enc.o_demand
        self.o_players: int = enc.o_players
        self.o_hand: int = enc.o_hand

    def write(self, state: ee.EmpireState, me: int, x: Buffer, base: int) -> None:
        n = state.num_players
        parts = state.parts
        mslot = self.material_slots
        m_count = len(mslot)
        at = base + self.o_numbers
        x[at] = n
        x[at + 1] = state.turn
        x[at + 2] = state.max_turns
        x[at + 3] = len(state.price_pile)
        x[at + 4] = len(state.demand_pile)
        if state.capped:
            x[at + 5] = 1
        phase = state.phase
        x[base + self.o_phase + phase] = 1  # PHASES follows the rules' numbering
        x[base + self.o_start + (state.start - me) % n] = 1
        x[base + self.o_active + (state.active - me) % n] = 1
        current = state.current_player
        if current is not None:
            x[base + self.o_current + (current - me) % n] = 1
        if state.winner >= 0:
            x[base + self.o_winner + (state.winner - me) % n] = 1
        for c in range(self.corners):
            at = base + self.o_corners + c * (self.seats + 1)
            owner = state.corner_owner[c]
            if owner >= 0:
                x[at + (owner - me) % n] = 1
            x[at + self.seats] = state.corner_revenue[c]
        for m in range(m_count):
            x[base + self.o_bank + mslot[m]] = state.bank[m]
        if state.offered >= 0:
            at = base + self.o_offer
            card = parts.price_kinds[state.offered]
            x[at] = 1
            x[at + 1] = card.price
            x[at + 2] = card.steps
            x[at + 3 + mslot[state.offer_material]] = 1
            if phase == ee.OFFER:
                x[at + 3 + m_count + (state.decider - me) % n] = 1
        x[base + self.o_demand + mslot[state.demand_pile[0]]] = 1
        row_size = self.row_size
        k = len(parts.price_kinds)
        companies = self.companies_n
        held = state.held
        hand = state.hand
        for s in range(n):
            at = base + self.o_players + ((s - me) % n) * row_size
            up = state.company_up[s]
            cards = 0
            for i in range(s * k, (s + 1) * k):
                cards += hand[i]
            x[at] = 1
            x[at + 1] = state.cash[s]
            x[at + 2] = state.founded[s]
            x[at + 3] = len(state.company_pile[s])
            x[at + 4] = cards
            at += 1 + self.player_numbers
            x[at + self.group_slots[state.group[s]]] = 1
            at += self.groups_n
            corner = state.corner_of[s]
            if corner >= 0:
                x[at + corner] = 1
            at += self.corners
            position = state.position[s]
            if position >= 0:
                x[at + position] = 1
            at += self.spaces
            for m in range(m_count):
                count = held[s * m_count + m]
                if count:
                    x[at + mslot[m]] = count
            at += m_count
            if up >= 0:
                x[at + self.company_slots[up]] = 1
                for m in parts.companies[up].materials:
                    x[at + companies + mslot[m]] += 1
            if s == me:
                for i in range(k):
                    count = hand[s * k + i]
                    if count:
                        x[base + self.o_hand + self.price_slots[i]] += count
