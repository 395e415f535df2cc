"""National Economy solo (issue #19): how fast the solo planner's rollout is.

    python bench/solo_speed.py rollouts [EDITION ...] [--deals 3001-3004] [--repeat 8]
    python bench/solo_speed.py decisions EDITION FIRST LAST [SPEC]

`rollouts`: on each dev deal, the fast policy (learned value) plays the deal and stops at
the first placement of rounds 1, 3, 5 and 7; from each of those positions `repeat`
determinized samples are played out to the end by `SoloPolicy.play_out`, the planner's
rollout. Prints per edition the rollouts and the rollout moves per CPU second (one core,
`time.process_time`), and a checksum of the final scores (the same before and after a
pure speed change).

`decisions`: plays the deals FIRST..LAST with SPEC (default: the solo level of
agents/base.py LEVELS, without its `cap`, so that the work is fixed) and prints per deal
the score, the CPU seconds of the deal and of its slowest decision, then the slowest
decision overall and the mean per deal.

Run it on the compiled build (`keizai._build.describe()` is printed first); use dev deals
(3001-...), not the tuning (1001-1400, 2001-2400) nor the test deals (201-300).
"""

from __future__ import annotations

import argparse
import statistics
import time

from cli_args import agent_spec, check_deals, edition_name, natural_int, parser, positive_int

from keizai import _build
from keizai.agents import make_agent
from keizai.agents.base import LEVELS
from keizai.agents.solo_policy import EDITIONS, SoloPolicy
from keizai.engine import Rng, State
from keizai.engine.registry import new_game
from keizai.rules.national_economy import state as ne

STOPS = (1, 3, 5, 7)


def level_spec() -> str:
    """The solo level's spec without its time cap (a fixed budget)."""
    parts = [p for p in LEVELS["solo"].split(":") if not p.startswith("cap=")]
    return ":".join(parts)


def positions(edition: str, seed: int) -> list[State]:
    """The first placements of the rounds in STOPS of one deal played by the fast policy."""
    state = new_game(f"national-economy/{edition}", players=1, seed=seed)
    state.log_enabled = False
    policy = SoloPolicy(learned=True)
    out: list[State] = []
    while not state.is_over:
        assert isinstance(state, ne.NationalEconomyState)
        if (state.decision == ne.PLACE and state.phase == ne.ACTION
                and state.round in STOPS and len(out) < STOPS.index(state.round) + 1):
            out.append(state.clone())
        state.apply_index(policy.choose_index(state))
    return out


def bench_rollouts(editions: list[str], deals: range, repeat: int) -> None:
    for edition in editions:
        starts = [s for seed in deals for s in positions(edition, seed)]
        policy = SoloPolicy(learned=True)
        rng = Rng(7)
        samples = [start.determinize(0, rng) for start in starts for _ in range(repeat)]
        for sample in samples:
            sample.log_enabled = False
        moves = 0
        checksum = 0.0
        begin = time.process_time()
        for sample in samples:
            before = len(sample.history)
            final = policy.play_out(sample)
            assert final is not None
            checksum += final
            moves += len(sample.history) - before
        spent = time.process_time() - begin
        print(f"{edition}: {len(samples)} rollouts, {moves} moves in {spent:.2f} s CPU: "
              f"{len(samples) / spent:.1f} rollouts/s, {moves / spent:.0f} moves/s, "
              f"{1e6 * spent / moves:.1f} us/move; checksum {checksum:.0f}")


def bench_decisions(edition: str, first: int, last: int, spec: str) -> None:
    print(f"spec {spec}")
    slowest_all, per_deal = 0.0, []
    for seed in range(first, last + 1):
        state = new_game(f"national-economy/{edition}", players=1, seed=seed)
        agent = make_agent(spec, seed)
        total, slowest = 0.0, 0.0
        while not state.is_over:
            begin = time.process_time()
            index = agent.choose_index(state)
            spent = time.process_time() - begin
            total += spent
            slowest = max(slowest, spent)
            state.apply_index(index)
        score = state.scores()[0]["total"]
        print(f"{edition} {seed}: score {score}, {total:.1f} s CPU, slowest decision "
              f"{slowest:.3f} s", flush=True)
        slowest_all = max(slowest_all, slowest)
        per_deal.append(total)
    print(f"{edition} {first}-{last}: slowest decision {slowest_all:.3f} s CPU, "
          f"{statistics.mean(per_deal):.1f} s CPU per deal")


def deal_range(text: str) -> range:
    """FIRST-LAST, e.g. 3001-3004."""
    first, sep, last = text.partition("-")
    if not (sep and first.isdigit() and last.isdigit() and int(first) <= int(last)):
        raise argparse.ArgumentTypeError(f"{text!r} is not FIRST-LAST (e.g. 3001-3004)")
    return range(int(first), int(last) + 1)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: `rollouts [EDITION ...] [--deals A-B] [--repeat N]` or
    `decisions EDITION FIRST LAST [SPEC]`."""
    cli = parser(__doc__)
    what = cli.add_subparsers(dest="what", metavar="{rollouts,decisions}", required=True)
    rollouts = what.add_parser("rollouts", help="the fast policy's rollouts per CPU second")
    rollouts.add_argument("editions", metavar="EDITION", type=edition_name, nargs="*",
                          help="progress, mecenat, glory (default: all three)")
    rollouts.add_argument("--deals", metavar="FIRST-LAST", type=deal_range,
                          default=range(3001, 3005), help="the dev deals (default 3001-3004)")
    rollouts.add_argument("--repeat", metavar="N", type=positive_int, default=8,
                          help="determinized samples per position (default 8)")
    decisions = what.add_parser("decisions", help="the planner's CPU time per decision")
    decisions.add_argument("edition", metavar="EDITION", type=edition_name,
                           help="progress, mecenat or glory")
    decisions.add_argument("first", metavar="FIRST", type=natural_int,
                           help="the first deal's seed")
    decisions.add_argument("last", metavar="LAST", type=natural_int,
                           help="the last deal's seed")
    decisions.add_argument("spec", metavar="SPEC", type=agent_spec, nargs="?",
                           help="the agent (default: the solo level without its cap)")
    args = cli.parse_args(argv)
    if args.what == "decisions":
        check_deals(cli, args.first, args.last)
    return args


def main(args: argparse.Namespace) -> None:
    print(f"build: {_build.describe()}")
    if args.what == "rollouts":
        bench_rollouts(args.editions or list(EDITIONS), args.deals, args.repeat)
    else:
        bench_decisions(args.edition, args.first, args.last, args.spec or level_spec())


if __name__ == "__main__":
    main(parse_args())
