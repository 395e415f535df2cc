"""National Economy solo (issue #19): what one more token is worth to the fast solo policy.

    python bench/solo_token_worth.py EDITION FIRST LAST [--rounds 1 3 5 7]

plays the deals FIRST..LAST with `SoloPolicy(learned=True)` (the solo planner's rollout
policy) to the first placement of each round R, then three ways from that same position:
as it is, with one Mechanical Doll more (no wage), and with one worker more (paid from
round R on), each placeable from round R, given for free (no placement or card spent on
it). Prints the mean final score as played and the paired mean gain of each (with its
95% half-width): the most the policy can make of a token from round R, against which
hiring (a placement and the wages) or building a doll (its cards and a placement) is
measured. docs/strength.md (session 31): in Glory a paid worker from round 3 is worth
+14 to the policy and a doll +51.
"""

from __future__ import annotations

import argparse
import math
import statistics

from cli_args import add_deal_range, check_deals, edition_name, parser

from keizai.agents.solo_policy import SoloPolicy
from keizai.engine.registry import new_game
from keizai.rules.national_economy import state as ne

KINDS = ("as played", "a doll more", "a worker more")


def final_score(edition: str, seed: int, rnd: int, kind: str) -> float:
    """The policy's final score on deal `seed`, given `kind` at the first placement of
    round `rnd`."""
    state = new_game(f"national-economy/{edition}", players=1, seed=seed)
    assert isinstance(state, ne.NationalEconomyState)
    state.log_enabled = False
    policy = SoloPolicy(learned=True)
    while state.round < rnd:
        state.apply_index(policy.choose_index(state))
    seat = state.players[0]
    if kind == "a doll more":
        seat.dolls += 1
        seat.ready += 1
    elif kind == "a worker more":
        seat.workers += 1
        seat.ready += 1
    score = policy.play_out(state)
    assert score is not None  # no deadline
    return score


def half_width(values: list[float]) -> float:
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: EDITION FIRST LAST [--rounds R ...]."""
    cli = parser(__doc__)
    cli.add_argument("edition", metavar="EDITION", type=edition_name,
                     help="progress, mecenat or glory")
    add_deal_range(cli)
    cli.add_argument("--rounds", type=int, nargs="+", default=[1, 3, 5, 7],
                     help="the rounds whose first placement gets the token (default 1 3 5 7)")
    args = cli.parse_args(argv)
    check_deals(cli, args.first, args.last)
    if any(not 1 <= rnd <= ne.ROUNDS for rnd in args.rounds):
        cli.error(f"--rounds: rounds run from 1 to {ne.ROUNDS}")
    return args


def main(args: argparse.Namespace) -> None:
    seeds = range(args.first, args.last + 1)
    for rnd in args.rounds:
        scores = {kind: [final_score(args.edition, seed, rnd, kind) for seed in seeds]
                  for kind in KINDS}
        base = scores[KINDS[0]]
        gains = []
        for kind in KINDS[1:]:
            diff = [a - b for a, b in zip(scores[kind], base, strict=True)]
            gains.append(f"{kind} {statistics.mean(diff):+.1f} ± {half_width(diff):.1f}")
        print(f"{args.edition}, from round {rnd}: as played {statistics.mean(base):.1f}; "
              + "; ".join(gains), flush=True)


if __name__ == "__main__":
    main(parse_args())
