"""The National Economy evaluation read off the state equals the one read off the JSON view.

`reference` below is the evaluation as it was written against `state.view(viewer)`
(before the compiled fast path): same terms, same order, so the floats must be equal,
not just close — the bots then decide exactly as before.
"""

from __future__ import annotations

from typing import Any

import pytest

from keizai.agents import HeuristicAgent, RandomAgent
from keizai.agents.heuristics import evaluator_for
from keizai.agents.heuristics.national_economy import NationalEconomyEvaluator
from keizai.engine import State, new_game

WAGES = (0, 2, 2, 3, 3, 3, 4, 4, 5, 5)


def reference(ev: NationalEconomyEvaluator, state: State, viewer: int) -> list[float]:
    view = state.view(viewer)
    scores = state.scores()
    if view["phase"] == "over":
        return [float(row["total"]) for row in scores]
    return [_estimate(ev, view, row, score["total"])
            for row, score in zip(view["players"], scores, strict=True)]


def _estimate(ev: NationalEconomyEvaluator, view: dict[str, Any], row: dict[str, Any],
              total: int) -> float:
    rnd = view["round"]
    last = view["rounds"]
    workers = row["workers"]
    placement = ev.PLACEMENT
    est = float(total)
    if view["phase"] == "action":
        est += row["workers_ready"] * placement[rnd]
        due = view["wage"] * workers
        est -= due
        sellable = sum(b["value"] for b in row["buildings"] if not b["no_sale"])
        earn = min(ev.ALLOW * row["workers_ready"], view["budget"])
        short = due - row["money"] - earn
        if short > 0:
            est -= ev.UNPAID * max(0, short - sellable) + ev.SELL * min(short, sellable)
    tokens = workers + row["dolls"]
    workplaces = sum(1 for b in row["buildings"] if not b["no_worker"])
    for later in range(rnd + 1, last + 1):
        est += tokens * placement[later] - workers * WAGES[later]
        est += ev.OWN_WORKPLACE * min(workplaces, tokens)
    if rnd < last or view["phase"] == "action":
        items = row["consumer_items"]
        cards = row["hand_size"] - items
        room = row["hand_limit"]
        kept_cards = min(cards, room)
        kept_items = min(items, room - kept_cards)
        worth = 1.0 if rnd < last else 0.5
        est += worth * (ev.CARD * kept_cards + ev.ITEM * kept_items)
    return est


@pytest.mark.parametrize("edition", ["progress", "mecenat", "glory"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_fast_evaluation_equals_the_view_based_one(edition: str, players: int) -> None:
    game = f"national-economy/{edition}"
    ev = evaluator_for(game)
    assert isinstance(ev, NationalEconomyEvaluator)
    checked = 0
    for seed in (1, 2):
        state = new_game(game, players, seed)
        # random play reaches unpaid wages, sales and full hands the heuristic avoids
        agents = [RandomAgent(seed) if seed == 1 else HeuristicAgent(seed)] * players
        while True:
            for viewer in range(players):
                assert ev.estimates(state, viewer) == reference(ev, state, viewer)
                checked += 1
            if state.is_over:
                break
            state.apply(agents[state.current_player or 0].choose(state))
    assert checked > 50


def test_a_variant_of_the_weights_is_still_honoured() -> None:
    class Variant(NationalEconomyEvaluator):
        CARD = 1.0
        PLACEMENT = (0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0)

    state = new_game("national-economy/progress", 2, 3)
    for _ in range(30):
        state.apply(HeuristicAgent(1).choose(state))
    variant = Variant()
    assert variant.estimates(state, 0) == reference(variant, state, 0)
    assert variant.estimates(state, 0) != NationalEconomyEvaluator().estimates(state, 0)
