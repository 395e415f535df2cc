"""A fast greedy policy for solo National Economy, with an evaluation that plans wages.

Solo money is a closed loop (rulebook, Budget and Solo Play Rules): wages go to the
Budget, the markets and money buildings take them back, and only the starting $5 and
building sales (at half the asset value in solo) bring new money in. So wages cost
nothing in themselves, *except* that

- the money must be in hand at every payday (short: sell a building at half price, or
  3 points per unpaid $),
- the circulating money (cash + Budget) must cover the largest wage bill still to come,
  or a sale is forced later (each $ brought in by a sale costs about 1 point: a building
  of value v gives v/2 in cash),
- getting wages back from the Budget costs placements and cards, and the last round's
  wages stay in the Budget for good.

`SoloValue.value` estimates the final score from these terms plus the score so far,
the cards in hand and the placements still to make; `SoloPolicy` plays, at every
placement, the workplace whose move (finished by simple rules for building, paying,
discarding and selling) leads to the best estimate. It reads only what the seat knows
(its own hand and holdings, the public row, the Budget); never the deck. It runs about
ten times faster than the `heuristic` (no JSON view), so the solo planner can afford
many more rollouts.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from typing import Any, Final

from keizai.engine import Rng, State
from keizai.rules.national_economy import state as ne
from keizai.rules.national_economy.scoring import score_parts

EDITIONS = ("progress", "mecenat", "glory")


@dataclass
class Weights:
    """The evaluation's weights (points); tuned by bench/solo_tune.py."""

    place: float = 3.0  # what one placement still to make earns (cards, money, builds)
    place_growth: float = 0.15  # added per round: later workplaces are stronger
    own: float = 1.0  # per later round, per own workplace a token can use
    card: float = 3.0  # a building card in hand while rounds remain
    item: float = 2.2  # a Consumer Item in hand while rounds remain
    recover: float = 0.75  # share of the wages paid before the last round won back
    budget: float = 0.75  # per $ already in the Budget (it can be taken back)
    sell: float = 1.5  # per $ of this round's shortfall covered by a sale
    inject: float = 1.2  # per $ the circulating money lacks for a later payday
    slack: float = 2.0  # $ of circulation kept above the largest later wage bill
    unpaid: float = 3.0  # per $ that neither cash nor sales can pay (rulebook: -3)
    card_keep: float = 1.0  # weight of a card's worth when choosing what to pay

    def as_dict(self) -> dict[str, float]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Weights:
        known = {f.name for f in fields(cls)}
        return cls(**{k: float(v) for k, v in data.items() if k in known})


@cache
def _tuned() -> dict[str, dict[str, float]]:
    """The tuned weights shipped with the package (bench/solo_tune.py writes them)."""
    path = resources.files("keizai.agents").joinpath("solo_weights.json")
    if not path.is_file():
        return {}
    data: dict[str, dict[str, float]] = json.loads(path.read_text("utf-8"))
    return data


def load_weights() -> dict[str, Weights]:
    """The weights per edition: the tuned ones where shipped, else the defaults."""
    tuned = _tuned()
    return {e: Weights.from_dict(tuned.get(e, {})) for e in EDITIONS}


def weights_for(game_id: str) -> Weights:
    """The weights of a game id such as "national-economy/mecenat"."""
    edition = game_id.rsplit("/", 1)[-1]
    return load_weights().get(edition, Weights())


class _Tables:
    """Per game, what the evaluation looks up on every call (computed once)."""

    def __init__(self, s: ne.NationalEconomyState) -> None:
        buildings = s.cards.buildings
        wages = s.cards.wages
        last = len(wages)
        self.gain_row = tuple(_gain(spot.steps) for spot in s.spots)
        self.gain_own = tuple(_gain(spot.steps) for spot in s.own_spots)
        self.half = tuple(0 if b.no_sale else b.value // 2 for b in buildings)
        # 0/1 as ints, not bools: summed in the hot loops without generic arithmetic
        self.works = tuple(int(not b.no_worker) for b in buildings)
        # per round rnd: the wages of the rounds after it (sum, largest)
        self.later_sum = tuple(sum(wages[rnd:]) for rnd in range(last + 1))
        self.later_max = tuple(max(wages[rnd:], default=0) for rnd in range(last + 1))
        self.wages = wages
        # per building type: the end-of-game bonus it adds once its condition is met (the
        # all-or-nothing kinds only; per-item, per-building... bonuses grow step by step)
        self.builds = tuple(int(any(step[0] in ("build", "build_two") for step in spot.steps))
                            for spot in s.own_spots)
        self.draws = tuple(int(sum(step[1] for step in spot.steps if step[0] == "draw"))
                           for spot in s.own_spots)
        self.threshold_bonus = tuple(
            int(b.end_bonus["points"]) if b.end_bonus and b.end_bonus["kind"] in _THRESHOLD
            else 0 for b in buildings)


class SoloValue:
    """Estimate of the final score of seat 0 in a solo game (see the module docstring)."""

    def __init__(self, weights: Weights | None = None) -> None:
        self.w = weights or Weights()
        self._game: str | None = None
        self._seen: object = None  # the game object of the last state valued
        self.t: _Tables | None = None
        # the score terms of the last state valued, for `solo_features` (computed once)
        self.last_total = 0
        self.last_bonuses = 0
        self.last_unpaid = 0
        # the Budget money its remaining placements can take (`_income`), or -1 when
        # `value` did not need it
        self.last_income = -1
        last = 9
        w = self.w
        # per round rnd: what one token earns in the rounds after it
        self.place_later: tuple[float, ...] = tuple(
            float(sum(w.place + w.place_growth * r for r in range(rnd + 1, last + 1)))
            for rnd in range(last + 1))

    def value(self, s: ne.NationalEconomyState) -> float:
        p = s.players[0]
        assets, bonuses, cash, vp, unpaid = score_parts(s, p)
        whole = assets + bonuses + cash + vp + unpaid  # s.scores()[0]["total"]
        self.last_total = whole
        self.last_bonuses = bonuses
        self.last_unpaid = unpaid
        self.last_income = -1
        total = float(whole)
        if s.phase == ne.OVER:
            return total
        game = s.game
        if game is not self._seen:  # an identity test first: `id` is a Python attribute
            self._seen = game
            if self._game != game.id or self.t is None:
                self._game = game.id
                self.t = _Tables(s)
        t = self.t
        assert t is not None
        w = self.w
        wages = t.wages
        rnd = s.round
        last = len(wages)
        workers = p.workers
        tokens = workers + p.dolls
        action = s.phase == ne.ACTION
        ready = p.ready if action else 0
        est = total
        # placements still to make, and own workplaces for later rounds
        est += ready * (w.place + w.place_growth * rnd) + tokens * self.place_later[rnd]
        works = t.works
        half = t.half
        workplaces = 0
        sellable = 0
        for b in p.buildings:
            workplaces += works[b]
            sellable += half[b]
        est += w.own * min(workplaces, tokens) * (last - rnd)
        # cards in hand, down to the hand limit
        limit = s._hand_limit(p)
        kept_cards = min(p.hand_n, limit)
        kept_items = min(p.items, limit - kept_cards)
        worth = 1.0 if rnd < last else (0.5 if ready else 0.0)
        est += worth * (w.card * kept_cards + w.item * kept_items)
        # wages: this round's bill leaves the cash now, later ones leave it later; what goes
        # to the Budget before the last payday comes back at the rate `recover`
        due = wages[rnd - 1] * workers if action else 0
        future = t.later_sum[rnd] * workers
        back = (due if rnd < last else 0) + future - (wages[last - 1] * workers
                                                      if rnd < last else 0)
        est -= due + future
        est += w.recover * back + w.budget * s.budget
        # this payday: cash short after what the remaining placements may still take back
        injected = 0
        if due:
            short = due - p.money
            if short > 0:
                income = self.last_income = self._income(s, ready, t)
                short -= min(s.budget, income)
            if short > 0:
                injected = min(short, sellable)
                est -= w.sell * injected + w.unpaid * (short - injected)
                sellable -= injected
        # later paydays: the circulating money must cover each bill to come; a sale
        # brings money in for good, an unpaid $ is lost every round it is missing
        if future:
            money = float(p.money + s.budget + injected)
            need = t.later_max[rnd] * workers + w.slack
            covered = min(max(0.0, need - money), sellable)
            est -= w.inject * covered
            money += covered
            if t.later_max[rnd] * workers > money:
                for r in range(rnd + 1, last + 1):
                    lack = wages[r - 1] * workers - money
                    if lack > 0:
                        est -= w.unpaid * lack
        return est

    @staticmethod
    def _income(s: ne.NationalEconomyState, ready: int, t: _Tables) -> int:
        """What the `ready` placements left this round can take from the Budget at most:
        the best money workplaces still open (general row upright and free, own unused).
        (Index loops, not zip(): no tuple per workplace; a rollout calls this for every
        candidate move.)"""
        if not ready:
            return 0
        gains: list[int] = []
        gain_row = t.gain_row
        keys = s.wp_key
        who = s.wp_who
        side = s.wp_side
        for i in range(len(keys)):
            if not side[i] and not who[i]:
                gain = gain_row[keys[i]]
                if gain:
                    gains.append(gain)
        p = s.players[0]
        gain_own = t.gain_own
        buildings = p.buildings
        built = p.built
        for j in range(len(buildings)):
            if built[j] == ne.FREE:
                gain = gain_own[buildings[j]]
                if gain:
                    gains.append(gain)
        if len(gains) > ready:  # the `ready` largest
            gains.sort()
            total = 0
            for k in range(len(gains) - ready, len(gains)):
                total += gains[k]
            return total
        total = 0
        for gain in gains:
            total += gain
        return total


# The learned value's features (`solo_features`), in the order of its weights: what the seat
# knows of its own position (holdings, own hand, the Budget, the round's wages), never the deck.
# The last four were added for Glory (its shipped weights for the other editions are 0 on
# them): the VP cards held, the ones towards the next set of 3 (10 points a set), the
# Unpaid Wage points already taken (final: bench/solo_value_fit.py fixes their weight so that
# they count at face value) and the end-of-game bonuses of own buildings not met yet. The
# last five (branch glory-fit; 0 for Progress and Mecenat) read what the seat can still turn
# into buildings: the building cards in hand it can pay for now and their asset value, its
# own workplaces that construct and the cards its own workplaces draw, and the cash left
# after this round's wages (negative when short).
SOLO_FEATURES = ("bias", "score", "hand_made", "money", "budget", "workers", "dolls", "ready",
                 "cards", "items", "hand_value", "buildable", "buildings", "workplaces",
                 "sellable", "short_now", "short_later", "income", "deck",
                 "vp", "vp_next", "unpaid", "pending_bonus",
                 "build_count", "build_value", "builders", "draws", "cash_due")
_N_FEATURES: Final = len(SOLO_FEATURES)
# end-of-game bonus kinds that pay all or nothing (keizai.rules.national_economy.scoring)
_THRESHOLD = frozenset({"buildings_at_least", "icon_count_at_least", "icon_value_at_least",
                        "has_icons", "vp_at_least", "human_workers_at_least",
                        "items_at_least", "only_lock"})


def solo_features(s: ne.NationalEconomyState, valuer: SoloValue) -> list[float]:
    """The features of `s` (a solo state in the action phase) for `LearnedSoloValue`, in the
    order of SOLO_FEATURES; `valuer` gives the hand-made estimate and its tables."""
    out: list[float] = []
    _features(s, valuer, None, out)
    return out


def _features(s: ne.NationalEconomyState, valuer: SoloValue, row: list[float] | None,
              out: list[float] | None) -> float:
    """The features of `s` appended to `out` (when given), and their dot product with
    `row` (when given; else 0.0), summed in the order of SOLO_FEATURES as the learned
    value always summed them. One pass for both, so the rollout's valuation builds no
    list and boxes no float (compiled, the features stay machine doubles)."""
    hand_made = valuer.value(s)
    t = valuer.t
    assert t is not None
    p = s.players[0]
    buildings = s.cards.buildings
    rnd = s.round
    wages = t.wages
    workers = p.workers
    hand_value = 0
    buildable = 0
    build_count = 0
    build_value = 0
    size = p.hand_size
    hand = p.hand
    left = p.hand_n  # the cards still to find: the rest of the hand is empty
    for k in range(len(hand)):
        if left <= 0:
            break
        count = hand[k]
        if count:
            left -= count
            value = buildings[k].value
            hand_value += value * count
            if s.cost(p, k) < size:
                build_count += count
                build_value += value * count
                if value > buildable:
                    buildable = value
    workplaces = 0
    sellable = 0
    bonus = 0
    builders = 0
    draws = 0
    for b in p.buildings:
        workplaces += t.works[b]
        sellable += t.half[b]
        bonus += t.threshold_bonus[b]
        builders += t.builds[b]
        draws += t.draws[b]
    action = s.phase == ne.ACTION
    ready = p.ready if action else 0
    due = wages[rnd - 1] * workers if action else 0
    income = valuer.last_income
    if income < 0:
        income = SoloValue._income(s, ready, t)
    short_now = max(0, due - p.money - min(s.budget, income))
    short_later = max(0, t.later_max[rnd] * workers - p.money - s.budget)
    x1 = float(valuer.last_total)
    x3 = float(p.money)
    x4 = float(s.budget)
    x5 = float(workers)
    x6 = float(p.dolls)
    x7 = float(ready)
    x8 = float(p.hand_n)
    x9 = float(p.items)
    x10 = float(hand_value)
    x11 = float(buildable)
    x12 = float(len(p.buildings))
    x13 = float(workplaces)
    x14 = float(sellable)
    x15 = float(short_now)
    x16 = float(short_later)
    x17 = float(income)
    x18 = float(len(s.deck))
    x19 = float(p.vp)
    x20 = float(p.vp % 3)
    x21 = float(valuer.last_unpaid)
    x22 = float(max(0, bonus - valuer.last_bonuses))
    x23 = float(build_count)
    x24 = float(build_value)
    x25 = float(builders)
    x26 = float(draws)
    x27 = float(p.money - due)
    if out is not None:
        out.extend([1.0, x1, hand_made, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14,
                    x15, x16, x17, x18, x19, x20, x21, x22, x23, x24, x25, x26, x27])
    if row is None:
        return 0.0
    if len(row) != _N_FEATURES:
        raise ValueError("solo value: one weight per feature expected")
    total = 0.0
    total += row[0] * 1.0
    total += row[1] * x1
    total += row[2] * hand_made
    total += row[3] * x3
    total += row[4] * x4
    total += row[5] * x5
    total += row[6] * x6
    total += row[7] * x7
    total += row[8] * x8
    total += row[9] * x9
    total += row[10] * x10
    total += row[11] * x11
    total += row[12] * x12
    total += row[13] * x13
    total += row[14] * x14
    total += row[15] * x15
    total += row[16] * x16
    total += row[17] * x17
    total += row[18] * x18
    total += row[19] * x19
    total += row[20] * x20
    total += row[21] * x21
    total += row[22] * x22
    total += row[23] * x23
    total += row[24] * x24
    total += row[25] * x25
    total += row[26] * x26
    total += row[27] * x27
    return total


@cache
def _learned() -> dict[str, Any]:
    """The learned value's weights shipped with the package (bench/solo_value_fit.py)."""
    path = resources.files("keizai.agents").joinpath("solo_value.json")
    if not path.is_file():
        return {}
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


def learned_weights(game_id: str) -> list[list[float]] | None:
    """Per round (1..9), the learned value's weights for a game id's edition, or None
    when none are shipped for it."""
    data = _learned()
    if data.get("features") != list(SOLO_FEATURES):
        return None
    edition = game_id.rsplit("/", 1)[-1]
    entry = data.get(edition)
    if entry is None:
        return None
    rows: list[list[float]] = [[float(x) for x in row] for row in entry["weights"]]
    return rows


class LearnedSoloValue:
    """Estimate of the final score of seat 0 in a solo game, learned from played games:
    per round, a linear function of `solo_features` (the hand-made `SoloValue` estimate
    and the holdings it is made of) fitted by bench/solo_value_fit.py to the final scores
    of the games the states came from. Falls back to the hand-made estimate for an
    edition without shipped weights."""

    def __init__(self, weights: list[list[float]] | None = None,
                 hand: Weights | None = None) -> None:
        """`weights`: per round, one weight per feature (default: the shipped ones of each
        game's edition); `hand`: the hand-made estimate's weights (default: the edition's)."""
        self.fixed = weights
        self.fixed_hand = hand
        self.rows = weights
        self.hand = SoloValue(hand)
        self._game: str | None = None
        self._seen: object = None  # the game object of the last state valued

    def value(self, s: ne.NationalEconomyState) -> float:
        game = s.game
        if game is not self._seen and self._game != game.id:
            self._game = game.id
            if self.fixed is None:
                self.rows = learned_weights(game.id)
            if self.fixed_hand is None:
                self.hand = SoloValue(weights_for(game.id))
        self._seen = game
        if s.phase == ne.OVER:
            return float(s.scores()[0]["total"])
        rows = self.rows
        if rows is None:
            return self.hand.value(s)
        return _features(s, self.hand, rows[min(s.round, len(rows)) - 1], None)


# the doll plan's worth of keeping a Mechanical Doll card: above any card's `_keep`
_DOLL_KEEP: Final = 1000.0


def _gain(steps: tuple[Any, ...]) -> int:
    """The money a workplace's effect takes from the Budget (its larger case)."""
    total = 0
    for step in steps:
        name = step[0]
        if name == "gain":
            total += step[1]
        elif name in ("gain_if_last_token", "gain_if_hand_exactly"):
            total += max(x for x in step[1:] if isinstance(x, int))
        elif name == "gain_per_item":
            total += step[1] * 2
    return total


class SoloPolicy:
    """Greedy by `SoloValue` at placements; simple rules for the choices inside a move."""

    def __init__(self, weights: Weights | None = None, learned: bool = False,
                 epsilon: float = 0.0, seed: int = 0, doll_until: int = 0) -> None:
        """Without `weights`, each game uses its edition's tuned weights. `learned`: judge
        moves by the learned value (`LearnedSoloValue`) instead of the hand-made one.
        `epsilon`: chance of a random placement (diversifies recorded games).
        `doll_until` (0: never): a plan for the solo planner's rollouts (its option `doll`,
        keizai.agents.solo), not a better policy alone: up to that round the policy never
        pays or discards a Mechanical Doll card, builds the doll at every build that
        may, and holding a doll card it can pay for, places only where it may build."""
        self.fixed = weights
        self.learned = learned
        self.valuer = SoloValue(weights)
        self.judge: SoloValue | LearnedSoloValue = (
            LearnedSoloValue(hand=weights) if learned else self.valuer)
        self._game: str | None = None
        self._seen: object = None  # the game object of the last state chosen for
        self.epsilon = epsilon
        self.rng = Rng(seed)
        self.lent = 0  # $ lent by the last `play_out` with `loan_from`
        self.doll_until = doll_until
        # with `doll_until`, per game: the Mechanical Doll's building types and the
        # placements that may build
        self._doll_game: object = None
        self._doll_types: tuple[int, ...] = ()
        self._build_spots: frozenset[int] = frozenset()

    # ------------------------------------------------------------ card worth
    def _keep(self, s: ne.NationalEconomyState, t: int) -> float:
        """How much a card of type t (len(hand) for a Consumer Item) is worth keeping."""
        p = s.players[0]
        if t >= len(p.hand):
            return 1.0
        if self.doll_until and s.round <= self.doll_until and t in self._dolls(s):
            return _DOLL_KEEP
        b = s.cards.buildings[t]
        return 1.0 + self.valuer.w.card_keep * b.value / (s.cost(p, t) + 1.0)

    def _rule(self, s: ne.NationalEconomyState, legal: list[int]) -> int:
        """The choice inside a move that needs no look-ahead. (Plain loops rather than
        min/max with a key: a closure over the state makes a reference cycle that only
        the garbage collector frees.)"""
        layout = s.layout
        decision = s.decision
        if decision == ne.PAY:
            # the least worth keeping; ties: the lowest index
            best = legal[0]
            best_keep = self._keep(s, best - layout.pay)
            for a in legal:
                keep = self._keep(s, a - layout.pay)
                if keep < best_keep or (keep == best_keep and a < best):
                    best, best_keep = a, keep
            return best
        if decision == ne.SELL:
            # the minimal sale set (continuing the buildings chosen so far) of the least
            # asset value; ties: the first set in order
            k = len(s.sale_chosen)
            prefix = tuple(s.sale_chosen)
            price = s.cards.buildings
            chosen: tuple[int, ...] | None = None
            chosen_value = 0
            for st in s.sale_sets:
                if st[:k] != prefix:
                    continue
                value = 0
                for t in st:
                    value += price[t].value
                if chosen is None or value < chosen_value or (value == chosen_value
                                                              and st < chosen):
                    chosen, chosen_value = st, value
            assert chosen is not None
            return layout.sell + chosen[k]
        if decision == ne.TAKE:
            # the most worth keeping; ties: the lowest index
            best = legal[0]
            best_keep = self._keep(s, best - layout.take)
            for a in legal:
                keep = self._keep(s, a - layout.take)
                if keep > best_keep or (keep == best_keep and a < best):
                    best, best_keep = a, keep
            return best
        return legal[0]

    def _finish(self, s: ne.NationalEconomyState) -> None:
        """Play the rest of the move (and a payday) by the rules, builds by value."""
        done = self._finished(s)
        if done is not s:
            s.take_over(done)

    def _finished(self, s: ne.NationalEconomyState) -> ne.NationalEconomyState:
        """`_finish` without the copy back: the finished position is `s` itself, or, when
        a build (or option) was chosen by value, the finished position of the chosen one
        (what applying the choice to `s` and finishing again would give, without the
        work); `s` is then used up."""
        while not s.is_over and s.decision != ne.PLACE:
            legal = s.legal_indices()
            if self.doll_until:
                doll = self._doll_build(s, legal)
                if doll >= 0:
                    s.apply_index(doll)
                    continue
            if s.decision in (ne.BUILD, ne.OPTION) and len(legal) > 1:
                return self._best(s, legal, True)[1]
            s.apply_index(legal[0] if len(legal) == 1 else self._rule(s, legal))
        return s

    def _best(self, s: ne.NationalEconomyState, legal: list[int], spend: bool
              ) -> tuple[int, ne.NationalEconomyState]:
        """The first of `legal` whose finished position is valued best, and that position.
        Each is tried on a copy of `s`; with `spend` (the caller has no further use of
        `s`), the last one is tried on `s` itself once an earlier one was valued."""
        best, best_value = legal[0], float("-inf")
        best_child: ne.NationalEconomyState | None = None
        last = len(legal) - 1
        for i in range(len(legal)):
            a = legal[i]
            if spend and i == last and best_child is not None:
                child = s
            else:
                child = s.clone()
                child.log_enabled = False
            child.apply_index(a)
            child = self._finished(child)
            value = self.judge.value(child)
            if value > best_value:
                best, best_value, best_child = a, value, child
        if best_child is None:  # no value above -inf: the first, as it always was
            best_child = s.clone()
            best_child.log_enabled = False
            best_child.apply_index(best)
            best_child = self._finished(best_child)
        return best, best_child

    def choose_index(self, state: State) -> int:
        return self._choose(state, False)[0]

    def _choose(self, state: State, spend: bool
                ) -> tuple[int, ne.NationalEconomyState | None]:
        """The policy's choice, and when it was valued, its finished position; with
        `spend`, `state` may be used up on the way (see `_best`)."""
        s = state
        assert isinstance(s, ne.NationalEconomyState)
        game = s.game
        if self.fixed is None and game is not self._seen and self._game != game.id:
            self._game = game.id
            self.valuer = SoloValue(weights_for(game.id))
            if not self.learned:
                self.judge = self.valuer
        self._seen = game
        legal = s.legal_indices()
        if len(legal) == 1:
            return legal[0], None
        if self.epsilon and s.decision == ne.PLACE and self.rng.random() < self.epsilon:
            return legal[self.rng.randrange(len(legal))], None
        if self.doll_until:
            doll = self._doll_build(s, legal)
            if doll >= 0:
                return doll, None
            builds = self._doll_seek(s, legal)
            if builds:
                return self._best(s, builds, spend)
        if s.decision == ne.PLACE or s.decision in (ne.BUILD, ne.OPTION):
            return self._best(s, legal, spend)
        return self._rule(s, legal), None

    # ------------------------------------------------------------ the doll plan
    def _dolls(self, s: ne.NationalEconomyState) -> tuple[int, ...]:
        """The building types whose construction gives a Mechanical Doll (per game)."""
        game = s.game
        if game is not self._doll_game:
            self._doll_game = game
            self._doll_types = tuple(
                b.index for b in s.cards.buildings
                if any(step[0] == "doll" for step in b.on_build))
            self._build_spots = frozenset(
                spot.action for spot in (*s.spots, *s.own_spots)
                if any(step[0] == "build" for step in spot.steps))
        return self._doll_types

    def _doll_build(self, s: ne.NationalEconomyState, legal: list[int]) -> int:
        """With the doll plan, at a build up to round `doll_until`: the Mechanical Doll's
        choice when legal, else -1."""
        if s.decision != ne.BUILD or s.round > self.doll_until:
            return -1
        build = s.layout.build
        dolls = self._dolls(s)
        for a in legal:
            if a - build in dolls:
                return a
        return -1

    def _doll_seek(self, s: ne.NationalEconomyState, legal: list[int]) -> list[int]:
        """With the doll plan, at a placement up to round `doll_until` while holding a doll
        card the seat can pay for: the placements of `legal` that may build (empty when
        none, or when the plan does not apply)."""
        if s.decision != ne.PLACE or s.round > self.doll_until:
            return []
        p = s.players[0]
        size = p.hand_size
        for t in self._dolls(s):
            if p.hand[t] and s.cost(p, t) < size:
                spots = self._build_spots
                return [a for a in legal if a in spots]
        return []

    def play_out(self, s: State, deadline: float | None = None,
                 loan_from: int = 0) -> float | None:
        """Finish the game greedily; the final score, or None once `deadline` (a
        `time.perf_counter()` value) has passed. `loan_from` (0: never): from that round
        on, the seat is given its round's wage shortfall (wage x workers - cash) at its
        last placement of each round, so it pays its wages without selling or Unpaid
        Wages; the total given is left in `lent`, for the caller to charge. Not a rule:
        the planner's option `loan` (keizai.agents.solo) rolls out with it."""
        assert isinstance(s, ne.NationalEconomyState)
        self.lent = 0
        if s.log_enabled:  # the moves are played (and logged) on `s` itself
            while not s.is_over:
                if deadline is not None and time.perf_counter() >= deadline:
                    return None
                if loan_from:
                    self._lend(s, loan_from)
                s.apply_index(self.choose_index(s))
            return float(s.scores()[0]["total"])
        # Without a log, a valued choice goes on from the finished position the policy
        # judged (the same moves it would play again on `s`), and the positions left
        # behind may be used up; `s` takes the final one over at the end.
        current = s
        while not current.is_over:
            if deadline is not None and time.perf_counter() >= deadline:
                if current is not s:
                    s.take_over(current)
                return None
            if loan_from:
                self._lend(current, loan_from)
            index, finished = self._choose(current, True)
            if finished is None:
                current.apply_index(index)
            else:
                current = finished
        if current is not s:
            s.take_over(current)
        return float(s.scores()[0]["total"])

    def _lend(self, s: ne.NationalEconomyState, loan_from: int) -> None:
        """`play_out`'s loan: at the seat's last placement of a round from `loan_from` on,
        its wage shortfall is added to its cash and to `lent`."""
        p = s.players[0]
        if s.decision != ne.PLACE or p.ready != 1 or s.round < loan_from:
            return
        short = s.cards.wages[s.round - 1] * p.workers - p.money
        if short > 0:
            p.money += short
            self.lent += short
