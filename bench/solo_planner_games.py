"""Record solo games of National Economy played by an agent (the solo planner, say), as
replayable lines: the deal's seed, every action index played and the final score.

    python bench/solo_planner_games.py EDITION SPEC FIRST LAST OUT.jsonl

Deals already in OUT are skipped, so an interrupted run resumes. A game is replayed by
`new_game(..., seed=seed)` and applying the indices in order (the deck order is fixed by
the seed), so any features of its states can be computed later (bench/solo_value_fit.py
`expert`): recording once serves every feature set tried.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from keizai.agents import make_agent
from keizai.engine.registry import new_game


def main(argv: list[str]) -> None:
    edition, spec, first, last, out = argv[0], argv[1], int(argv[2]), int(argv[3]), Path(argv[4])
    done: set[int] = set()
    if out.exists():
        done = {json.loads(line)["seed"] for line in out.read_text().splitlines() if line}
    with out.open("a") as f:
        for seed in range(first, last + 1):
            if seed in done:
                continue
            start = time.process_time()
            state = new_game(f"national-economy/{edition}", players=1, seed=seed)
            state.log_enabled = False
            agent = make_agent(spec, seed)
            actions: list[int] = []
            while not state.is_over:
                action = agent.choose(state)
                index = action.index
                actions.append(index)
                state.apply_index(index)
            total = int(state.scores()[0]["total"])
            f.write(json.dumps({"seed": seed, "spec": spec, "total": total,
                                "cpu": round(time.process_time() - start, 2),
                                "actions": actions}) + "\n")
            f.flush()
            print(f"{edition} deal {seed}: {total}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
