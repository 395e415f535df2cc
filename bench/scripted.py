"""Scripted baselines: a fixed cycle of sensible actions, the yardstick a beginner's
plan sets (issue #19). They live in the bench code, not in the package: they are
opponents to measure against, not levels to offer.

- Futuropia: the tiles in the fixed cycle invite → food → power → robots → subsidy
  (the first face-up one in that order, a coin deciding whether invite or food comes
  first); buy a generator (cheap side first, no loan) of a kind whose production falls
  short of the needs, invite as many residents as the food production feeds, buy the
  cheapest houses that make room, take 1 robot, pay in money first, repay loans when
  offered, never refresh early, use every tile in the final phase.
- 企業帝國: roll the die (never play a price card), buy a material the current company
  card needs (or any material while rich), research only holding the demanded
  material, first choice elsewhere.

Both draw their choices from the public contract only (legal actions, the JSON view),
so they are fair; a seeded coin breaks ties among equal options, so games differ.

    PYTHONPATH=src python bench/scripted.py futuropia heuristic 40
"""

from __future__ import annotations

import sys
from typing import Any

import keizai
from keizai.agents import Agent, make_agent
from keizai.engine import Action, Rng, State
from keizai.sim.stats import binomial_p_greater, wilson

CYCLE = ("action:invite", "action:food", "action:power", "action:robots", "action:subsidy")


class ScriptedFuturopia(Agent):
    name = "scripted"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        names = [a.name for a in legal]
        seat = state.current_player
        assert seat is not None
        me = state.view(seat)["communities"][seat]
        if names[0].startswith("action:") or "refresh" in names or "stop" in names:
            start = self.rng.randbelow(2)  # invite or food first: two openings
            for name in CYCLE[start:] + CYCLE[:start]:
                if name in names:
                    return legal[names.index(name)]
        if "buy:left" in names or "buy:right" in names:
            # buy a generator of a kind whose production falls short of the needs (food:
            # residents + 2; energy: robots + houses + 2), the cheap one, without a loan
            kind = "food" if _last(state) == "action:food" else "power"
            short = {"food": me["residents"] + 2 - me["best_runs"]["food"]["output"],
                     "power": me["robots"] + me["house_energy"] + 2
                     - me["best_runs"]["power"]["output"]}
            market = state.view(seat)["markets"][kind]
            if short[kind] > 0 or (short[kind] >= short["food" if kind == "power" else "power"]):
                for side in ("left", "right"):
                    tile = market.get(side)
                    if f"buy:{side}" in names and tile and tile["cost"] <= me["money"]:
                        return legal[names.index(f"buy:{side}")]
            return legal[names.index("buy:none")]
        if names[0].startswith("invite:"):
            # as many as the food production feeds (at least the 1 the tile demands)
            food = me["best_runs"]["food"]["output"]
            fits = [a for a in legal if me["residents"] + int(a.name[7:]) <= food]
            return (fits or legal[:1])[-1]
        if names[0].startswith("house:") or "house:done" in names:
            if "house:done" in names:
                return legal[names.index("house:done")]
            return legal[0]  # cheapest house that makes room
        if names[0].startswith("robots:"):
            return legal[0]
        if "repay:loan" in names:
            return legal[names.index("repay:loan")]
        return legal[0]  # pay money first; discard the first (weakest) generator


def _last(state: State) -> str:
    for index in reversed(state.history):
        name = state.game.action_space.actions[index].name
        if name.startswith("action:"):
            return name
    return ""


class ScriptedEnterpriseEmpire(Agent):
    name = "scripted"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        names = [a.name for a in legal]
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        me = view["players"][seat]
        if "roll" in names:
            return legal[names.index("roll")]
        if "jump" in names:
            demanded = view["demand"]["material"]
            if me["materials"].get(demanded, 0) > 0:
                return legal[names.index("jump")]
            return legal[names.index("stay")]
        buys = [i for i, n in enumerate(names) if n == "buy" or n.startswith("take-from:")]
        if buys and "pass" in names:
            offer: dict[str, Any] = view["offer"] or {}
            card = me["company_card"]
            needed = bool(card) and offer.get("material") in card["materials"]
            held = me["materials"].get(offer.get("material"), 0) > 0
            affordable = offer.get("price", 0) <= me["cash"] - 300
            if affordable and ((needed and not held) or me["cash"] > 4000):
                return legal[buys[0]]
            return legal[names.index("pass")]
        return legal[self.rng.randbelow(len(legal))]


SCRIPTED = {"futuropia": ScriptedFuturopia, "enterprise-empire": ScriptedEnterpriseEmpire}
# Futuropia is a game without luck; house sides and expert tiles drawn at random make
# the deals differ (the expert rules of the game).
OPTIONS: dict[str, dict[str, Any]] = {
    "futuropia": {},
    "enterprise-empire": {},
}


def play(game: str, spec: str, seed: int, scripted_seat: int) -> tuple[bool, list[int], State]:
    """One 2-player game of `spec` against the scripted baseline; True if spec won."""
    state = keizai.new_game(game, 2, seed=seed, options=OPTIONS[game] or None)
    state.log_enabled = False
    agents: list[Agent] = [make_agent(spec, seed * 7 + 1), make_agent(spec, seed * 7 + 1)]
    agents[scripted_seat] = SCRIPTED[game](seed * 7 + 2)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].choose(state))
    totals = [int(row["total"]) for row in state.scores()]
    return state.ranking()[0] != scripted_seat, totals, state


def match(game: str, spec: str, games: int) -> dict[str, Any]:
    """`games` games on rotated seats (deal g // 2, the scripted bot in seat g % 2)."""
    wins = 0
    for g in range(games):
        won, _totals, _ = play(game, spec, 1 + g // 2, g % 2)
        wins += won
    lo, hi = wilson(wins, games)
    return {"game": game, "agent": spec, "games": games, "wins": wins,
            "win_rate": wins / games, "ci": (lo, hi), "p": binomial_p_greater(wins, games)}


if __name__ == "__main__":
    game, spec, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    r = match(game, spec, count)
    print(f"{game}: {spec} against scripted, {r['games']} games, wins {r['wins']} = "
          f"{100 * r['win_rate']:.1f}% [{100 * r['ci'][0]:.1f}, {100 * r['ci'][1]:.1f}], "
          f"p vs 50% = {r['p']:.2g}")
    # the line for bench/strength_pairs.csv (game,a,b,a_wins,games)
    print(f"{game},{spec},scripted,{r['wins']},{r['games']}")
