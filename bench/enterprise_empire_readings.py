"""How the rule readings and the company data of 企業帝國 change the game (issue 13).

Plays the same deals (seeds 0..N-1) under each setting and prints a Markdown table: the
groups' win shares, how games are won (4 companies, $10,000 cash, safety limit), their
length and the demand sales per game.

    nice -n 10 .venv/bin/python bench/enterprise_empire_readings.py --games 400 --players 4
"""

from __future__ import annotations

import argparse
import copy
import json
from collections import Counter
from importlib import resources
from typing import Any

from keizai.agents import make_agent
from keizai.rules.enterprise_empire import EnterpriseEmpire
from keizai.rules.enterprise_empire.data import parse

RAW = json.loads(resources.files("keizai.rules.enterprise_empire")
                 .joinpath("data/enterprise_empire.json").read_text("utf-8"))
# The company recipes before issue 13 (幻想科技's G2, G4, G5 broke the design rule, and
# N5 had the old G5's recipe exchanged with the reference's).
OLD_RECIPES = {"G2": ["storefront", "capital", "industry"], "G4": ["car", "industry", "steel"],
               "G5": ["real_estate", "storefront", "aircraft"],
               "N5": ["real_estate", "car", "steel"]}


def old_game() -> EnterpriseEmpire:
    raw = copy.deepcopy(RAW)
    for card in raw["company_cards"]:
        if card["id"] in OLD_RECIPES:
            card["materials"] = OLD_RECIPES[card["id"]]
    return EnterpriseEmpire(parse(raw))


def play(game: EnterpriseEmpire, players: int, games: int, agent: str,
         options: dict[str, Any]) -> dict[str, Any]:
    wins: Counter[str] = Counter()
    dealt: Counter[str] = Counter()
    how: Counter[str] = Counter()
    turns = sales = 0
    for seed in range(games):
        state = game.new_state(players, seed, game.resolve_options(options))
        state.log_enabled = False
        bots = [make_agent(agent, seed * 10 + i) for i in range(players)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state))
        groups = [game.parts.groups[g].en for g in state.group]
        dealt.update(groups)
        wins[groups[state.winner]] += 1
        how["limit" if state.capped else "companies"
            if state.founded[state.winner] >= game.parts.win_companies else "cash"] += 1
        turns += state.turn
        sales += sum(state.sales)
    return {"wins": wins, "dealt": dealt, "how": how, "turns": turns / games,
            "sales": sales / games, "games": games}


def row(label: str, r: dict[str, Any], groups: list[str]) -> str:
    shares = " | ".join(f"{100 * r['wins'][g] / r['dealt'][g]:.1f}%" if r["dealt"][g] else "–"
                        for g in groups)
    n = r["games"]
    how = r["how"]
    return (f"| {label} | {n} | {shares} | {100 * how['companies'] / n:.0f}% / "
            f"{100 * how['cash'] / n:.0f}% / {how['limit']} | {r['turns']:.0f} | "
            f"{r['sales']:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agents", default="heuristic,random")
    args = parser.parse_args()
    new = EnterpriseEmpire()
    groups = [g.en for g in new.parts.groups]
    print(f"{args.players} players, {args.games} games per setting (seeds 0–{args.games - 1}); "
          "win share = games won / games the group was dealt")
    print()
    print("| setting | games | " + " | ".join(groups)
          + " | won by companies / cash / limit | turns | demand sales |")
    print("| --- | ---: | " + " | ".join("---:" for _ in groups) + " | ---: | ---: | ---: |")
    for agent in args.agents.split(","):
        settings = [("old recipes", old_game(), {}), ("new recipes (default)", new, {}),
                    ("new recipes, demand_stays", new, {"demand_stays": True}),
                    ("new recipes, corners dealt", new, {"choose_corners": False})]
        for label, game, options in settings:
            print(row(f"{agent}: {label}", play(game, args.players, args.games, agent, options),
                      groups), flush=True)


if __name__ == "__main__":
    main()
