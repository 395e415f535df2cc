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
    PYTHONPATH=src python bench/scripted.py futuropia heuristic 100 --cycle --out=runs.txt

`--cycle` plays the stronger baselines (`CycleFuturopia`, `CycleEnterpriseEmpire`: fixed
priorities read off the own position); `--against=SPEC` plays a bot level instead of a
baseline (e.g. the heuristic against itself, on the cycle's deals with `--cycle`);
`--out=FILE` makes the run resumable; `--first=N` starts at game N (a second process on
another file takes the second half). Futuropia runs also print what the measured seat
left unused at the end: the energy and all resources (money + food + energy).
"""

from __future__ import annotations

import argparse
import os
import statistics
from typing import Any

from cli_args import agent_spec, natural_int, parser, positive_int

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
    """The first 企業帝國 baseline: roll; buy what the company card needs and is not held
    (or anything while cash is over $4,000), keeping $300; research only holding the
    demanded material; a random choice elsewhere."""

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
            return legal[names.index("jump" if me["materials"].get(demanded, 0) else "stay")]
        buys = [i for i, n in enumerate(names) if n == "buy" or n.startswith("take-from:")]
        if buys and "pass" in names:
            offer: dict[str, Any] = view["offer"] or {}
            card = me["company_card"]
            material = offer.get("material")
            price = offer.get("price", 0)
            needed = bool(card) and material in card["materials"]
            held = me["materials"].get(material, 0) > 0
            if price <= me["cash"] - 300 and ((needed and not held)
                                              or self._buys_unneeded(price, me["cash"])):
                return legal[buys[0]]
            return legal[names.index("pass")]
        return self._otherwise(legal)

    def _buys_unneeded(self, price: int, cash: int) -> bool:
        """Whether to buy a material the company card does not need."""
        return cash > 4000

    def _otherwise(self, legal: list[Action]) -> Action:
        """Every other decision (corners, price cards...)."""
        return legal[self.rng.randbelow(len(legal))]


class CycleFuturopia(Agent):
    """The stronger Futuropia baseline: fixed priorities, read off the own community.

    Each turn the first of these that applies (among face-up tiles):
    1. food, when food production does not feed residents + 3;
    2. power, when power production does not cover robots + houses + 2;
    3. invite, when food production feeds more residents than live here;
    4. robots, when some work space is empty and power covers one more robot;
    5. subsidy, when money is under $15;
    then the first face-up tile of the cycle food, power, invite, robots, subsidy.
    An early refresh when no face-up tile applies and spare energy pays for it. In the
    final phase only tiles that apply are taken, then stop. Generators: the cheap side
    if affordable, else the dear one if affordable (no loan); invite as many as the food
    feeds, the cheapest houses; as many robots as empty work spaces (≤ 3); pay energy,
    then food, then money; repay every loan offered.
    """

    name = "scripted-cycle"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        names = [a.name for a in legal]
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        me = view["communities"][seat]
        pick = self._pick(names, me, view)
        return legal[names.index(pick)]

    @staticmethod
    def _applies(tile: str, me: dict[str, Any]) -> bool:
        food_out = me["best_runs"]["food"]["output"]
        power_out = me["best_runs"]["power"]["output"]
        spaces = sum(g["spaces"] for g in me["generators"])
        energy_need = me["robots"] + me["house_energy"] + 2
        if tile == "food":
            return food_out < me["residents"] + 3
        if tile == "power":
            return power_out < energy_need
        if tile == "invite":
            return food_out > me["residents"]
        if tile == "robots":
            return spaces > me["residents"] + me["robots"] and power_out >= energy_need + 1
        return me["money"] < 15  # subsidy

    def _pick(self, names: list[str], me: dict[str, Any], view: dict[str, Any]) -> str:
        tiles = [n[7:] for n in names if n.startswith("action:")]
        if tiles or "refresh" in names or "stop" in names:
            useful = [t for t in ("food", "power", "invite", "robots", "subsidy")
                      if t in tiles and self._applies(t, me)]
            if useful:
                return "action:" + useful[0]
            spare = me["energy"] - (me["robots"] + me["house_energy"] + 2)
            if "refresh" in names and spare >= me["refresh_cost"]:
                return "refresh"
            if "stop" in names:
                return "stop"
            return "action:" + next(t for t in CYCLE_NAMES if t in tiles)
        if "buy:none" in names:
            kind = view["decision"]["market"]
            market = view["markets"][kind]
            for side in ("left", "right"):
                tile = market.get(side)
                if f"buy:{side}" in names and tile and tile["cost"] <= me["money"]:
                    return f"buy:{side}"
            return "buy:none"
        if names[0].startswith("invite:"):
            food = me["best_runs"]["food"]["output"]
            fits = [n for n in names if me["residents"] + int(n[7:]) <= food]
            return (fits or names[:1])[-1]
        if names[0].startswith("house:") or "house:done" in names:
            return "house:done" if "house:done" in names else names[0]
        if names[0].startswith("robots:"):
            spaces = sum(g["spaces"] for g in me["generators"])
            empty = max(1, spaces - me["residents"] - me["robots"])
            fits = [n for n in names if int(n[7:]) <= empty]
            return (fits or names[:1])[-1]
        if "repay:loan" in names:
            return "repay:loan"
        for pay in ("pay:energy", "pay:food", "pay:money"):
            if pay in names:
                return pay
        return names[0]  # discard: the first (weakest) generator


CYCLE_NAMES = ("food", "power", "invite", "robots", "subsidy")


class CycleEnterpriseEmpire(ScriptedEnterpriseEmpire):
    """The stronger 企業帝國 baseline: as the first one, but it buys a material the card
    does not need only at most $600 while cash is over $2,000 (a Material Demand pays
    $1,200 for a material), and takes the first choice elsewhere (the first corner)."""

    name = "scripted-cycle"

    def _buys_unneeded(self, price: int, cash: int) -> bool:
        return price <= 600 and cash > 2000

    def _otherwise(self, legal: list[Action]) -> Action:
        return legal[0]


SCRIPTED: dict[str, type[Agent]] = {
    "futuropia": ScriptedFuturopia, "enterprise-empire": ScriptedEnterpriseEmpire}
# The stronger baselines (issue #19, second round): `--cycle` on the command line.
CYCLE_BOTS: dict[str, type[Agent]] = {
    "futuropia": CycleFuturopia, "enterprise-empire": CycleEnterpriseEmpire}
# Futuropia is a game without luck; house sides and expert tiles drawn at random make
# the deals differ (the expert rules of the game).
OPTIONS: dict[str, dict[str, Any]] = {
    "futuropia": {},
    "enterprise-empire": {},
}


# The cycle baseline is deterministic: house sides drawn at random (an expert rule of
# Futuropia) make the Futuropia deals differ; 企業帝國 has its dice.
CYCLE_OPTIONS: dict[str, dict[str, Any]] = {
    "futuropia": {"houses": "random"},
    "enterprise-empire": {},
}


def play(game: str, spec: str, seed: int, scripted_seat: int, cycle: bool = False,
         against: str | None = None) -> tuple[float, list[int], State]:
    """One 2-player game of `spec` against a scripted baseline (or the level `against`):
    1 if spec won, 1/2 for a shared victory (Futuropia has no tie-breaker), 0 if it
    lost."""
    options = (CYCLE_OPTIONS if cycle else OPTIONS)[game] or None
    state = keizai.new_game(game, 2, seed=seed, options=options)
    state.log_enabled = False
    agents: list[Agent] = [make_agent(spec, seed * 7 + 1), make_agent(spec, seed * 7 + 1)]
    if against:
        agents[scripted_seat] = make_agent(against, seed * 7 + 2)
    else:
        agents[scripted_seat] = (CYCLE_BOTS if cycle else SCRIPTED)[game](seed * 7 + 2)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].choose(state))
    totals = [int(row["total"]) for row in state.scores()]
    winners = state.winners()
    won = (1 - scripted_seat in winners) / len(winners)
    return won, totals, state


def match(game: str, spec: str, games: int, cycle: bool = False, out: str | None = None,
          first: int = 0, against: str | None = None) -> dict[str, Any]:
    """`games` games on rotated seats (deal g // 2, the scripted bot in seat g % 2).

    With `out`, each game's result is appended to that file as it ends and games already
    there are not played again (resumable runs)."""
    done: dict[int, float] = {}
    energy: dict[int, int] = {}  # Futuropia: energy the measured seat left unused
    stock: dict[int, list[int]] = {}  # Futuropia: its money, food, energy left
    if out and os.path.exists(out):
        with open(out) as f:
            for line in f:
                g, won, *rest = line.split()
                done[int(g)] = float(won)
                if "energy" in rest:
                    left = rest[rest.index("energy") + 1].split(",")
                    energy[int(g)] = int(left[1 - int(g) % 2])
                if "left" in rest:
                    seats = rest[rest.index("left") + 1].split(";")
                    stock[int(g)] = [int(x) for x in seats[1 - int(g) % 2].split(",")]
    for g in range(first, games):
        if g in done:
            continue
        won, totals, state = play(game, spec, 1 + g // 2, g % 2, cycle, against)
        done[g] = won
        extra = ""
        if game == "futuropia":  # what each seat left unused at the end
            rows = state.view(None)["communities"]
            left = [[int(c["money"]), int(c["food"]), int(c["energy"])] for c in rows]
            energy[g] = left[1 - g % 2][2]
            stock[g] = left[1 - g % 2]
            extra = (" energy " + ",".join(str(c[2]) for c in left)
                     + " left " + ";".join(",".join(map(str, c)) for c in left))
        if out:
            with open(out, "a") as f:
                f.write(f"{g} {won} scores {','.join(map(str, totals))}{extra}\n")
    played = games - first
    wins = sum(done[g] for g in range(first, games))
    lo, hi = wilson(round(wins), played)
    left = sorted(energy[g] for g in range(first, games) if g in energy)
    return {"game": game, "agent": spec, "games": played, "wins": wins,
            "win_rate": wins / played, "ci": (lo, hi),
            "p": binomial_p_greater(round(wins), played), "energy_left": left,
            "stock_left": [stock[g] for g in range(first, games) if g in stock]}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: GAME SPEC GAMES [--cycle] [--out=FILE] [--first=N] [--against=SPEC]."""
    cli = parser(__doc__)
    cli.add_argument("game", metavar="GAME", choices=sorted(SCRIPTED),
                     help="futuropia or enterprise-empire")
    cli.add_argument("spec", metavar="SPEC", type=agent_spec,
                     help="the agent measured (a level or spec, e.g. heuristic, hard)")
    cli.add_argument("games", metavar="GAMES", type=positive_int,
                     help="games on rotated seats (deal g // 2, the baseline in seat g %% 2)")
    cli.add_argument("--cycle", action="store_true",
                     help="the stronger baselines (CycleFuturopia, CycleEnterpriseEmpire)")
    cli.add_argument("--out", metavar="FILE",
                     help="append each game's result to FILE; games there are not replayed")
    cli.add_argument("--first", metavar="N", type=natural_int, default=0,
                     help="start at game N (another process can take the games before)")
    cli.add_argument("--against", metavar="SPEC", type=agent_spec,
                     help="play this bot level instead of a scripted baseline")
    args = cli.parse_args(argv)
    if args.first >= args.games:
        cli.error(f"--first={args.first} leaves none of the {args.games} games to play")
    return args


if __name__ == "__main__":
    given = parse_args()
    game, spec, opponent = given.game, given.spec, given.against
    cycle = given.cycle
    r = match(game, spec, given.games, cycle, given.out, given.first, opponent)
    name = opponent or ("scripted-cycle" if cycle else "scripted")
    print(f"{game}: {spec} against {name}, {r['games']} games, wins {r['wins']:g} = "
          f"{100 * r['win_rate']:.1f}% [{100 * r['ci'][0]:.1f}, {100 * r['ci'][1]:.1f}], "
          f"p vs 50% = {r['p']:.2g}")
    left = r["energy_left"]
    if left:  # issue #19: no level leaves more than a few (≤ 5) units of energy unused
        few = sum(e <= 5 for e in left)
        print(f"energy {spec} left unused: median {statistics.median(left):g}, mean "
              f"{statistics.mean(left):.1f}, max {left[-1]}, ≤ 5 in {few}/{len(left)} games")
    kept = r["stock_left"]
    if kept:  # the end's payments move leftovers between kinds; the total is what scores
        totals = sorted(sum(s) for s in kept)
        print(f"resources {spec} left (money + food + energy): median "
              f"{statistics.median(totals):g}, mean {statistics.mean(totals):.1f}, max "
              f"{totals[-1]}; mean money {statistics.mean(s[0] for s in kept):.1f}, food "
              f"{statistics.mean(s[1] for s in kept):.1f}, energy "
              f"{statistics.mean(s[2] for s in kept):.1f} ({len(kept)} games)")
    # the line for bench/strength_pairs.csv (game,a,b,a_wins,games)
    print(f"{game},{spec},{name},{r['wins']:g},{r['games']}")
