"""The JSON view of a Futuropia position. Nothing is hidden: every seat sees everything."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from keizai.rules.futuropia.actions import TILE_NAMES
from keizai.rules.futuropia.data import FOOD, KINDS, POWER, GeneratorType, HouseFace
from keizai.rules.futuropia.phases import (
    BUY,
    DISCARD,
    HOUSES,
    OPENING,
    PAY,
    PHASE_NAMES,
    PURPOSE_NAMES,
)
from keizai.rules.futuropia.staffing import best_staffing, workers_on_spaces

if TYPE_CHECKING:
    from keizai.rules.futuropia.state import FuturopiaState


def _generator(gen: GeneratorType) -> dict[str, Any]:
    return {"id": gen.id, "kind": KINDS[gen.kind], "price": gen.price, "spaces": gen.spaces,
            "output": gen.output}


def _house(face: HouseFace) -> dict[str, Any]:
    return {"id": face.tile, "side": face.side, "name": face.name, "price": face.price,
            "beds": face.beds, "energy": face.energy, "vp": face.vp, "special": face.special}


def _market(state: FuturopiaState, kind: int) -> dict[str, Any]:
    table = state.setup.components.generators
    sides: dict[str, Any] = {}
    for name, gen, right in (("left", state.mk_left[kind], False),
                             ("right", state.mk_right[kind], True)):
        if gen < 0:
            sides[name] = None
        else:
            sides[name] = {**_generator(table[gen]), "cost": state.market_price(kind, right),
                           "count": state.stock[gen]}
    queue = state.setup.queues[kind]
    sides["marker"] = state.mk_marker[kind]
    sides["supply"] = [{**_generator(table[g]), "count": state.stock[g]}
                       for g in queue[state.mk_next[kind]:]]
    return sides


def _community(state: FuturopiaState, p: int) -> dict[str, Any]:
    comps = state.setup.components
    table = comps.generators
    gens = state.gens[p]
    robots_working, residents_working = workers_on_spaces(
        gens, table, state.robots[p], state.residents[p])
    runs = {}
    for kind in (FOOD, POWER):
        output, running = best_staffing(gens, table, kind, state.workforce(p))
        runs[KINDS[kind]] = {"output": output, "running": [table[gens[i]].id for i in running]}
    money, food, energy = state.res[p]
    return {
        "seat": p,
        "money": money,
        "food": food,
        "energy": energy,
        "loans": state.loans[p],
        "residents": state.residents[p],
        "idle_residents": state.residents[p] - residents_working,
        "robots": state.robots[p],
        "robots_waiting": state.robots[p] - robots_working,
        "beds": state.beds(p),
        "house_energy": state.house_energy(p),
        "generators": [_generator(table[g]) for g in gens],
        "houses": [_house(comps.faces[f]) for f in state.houses[p]],
        "tiles_face_up": [TILE_NAMES[t] for t in range(len(TILE_NAMES))
                          if state.tiles_up[p] >> t & 1],
        "refresh_cost": state.refresh_cost(p),
        "best_runs": runs,
        "finished": state.finished[p],
    }


def _decision(state: FuturopiaState) -> dict[str, Any]:
    decision: dict[str, Any] = {"phase": PHASE_NAMES[state.phase]}
    if state.phase == PAY:
        decision["owed"] = state.pay_owed
        decision["for"] = PURPOSE_NAMES[state.pay_purpose]
    elif state.phase in (BUY, DISCARD):
        decision["market"] = KINDS[state.buy_kind]
    elif state.phase in (HOUSES, OPENING):
        low, high = state.bed_window(state.actor, state.invite_n)
        decision["inviting"] = state.invite_n
        decision["beds_to_buy"] = [max(low, 0), high]
    return decision


def build_view(state: FuturopiaState) -> dict[str, Any]:
    comps = state.setup.components
    experts = {e.id: e for e in comps.expert_tiles}
    view: dict[str, Any] = {
        "game": "futuropia",
        "players": state.num_players,
        "options": dict(state.options),
        "turn": state.turn,
        "turns_played": state.turns_played,  # toward the safety limit options["max_turns"]
        "current_player": state.current_player,
        "decision": _decision(state),
        "final_phase": state.final,
        "markets": {KINDS[k]: _market(state, k) for k in (FOOD, POWER)},
        "subsidy": {"track": list(state.setup.subsidy_track), "position": state.subsidy_pos,
                    "value": state.subsidy_value()},
        "house_supply": [_house(comps.faces[f]) for f in state.house_supply],
        "expert_tiles": [{"id": x, "name": experts[x].name, "change": experts[x].describe()}
                         for x in state.setup.expert],
        "communities": [_community(state, p) for p in range(state.num_players)],
    }
    if state.is_over:
        view["scores"] = state.scores()
        view["winners"] = state.winners()
    return view
