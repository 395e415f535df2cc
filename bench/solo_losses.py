"""Why recorded solo games of National Economy fall short (issue #19): the games that reach
the victory score against those that do not, replayed move by move.

    python bench/solo_losses.py EDITION GAMES.jsonl [MORE.jsonl ...]

GAMES are recorded games (bench/solo_planner_games.py: the deal's seed and every action
index). Each is replayed from its seed; nothing is played anew, so this costs seconds.
For the games at or above the edition's victory score and those below, it prints:
- the mean of each part of the final score;
- the end of each round (after its payday): cash, Budget, Unpaid Wage cards, buildings
  sold so far, workers, Mechanical Dolls, buildings owned, cards in hand;
- per game: buildings constructed, buildings sold at a payday (forced: short of wages)
  and their asset value, placements, building cards drawn;
- by the tokens held at the end (workers; Mechanical Dolls, 2 meaning 2 or more): the
  games, their mean score, how many reach the victory score, their Unpaid Wages, the
  asset value their sales gave up (half of what was sold) and their placements;
- the luck of the draw: how the final score goes with the asset value of the first 15
  building cards the seat drew (the initial hand first), against how it goes with the
  number of cards drawn (which the seat's play decides).
docs/strength.md's section on Glory's losses (session 30) is

    python bench/solo_losses.py glory docs/strength/planner-games-glory-72001-72449.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from cli_args import edition_name, parser

from keizai.engine.registry import new_game
from keizai.rules.national_economy import state as ne
from keizai.rules.national_economy.workplaces import PUBLIC

PARTS = ("total", "buildings", "bonuses", "money", "vp_cards", "unpaid_wages")
ROUND_END = ("money", "budget", "unpaid", "sold", "workers", "dolls", "buildings", "hand")
FIRST_DRAWS = 15  # the draws whose asset value measures the luck of the deal
PREMIUM = 20  # asset value of a premium building card


class Game:
    """What one replayed game shows. (A plain class, not a dataclass: the bench tests
    load this script as a module that is not in sys.modules.)"""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.parts: dict[str, int] = {}  # the final score's parts and the victory score
        self.rounds: list[dict[str, int]] = []  # the end of each round
        self.built = 0
        self.sold = 0
        self.sold_value = 0
        self.placements = 0
        self.drawn: list[int] = []  # building types, in the order drawn


def replay(edition: str, record: dict) -> Game:
    """The recorded game `record` (seed, actions) replayed, with what it shows."""
    s = new_game(f"national-economy/{edition}", players=1, seed=int(record["seed"]))
    assert isinstance(s, ne.NationalEconomyState)
    s.log_enabled = False
    names = s.game.action_space.actions
    p = s.players[0]
    game = Game(int(record["seed"]))
    game.drawn = [t for t, n in enumerate(p.hand) for _ in range(n)]
    for index in record["actions"]:
        name = names[index].name
        round_before, hand, owned, row = s.round, list(p.hand), len(p.buildings), \
            len(s.wp_key)
        s.apply_index(index)
        if name.startswith("place:"):
            game.placements += 1
        for t, n in enumerate(p.hand):
            game.drawn += [t] * max(0, n - hand[t])
        # a sold building joins the general row (a building may be built and sold within
        # one action: its last placement runs the payday)
        sold = [key - PUBLIC for key in s.wp_key[row:] if key >= PUBLIC]
        game.sold += len(sold)
        game.sold_value += sum(s.cards.buildings[t].value for t in sold)
        game.built += len(p.buildings) - owned + len(sold)
        if s.round != round_before or s.is_over:
            game.rounds.append({"money": p.money, "budget": s.budget, "unpaid": p.unpaid,
                                "sold": game.sold, "workers": p.workers, "dolls": p.dolls,
                                "buildings": len(p.buildings), "hand": p.hand_size})
    if not s.is_over:
        raise ValueError(f"deal {game.seed}: the recorded actions do not finish the game")
    final = s.scores()[0]
    game.parts = {k: int(final[k]) for k in (*PARTS, "target")}
    return game


def _mean(values: list[float]) -> str:
    return f"{statistics.mean(values):.1f}" if values else "-"


def _correlation(xs: list[float], ys: list[float]) -> float:
    if len(xs) < 2 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return 0.0
    return statistics.correlation(xs, ys)


def report(edition: str, games: list[Game]) -> None:
    target = games[0].parts["target"]
    groups = {f"{target} or more": [g for g in games if g.parts["total"] >= target],
              f"under {target}": [g for g in games if g.parts["total"] < target]}
    print(f"{edition}: {len(games)} games, {len(groups[f'{target} or more'])} reach {target}")
    for name, group in groups.items():
        print(f"\n{name}: {len(group)} games")
        if not group:
            continue
        print("  score parts: " + ", ".join(
            f"{k} {_mean([g.parts[k] for g in group])}" for k in PARTS))
        print("  per game: " + ", ".join([
            f"built {_mean([g.built for g in group])}",
            f"sold at payday {_mean([g.sold for g in group])}"
            f" (asset value {_mean([g.sold_value for g in group])})",
            f"placements {_mean([g.placements for g in group])}",
            f"cards drawn {_mean([len(g.drawn) for g in group])}"]))
        print("  end of round: " + "  ".join(ROUND_END))
        for r in range(max(len(g.rounds) for g in group)):
            ends = [g.rounds[r] for g in group if len(g.rounds) > r]
            print(f"    {r + 1}: " + "  ".join(_mean([end[k] for end in ends])
                                               for k in ROUND_END))
    print("\nby tokens at the end (workers, dolls): games, mean score, reach "
          f"{target}, Unpaid Wages, asset value given up in sales, placements")
    by_tokens: dict[tuple[int, int], list[Game]] = {}
    for g in games:
        end = g.rounds[-1]
        by_tokens.setdefault((end["workers"], min(end["dolls"], 2)), []).append(g)
    for (workers, dolls), group in sorted(by_tokens.items()):
        print(f"  {workers}, {dolls}: {len(group)}, "
              f"{_mean([g.parts['total'] for g in group])}, "
              f"{sum(g.parts['total'] >= target for g in group)}, "
              f"{_mean([g.parts['unpaid_wages'] for g in group])}, "
              f"{_mean([g.sold_value / 2 for g in group])}, "
              f"{_mean([g.placements for g in group])}")
    dealt = new_game(f"national-economy/{edition}", players=1, seed=1)
    assert isinstance(dealt, ne.NationalEconomyState)
    values = [b.value for b in dealt.cards.buildings]
    totals = [float(g.parts["total"]) for g in games]
    first = [[values[t] for t in g.drawn[:FIRST_DRAWS]] for g in games]
    mean_value = _correlation([statistics.mean(f) for f in first], totals)
    premium = _correlation([sum(v >= PREMIUM for v in f) for f in first], totals)
    drawn = _correlation([float(len(g.drawn)) for g in games], totals)
    print(f"\nthe final score's correlation with the first {FIRST_DRAWS} cards drawn: "
          f"their mean asset value {mean_value:.2f}, premium cards (asset value "
          f"{PREMIUM}+) among them {premium:.2f}; with the number of cards drawn "
          f"{drawn:.2f}")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: EDITION GAMES.jsonl [MORE.jsonl ...]."""
    cli = parser(__doc__)
    cli.add_argument("edition", metavar="EDITION", type=edition_name,
                     help="progress, mecenat or glory")
    cli.add_argument("games", metavar="GAMES.jsonl", type=Path, nargs="+",
                     help="recorded games (bench/solo_planner_games.py)")
    args = cli.parse_args(argv)
    missing = [str(path) for path in args.games if not path.is_file()]
    if missing:
        cli.error(f"no such file: {', '.join(missing)}")
    return args


def main(args: argparse.Namespace) -> None:
    records = [json.loads(line) for path in args.games
               for line in path.read_text().splitlines() if line]
    report(args.edition, [replay(args.edition, record) for record in records])


if __name__ == "__main__":
    main(parse_args())
