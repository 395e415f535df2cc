"""How much thinking a bot's spec asks of each decision, against the most keizai's
server gives the lobby's bots (keizai.web.bots.BOUNDS, which these ceilings equal).

The terminal plays any budget, on the player's own machine at the player's choice, but
says so before the game where one decision could take far longer than on the server
(`mcts:iterations=999999999` searches for hours): typed in --seats or read from a save.
A count of iterations or rollouts beyond its ceiling is bounded still by a `cap` within
the server's (`expert`'s cap=2), so such a spec is not said.
"""

from __future__ import annotations

from keizai.agents.base import parse_spec

# Per kind: the parameters that set a decision's thinking, at most what the server allows
CEILINGS: dict[str, dict[str, float]] = {
    "mcts": {"iterations": 12000, "time": 5.0, "cap": 5.0},
    "solo": {"rollouts": 64, "cap": 2.0, "work": 40000, "limit": 40000},
}
# The parameters a cap within its ceiling bounds in time
_CAPPED = {"iterations", "rollouts", "work", "limit"}


def beyond_ceiling(spec: str) -> tuple[str, str, float] | None:
    """The first parameter of `spec` that asks for more thinking than the server allows,
    as (name, value as written, the server's most), or None (levels, other kinds, a count
    a cap within its ceiling bounds, a spec the agent refuses anyway)."""
    try:
        kind, params = parse_spec(spec)
    except ValueError:
        return None
    ceilings = CEILINGS.get(kind, {})
    numbers: dict[str, float] = {}
    for name, raw in params.items():
        try:
            numbers[name] = float(raw)
        except ValueError:
            continue
    cap = numbers.get("cap", 0.0)
    capped = 0 < cap <= ceilings.get("cap", 0.0)
    for name, value in numbers.items():
        most = ceilings.get(name)
        if most is not None and value > most and not (capped and name in _CAPPED):
            return name, params[name], most
    return None
