"""The search loop of the MCTS agent (keizai.agents.mcts), compiled with mypyc.

The agent class stays plain Python (it subclasses `Agent`, which games and tests may
subclass again); its per-iteration work — selection, expansion, the rollout, the leaf
values and the backup — lives here as functions over compiled `Node`s, so an
iteration costs little more than the engine's own work on the sample. The arithmetic
and the order of the random draws are those of the plain loop it replaced: with the
same seed the agent makes the same moves.
"""

from __future__ import annotations

import math
import time
from typing import Any

from keizai.engine.rng import Rng
from keizai.engine.state import State


class Node:
    """A node of the tree over action sequences (single-observer ISMCTS).

    `player` has a default because the compiled class is copied and unpickled (an agent
    keeps the subtree of its last move) by calling it without arguments and then setting
    its attributes."""

    def __init__(self, player: int | None = None) -> None:
        self.player: int | None = player  # seat that chose the move leading here
        self.n: int = 0
        self.w: float = 0.0
        self.avail: int = 1
        self.children: dict[int, Node] = {}


def sigmoid(x: float) -> float:
    if x < -30.0:
        return 0.0
    if x > 30.0:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def chances(est: list[float], target: float | None, scale: float) -> list[float]:
    """Per seat, a win chance from estimated final scores (solo: against the target)."""
    if len(est) == 1:
        return [sigmoid((est[0] - (target or 0.0)) / (2.0 * scale))]
    out: list[float] = []
    for s, mine in enumerate(est):
        best_other = max([v for o, v in enumerate(est) if o != s])
        out.append(sigmoid((mine - best_other) / scale))
    return out


def greedy(sample: State, moves: list[int], seat: int, evaluator: Any) -> int:
    """The move whose result the evaluation rates best for the mover (rollouts)."""
    mover = sample.current_player
    assert mover is not None
    best, best_value = moves[0], float("-inf")
    for m in moves:
        child = sample.clone()
        child.apply_index(m)
        est: list[float] = evaluator.estimates(child, seat)
        others = [v for s, v in enumerate(est) if s != mover]
        value = est[mover] - (max(others) if others else 0.0)
        if value > best_value:
            best, best_value = m, value
    return best


def finish_turn(sample: State, seat: int, evaluator: Any, steps: int) -> None:
    """Play the compound move in progress (tile, purchase, payments: `evaluator.mid_turn`)
    to its end, each step the one the evaluation rates best among the sensible ones
    (`evaluator.prune`), at most `steps` steps."""
    while steps > 0 and not sample.is_over and evaluator.mid_turn(sample):
        steps -= 1
        moves = evaluator.prune(sample, sample.legal_indices())
        sample.apply_index(moves[0] if len(moves) == 1
                           else greedy(sample, moves, seat, evaluator))


def blend(values: list[float], est: list[float], margin: float) -> list[float]:
    """Half the win chances, half the lead at the wide scale `margin`: far ahead (or
    behind) the win chance no longer tells moves apart, the lead still does."""
    leads = chances(est, None, margin)
    return [0.5 * v + 0.5 * lead for v, lead in zip(values, leads, strict=True)]


def leaf_values(sample: State, seat: int, rng: Rng, depth: int, heuristic: bool,
                evaluator: Any, turn: bool = False, margin: float = 0.0) -> list[float]:
    """Each seat's value of a leaf: a rollout of `depth` moves, then the final result or
    the evaluation of the position, as win chances. `turn`: instead of the rollout, only
    finish the compound move in progress (`finish_turn`). `margin` > 0: blend in the lead
    at that scale (`blend`), with two or more seats."""
    steps = depth
    if turn:
        finish_turn(sample, seat, evaluator, 16)
    elif not heuristic:
        sample.play_out(rng, steps)
    else:
        while not sample.is_over and steps != 0:
            steps -= 1
            moves = sample.legal_indices()
            if len(moves) == 1:
                sample.apply_index(moves[0])
            else:
                sample.apply_index(greedy(sample, moves, seat, evaluator))
    scale = float(evaluator.leaf_scale(sample))
    if sample.is_over:
        scores = sample.scores()
        totals = [float(row["total"]) for row in scores]
        winners = sample.winners()   # a shared victory shares the win
        target = scores[0].get("target")
        values = chances(totals, None if target is None else float(target), scale)
        if len(totals) == 1:
            return values
        share = 0.75 / len(winners)
        result = [share * (s in winners) + 0.25 * v for s, v in enumerate(values)]
        return blend(result, totals, margin) if margin > 0 else result
    goal: float | None = None
    if sample.num_players == 1:
        target = sample.scores()[0].get("target")
        goal = None if target is None else float(target)
    est = evaluator.estimates(sample, seat)
    values = chances(est, goal, scale)
    return blend(values, est, margin) if margin > 0 and len(est) > 1 else values


def search(state: State, seat: int, root: Node, rng: Rng, c: float, iterations: int,
           seconds: float, cap: float, depth: int, heuristic: bool, evaluator: Any,
           turn: bool = False, margin: float = 0.0) -> int:
    """Run iterations from `state` for `seat` into `root`: `iterations` of them (stopped
    early after `cap` seconds when `cap` > 0), or as many as `seconds` allow when
    `seconds` > 0; `turn` and `margin` as in `leaf_values`. Returns how many ran."""
    log = math.log
    sqrt = math.sqrt
    timed = seconds > 0
    deadline = time.perf_counter() + seconds if timed else 0.0
    capped = cap > 0 and not timed
    cap_at = time.perf_counter() + cap if capped else 0.0
    done = 0
    while True:
        if timed:
            if time.perf_counter() >= deadline and done > 0:
                break
        elif done >= iterations or (capped and done & 63 == 0 and done
                                    and time.perf_counter() >= cap_at):
            break
        done += 1
        sample = state.determinize(seat, rng)
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
        values = leaf_values(sample, seat, rng, depth, heuristic, evaluator, turn, margin)
        for node in path:
            node.n += 1
            player = node.player
            if player is not None:
                node.w += values[player]
    return done
