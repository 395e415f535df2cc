"""National Economy solo (issue #19): how far a deeper search could take the planner.

    python bench/solo_lookahead.py MODE EDITION FIRST LAST OUT.csv [ARGS ...]
                                   [--level-before R | --level-from R]

plays the solo deals seeded FIRST..LAST and appends one line per deal to OUT.csv (deals
already there are skipped, so a run resumes). Every leaf is played to the end by the
fast solo policy (`SoloPolicy(learned=True)`, the level's rollout policy). MODE:

- `clairvoyant PLY`: an exhaustive search over the seat's next PLY own decisions on the
  TRUE position, deck order included. It cheats on purpose: it is a diagnostic of what
  depth is worth when the deck is known, never a level.
- `pimc PLY SAMPLES`: the same search on SAMPLES deck orders drawn by
  `state.determinize` (fair), the root values averaged over the samples (perfect
  information Monte Carlo: the inner choices still see each sample's deck).
- `ismcts C PER LIMIT`: single-observer information-set MCTS over the seat's own
  choices (a fresh determinization each iteration, UCB with availability on final
  scores / 100 with constant C), budgeted as the level is: at most PER rollouts per root
  action and LIMIT rollout moves.
- `reply M`: the level (`solo`, fixed budget) with its two-level option `reply=M` (one
  agent: with a round split, the level's own agent takes the option in MODE's rounds).

With `--level-before R` the level (`solo` without its time cap, seeded like the deal)
makes the decisions of rounds before R and MODE those from round R on; with
`--level-from R` the reverse. Until MODE's first decision the game is the level's own game
on that deal, so the pair with the level's CSV shows what MODE is worth in those rounds
alone.

Forced steps (one legal action after the evaluator's pruning) are played, not searched.
The CSV has bench/solo_ab.py's columns, so its deals pair with the level's there.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

from cli_args import check_deals, edition_name, natural_int, parser, positive_float, positive_int
from solo_ab import append, load  # bench/: the same CSV, so deals pair with its specs

from keizai.agents import make_agent
from keizai.agents.base import LEVELS
from keizai.agents.heuristics import evaluator_for
from keizai.agents.solo_policy import SoloPolicy
from keizai.engine import Rng, State
from keizai.engine.registry import new_game

FAST = SoloPolicy(learned=True)


def options(state: State) -> list[int]:
    """The legal actions the planner considers (the evaluator's pruning, as `solo`)."""
    legal = state.legal_indices()
    if len(legal) > 1:
        legal = evaluator_for(state.game.id).prune(state, legal)
    return legal


def final(state: State) -> float:
    return float(state.scores()[0]["total"])


def best_value(state: State, ply: int) -> float:
    """The best final score from `state` over its next `ply` own decisions, each line
    then finished by the fast policy (`state` is played on)."""
    while not state.is_over:
        legal = options(state)
        if len(legal) == 1:
            state.apply_index(legal[0])
            continue
        if ply == 0:
            value = FAST.play_out(state)
            assert value is not None
            return value
        best = -math.inf
        for index in legal:
            child = state.clone()
            child.apply_index(index)
            best = max(best, best_value(child, ply - 1))
        return best
    return final(state)


def exhaustive(state: State, legal: list[int], ply: int, samples: list[State]) -> int:
    """The root action with the best mean over `samples` of its PLY-deep best value."""
    totals = dict.fromkeys(legal, 0.0)
    for sample in samples:
        for index in legal:
            child = sample.clone()
            child.apply_index(index)
            totals[index] += best_value(child, ply - 1)
    return max(legal, key=lambda i: totals[i])


class Node:
    """A node of the ISMCTS tree: visits, total final score, and availability."""

    __slots__ = ("avail", "children", "n", "total")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.n = 0
        self.total = 0.0
        self.avail = 1


def iterate(root: Node, state: State, rng: Rng, c: float) -> int:
    """One ISMCTS iteration on a fresh determinization; the rollout moves it played."""
    sample = state.determinize(0, rng)
    sample.log_enabled = False
    start = len(sample.history)
    node = root
    path: list[Node] = []
    while True:
        if sample.is_over:
            value = final(sample)
            break
        legal = options(sample)
        if len(legal) == 1:
            sample.apply_index(legal[0])
            continue
        untried = [i for i in legal if i not in node.children]
        for index in legal:
            if index in node.children:
                node.children[index].avail += 1
        if untried:
            child = node.children[untried[0]] = Node()
            sample.apply_index(untried[0])
            path.append(child)
            played = FAST.play_out(sample)
            assert played is not None
            value = played
            break
        index = max(legal, key=lambda i: node.children[i].total / node.children[i].n / 100
                    + c * math.sqrt(math.log(node.children[i].avail) / node.children[i].n))
        node = node.children[index]
        path.append(node)
        sample.apply_index(index)
    for visited in path:
        visited.n += 1
        visited.total += value
    return len(sample.history) - start


def ismcts(state: State, legal: list[int], rng: Rng, c: float, per: int, limit: int) -> int:
    root = Node()
    length = iterate(root, state, rng, c)
    budget = min(per * len(legal), max(len(legal), limit // max(1, length)))
    for _ in range(budget - 1):
        iterate(root, state, rng, c)
    visits = {i: root.children[i].n if i in root.children else -1 for i in legal}
    return max(legal, key=lambda i: visits[i])


# each MODE's own arguments, after OUT.csv: (name, type, help)
MODES: dict[str, list[tuple[str, object, str]]] = {
    "clairvoyant": [("PLY", positive_int, "own decisions searched, on the true deck")],
    "pimc": [("PLY", positive_int, "own decisions searched on each sample"),
             ("SAMPLES", positive_int, "deck orders drawn by state.determinize")],
    "ismcts": [("C", positive_float, "the UCB constant"),
               ("PER", positive_int, "at most PER rollouts per root action"),
               ("LIMIT", positive_int, "at most LIMIT rollout moves a decision")],
    "reply": [("M", natural_int, "the level's option reply=M")],
}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: MODE EDITION FIRST LAST OUT.csv [ARGS ...]
    [--level-before R | --level-from R]."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("edition", metavar="EDITION", type=edition_name,
                        help="progress, mecenat or glory")
    common.add_argument("first", metavar="FIRST", type=natural_int,
                        help="the first deal's seed")
    common.add_argument("last", metavar="LAST", type=natural_int, help="the last deal's seed")
    common.add_argument("out", metavar="OUT.csv", type=Path,
                        help="the games are appended here (resumable)")
    split = common.add_mutually_exclusive_group()
    split.add_argument("--level-before", metavar="R", type=positive_int,
                       help="the level decides in the rounds before R, MODE from R on")
    split.add_argument("--level-from", metavar="R", type=positive_int,
                       help="MODE decides in the rounds before R, the level from R on")
    cli = parser(__doc__)
    modes = cli.add_subparsers(dest="mode", metavar="MODE", required=True)
    for mode, extra in MODES.items():
        names = " ".join(name for name, *_ in extra)
        sub = modes.add_parser(mode, parents=[common], help=f"{mode} ... {names}")
        for name, kind, text in extra:
            sub.add_argument(name.lower(), metavar=name, type=kind, help=text)
    args = cli.parse_args(argv)
    check_deals(cli, args.first, args.last)
    return args


def main(args: argparse.Namespace) -> None:
    mode, edition, first, last, out = args.mode, args.edition, args.first, args.last, args.out
    split = ("--level-before" if args.level_before is not None
             else "--level-from" if args.level_from is not None else "")
    first_round = args.level_before or args.level_from or 0
    # the level at its fixed budget (no time cap), as in the level's own CSVs
    level_spec = ":".join(part for part in LEVELS["solo"].split(":")
                          if not part.startswith("cap="))
    done = load(out)
    for seed in range(first, last + 1):
        if seed in done:
            continue
        state = new_game(f"national-economy/{edition}", players=1, seed=seed)
        state.log_enabled = False
        rng = Rng(seed * 31 + 7)
        level = make_agent(level_spec, seed)
        start, slowest, decisions = time.process_time(), 0.0, 0
        while not state.is_over:
            legal = options(state)
            if len(legal) == 1:
                state.apply_index(legal[0])
                continue
            began = time.process_time()
            by_level = bool(split) and ((state.round < first_round)
                                        == (split == "--level-before"))
            if by_level:
                level.reply = 0
                choice = level.choose_index(state)
            elif mode == "clairvoyant":
                choice = exhaustive(state, legal, args.ply, [state.clone()])
            elif mode == "pimc":
                samples = [state.determinize(0, rng) for _ in range(args.samples)]
                choice = exhaustive(state, legal, args.ply, samples)
            elif mode == "reply":
                level.reply = args.m  # the level's own agent goes on with the option
                choice = level.choose_index(state)
            else:
                choice = ismcts(state, legal, rng, args.c, args.per, args.limit)
            state.apply_index(choice)
            decisions += 1
            slowest = max(slowest, time.process_time() - began)
        row = state.scores()[0]
        append(out, [seed, row["total"], row["target"], row["won"], decisions,
                     f"{time.process_time() - start:.2f}", f"{slowest:.2f}"])
        print(seed, row["total"], flush=True)


if __name__ == "__main__":
    main(parse_args())
