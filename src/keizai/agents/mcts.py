"""Information-set Monte Carlo tree search, generic over every game of the engine contract.

Each iteration searches one `state.determinize(seat, rng)` sample: a position that
agrees with everything the searching seat may know, with the other seats' hidden cards,
the deck order and future chance drawn afresh. So the search only ever uses what its
seat may know (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012):

- one tree over action sequences, shared by all samples; a node's children that are
  not legal in the current sample are skipped, and UCB uses how often a child was
  *available* rather than how often its parent was visited;
- a leaf is valued by a rollout: `depth` random (or heuristic) moves, then either the
  final result or the game's evaluation (`keizai.agents.heuristics`) of the position;
  options: `rollout=turn` only finishes the compound move in progress greedily (no
  random moves), `margin=S` blends the lead at the wide scale S into the value, so a big
  lead still tells moves apart (tried for Futuropia, issue #19: not better, not default);
- every seat's value is a win chance in [0, 1]: a finished game gives mostly win/loss
  plus a little margin, an evaluated position the logistic of its estimated lead;
- the budget is `iterations` per decision (stopped early at `cap` seconds when given),
  or `time` seconds when given;
- work is reused where it is sound: when the agent moves again right after its own
  move (the steps of a compound move: building, then paying), the subtree under the move
  it made becomes the new root; only chance it has just seen separates the two.

With `iterations` (not `time`) and a fixed seed the agent is deterministic.
"""

from __future__ import annotations

import time
from typing import ClassVar

from keizai.agents.base import Agent, action_at
from keizai.agents.heuristics import Evaluator, evaluator_for
from keizai.agents.mcts_search import Node, search
from keizai.engine import Action, InvalidSetup, Rng, State


class MCTSAgent(Agent):
    name = "mcts"
    PARAMS: ClassVar[dict[str, type]] = {
        "iterations": int, "time": float, "c": float, "depth": int, "rollout": str,
        "reuse": int, "cap": float, "margin": float, "evaluation": str,
    }

    def __init__(self, seed: int = 0, iterations: int = 200, time: float = 0.0,
                 c: float = 0.7, depth: int = 6, rollout: str = "random",
                 reuse: int = 1, cap: float = 0.0, margin: float = 0.0,
                 evaluation: str = "hand") -> None:
        """`depth`: random moves per rollout before the evaluation (-1: to the end);
        `rollout`: "random", "heuristic" (one-ply greedy on the evaluation, slower),
        or "turn" (no rollout: finish the compound move in progress greedily);
        `margin`: the scale of the lead blended into leaf values (0: win chances only);
        `cap`: with `iterations`, stop early when this many seconds have passed (a
        bound on the time per decision for players waiting on a busy server; a fixed
        iteration budget alone keeps tournament results independent of the load);
        `evaluation`: "hand" (the game's hand-made evaluation) or "learned" (fitted on
        self-play where the game has one, keizai.agents.heuristics)."""
        if iterations < 1 and time <= 0:
            raise InvalidSetup.refuse("agent.mcts_budget")
        if rollout not in ("random", "heuristic", "turn"):
            raise InvalidSetup.refuse("agent.one_of", key="rollout",
                                      values=["random", "heuristic", "turn"])
        # depth -1: rollouts to the end of the game
        for name, value, least in (("margin", margin, 0), ("time", time, 0), ("c", c, 0),
                                   ("depth", depth, -1), ("cap", cap, 0)):
            if value < least:
                raise InvalidSetup.refuse("agent.at_least", key=name, least=least)
        self.rng = Rng(seed)
        self.iterations = iterations
        self.time = time
        self.c = c
        self.depth = depth
        self.rollout = rollout
        self.reuse = bool(reuse)
        self.cap = cap
        self.margin = margin
        if evaluation not in ("hand", "learned"):
            raise InvalidSetup.refuse("agent.one_of", key="evaluation",
                                      values=["hand", "learned"])
        self.evaluation = evaluation
        self.evaluator: Evaluator | None = None
        self._game: str | None = None
        self._tree: tuple[int, tuple[int, ...], int, Node] | None = None
        self.last_iterations = 0

    # ------------------------------------------------------------------ deciding
    def choose(self, state: State) -> Action:
        return action_at(state, self.choose_index(state))

    def choose_index(self, state: State) -> int:
        started = time.perf_counter()
        legal = state.legal_indices()
        if len(legal) == 1:
            self._tree = None
            return legal[0]
        seat = state.current_player
        assert seat is not None
        if self._game != state.game.id:
            self._game = state.game.id
            self.evaluator = evaluator_for(state.game.id, self.evaluation)
        assert self.evaluator is not None
        legal = self.evaluator.prune(state, legal)
        if len(legal) == 1:
            self._tree = None
            return legal[0]
        root = self._reused_root(state, seat)
        self.search(state, seat, root, time.perf_counter() - started)
        best, best_key = legal[0], (-1, 0.0)
        for index in legal:
            child = root.children.get(index)
            if child is not None and child.n:
                key = (child.n, child.w / child.n)
                if key > best_key:
                    best, best_key = index, key
        self._tree = (state.seed, (*state.history, best), seat, root.children.get(best, Node(seat)))
        return best

    def _reused_root(self, state: State, seat: int) -> Node:
        tree, self._tree = self._tree, None
        if self.reuse and tree is not None:
            seed, history, tree_seat, node = tree
            if (seed == state.seed and tree_seat == seat and len(state.history) == len(history)
                    and tuple(state.history) == history):
                return node
        return Node(None)

    def search(self, state: State, seat: int, root: Node, spent: float = 0.0) -> Node:
        """Run the budget of iterations from `state` for `seat` into `root` (the loop is
        compiled: keizai.agents.mcts_search). `spent`: seconds this decision has already
        taken (the pruning before the search), counted against `time` and `cap`, so
        they bound the whole decision."""
        assert self.evaluator is not None
        seconds = max(self.time - spent, 1e-9) if self.time > 0 else 0.0
        cap = max(self.cap - spent, 1e-9) if self.cap > 0 else 0.0
        self.last_iterations = search(state, seat, root, self.rng, self.c, self.iterations,
                                      seconds, cap, self.depth,
                                      self.rollout == "heuristic", self.evaluator,
                                      self.rollout == "turn", self.margin)
        return root
