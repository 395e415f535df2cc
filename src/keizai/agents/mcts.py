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

import math
import time as _time
from typing import ClassVar

from keizai.agents.base import Agent
from keizai.agents.heuristics import Evaluator, evaluator_for
from keizai.engine import Action, Rng, State


class Node:
    __slots__ = ("avail", "children", "n", "player", "w")

    def __init__(self, player: int | None) -> None:
        self.player = player  # seat that chose the move leading here
        self.n = 0
        self.w = 0.0
        self.avail = 1
        self.children: dict[int, Node] = {}


def _sigmoid(x: float) -> float:
    if x < -30.0:
        return 0.0
    if x > 30.0:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


class MCTSAgent(Agent):
    name = "mcts"
    PARAMS: ClassVar[dict[str, type]] = {
        "iterations": int, "time": float, "c": float, "depth": int, "rollout": str,
        "reuse": int, "cap": float,
    }

    def __init__(self, seed: int = 0, iterations: int = 200, time: float = 0.0,
                 c: float = 0.7, depth: int = 6, rollout: str = "random",
                 reuse: int = 1, cap: float = 0.0) -> None:
        """`depth`: random moves per rollout before the evaluation (-1: to the end);
        `rollout`: "random" or "heuristic" (one-ply greedy on the evaluation, slower);
        `cap`: with `iterations`, stop early when this many seconds have passed (a
        bound on the time per decision for players waiting on a busy server; a fixed
        iteration budget alone keeps tournament results independent of the load)."""
        if iterations < 1 and time <= 0:
            raise ValueError("mcts needs iterations >= 1 or time > 0")
        if rollout not in ("random", "heuristic"):
            raise ValueError("rollout must be 'random' or 'heuristic'")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.time = time
        self.c = c
        self.depth = depth
        self.rollout = rollout
        self.reuse = bool(reuse)
        if cap < 0:
            raise ValueError("cap must be >= 0")
        self.cap = cap
        self.evaluator: Evaluator | None = None
        self._game: str | None = None
        self._tree: tuple[int, tuple[int, ...], int, Node] | None = None
        self.last_iterations = 0

    # ------------------------------------------------------------------ deciding
    def choose(self, state: State) -> Action:
        return state.game.action_space.actions[self.choose_index(state)]

    def choose_index(self, state: State) -> int:
        legal = state.legal_indices()
        if len(legal) == 1:
            self._tree = None
            return legal[0]
        seat = state.current_player
        assert seat is not None
        if self._game != state.game.id:
            self._game = state.game.id
            self.evaluator = evaluator_for(state.game.id)
        assert self.evaluator is not None
        legal = self.evaluator.prune(state, legal)
        if len(legal) == 1:
            self._tree = None
            return legal[0]
        root = self._reused_root(state, seat)
        self.search(state, seat, root)
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

    def search(self, state: State, seat: int, root: Node) -> Node:
        """Run the budget of iterations from `state` for `seat` into `root`."""
        rng = self.rng
        c = self.c
        log = math.log
        sqrt = math.sqrt
        determinize = state.determinize
        deadline = _time.perf_counter() + self.time if self.time > 0 else None
        cap = _time.perf_counter() + self.cap if self.cap > 0 and deadline is None else None
        done = 0
        while True:
            if deadline is not None:
                if _time.perf_counter() >= deadline and done > 0:
                    break
            elif done >= self.iterations or (cap is not None and done & 63 == 0 and done
                                             and _time.perf_counter() >= cap):
                break
            done += 1
            sample = determinize(seat, rng)
            sample.log_enabled = False
            node = root
            path: list[Node] = []
            while not sample.is_over:
                moves = sample.legal_indices()
                children = node.children
                untried = [m for m in moves if m not in children]
                if untried:
                    move = untried[rng.randbelow(len(untried))] if len(untried) > 1 else untried[0]
                    child = Node(sample.current_player)
                    children[move] = child
                    sample.apply_index(move)
                    path.append(child)
                    break
                best_u = -1.0
                chosen = moves[0]
                for m in moves:
                    child = children[m]
                    child.avail += 1
                    u = child.w / child.n + c * sqrt(log(child.avail) / child.n)
                    if u > best_u:
                        best_u, chosen = u, m
                node = children[chosen]
                sample.apply_index(chosen)
                path.append(node)
            values = self._leaf_values(sample, seat)
            for node in path:
                node.n += 1
                if node.player is not None:
                    node.w += values[node.player]
        self.last_iterations = done
        return root

    # ------------------------------------------------------------------ leaves
    def _leaf_values(self, sample: State, seat: int) -> list[float]:
        rng = self.rng
        steps = self.depth
        if self.rollout != "heuristic":
            sample.play_out(rng, steps)  # the engine's fast path (compiled with mypyc)
        else:
            while not sample.is_over and steps != 0:
                steps -= 1
                moves = sample.legal_indices()
                if len(moves) == 1:
                    sample.apply_index(moves[0])
                else:
                    sample.apply_index(self._greedy(sample, moves, seat))
        evaluator = self.evaluator
        assert evaluator is not None
        if sample.is_over:
            scores = sample.scores()
            totals = [float(row["total"]) for row in scores]
            winners = sample.winners()   # a shared victory shares the win
            chances = self._chances(totals, scores[0].get("target"), evaluator.scale)
            if len(totals) == 1:
                return chances
            share = 0.75 / len(winners)
            return [share * (s in winners) + 0.25 * v for s, v in enumerate(chances)]
        target = sample.scores()[0].get("target") if sample.num_players == 1 else None
        return self._chances(evaluator.estimates(sample, seat), target, evaluator.scale)

    @staticmethod
    def _chances(est: list[float], target: float | None, scale: float) -> list[float]:
        """Per seat, a win chance from estimated final scores (solo: against the target)."""
        if len(est) == 1:
            return [_sigmoid((est[0] - (target or 0.0)) / (2.0 * scale))]
        out = []
        for s, mine in enumerate(est):
            best_other = max(v for o, v in enumerate(est) if o != s)
            out.append(_sigmoid((mine - best_other) / scale))
        return out

    def _greedy(self, sample: State, moves: list[int], seat: int) -> int:
        """The move whose result the evaluation rates best for the mover (rollouts)."""
        evaluator = self.evaluator
        assert evaluator is not None
        mover = sample.current_player
        assert mover is not None
        best, best_value = moves[0], float("-inf")
        for m in moves:
            child = sample.clone()
            child.apply_index(m)
            est = evaluator.estimates(child, seat)
            others = [v for s, v in enumerate(est) if s != mover]
            value = est[mover] - (max(others) if others else 0.0)
            if value > best_value:
                best, best_value = m, value
        return best
