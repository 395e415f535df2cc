"""Evaluation of Futuropia positions.

The game's own score of the present position (the final scoring applied now: the
self-sufficiency check on production, houses, loans, face-up tiles, 1 point per 10
resources) is the base, with three corrections a player makes in their head:

- **Stock by use, not by the 1-per-10 rate.** Money buys generators and houses, food
  feeds the next feeding run, energy runs the robots: each is worth more than 0.1 point
  up to what the next runs need, and stock beyond that need is worth only what an
  early refresh or a repayment makes of it. So a surplus of energy is spent (refreshing
  early, paying interest), not hoarded: the old evaluation ended games with ~100 unused
  energy.
- **A loan is not 3 points lost while resources can repay it.** At the end of a
  player's game every loan that 5 resources can repay is repaid; only the rest costs
  the penalty. So a loan that buys a generator early is worth taking.
- **Face-up tiles are actions.** In the final phase each face-up tile is one more action
  or, after stopping, 3 points; before it, a face-up tile is a choice kept open.

Reads only the JSON view and the public scores (Futuropia has no hidden information).
"""

from __future__ import annotations

from typing import Any

from keizai.agents.heuristics.base import Evaluator
from keizai.engine import State

WORTH = 0.35  # per resource of purchasing power, up to NEED
NEED = 25
SPARE = 0.1  # per resource beyond NEED (the final 1-per-10 rate)
SURPLUS_DISCOUNT = 0.05  # per unit of food or energy beyond the next runs' needs
SHORT = 0.5  # per unit of food or energy the next run will lack ($2, or a loan, each)
TILE_UP = 0.3  # a face-up tile before the final phase
RICH = 30  # money beyond NEED from which an early refresh is not offered (no stalling)
END_ENERGY = 0.0  # per unit of energy left after the end's repayments (really 0.1)
UNPAID = 3.0  # a loan the stock cannot repay (the rulebook's penalty)


class FuturopiaEvaluator(Evaluator):
    name = "futuropia"
    scale = 8.0

    def estimates(self, state: State, viewer: int) -> list[float]:
        scores = state.scores()
        if state.is_over:
            return [float(row["total"]) for row in scores]
        view = state.view(viewer)
        final = bool(view["final_phase"])
        return [self._estimate(row, score, final)
                for row, score in zip(view["communities"], scores, strict=True)]

    @staticmethod
    def _estimate(row: dict[str, Any], score: dict[str, int], final: bool) -> float:
        est = float(score["total"])
        if row["finished"]:
            return est
        est -= score["resources"] + score["loans"]
        money, food, energy, loans = row["money"], row["food"], row["energy"], row["loans"]
        # Money, food and energy are one purse: a loan covers any payment and 5 of any
        # resource repay it (plus 1 of interest at each refresh).
        net = money + food + energy - 6 * loans
        food_need = row["residents"] + 2
        energy_need = _energy_need(row)
        if net < 0:
            est -= UNPAID * -(net // 6)
        elif final:
            # what is left at the end scores 1 per 10; the end's repayments take money,
            # then food, then energy, so energy left over is counted at nothing: it is
            # better spent now, on loans for one more purchase that it then repays
            est += (net - min(energy, net)) * SPARE + min(energy, net) * END_ENERGY
        else:
            est += min(net, NEED) * WORTH + max(0, net - NEED) * SPARE
        if not final:
            # food and energy beyond the next runs' needs are worth a little less than
            # money (they pay refreshes, interest and repayments, not generators)
            est -= SURPLUS_DISCOUNT * (max(0, food - food_need) + max(0, energy - energy_need))
        est -= SHORT * (max(0, food_need - food) + max(0, energy_need - energy))
        if not final:
            # the score counts 3 per face-up tile, but only tiles left up after stopping
            # in the final phase score: before it, a face-up tile is a choice kept open
            est += TILE_UP * len(row["tiles_face_up"]) - score["face_up_tiles"]
        return est

    def mid_turn(self, state: State) -> bool:
        """Inside a tile or a payment. An early refresh is valued by the tiles it turns
        up, not by the tile it allows: looking past it, the heuristic found refresh and
        a power run (with a large power output) worth more than any tile, turn after
        turn, and piled up over 1,000 energy while the game stalled."""
        legal = state.legal_indices()
        if not legal:
            return False
        name = state.game.action_space.actions[legal[0]].name
        return not (name.startswith("action:") or name in ("refresh", "stop"))

    def prune(self, state: State, legal: list[int]) -> list[int]:
        """Two moves no sensible player makes:

        - paying "any resource" (refresh, interest, repayment) in money while food or
          energy beyond the next runs' needs could pay: spare stock buys nothing else, so
          each unit is paid from the stock with most to spare (money only when neither
          has any spare, then whatever is left);
        - an early refresh by a seat whose money is far beyond its needs: refreshing for
          yet another subsidy would stall the game (spare food and energy may pay
          refreshes: that is how a player spends them)."""
        names = state.game.action_space.actions
        first = names[legal[0]].name
        if first.startswith("pay:"):
            seat = state.current_player
            assert seat is not None
            row = state.view(seat)["communities"][seat]
            spare_food = row["food"] - row["residents"] - 2
            spare_energy = row["energy"] - _energy_need(row)
            order = ["pay:energy", "pay:food"] if spare_energy >= spare_food else \
                ["pay:food", "pay:energy"]
            if max(spare_food, spare_energy) <= 0:
                order = ["pay:money", *order]
            else:
                order = [*order, "pay:money"]
            by_name = {names[i].name: i for i in legal}
            return [next(by_name[n] for n in order if n in by_name)]
        refresh = [i for i in legal if names[i].name == "refresh"]
        if not refresh:
            return legal
        seat = state.current_player
        assert seat is not None
        row = state.view(seat)["communities"][seat]
        if row["money"] - 6 * row["loans"] - NEED > RICH:
            return [i for i in legal if i not in refresh]
        return legal


def _energy_need(row: dict[str, Any]) -> int:
    """Energy the next robot run takes (robots, houses) and a margin of 2."""
    return int(row["robots"] + row["robots_waiting"] + row["house_energy"] + 2)
