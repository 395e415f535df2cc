"""Evaluation of Futuropia positions.

The game's own score of the present position (the final scoring applied now: the
self-sufficiency check on production, houses, loans, face-up tiles, 1 point per 10
resources) is the base, with three corrections a player makes in their head:

- **Stock by what it can still become.** Money buys generators and houses, food feeds
  the next feeding run, energy runs the robots: each is worth more than 0.1 point up to
  what the next runs need. Food and energy beyond that need buy nothing themselves:
  they pay "any resource" (interest, repayments, early refreshes), so they count as
  money only as far as the loans held and a little future credit can absorb them —
  and, once the final phase may begin within a round, only as far as the loans held.
  The rest counts at nothing: a power run without a purchase is no subsidy.
- **A loan is not 3 points lost while resources can repay it.** At the end of a
  player's game every loan that 5 resources can repay is repaid; only the rest costs
  the penalty. So a loan that buys a generator early is worth taking.
- **Face-up tiles are actions.** In the final phase each face-up tile is one more action
  or, after stopping, 3 points; before it, a face-up tile is a choice kept open.

In the final phase every level plays the seat's best plan over its own remaining tiles,
scored exactly by the game's final scoring (`FuturopiaEvaluator.plan`, via `prune`),
with the supply's last houses bought first while another seat may still take them.

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
CREDIT = 10  # spare food and energy future credit purchases may still absorb (2 loans)
UNPAID = 3.0  # a loan the stock cannot repay (the rulebook's penalty)
END_RESIDENTS = 25  # residents that trigger the final phase (rulebook 觸發遊戲最終階段)
REPAY_COST = 5  # resources per loan repaid (rulebook 流程之外：貸款)
PLAN_TILES = 3  # own tiles the final phase's plan looks ahead (FuturopiaEvaluator.plan)
PLAN_BUDGET = 200  # plan positions per decision, shared by its first moves and answers
BRANCH_BUDGET = 40  # plan positions at most after one first move and answer
BRANCH_MIN = 12  # plan positions at least after one first move and answer
FINISH_BUDGET = 60  # positions to finish one tile's turn in a plan
HOUSE_RISK = 1.0  # share counted of what a plan loses if a house left for later is gone


class FuturopiaEvaluator(Evaluator):
    name = "futuropia"
    scale = 8.0

    def __init__(self) -> None:
        self._planning = False  # inside `plan`: the plan's own steps are not planned
        self._no_houses = False  # inside `plan`: the supply's houses are taken as gone

    def estimates(self, state: State, viewer: int) -> list[float]:
        scores = state.scores()
        if state.is_over:
            return [float(row["total"]) for row in scores]
        view = state.view(viewer)
        final = bool(view["final_phase"])
        credit = 0 if final or _end_is_near(view) else CREDIT
        return [self._estimate(row, score, final, credit)
                for row, score in zip(view["communities"], scores, strict=True)]

    @staticmethod
    def _estimate(row: dict[str, Any], score: dict[str, int], final: bool,
                  credit: int = CREDIT) -> float:
        est = float(score["total"])
        if row["finished"]:
            return est
        est -= score["resources"] + score["loans"]
        money: int = row["money"]
        food: int = row["food"]
        energy: int = row["energy"]
        loans: int = row["loans"]
        # Money, food and energy are one purse: a loan covers any payment and 5 of any
        # resource repay it (plus 1 of interest at each refresh).
        net = money + food + energy - 6 * loans
        residents: int = row["residents"]
        food_need = residents + 2
        energy_need = _energy_need(row)
        dead = 0
        if not final:
            dead = _dead_stock(food - food_need, energy - energy_need, loans, credit)
            net -= dead
        if net < 0:
            est -= UNPAID * -(net // 6)
        elif final:
            # what is left at the end scores 1 per 10; energy the end's repayments leave
            # over is counted at nothing: it is better spent now, on loans for one more
            # purchase that it then repays
            left = _energy_left_at_end(energy, loans)
            est += (net - left) * SPARE + left * END_ENERGY
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
        """Moves no sensible player makes, or decisions with one sensible answer:

        - paying "any resource" (refresh, interest, repayment) in money while food or
          energy beyond the next runs' needs could pay: spare stock buys nothing else.
          Spare energy goes first, then spare food, then money, then the rest: energy
          has no use beyond the robot runs, while food also feeds the residents the
          final phase may still invite (and at the end both score alike);
        - keeping a loan that spare stock and money could repay: every loan still held
          costs 1 resource of interest at each refresh and 6 at the end, while a
          repayment costs 5, and a later purchase short of cash borrows again at once.
          So repaying is the one answer, as long as food and energy for the next runs
          stay (this decision took a third of the search's time in `hard`);
        - an early refresh by a seat whose money is far beyond its needs: refreshing for
          yet another subsidy would stall the game (spare food and energy may pay
          refreshes: that is how a player spends them);
        - in the final phase, every move (tile, stop and the steps inside a tile) but the
          first of the best plan over the seat's own remaining tiles (`plan`): scored
          exactly at its end, that plan is what a player computes there; rated one turn
          ahead (the heuristic) or after random rollouts (the search levels), a tile
          looked worse than stopping with 15-70 resources left (issue #19)."""
        names = state.game.action_space.actions
        first = names[legal[0]].name
        if (not self._planning and len(legal) > 1 and self.mid_turn(state)
                and not (first.startswith("pay:") or first.startswith("repay:"))
                and state.view(state.current_player)["final_phase"]):
            return [self.plan(state, legal)]
        if first.startswith("pay:") or first.startswith("repay:"):
            seat = state.current_player
            assert seat is not None
            row = state.view(seat)["communities"][seat]
            spare_food = row["food"] - row["residents"] - 2
            spare_energy = row["energy"] - _energy_need(row)
            by_name = {names[i].name: i for i in legal}
            if first.startswith("repay:"):
                spare = max(0, spare_food) + max(0, spare_energy) + row["money"]
                pick = "repay:loan" if spare >= REPAY_COST else "repay:done"
                return [by_name[pick]] if pick in by_name else legal
            order = []
            if spare_energy > 0:
                order.append("pay:energy")
            if spare_food > 0:
                order.append("pay:food")
            order += ["pay:money", "pay:energy", "pay:food"]
            return [next(by_name[n] for n in order if n in by_name)]
        stop = [i for i in legal if names[i].name == "stop"]
        if stop and len(legal) > 1:
            return [self.plan(state, legal)]
        refresh = [i for i in legal if names[i].name == "refresh"]
        if not refresh:
            return legal
        seat = state.current_player
        assert seat is not None
        row = state.view(seat)["communities"][seat]
        if row["money"] - 6 * row["loans"] - NEED > RICH:
            return [i for i in legal if i not in refresh]
        return legal


    def plan(self, state: State, legal: list[int]) -> int:
        """The final phase's move for the seat to move (a tile, stop, or a step inside a
        tile: the purchase, the residents, the robots): the first of the sequence of its
        own tiles (at most `PLAN_TILES`, each played to the end of its turn as the
        heuristic agent plays it, `_complete`), then stop, whose final score is best;
        among equal scores the one that leaves the least energy. The other seats are
        taken to stop (their moves change the markets and the subsidy, rarely the
        seat's own plan).

        Rated one turn ahead, every tile of the final phase costs the 3 points its
        face-up side would score while what it prepares (money for a purchase, loans
        the spare energy repays at the end) comes later: the heuristic stopped at once
        in 11 of 24 final phases of self-play with up to 29 energy left, where in 9 of
        them playing on scored 3-16 points more (issue #19, docs/strength.md).

        Each tile is rated by its best answer to the turn's first decision (`_afters`).
        Other seats that may still invite can take the supply's last houses between the
        seat's tiles: a plan that buys a house only in a later tile loses `HOUSE_RISK`
        of what it would lose if that house were gone (the same plan with no house
        bought after this turn). Taking the houses as staying, `hard` bought a generator
        first and lost the house it meant to fill to the scripted cycle in 3 of 12
        games, 5-9 points and the energy its credit was to use (docs/strength.md)."""
        seat = state.current_player
        assert seat is not None
        contested = _houses_contested(state.view(seat), seat)
        names = state.game.action_space.actions
        best, best_key = legal[0], (float("-inf"), 0.0, 0.0)
        self._planning = True
        try:
            tiles = any(names[i].name == "stop" for i in legal)
            branches = [(index, after) for index in legal
                        for after in (self._afters(state, index, seat) if tiles
                                      else [self._after(state, index, seat)])]
            share = max(BRANCH_MIN, min(BRANCH_BUDGET, PLAN_BUDGET // len(branches)))
            for index, after in branches:
                score, energy = self._plan_value(after, seat, PLAN_TILES - 1, [share])
                risky = score
                if contested and score >= best_key[0]:
                    self._no_houses = True
                    try:
                        held_score = self._plan_value(after, seat, PLAN_TILES - 1, [share])[0]
                    finally:
                        self._no_houses = False
                    risky = score - HOUSE_RISK * max(0.0, score - held_score)
                key = (risky, score, energy)
                if key > best_key:
                    best, best_key = index, key
        finally:
            self._planning = False
        return best

    def _afters(self, state: State, index: int, seat: int) -> list[State]:
        """`state` after the seat's move `index` and the rest of its turn: one position
        for each answer to the turn's next decision (the purchase, how many residents,
        how many robots), each finished as `_after` finishes it. Finished greedily from
        the tile on, the rating one turn ahead picked the answer (invite 1 resident,
        not 5 that a food purchase later feeds) and hid the tile's best plan."""
        child = state.clone()
        child.log_enabled = False
        child.apply_index(index)
        if child.is_over or child.current_player != seat or not self.mid_turn(child):
            return [self._after(state, index, seat)]
        moves = self.prune(child, child.legal_indices())
        return [self._after(child, move, seat) for move in moves]

    def _after(self, state: State, index: int, seat: int) -> State:
        """`state` after the seat's tile `index`, its turn finished as the heuristic
        agent finishes it (the completion whose end it rates best) and the other seats
        stopped, up to the seat's next decision (or its end)."""
        child = state.clone()
        child.log_enabled = False
        child.apply_index(index)
        child = self._complete(child, seat, [FINISH_BUDGET])[1]
        names = child.game.action_space.actions
        while not child.is_over and child.current_player != seat:
            stop = [i for i in child.legal_indices() if names[i].name == "stop"]
            if not stop:
                break
            child.apply_index(stop[0])
        return child

    def _complete(self, state: State, seat: int, budget: list[int]) -> tuple[float, State]:
        """The best lead `seat` reaches by finishing its compound move and the position
        where it ends: every sensible completion while `budget` positions last, then
        each step the one rated best where it leads (so the turn always ends)."""
        budget[0] -= 1
        if state.is_over or state.current_player != seat or not self.mid_turn(state):
            est = self.estimates(state, seat)
            return est[seat] - max(v for s, v in enumerate(est) if s != seat), state
        best: tuple[float, State] | None = None
        moves = self.prune(state, state.legal_indices())
        if self._no_houses:
            moves = _without_houses(state, moves, seat)
        if budget[0] <= 0 and len(moves) > 1:
            moves = [max(moves, key=lambda m: self._lead_after(state, m, seat))]
        for index in moves:
            child = state.clone()
            child.apply_index(index)
            done = self._complete(child, seat, budget)
            if best is None or done[0] > best[0]:
                best = done
        assert best is not None
        return best

    def _lead_after(self, state: State, index: int, seat: int) -> float:
        child = state.clone()
        child.apply_index(index)
        est = self.estimates(child, seat)
        return est[seat] - max(v for s, v in enumerate(est) if s != seat)

    def _plan_value(self, state: State, seat: int, depth: int,
                    budget: list[int]) -> tuple[float, float]:
        """(final score, -energy left) of the seat's best plan from `state`."""
        budget[0] -= 1
        row = state.view(seat)["communities"][seat]
        if state.is_over or row["finished"]:
            return float(state.scores()[seat]["total"]), -float(row["energy"])
        names = state.game.action_space.actions
        legal = state.legal_indices()
        stop = [i for i in legal if names[i].name == "stop"]
        if state.current_player != seat or not stop:
            # not the seat's final-phase turn (a plan cut short): the evaluation
            return self.estimates(state, seat)[seat], -float(row["energy"])
        best = self._plan_value(self._after(state, stop[0], seat), seat, 0, budget)
        if depth <= 0 or budget[0] <= 0:
            return best
        for index in legal:
            if index == stop[0] or (self._no_houses and names[index].name == "action:invite"
                                    and row["beds"] <= row["residents"]):
                continue  # while held, an invite without an empty bed seats no one
            best = max(best, self._plan_value(self._after(state, index, seat), seat,
                                              depth - 1, budget))
        return best


def _houses_contested(view: dict[str, Any], seat: int) -> bool:
    """Whether another seat still in the game may invite (its invite tile face up)
    while the supply holds houses: its invite may buy the houses the seat's plan
    leaves for a later tile."""
    return bool(view["house_supply"]) and any(
        not row["finished"] and "invite" in row["tiles_face_up"]
        for s, row in enumerate(view["communities"]) if s != seat)


def _without_houses(state: State, moves: list[int], seat: int) -> list[int]:
    """`moves` as if the supply held no house: no house bought, and no more residents
    invited than the empty beds seat (when some invite does; else `moves`)."""
    names = state.game.action_space.actions
    kept = [m for m in moves if not names[m].name.startswith("house:")
            or names[m].name == "house:done"]
    if kept and names[kept[0]].name.startswith("invite:"):
        row = state.view(seat)["communities"][seat]
        empty = row["beds"] - row["residents"]
        kept = [m for m in kept if int(names[m].name[7:]) <= empty]
    return kept or moves


def _end_is_near(view: dict[str, Any]) -> bool:
    """Whether the final phase may begin within about one round: one purchase per
    player could bring a $15 generator into its market, or a community is one invite
    (5 residents) short of the 25 that trigger it (rulebook 觸發遊戲最終階段)."""
    players = int(view["players"])
    for market in view["markets"].values():
        supply = market["supply"]
        if not supply:
            continue  # the $15 stack is in the market: the trigger has been
        sides = [market[s]["count"] for s in ("left", "right") if market[s]]
        purchases = min(sides, default=0) + sum(int(g["count"]) for g in supply[:-1])
        if purchases <= players:
            return True
    return any(row["residents"] >= END_RESIDENTS - 5 for row in view["communities"])


def _dead_stock(spare_food: int, spare_energy: int, loans: int, credit: int = CREDIT) -> int:
    """Spare food and energy that cannot become anything any more.

    Beyond the next runs' needs, food and energy buy nothing themselves: they only pay
    "any resource" — interest and repayments (6 per loan), early refreshes — and loans
    are taken only when cash runs short. So spare stock is worth money up to what the
    loans held and a couple of future credit purchases (`credit`) can absorb; the rest
    waits for the end's 1 point per 10. When the end is near (`credit` 0) the end's
    repayment comes next, and it takes energy, then food, then money
    (rules/futuropia/state.py `END_PAY_ORDER`), so spare stock repays the loans held
    whatever money is held. Counting all spare stock as money made a power run without
    a purchase look like a subsidy: the last power run before the final phase bought
    nothing in 15 of 40 games."""
    spare = max(0, spare_food) + max(0, spare_energy)
    return max(0, spare - 6 * loans - credit)


def _energy_left_at_end(energy: int, loans: int) -> int:
    """Energy a seat that can repay every loan keeps after its game end: interest (1 a
    loan) and repayments (5 a loan) take energy first (rules/futuropia/state.py
    `END_PAY_ORDER`), 6 a loan."""
    return max(0, energy - 6 * loans)


def _energy_need(row: dict[str, Any]) -> int:
    """Energy the next robot run takes (robots, houses) and a margin of 2."""
    return int(row["robots"] + row["robots_waiting"] + row["house_energy"] + 2)
