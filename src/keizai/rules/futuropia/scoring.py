"""Final scoring: the self-sufficiency check, then the points (rulebook, 最終計分).

The check ignores stock; only production counts, with work spaces re-staffed by the
player. Here the player's choices in the check (staffing at each step, which house to
remove) are made by search so that the player's score is the best the rules allow:

1. Energy. Demand = robots + house energy; staff for the most energy. While short,
   remove a robot (its work space is taken by an idle resident, per the fill rule) and
   re-staff. With no robots left and still short, remove houses with energy (the
   player's choice; here the choice that scores best) until energy balances.
2. People. Remove residents without a bed, then, one at a time (idle ones first),
   residents the food production cannot feed. Staffing here keeps energy balanced
   where possible and otherwise takes the most food.
3. Surplus. The final staffing feeds everyone, keeps energy balanced where possible,
   and maximises food + energy beyond demand.
"""

from __future__ import annotations

from dataclasses import dataclass

from keizai.engine.pickling import pickle_by_fields
from keizai.rules.futuropia.data import FOOD, GeneratorType, HouseFace, Rules


@dataclass(frozen=True, slots=True)
class Community:
    """What the check needs of one player's community."""

    generators: tuple[GeneratorType, ...]
    robots: int
    residents: int
    houses: tuple[HouseFace, ...]


@dataclass(frozen=True, slots=True)
class CheckResult:
    robots: int
    houses: tuple[HouseFace, ...]
    residents: int
    idle: int
    surplus_food: int
    surplus_energy: int

    @property
    def house_vp(self) -> int:
        return sum(h.vp for h in self.houses)

    def points(self, rules: Rules) -> int:
        return (self.idle * rules.idle_resident_vp
                + (self.surplus_food + self.surplus_energy) * rules.surplus_vp
                + self.house_vp)


class _Production:
    """Every staffing of a community: (spaces, food, energy) per set of running generators.

    Tables are indexed by workforce, capped at the total number of work spaces.
    """

    __slots__ = ("_food_tables", "_surplus", "max_energy", "options", "total_spaces")

    def __init__(self, gens: tuple[GeneratorType, ...]) -> None:
        self.total_spaces = sum(g.spaces for g in gens)
        options: list[tuple[int, int, int]] = [(0, 0, 0)]
        for g in gens:
            food = g.output if g.kind == FOOD else 0
            energy = g.output - food
            options += [(s + g.spaces, f + food, e + energy) for s, f, e in options]
            # Identical generators give identical staffings: keep each (spaces, food,
            # energy) once, in the order of its first occurrence (the order ties use).
            options = list(dict.fromkeys(options))
        self.options = options
        best = [-1] * (self.total_spaces + 1)
        for s, _, e in options:
            if e > best[s]:
                best[s] = e
        self.max_energy = self._running_max(best)
        self._food_tables: dict[int, list[int]] = {}
        self._surplus: dict[tuple[int, int, int], tuple[int, int]] = {}

    @staticmethod
    def _running_max(best: list[int]) -> list[int]:
        """best[w] becomes the largest value using at most w work spaces."""
        for w in range(1, len(best)):
            if best[w - 1] > best[w]:
                best[w] = best[w - 1]
        return best

    def workforce(self, workers: int) -> int:
        return min(workers, self.total_spaces)

    def food_keeping_energy(self, energy_demand: int) -> list[int]:
        """Most food per workforce, keeping energy balanced where that is possible."""
        table = self._food_tables.get(energy_demand)
        if table is None:
            size = self.total_spaces + 1
            kept = [-1] * size
            anyhow = [-1] * size
            for s, f, e in self.options:
                if f > anyhow[s]:
                    anyhow[s] = f
                if e >= energy_demand and f > kept[s]:
                    kept[s] = f
            kept = self._running_max(kept)
            anyhow = self._running_max(anyhow)
            table = [k if k >= 0 else a for k, a in zip(kept, anyhow, strict=True)]
            self._food_tables[energy_demand] = table
        return table

    def best_surplus(self, workforce: int, residents: int, energy_demand: int) -> tuple[int, int]:
        """(surplus food, surplus energy) of the first staffing, in `options` order, with
        the most surplus among those that feed everyone and keep energy balanced (among
        those that feed everyone when none keeps it balanced)."""
        key = (workforce, residents, energy_demand)
        known = self._surplus.get(key)
        if known is None:
            known = self._surplus[key] = self._best_surplus(workforce, residents,
                                                             energy_demand)
        return known

    def _best_surplus(self, workforce: int, residents: int,
                      energy_demand: int) -> tuple[int, int]:
        fed_best = balanced_best = -1
        fed = balanced = (0, 0)
        for s, f, e in self.options:
            if s > workforce or f < residents:
                continue
            extra = e - energy_demand
            value = f - residents + (extra if extra > 0 else 0)
            if value > fed_best:
                fed_best = value
                fed = (f, e)
            if extra >= 0 and value > balanced_best:
                balanced_best = value
                balanced = (f, e)
        if balanced_best < 0 and fed_best < 0:
            return 0, 0
        f, e = balanced if balanced_best >= 0 else fed
        return f - residents, max(0, e - energy_demand)


def self_sufficiency(community: Community, rules: Rules) -> CheckResult:
    """The community left after the check, with its idle residents and surplus."""
    production = _Production(community.generators)
    memo: dict[tuple[HouseFace, ...], CheckResult] = {}

    def people(robots: int, houses: tuple[HouseFace, ...]) -> CheckResult:
        residents = min(community.residents, sum(h.beds for h in houses))
        energy_demand = robots + sum(h.energy for h in houses)
        food = production.food_keeping_energy(energy_demand)
        while residents > 0 and food[production.workforce(robots + residents)] < residents:
            residents -= 1
        workforce = robots + residents
        surplus_food, surplus_energy = production.best_surplus(
            workforce, residents, energy_demand)
        total = production.total_spaces
        working = max(0, min(workforce, total) - min(robots, total))
        return CheckResult(robots, houses, residents, residents - working,
                           surplus_food, surplus_energy)

    def energy(robots: int, houses: tuple[HouseFace, ...]) -> CheckResult:
        while True:
            demand = robots + sum(h.energy for h in houses)
            workforce = production.workforce(robots + community.residents)
            if production.max_energy[workforce] >= demand:
                return people(robots, houses)
            if robots == 0:
                break
            robots -= 1
        cached = memo.get(houses)
        if cached is not None:
            return cached
        best: CheckResult | None = None
        best_points = 0
        tried: set[tuple[int, int, int]] = set()
        for i, house in enumerate(houses):
            key = (house.beds, house.energy, house.vp)
            if house.energy == 0 or key in tried:
                continue
            tried.add(key)
            result = energy(0, houses[:i] + houses[i + 1:])
            points = result.points(rules)
            if best is None or points > best_points:
                best = result
                best_points = points
        assert best is not None  # demand > 0 with no robots means a house uses energy
        memo[houses] = best
        return best

    return energy(community.robots, tuple(community.houses))


def final_points(check: CheckResult, loans: int, face_up_tiles: int, resources: int,
                 rules: Rules) -> dict[str, int]:
    """The score breakdown of one player (rulebook, 最終計分 II)."""
    parts = {
        "idle_residents": check.idle * rules.idle_resident_vp,
        "surplus": (check.surplus_food + check.surplus_energy) * rules.surplus_vp,
        "houses": check.house_vp,
        "loans": -loans * rules.loan_penalty,
        "face_up_tiles": face_up_tiles * rules.face_up_tile_vp,
        "resources": resources // rules.resources_per_vp,
    }
    parts["total"] = sum(parts.values())
    return parts


pickle_by_fields(Community, CheckResult)
