"""The agent interface and the factory that builds agents from their names.

An agent spec is a kind with optional parameters: ``random``, ``heuristic``,
``heuristic:epsilon=0.2``, ``mcts``, ``mcts:iterations=200:depth=8``, or a difficulty
level (``easy``, ``normal``, ``hard``, ``expert``, ``solo``), which is a named spec.
Parameters are separated by ``:`` so that a comma-separated list of seats
(``--seats human,mcts:iterations=50``) stays unambiguous. A spec refused (here or by
the agent's constructor) is an `InvalidSetup`, a ValueError whose reason is a catalogue
message (``agent.*``), so the terminal says it in the player's language.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, SupportsIndex

from keizai.engine import Action, Game, InvalidSetup, State
from keizai.engine.registry import integer_seed

# Difficulty levels offered to players: each is a named agent spec.
LEVELS: dict[str, str] = {
    "easy": "heuristic:epsilon=0.35",
    "normal": "mcts:iterations=300:depth=6:c=0.4",
    "hard": "mcts:iterations=2000:depth=6:c=0.4",
    # six times hard's budget (the search loop is compiled: about 0.5 s per decision
    # in National Economy on one core) and, in National Economy, the evaluation fitted
    # on self-play (bench/ne_value_fit.py; other games: their hand-made one); the cap
    # bounds it at 2 s on a busy machine
    "expert": "mcts:iterations=12000:depth=6:c=0.4:evaluation=learned:cap=2",
    # National Economy solo planner: Monte Carlo over determinizations by sequential
    # halving (48 rollouts per action on average, at most 20,000 rollout moves a
    # decision) finished by the fast solo policy judged by the learned solo value
    # (bench/solo_value_fit.py); a rollout is worth its score plus 60 points times a
    # step (width 5) at the victory score, since the solo game is won there, not on the
    # mean; with more players it plays as the heuristic; 1.7 s plus one policy move per
    # decision at most
    "solo": ("solo:policy=fast:rollouts=48:halving=1:evaluation=learned:limit=20000"
             ":goal=60:spread=5:cap=1.7"),
}
KINDS = ("random", "heuristic", "mcts", "solo")


class Agent(ABC):
    """Chooses one action for the seat whose decision it is.

    A fair agent decides only from what its seat may know: `state.view(seat)`, the
    public contract (legal actions, scores, whose turn) and samples from
    `state.determinize(seat, rng)` — never from other seats' hands or the deck order.
    """

    name: str = "agent"

    @abstractmethod
    def choose(self, state: State) -> Action:
        """A legal action of `state.current_player`."""


def action_at(state: State, index: int) -> Action:
    """The Action of index `index` in `state`'s game (what an agent that decides indices
    answers to `choose`). `State.game` is untyped so that each game's rules reach their
    own game's tables; an agent needs only the `Game` interface."""
    game: Game = state.game
    return game.decode(index)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """("mcts", {"iterations": "200"}) from "mcts:iterations=200"; levels are expanded."""
    text = spec.strip().lower()
    text = LEVELS.get(text, text)
    kind, *parts = text.split(":")
    params: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise InvalidSetup.refuse("agent.not_key_value", part=part, spec=spec)
        params[key.strip()] = value.strip()
    if kind not in KINDS:
        known = list(dict.fromkeys([*KINDS, *LEVELS]))   # "solo" is both
        raise InvalidSetup.refuse("agent.unknown", spec=spec, known=known)
    return kind, params


def without_time_cap(spec: str) -> str:
    """A level's spec without its time cap (`expert`, `solo`: their fixed budget alone),
    for tournaments and research environments, whose games must not depend on the
    machine's load; any other spec as given (a cap of one's own is kept)."""
    level = LEVELS.get(spec.strip().lower())
    if level is None:
        return spec
    return ":".join(part for part in level.split(":") if not part.startswith("cap="))


def _typed(params: dict[str, str], types: dict[str, type], spec: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, raw in params.items():
        if key not in types and not types:
            raise InvalidSetup.refuse("agent.no_params", key=key, spec=spec,
                                      kind=spec.strip().lower().partition(":")[0])
        if key not in types:
            raise InvalidSetup.refuse("agent.unknown_param", key=key, spec=spec,
                                      known=sorted(types))
        kind = types[key]
        try:
            out[key] = raw if kind is str else kind(raw)
        except ValueError:
            wanted = "agent.param_whole" if kind is int else "agent.param_number"
            raise InvalidSetup.refuse(wanted, key=key, spec=spec) from None
        # nan passes every bound check (each comparison is false) and time=inf searched
        # for ever: no parameter of any agent means anything but a finite number
        if kind is float and not math.isfinite(out[key]):
            raise InvalidSetup.refuse("agent.param_finite", key=key, spec=spec)
    return out


def agent_class(kind: str) -> Callable[..., Agent]:
    """The agent class a spec of `kind` (one of KINDS) makes: called with the seed and
    the spec's typed parameters (`typed_spec`)."""
    from keizai.agents.heuristic import HeuristicAgent
    from keizai.agents.mcts import MCTSAgent
    from keizai.agents.random_agent import RandomAgent
    from keizai.agents.solo import SoloAgent

    classes: dict[str, Callable[..., Agent]] = {
        "random": RandomAgent, "heuristic": HeuristicAgent, "mcts": MCTSAgent,
        "solo": SoloAgent}
    return classes[kind]


def typed_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """`spec`'s kind and its parameters as its agent is built with them ("mcts",
    {"iterations": 200}); `InvalidSetup` for a spec `make_agent` refuses."""
    kind, params = parse_spec(spec)
    return kind, _typed(params, getattr(agent_class(kind), "PARAMS", {}), spec)


def make_agent(spec: str, seed: SupportsIndex = 0) -> Agent:
    """An agent from its spec (see the module docstring), seeded: an integer (NumPy's
    too), else InvalidSetup (a string, a float or a bool would reach the generator)."""
    kind, params = typed_spec(spec)
    return agent_class(kind)(integer_seed(seed), **params)
