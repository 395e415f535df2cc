"""Evaluation of National Economy positions (Progress, Mecenat, Glory).

It estimates each seat's final score as

    current score (buildings, money, VP cards, unpaid wages, end bonuses met)
  + placements still to make this round       x  what a placement earns now
  + workers x (what a placement earns - wage)  for every later round
  + own workplaces (buildings a worker can use) x a small bonus per later round
  + usable cards in hand                       x  what a card is worth
  - this round's wages, and 3 points per $ that neither money nor buildings cover.

Why these terms: money and buildings are points, so the score is the base. Workers are
the engine of the game (each placement turns cards into money or buildings), but they
cost wages every round: an extra worker is worth what it earns above its wage in the
rounds left. Cards are the currency of construction (a building of cost c is worth
about 4-6 points per card paid) and can be sold at the markets for $6 each, so a card
in hand is worth a few points until the last round, and nothing above the hand limit.
Unpaid wages cost 3 points per dollar, the harshest penalty of the game.

The numbers are the rulebook's (wages per round) and rough rates of return; they read
only what the JSON view publishes (everyone's public holdings, hand sizes) and the
public scores, straight off the state (`national_economy_fast`, compiled). Known
weakness: the evaluation sees one turn of cash flow, so the bot keeps too little money
for later wages and builds too little (solo scores are far below the targets, see
docs/strength.md). Variants tried head to head against these weights (60 two-player
games each, Progress and Mecenat) — cards worth less, higher placement values,
diminishing value of cards past 3 or 4, a larger bonus for own workplaces — were no
better.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from keizai.agents.heuristics.base import Evaluator
from keizai.agents.heuristics.national_economy_fast import FEATURES, ne_estimates, ne_learned
from keizai.engine import State
from keizai.rules.national_economy.state import ACTION, PAYDAY, NationalEconomyState


class NationalEconomyEvaluator(Evaluator):
    """The weights are class attributes, so a variant is a subclass (tuning, tests)."""

    name = "national-economy"
    scale = 12.0
    # What one placement adds, in points, by round (markets and buildings grow).
    PLACEMENT = (0, 3.75, 4.0, 4.25, 4.5, 4.75, 5.0, 5.25, 5.5, 5.75)
    CARD = 3.0  # a building card in hand, while rounds remain to use it
    ITEM = 2.4  # a Consumer Item (pays for buildings and markets, cannot be built)
    OWN_WORKPLACE = 1.5  # per later round, for a building only its owner's workers may use
    UNPAID = 3  # points lost per unpaid dollar of wages
    ALLOW = 2  # $ a placement still to make this round is expected to earn towards wages
    SELL = 0.5  # points lost per $ of wages paid by selling a building (its workplace goes)

    def estimates(self, state: State, viewer: int) -> list[float]:
        # Read straight off the state (compiled), the same terms the JSON view gives:
        # building the view was half the cost of an MCTS iteration.
        assert isinstance(state, NationalEconomyState)
        return ne_estimates(state, tuple(self.PLACEMENT), float(self.CARD), float(self.ITEM),
                            float(self.OWN_WORKPLACE), float(self.UNPAID), float(self.ALLOW),
                            float(self.SELL))

    def turn_estimates(self, state: State, viewer: int) -> list[float]:
        """`estimates`, and at the payday the wages of the seats still to pay them."""
        est = self.estimates(state, viewer)
        assert isinstance(state, NationalEconomyState)
        if state.phase == PAYDAY:
            self._wages_still_due(state, est)
        return est

    def _wages_still_due(self, state: NationalEconomyState, est: list[float]) -> None:
        """At the payday, the wages of the seats that have not paid them yet, as the
        action phase counts them (`ne_estimates`: the wage, 3 points per $ that neither
        money nor buildings cover). Left out, a round that ended looked richer than one
        that goes on by the wages still due: the heuristic kept its round going with a
        hire whose wage it could not pay rather than end it with its last placement
        (Progress, round 8, $22 for $20 of wages: 24 points of Unpaid Wages).

        Only the heuristic's one-turn look counts them (`turn_estimates`): the search
        levels play past the payday, and `hard` with them at its leaves was no better
        (docs/strength.md), so its leaves and the learned evaluation's fitted input
        stay as they were."""
        wage = state.cards.wages[state.round - 1]
        buildings = state.cards.buildings
        n = state.num_players
        first = state.payday_pos if state.payday_wages else 0  # seats in payday order
        for k in range(first, n):
            seat = (state.start_player + k) % n
            p = state.players[seat]
            due = wage * p.workers
            est[seat] -= due
            short = due - p.money
            if short > 0:
                sellable = sum(buildings[t].value for t in p.buildings
                               if not buildings[t].no_sale)
                est[seat] -= (self.UNPAID * max(0, short - sellable)
                              + self.SELL * min(short, sellable))

    def mid_turn(self, state: State) -> bool:
        legal = state.legal_indices()
        if not legal:
            return False
        return not state.game.action_space.actions[legal[0]].name.startswith("place:")

    def prune(self, state: State, legal: list[int]) -> list[int]:
        """No hire in the last round that cannot pay: a worker hired then costs the
        last wage at its payday (rules: 'Pay this Worker's wage from this round'). A
        trainee (School, High School, University) never works; the Technical College's
        worker works once, and with a Budget of no more than the wage no workplace pays
        it more than the wage in money. The evaluation's worth of a placement (5.75 in
        round 9) is above the wage, so the heuristic hired at the Technical College in
        the last round where its card draws counted nothing: 15 times in 60 self-play
        games, 5 points lost in 13 of them and never a point won (docs/strength.md)."""
        # read off the state, as the estimates are (the view costs half an MCTS
        # iteration, and the search asks for the prune at every root)
        assert isinstance(state, NationalEconomyState)
        wages = state.cards.wages
        if state.round != len(wages) or state.phase != ACTION:
            return legal
        names = state.game.action_space.actions
        drop = set(_TRAINEE_HIRES)
        if state.budget <= wages[state.round - 1]:
            drop.add("place:technical_college")
        kept = [i for i in legal if names[i].name not in drop]
        return kept or legal


# Workplaces whose hire trains a worker for the next round (rules: School, High School,
# University); the Technical College's worker works in the round it is hired.
_TRAINEE_HIRES = ("place:school", "place:high_school", "place:university")


Fitted = tuple[list[list[float]], list[float]]


@cache
def _value_weights() -> dict[str, dict[int, Fitted]]:
    """Per edition and number of players, the fitted weights per round and the scales
    per round: the edition's top level is the 2-player fit, its "players" entry the fits
    on 3- or 4-player games (bench/ne_value_fit.py `fit --more`)."""
    path = resources.files("keizai.agents.heuristics").joinpath("national_economy_value.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.pop("features", None) != list(FEATURES):
        raise ValueError("national_economy_value.json was fitted on other features")

    def read(fitted: dict[str, list[Any]]) -> Fitted:
        return ([[float(w) for w in row] for row in fitted["weights"]],
                [float(s) for s in fitted["scales"]])

    out: dict[str, dict[int, Fitted]] = {}
    for edition, fitted in data.items():
        out[edition] = {2: read(fitted)}
        for players, more in fitted.get("players", {}).items():
            out[edition][int(players)] = read(more)
    return out


class NationalEconomyValue(NationalEconomyEvaluator):
    """The hand-made estimate corrected by a linear model fitted on self-play games.

    Per edition and round, the weights (national_economy_value.json, fitted by
    bench/ne_value_fit.py) weigh the hand-made estimate and the public holdings it is
    made of (`national_economy_fast.FEATURES`) into the final lead they predict; the
    per-round `scale` is fitted to the games' wins (early leads are less sure than late
    ones). A table of 3 or 4 players uses the fit on games of that size where the file
    has one (`by_players`), else the 2-player fit (`weights`, `scales`). Same
    information as the hand-made evaluation: the view's fields only.
    """

    name = "national-economy-value"

    def __init__(self, edition: str) -> None:
        fitted = _value_weights().get(edition)
        if fitted is None:
            raise ValueError(f"no fitted evaluation for National Economy {edition!r}")
        self.by_players = fitted
        self.weights, self.scales = fitted[2]

    def _fitted(self, state: State) -> Fitted:
        return self.by_players.get(state.num_players, (self.weights, self.scales))

    def estimates(self, state: State, viewer: int) -> list[float]:
        return ne_learned(state, super().estimates(state, viewer),  # type: ignore[arg-type]
                          self._fitted(state)[0])

    def leaf_scale(self, state: State) -> float:
        assert isinstance(state, NationalEconomyState)
        scales = self._fitted(state)[1]
        return scales[min(state.round, len(scales)) - 1]
