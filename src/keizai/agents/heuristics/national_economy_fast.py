"""The National Economy evaluation read straight off the state (compiled with mypyc).

`NationalEconomyEvaluator._estimate` reads the JSON `view(viewer)`; building that view
(every workplace and building as a dict with its texts in three languages) cost about
half of an MCTS iteration. This module computes the same estimates, term by term and
in the same order (so the same floats: a bot decides exactly as before), from the very
fields the view publishes: money, workers, tokens ready, dolls, hand *size* and
Consumer Items, hand limit, the buildings' printed values and flags, the Budget, the
round. It reads no hidden information (not the cards in any hand, not the deck), so it
is as fair as the view it replaces; tests/agents/heuristics check that both agree.
"""

from __future__ import annotations

from keizai.rules.national_economy.scoring import score_player
from keizai.rules.national_economy.state import ACTION, OVER, NationalEconomyState

# Wage per worker in rounds 1..9 (printed on the round cards); the evaluation's table.
WAGES: tuple[int, ...] = (0, 2, 2, 3, 3, 3, 4, 4, 5, 5)


def ne_estimates(state: NationalEconomyState, placement: tuple[float, ...], card: float,
                 item: float, own_workplace: float, unpaid: float, allow: float,
                 sell: float) -> list[float]:
    """Per seat, the final score it is heading for (see NationalEconomyEvaluator)."""
    totals = [score_player(state, p)["total"] for p in state.players]
    if state.phase == OVER:
        return [float(t) for t in totals]
    buildings = state.cards.buildings
    rnd = state.round
    last = len(state.cards.wages)
    wage = state.cards.wages[rnd - 1]
    action = state.phase == ACTION
    budget = state.budget
    out: list[float] = []
    for p, total in zip(state.players, totals, strict=True):
        workers = p.workers
        est = float(total)
        if action:
            est += p.ready * placement[rnd]
            due = wage * workers
            est -= due
            sellable = 0
            for t in p.buildings:
                if not buildings[t].no_sale:
                    sellable += buildings[t].value
            earn = min(allow * p.ready, float(budget))
            short = due - p.money - earn
            if short > 0:
                est -= unpaid * max(0.0, short - sellable) + sell * min(short, float(sellable))
        tokens = workers + p.dolls
        workplaces = 0
        for t in p.buildings:
            if not buildings[t].no_worker:
                workplaces += 1
        for later in range(rnd + 1, last + 1):
            est += tokens * placement[later] - workers * WAGES[later]
            est += own_workplace * min(workplaces, tokens)
        if rnd < last or action:
            items = p.items
            cards = p.hand_n  # the hand's size less its Consumer Items
            room = state._hand_limit(p)
            kept_cards = min(cards, room)
            kept_items = min(items, room - kept_cards)
            worth = 1.0 if rnd < last else 0.5
            est += worth * (card * kept_cards + item * kept_items)
        out.append(est)
    return out


# The features of the learned evaluation (NationalEconomyValue), per seat, in this order.
FEATURES: tuple[str, ...] = (
    "bias", "estimate", "score", "money", "ready", "workers", "dolls", "workplaces",
    "used_workplaces", "cards", "items", "short", "buildings", "action",
)


def ne_features(state: NationalEconomyState, estimates: list[float]) -> list[list[float]]:
    """Per seat, the public features the learned evaluation weighs (FEATURES): the
    hand-made estimate (`estimates`, from `ne_estimates`) and the holdings it is made
    of. Like `ne_estimates` it reads only what the view publishes (hand *sizes*)."""
    totals = [score_player(state, p)["total"] for p in state.players]
    buildings = state.cards.buildings
    rnd = state.round
    action = state.phase == ACTION
    wage = state.cards.wages[rnd - 1] if rnd <= len(state.cards.wages) else 0
    budget = state.budget
    out: list[list[float]] = []
    for i, p in enumerate(state.players):
        workers = p.workers
        tokens = workers + p.dolls
        workplaces = 0
        for t in p.buildings:
            if not buildings[t].no_worker:
                workplaces += 1
        room = state._hand_limit(p)
        kept_cards = min(p.hand_n, room)
        kept_items = min(p.items, room - kept_cards)
        short = 0.0
        if action:
            short = max(0.0, float(wage * workers - p.money) - min(2.0 * p.ready, float(budget)))
        out.append([
            1.0, estimates[i], float(totals[i]), float(p.money),
            float(p.ready) if action else 0.0, float(workers), float(p.dolls),
            float(workplaces), float(min(workplaces, tokens)), float(kept_cards),
            float(kept_items), short, float(len(p.buildings)), 1.0 if action else 0.0,
        ])
    return out


def ne_learned(state: NationalEconomyState, estimates: list[float],
               weights: list[list[float]]) -> list[float]:
    """Per seat, the learned estimate of its final score: the features of `ne_features`
    weighed by `weights[round - 1]` (the final scores once the game is over)."""
    if state.phase == OVER:
        return estimates
    row = weights[min(state.round, len(weights)) - 1]
    out: list[float] = []
    for features in ne_features(state, estimates):
        value = 0.0
        for w, f in zip(row, features, strict=True):
            value += w * f
        out.append(value)
    return out
