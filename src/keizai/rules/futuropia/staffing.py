"""Staffing: which generators run when robots and residents fill the work spaces.

The fill rule (rulebook, 生產運轉測試) fills work spaces as far as the workforce allows,
and a generator produces only when all of its spaces are filled. Any set of generators
whose spaces add up to at most the workforce can be the fully staffed set (the other
workers stand on the remaining generators' spaces), so the best staffing for a run is a
small knapsack: most output of the run's kind within the workforce. Before each run the
rules let the player re-arrange everyone, so the best staffing is computed, not asked:
more output is never worse for the player.
"""

from __future__ import annotations

from keizai.rules.futuropia.data import GeneratorType


def best_output(gens: list[int], table: tuple[GeneratorType, ...], kind: int,
                workforce: int) -> int:
    """Most output of `kind` that `workforce` workers can produce with `gens`."""
    spaces: list[int] = []
    outputs: list[int] = []
    need = 0
    for g in gens:
        gen = table[g]
        if gen.kind == kind:
            spaces.append(gen.spaces)
            outputs.append(gen.output)
            need += gen.spaces
    if need <= workforce:
        return sum(outputs)
    best = [0] * (workforce + 1)  # best[c]: most output using at most c spaces
    for size, out in zip(spaces, outputs, strict=True):
        for c in range(workforce, size - 1, -1):
            candidate = best[c - size] + out
            if candidate > best[c]:
                best[c] = candidate
    return best[workforce]


# The view shows each community's best runs, and bots read views by the thousand in a
# search: the staffings are kept, up to _KEPT of them (then forgotten all at once). The key
# holds the table's id (its dataclasses are slow to hash); each entry keeps its table
# alive, so that id cannot pass to another table while the entry exists.
_KEPT = 4096
_staffings: dict[tuple[int, tuple[int, ...], int, int],
                 tuple[tuple[GeneratorType, ...], int, tuple[int, ...]]] = {}


def best_staffing(gens: list[int], table: tuple[GeneratorType, ...], kind: int,
                  workforce: int) -> tuple[int, list[int]]:
    """The best output of `kind` and which owned generators (positions in `gens`) run.

    Among equally productive staffings the one using fewest work spaces is shown (its
    workers can stand anywhere else); for the view, not the rules' own runs.
    """
    key = (id(table), tuple(gens), kind, workforce)
    known = _staffings.get(key)
    if known is None:
        if len(_staffings) >= _KEPT:
            _staffings.clear()
        output, running = _best_staffing(tuple(table[g] for g in gens), kind, workforce)
        known = _staffings[key] = (table, output, running)
    return known[1], list(known[2])


def _best_staffing(owned: tuple[GeneratorType, ...], kind: int,
                   workforce: int) -> tuple[int, tuple[int, ...]]:
    candidates = [i for i, gen in enumerate(owned) if gen.kind == kind]
    best: tuple[int, int, tuple[int, ...]] = (0, 0, ())
    for mask in range(1 << len(candidates)):
        chosen = tuple(candidates[j] for j in range(len(candidates)) if mask >> j & 1)
        used = sum(owned[i].spaces for i in chosen)
        if used > workforce:
            continue
        out = sum(owned[i].output for i in chosen)
        if out > best[0] or (out == best[0] and used < best[1]):
            best = (out, used, chosen)
    return best[0], best[2]


def workers_on_spaces(gens: list[int], table: tuple[GeneratorType, ...], robots: int,
                      residents: int) -> tuple[int, int]:
    """(robots on work spaces, residents on work spaces) under the fill rule.

    Robots always take work spaces first; residents fill what is left; the rest of the
    residents are idle in their beds.
    """
    total = sum(table[g].spaces for g in gens)
    placed_robots = min(robots, total)
    return placed_robots, min(residents, total - placed_robots)
