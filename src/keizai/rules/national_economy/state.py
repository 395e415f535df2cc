"""The rules of National Economy (Progress, Mecenat, Glory; 1–4 players).

Source: the 2025 revival rulebook (shared/seeds/001), with the Chinese Mecenat rulebook
(seed 000) for card texts; every doubt is decided in docs/rules-notes.md.

A placement runs the workplace's effect steps (cards.py's vocabulary) one by one; a step
that needs a choice (which building, which card to pay, ...) stops the run and sets a
pending decision of the same seat. Decisions with a single legal choice are taken
automatically (they are no decision), so every recorded action is a real choice.
"""

from __future__ import annotations

from typing import Any, Final

from keizai.engine import SmallDraws, State, rng_from
from keizai.engine.decision import PendingDecision
from keizai.engine.final_score import final_score_messages
from keizai.engine.state import Viewer
from keizai.i18n import msg
from keizai.rules.national_economy.actions import Layout
from keizai.rules.national_economy.cards import (
    AGRICULTURE,
    FACILITY,
    ICON_AT_LEAST,
    ICON_BITS,
    NO_REDUCTION,
    VP_AT_LEAST,
    CardSet,
)
from keizai.rules.national_economy.workplaces import (
    BUILD_FULL,
    FACE,
    HIRE,
    PUBLIC,
    SIMPLE,
    Spot,
    compile_spots,
    workplace_id,
)

# Pending decisions
PLACE: Final = 0
BUILD: Final = 1
PAY: Final = 2
SELL: Final = 3
TAKE: Final = 4
OPTION: Final = 5
NONE: Final = 6
# Phases
ACTION: Final = 0
PAYDAY: Final = 1
OVER: Final = 2
# What a payment is for
PAY_EFFECT: Final = 0
PAY_BUILD: Final = 1
PAY_LIMIT: Final = 2
# Payment modes
NORMAL: Final = 0
ITEM_DOUBLE: Final = 1
# Own building marks within a round
FREE: Final = 0
USED: Final = 1
BURNT: Final = 2
ROUNDS: Final = 9


def _slot(actions: list[int], action: int) -> int:
    """Where `action` goes in the ascending list `actions` (a place's action, listed in
    order), or -1 if it is there already: places with the same action (several
    Carpenters) judge alike, so the first one judged decides."""
    k = len(actions)
    while k > 0:
        last = actions[k - 1]
        if last < action:
            break
        if last == action:
            return -1
        k -= 1
    return k


class Player:
    """One seat's holdings. Hands are counts per building type plus Consumer Items."""

    __slots__ = (
        "brew",
        "buildings",
        "built",
        "dolls",
        "hand",
        "hand_n",
        "items",
        "money",
        "ready",
        "temps",
        "trainees",
        "unpaid",
        "vp",
        "workers",
    )

    def __init__(self, types: int = 0, money: int = 0, workers: int = 0,
                 blank: bool = False) -> None:
        if blank:  # the shell `copy()` fills in
            return
        self.money = money
        self.workers = workers  # human workers owned, trainees included
        self.ready = workers  # tokens (workers and dolls) that can still be placed
        self.trainees = 0
        self.dolls = 0
        self.temps = 0  # Company House Temp Worker tokens: +1 worker limit each
        self.hand = [0] * types
        self.hand_n = 0  # building cards in hand
        self.items = 0  # Consumer Items in hand
        self.vp = 0
        self.unpaid = 0
        self.brew = 0  # Consumer Items waiting on Breweries
        self.buildings: list[int] = []
        self.built: list[int] = []  # FREE / USED / BURNT per building this round

    def copy(self) -> Player:
        twin = Player(0, 0, 0, True)
        twin.money = self.money
        twin.workers = self.workers
        twin.ready = self.ready
        twin.trainees = self.trainees
        twin.dolls = self.dolls
        twin.temps = self.temps
        twin.hand = self.hand.copy()
        twin.hand_n = self.hand_n
        twin.items = self.items
        twin.vp = self.vp
        twin.unpaid = self.unpaid
        twin.brew = self.brew
        twin.buildings = self.buildings.copy()
        twin.built = self.built.copy()
        return twin

    @property
    def hand_size(self) -> int:
        return self.hand_n + self.items


class NationalEconomyState(State):
    __slots__ = (
        "_cheapest_known",
        "base_worker_limit",
        "budget",
        "build_arg",
        "build_mode",
        "build_two",
        "cards",
        "chosen",
        "current",
        "decision",
        "deck",
        "deck_known",
        "deck_undecided",
        "discard",
        "discard_epoch",
        "effect_at",
        "layout",
        "options_pending",
        "own_spots",
        "pay_for",
        "pay_left",
        "pay_min",
        "pay_mode",
        "pay_total",
        "payday_pos",
        "payday_wages",
        "phase",
        "place_own",
        "players",
        "revealed",
        "round",
        "round_lead",
        "sale_chosen",
        "sale_sets",
        "spots",
        "start_player",
        "step_i",
        "steps",
        "supply_out",
        "wp_key",
        "wp_side",
        "wp_who",
    )

    def __init__(self, game: Any = None, cards: CardSet | None = None,
                 layout: Layout | None = None,
                 players: int = 0, seed: int = 0, options: dict[str, Any] | None = None
                 ) -> None:
        """A new game; `NationalEconomyState(None)` is the blank shell `clone()` fills in
        (compiled classes cannot be created without running `__init__`)."""
        if game is None or cards is None or layout is None or options is None:
            return
        super().__init__(game, players, seed, options)
        self.cards = cards
        self.layout = layout
        self.base_worker_limit: int = cards.setup["worker_limit"]
        self.spots, self.own_spots = compile_spots(cards.game, players)
        setup = cards.setup
        types = len(cards.buildings)
        solo = players == 1
        self.players = [
            Player(types, setup["starting_money_first_seat"] + seat, setup["starting_workers"])
            for seat in range(players)
        ]
        self.supply_out = sum(p.money for p in self.players)
        self.budget = 0
        self.round = 1
        self.phase = ACTION
        self.start_player = 0
        self.round_lead = 0
        self.current: int | None = 0
        self.decision = PLACE
        self.steps: tuple[Any, ...] = ()
        self.step_i = 0
        # where the worker whose effect the steps are went (`placed_card`: a prompt names it)
        self.effect_at = 0
        self.pay_left = self.pay_min = 0
        self.pay_total = 0   # what the payment asked at first (pay_left is what is left)
        self.pay_for = PAY_EFFECT
        self.pay_mode = NORMAL
        self.build_mode = "full"
        self.build_arg: Any = None
        self.build_two: str | None = None
        self.chosen: list[int] = []
        self.revealed: list[int] = []
        self.options_pending: tuple[Any, ...] = ()
        self.sale_sets: list[tuple[int, ...]] = []
        self.sale_chosen: list[int] = []
        self.payday_pos = 0
        self.payday_wages = False
        self.place_own = -1

        # The general row, oldest first.
        carpenter = next(i for i, w in enumerate(cards.initial) if w.id == "carpenter")
        keys: list[int] = []
        deck = cards.deck
        set_aside_b = -1
        if solo:
            for wid in ("mine", "carpenter", "school"):
                keys.append(next(i for i, w in enumerate(cards.initial) if w.id == wid))
            a = cards.solo_building_a
            if a in cards.by_id:
                deck.remove(cards.by_id[a])
                keys.append(PUBLIC + cards.by_id[a])
            else:
                keys.append(next(i for i, w in enumerate(cards.initial) if w.id == a))
            set_aside_b = cards.by_id[cards.solo_building_b]
            deck.remove(set_aside_b)
        else:
            for i in range(len(cards.initial)):
                copies = cards.carpenters[players] if i == carpenter else 1
                keys.extend([i] * copies)
        self.wp_key = keys
        self.wp_who: list[tuple[int, ...]] = [()] * len(keys)
        self.wp_side = [False] * len(keys)
        self.deck = deck
        # The top of the deck is its end; with lazy draws its first `deck_undecided`
        # cards are not ordered yet (engine `State.lazy_draws`); cards whose place is
        # known (the solo set-aside card) lie above them.
        self.deck_undecided = self._shuffle_pile(deck)
        # How many cards on top of the deck every player knows (the solo set-aside card
        # until it is drawn): a determinized world keeps them there.
        self.deck_known = 0
        self.discard: list[int] = []
        # Bumped whenever cards leave the discard pile (it is emptied at a reshuffle);
        # otherwise the rules only append to it. Readers that saw the pile at the same
        # epoch need to read only the cards appended since (the RL observation writer).
        self.discard_epoch = 0
        for seat in range(players):
            self._draw(self.players[seat], setup["starting_hand"], seat, quiet=True)
        if set_aside_b >= 0:
            self.deck.append(set_aside_b)  # the top of the deck is its end
            self.deck_known = 1
        if self.log_enabled:
            self._event(msg("ne.log.round_one", wage=cards.wages[0]))

    # ------------------------------------------------------------------ contract
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.current

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _legal_indices(self) -> list[int]:
        if self.phase == OVER:
            return []
        decision = self.decision
        if decision == PLACE:
            return self._placements(self.current)
        if decision == BUILD:
            return [self.layout.build + t for t in self._build_choices()]
        if decision == PAY:
            return [self.layout.pay + x for x in self._pay_choices()]
        if decision == SELL:
            return [self.layout.sell + t for t in self._sale_choices()]
        if decision == TAKE:
            return [self.layout.take + t for t in sorted(set(self.revealed))]
        if decision == OPTION:
            return [self.layout.option + i for i in self._option_choices()]
        return []

    def _apply(self, index: int) -> None:
        self._decide(index)
        self._settle()

    def _decide(self, index: int) -> None:
        """Carry out one decision, whatever its kind."""
        layout = self.layout
        if index < layout.build:
            self._place(index)
        elif index < layout.pay:
            self._choose_building(index - layout.build)
        elif index < layout.sell:
            self._pay_one(index - layout.pay)
        elif index < layout.take:
            self._sell_one(index - layout.sell)
        elif index < layout.option:
            self._take(index - layout.take)
        else:
            self._choose_option(index - layout.option)

    def _settle(self) -> None:
        """Take every decision that has a single legal choice (it is no choice)."""
        while self.phase != OVER and self.decision != PLACE:
            legal = self._legal_indices()
            if len(legal) != 1:
                self._legal = legal
                return
            self._decide(legal[0])

    # ------------------------------------------------------------------ helpers
    def _worker_limit(self, p: Player) -> int:
        return self.base_worker_limit + p.temps

    def _hand_limit(self, p: Player) -> int:
        buildings = self.cards.buildings
        limit: int = self.cards.setup["hand_limit"]
        for t in p.buildings:  # a loop, not sum() of a generator: no object per call
            limit += buildings[t].hand_limit_bonus
        return limit

    def _icon_count(self, p: Player, bit: int) -> int:
        buildings = self.cards.buildings
        count = 0
        for t in p.buildings:
            if buildings[t].icons & bit:
                count += 1
        return count

    def cost(self, p: Player, t: int) -> int:
        """Construction cost of building type t for player p now (reductions applied)."""
        b = self.cards.buildings[t]
        kind = b.reduction_kind
        if kind == NO_REDUCTION:
            return b.cost
        if kind == VP_AT_LEAST:
            cut = b.reduction_amount if p.vp >= b.reduction_n else 0
        elif kind == ICON_AT_LEAST:
            met = self._icon_count(p, b.reduction_icon) >= b.reduction_n
            cut = b.reduction_amount if met else 0
        else:  # PER_ICON
            cut = b.reduction_amount * self._icon_count(p, b.reduction_icon)
        return max(0, b.cost - cut)

    def _reshuffle(self) -> None:
        """The deck has run out: the discard pile becomes the new deck, shuffled
        (revival rulebook, Draw Cards). The one place cards leave the discard pile, so
        `discard_epoch` is bumped here."""
        self.deck.extend(self.discard)
        self.discard.clear()
        self.discard_epoch += 1
        self.deck_undecided = self._shuffle_pile(self.deck)
        if self.log_enabled:
            self._event(msg("ne.log.reshuffle"))

    def _draw(self, p: Player, n: int, seat: int, quiet: bool = False) -> None:
        """Draw n building cards; reshuffle the discard pile when the deck runs out; draw
        Consumer Items for whatever is still missing (revival rulebook, Draw Cards)."""
        logging = not quiet and self.log_enabled
        drawn: list[int] = []  # the cards, kept for the log only
        got = 0
        deck = self.deck
        hand = p.hand
        self.reveals += 1
        for _ in range(n):
            if not deck:
                if not self.discard:
                    p.items += 1
                    continue
                self._reshuffle()
            t = deck.pop() if len(deck) > self.deck_undecided else self._draw_undecided()
            if self.deck_known:
                self.deck_known -= 1
            hand[t] += 1
            got += 1
            if logging:
                drawn.append(t)
        p.hand_n += got
        if logging:
            items = n - got
            short = "_short" if items else ""
            ids = [self.cards.buildings[t].id for t in drawn]
            self._event(msg("ne.log.draws" + short, seat=seat, n=got, items=items),
                        seat, msg("ne.log.draws_cards" + short, seat=seat, cards=ids,
                                  items=items))

    def _draw_undecided(self) -> int:
        """The top card of a deck whose cards are all undecided (lazy draws)."""
        card = self._pick_undecided(self.deck, self.deck_undecided)
        self.deck_undecided -= 1
        return card

    # ------------------------------------------------------------------ placement
    def _placements(self, seat: int | None) -> list[int]:
        assert seat is not None
        p = self.players[seat]
        out: list[int] = []
        self._cheapest_known = -1  # cheapest full cost in hand, found when first needed
        spots = self.spots
        keys = self.wp_key
        who = self.wp_who
        side = self.wp_side
        solo = self.num_players == 1  # workplaces turn sideways in the solo game only
        for i in range(len(keys)):
            if solo and side[i]:
                continue
            spot = spots[keys[i]]
            if who[i] and not spot.multi:
                continue
            action = spot.action
            k = _slot(out, action)
            if k >= 0 and self._judge(p, seat, spot):
                out.insert(k, action)
        if p.buildings:
            own_spots = self.own_spots
            built = p.built
            for j, t in enumerate(p.buildings):
                if built[j] == FREE:
                    spot = own_spots[t]
                    if spot.steps:
                        action = spot.action
                        k = _slot(out, action)
                        if k >= 0 and self._judge(p, seat, spot):
                            out.insert(k, action)
        return out

    def _judge(self, p: Player, seat: int, spot: Spot) -> bool:
        """Whether p may place a worker on the spot."""
        hand = p.hand_n + p.items
        if p.ready < spot.workers or hand < spot.need_hand or self.budget < spot.need_budget:
            return False
        check = spot.check
        if check == SIMPLE:
            return True
        if check == BUILD_FULL:
            if self._cheapest_known < 0:
                self._cheapest_known = self._cheapest(p)
            return self._cheapest_known < hand
        if check == HIRE:
            limit = self._worker_limit(p)
            hire_to = spot.hire_to
            return p.workers < (min(hire_to, limit) if hire_to else limit)
        return self._feasible(p, seat, spot)

    def _cheapest(self, p: Player) -> int:
        """The lowest construction cost (reductions applied) among p's hand, or a huge
        number with no building in hand."""
        buildings = self.cards.buildings
        best = 1 << 30
        hand = p.hand
        left = p.hand_n  # the cards still to find: past the last one the hand is empty
        for t in range(len(hand)):
            if left <= 0:
                break
            count = hand[t]
            if count:
                left -= count
                b = buildings[t]
                cost = b.cost if b.reduction_kind == NO_REDUCTION else self.cost(p, t)
                if cost < best:
                    best = cost
        return best

    def _feasible(self, p: Player, seat: int, spot: Spot) -> bool:
        """Whether every effect step can be applied in full (rulebook: a workplace whose
        effect you cannot apply cannot be chosen)."""
        hand = p.hand_size
        requires = spot.requires
        if requires:
            if hand > requires.get("hand_max", hand):
                return False
            if self.budget < requires.get("budget_min", 0):
                return False
            if requires.get("own_worker_on_mine") and not self._on_mine(seat):
                return False
        return self._steps_feasible(p, spot.steps, hand, self.budget, p.ready - spot.workers)

    def _steps_feasible(self, p: Player, steps: tuple[Any, ...], hand: int, budget: int,
                        ready_after: int) -> bool:
        for step in steps:
            name: str = step[0]  # a str, so compiled comparisons are string compares
            if name == "discard":
                if hand < step[1]:
                    return False
                hand -= step[1]
            elif name == "gain":
                if budget < step[1]:
                    return False
                budget -= step[1]
            elif name in ("draw", "items"):
                hand += step[1]
            elif name == "fill_items":
                if hand >= step[1]:
                    return False
                hand = step[1]
            elif name == "build":
                if not self._build_options(p, step[1], step[2] if len(step) > 2 else None,
                                           first_only=True):
                    return False
            elif name == "build_two":
                if not self._pair_firsts(p, step[1]):
                    return False
            elif name == "hire":
                if p.workers >= self._worker_limit(p):
                    return False
            elif name == "hire_up_to":
                if p.workers >= min(step[1], self._worker_limit(p)):
                    return False
            elif name == "gain_per_item":
                if p.items == 0 and not self.options.get("farm_resort_empty", False):
                    return False
                if budget < step[1] * p.items:
                    return False
            elif name == "gain_if_last_token":
                amount = step[1] if ready_after == 0 else step[2]
                if budget < amount:
                    return False
            elif name == "gain_if_hand_exactly":
                amount = step[2] if hand == step[1] else step[3]
                if budget < amount:
                    return False
            elif name == "discard_items":
                if p.items < step[1]:
                    return False
            elif name == "choose":
                if not any(self._steps_feasible(p, option, hand, budget, ready_after)
                           for option in step[1]):
                    return False
        return True

    def _on_mine(self, seat: int) -> bool:
        initial = self.cards.initial
        return any(key < FACE and initial[key].id == "mine" and seat in who
                   for key, who in zip(self.wp_key, self.wp_who, strict=True))

    def _place(self, action: int) -> None:
        layout = self.layout
        seat = self.current
        assert seat is not None
        p = self.players[seat]
        self.place_own = -1
        if action >= layout.place_own:
            t = action - layout.place_own
            built = p.built
            j = 0
            for j, u in enumerate(p.buildings):  # the first free one
                if u == t and built[j] == FREE:
                    break
            built[j] = USED
            self.place_own = j
            spot = self.own_spots[t]
            where = -1 - t
        else:
            spots = self.spots
            keys = self.wp_key
            who = self.wp_who
            side = self.wp_side
            i = 0
            for i in range(len(keys)):  # the first usable one
                candidate = spots[keys[i]]
                if (candidate.action == action and not side[i]
                        and (not who[i] or candidate.multi)):
                    break
            spot = spots[keys[i]]
            who[i] = who[i] + (seat,) * spot.workers
            where = keys[i]
        effect, workers = spot.steps, spot.workers
        p.ready -= workers
        self.effect_at = where
        if self.log_enabled:
            if where < 0:
                card, key = self.cards.buildings[-1 - where].id, "ne.log.place_own"
            else:
                card, public = workplace_id(self.cards, where)
                key = "ne.log.place_public" if public else "ne.log.place"
            self._event(msg(key, seat=seat, card=card, workers=workers))
        if self.num_players == 1:  # one workplace per token placed (two on a two-token one)
            for _ in range(workers):
                self._turn_sideways()
        self.steps = effect
        self.step_i = 0
        self._run()

    def _turn_sideways(self) -> None:
        """Solo: for each token placed the newest general workplace without a worker on it
        is turned sideways (unusable) until payday."""
        for i in range(len(self.wp_key) - 1, -1, -1):
            if not self.wp_who[i] and not self.wp_side[i]:
                self.wp_side[i] = True
                if self.log_enabled:
                    card, public = workplace_id(self.cards, self.wp_key[i])
                    self._event(msg("ne.log.sideways_public" if public else "ne.log.sideways",
                                    card=card))
                return

    # ------------------------------------------------------------------ effect steps
    def _run(self) -> None:
        """Run effect steps until one needs a decision or the placement is done."""
        while self.step_i < len(self.steps):
            step = self.steps[self.step_i]
            self.step_i += 1
            if self._do(step):
                return
        self._end_turn()

    def _do(self, step: tuple[Any, ...]) -> bool:
        """Apply one step; True when it left a decision pending."""
        seat = self.current
        assert seat is not None
        p = self.players[seat]
        name: str = step[0]  # a str, so compiled comparisons are string compares
        if name == "draw":
            self._draw(p, step[1], seat)
        elif name == "items":
            self._gain_items(p, seat, step[1])
        elif name == "vp":
            p.vp += step[1]
            if self.log_enabled:
                self._event(msg("ne.log.vp", seat=seat, n=step[1]))
        elif name == "gain":
            self._take_budget(p, seat, step[1])
        elif name == "discard":
            return self._begin_pay(step[1], PAY_EFFECT, NORMAL)
        elif name == "fill_items":
            self._gain_items(p, seat, step[1] - p.hand_size)
        elif name == "items_if_has_item":
            self._gain_items(p, seat, step[1] if p.items > 0 else step[2])
        elif name == "items_by_parity":
            self._gain_items(p, seat, step[1] if p.hand_size % 2 == 0 else step[2])
        elif name == "gain_per_item":
            self._take_budget(p, seat, step[1] * p.items)
        elif name == "gain_if_last_token":
            self._take_budget(p, seat, step[1] if p.ready == 0 else step[2])
        elif name == "gain_if_hand_exactly":
            self._take_budget(p, seat, step[2] if p.hand_size == step[1] else step[3])
        elif name == "draw_by_empty_hand":
            self._draw(p, step[1] if p.hand_size == 0 else step[2], seat)
        elif name == "draw_if_hand_empty":
            if p.hand_size == 0:
                self._draw(p, step[1], seat)
        elif name == "discard_items":
            p.items -= step[1]
            if self.log_enabled:
                self._event(msg("ne.log.discard_items", seat=seat, n=step[1]))
        elif name == "brew":
            p.brew += step[1]
            if self.log_enabled:
                self._event(msg("ne.log.brew", seat=seat, n=step[1]))
        elif name == "burn":
            self._burn(p, seat)
        elif name == "hire":
            p.workers += 1
            if step[1] == "ready":
                p.ready += 1
                if self.log_enabled:
                    self._event(msg("ne.log.hire_ready", seat=seat))
            else:
                p.trainees += 1
                if self.log_enabled:
                    self._event(msg("ne.log.hire_trainee", seat=seat))
        elif name == "hire_up_to":
            count = min(step[1], self._worker_limit(p)) - p.workers
            p.workers += count
            p.trainees += count
            if self.log_enabled:
                self._event(msg("ne.log.hire_trainees", seat=seat, n=count))
        elif name == "start_player":
            # Quarry: the start player who places there stays start player
            key = "ne.log.start_player_kept" if self.start_player == seat else \
                "ne.log.start_player"
            self.start_player = seat
            if self.log_enabled:
                self._event(msg(key, seat=seat))
        elif name == "temp_worker":
            p.temps += 1
            if self.log_enabled:
                self._event(msg("ne.log.temp_worker", seat=seat))
        elif name == "doll":
            p.dolls += 1
            p.ready += 1
            if self.log_enabled:
                self._event(msg("ne.log.doll", seat=seat))
        elif name == "build":
            self.build_mode = step[1]
            self.build_arg = step[2] if len(step) > 2 else None
            self.build_two = None
            self.chosen = []
            self.decision = BUILD
            return True
        elif name == "build_two":
            self.build_mode = "full"
            self.build_arg = None
            self.build_two = step[1]
            self.chosen = []
            self.decision = BUILD
            return True
        elif name == "reveal_pick":
            return self._reveal(p, seat, step[1])
        elif name == "choose":
            self.options_pending = step[1]
            self.decision = OPTION
            return True
        else:  # pragma: no cover - cards.py rejects unknown steps when loading
            raise AssertionError(f"unknown step {name}")
        return False

    def _gain_items(self, p: Player, seat: int, n: int) -> None:
        p.items += n
        if self.log_enabled:
            self._event(msg("ne.log.items", seat=seat, n=n))

    def _take_budget(self, p: Player, seat: int, amount: int) -> None:
        self.budget -= amount
        p.money += amount
        if self.log_enabled:
            self._event(msg("ne.log.budget", seat=seat, amount=amount))

    def _burn(self, p: Player, seat: int) -> None:
        """Burnt Field leaves play: at the end of the round (revival) or at once (option)."""
        j = self.place_own
        if j < 0:
            return  # a Burnt Field is never in the general row (it cannot be sold)
        if self.options.get("burnt_field_immediate", False):
            t = p.buildings.pop(j)
            p.built.pop(j)
            self.discard.append(t)
            if self.log_enabled:
                self._event(msg("ne.log.burnt", seat=seat))
        else:
            p.built[j] = BURNT

    def _reveal(self, p: Player, seat: int, n: int) -> bool:
        """Design Office: reveal n building cards, keep one, discard the rest."""
        self.reveals += 1
        revealed: list[int] = []
        for _ in range(n):
            if not self.deck:
                if not self.discard:
                    break
                self._reshuffle()
            revealed.append(self.deck.pop() if len(self.deck) > self.deck_undecided
                            else self._draw_undecided())
            if self.deck_known:
                self.deck_known -= 1
        if not revealed:
            self._gain_items(p, seat, 1)
            return False
        self.revealed = revealed
        if self.log_enabled:
            self._event(msg("ne.log.reveals", seat=seat,
                            cards=[self.cards.buildings[t].id for t in revealed]))
        self.decision = TAKE
        return True

    def _take(self, t: int) -> None:
        seat = self.current
        assert seat is not None
        p = self.players[seat]
        self.revealed.remove(t)
        p.hand[t] += 1
        p.hand_n += 1
        self.discard.extend(self.revealed)
        self.revealed = []
        if self.log_enabled:
            self._event(msg("ne.log.keeps", seat=seat, card=self.cards.buildings[t].id))
        self.decision = NONE
        self._run()

    def _option_choices(self) -> list[int]:
        seat = self.current
        assert seat is not None
        p = self.players[seat]
        return [i for i, option in enumerate(self.options_pending)
                if self._steps_feasible(p, option, p.hand_size, self.budget, p.ready)]

    def _choose_option(self, i: int) -> None:
        option = self.options_pending[i]
        self.options_pending = ()
        self.steps = option + self.steps[self.step_i:]
        self.step_i = 0
        self.decision = NONE
        self._run()

    def _end_turn(self) -> None:
        """The placement is done: the next seat clockwise with a token to place plays."""
        self.decision = PLACE
        n = self.num_players
        seat = self.current
        assert seat is not None
        for k in range(1, n + 1):
            other = (seat + k) % n
            if self.players[other].ready > 0:
                legal = self._placements(other)
                if legal:
                    self.current = other
                    self._legal = legal
                    return
                if self.log_enabled:
                    self._event(msg("ne.log.no_workplace", seat=other))
                self.players[other].ready = 0
        self._begin_payday()

    # ------------------------------------------------------------------ building
    def _build_options(self, p: Player, mode: str, arg: Any, first_only: bool = False
                       ) -> list[int]:
        """Building types in p's hand that the build mode can construct and p can pay for
        (only the first one found when `first_only`: enough to know a build is possible)."""
        buildings = self.cards.buildings
        others = p.hand_size - 1
        out = []
        hand = p.hand
        left = p.hand_n  # the cards still to find: past the last one the hand is empty
        for t in range(len(hand)):
            if left <= 0:
                break
            count = hand[t]
            if not count:
                continue
            left -= count
            b = buildings[t]
            if mode == "full":
                ok = (b.cost if b.reduction_kind == NO_REDUCTION else self.cost(p, t)) <= others
            elif mode == "discount":
                ok = max(0, self.cost(p, t) - arg) <= others
            elif mode == "lock":
                ok = bool(b.icons & FACILITY) and self.cost(p, t) <= others
            elif mode == "free":
                ok = True
            elif mode == "free_value_max":
                ok = b.value <= arg
            elif mode == "free_icon":
                ok = bool(b.icons & ICON_BITS[arg])
            else:  # item_double: a Consumer Item counts as two cards
                ok = self.cost(p, t) <= p.hand_n - 1 + 2 * p.items
            if ok:
                out.append(t)
                if first_only:
                    break
        return out

    def _pair_ok(self, p: Player, kind: str, a: int, b: int) -> bool:
        if a == b and p.hand[a] < 2:
            return False
        budget = p.hand_size - 2
        if kind == "same_cost":
            buildings = self.cards.buildings
            return (buildings[a].cost == buildings[b].cost) and self.cost(p, a) <= budget
        return self.cost(p, a) + self.cost(p, b) <= budget

    def _pair_firsts(self, p: Player, kind: str) -> list[int]:
        held = [t for t, c in enumerate(p.hand) if c]
        return [a for a in held if any(self._pair_ok(p, kind, a, b) for b in held if b >= a)]

    def _build_choices(self) -> list[int]:
        seat = self.current
        assert seat is not None
        p = self.players[seat]
        if self.build_two is None:
            return self._build_options(p, self.build_mode, self.build_arg)
        if not self.chosen:
            return self._pair_firsts(p, self.build_two)
        a = self.chosen[0]
        p.hand[a] += 1  # judge the pair against the hand before the first was set aside
        p.hand_n += 1
        seconds = [b for b, c in enumerate(p.hand)
                   if c and b >= a and self._pair_ok(p, self.build_two, a, b)]
        p.hand[a] -= 1
        p.hand_n -= 1
        return seconds

    def _choose_building(self, t: int) -> None:
        seat = self.current
        assert seat is not None
        p = self.players[seat]
        self._reveal_own_hand()  # the card leaves its hand: news to the others
        if self.build_two is not None and not self.chosen:
            # cost of the pair is judged before either is built (rulebook: Worldwide
            # Building — neither building reduces the other's cost)
            self.chosen = [t]
            p.hand[t] -= 1
            p.hand_n -= 1
            return
        self.chosen.append(t)
        p.hand[t] -= 1
        p.hand_n -= 1
        mode = self.build_mode
        if mode in ("free", "free_value_max", "free_icon"):
            due = 0
        elif self.build_two == "same_cost":
            due = self.cost(p, t)
        else:
            due = sum(self.cost(p, c) for c in self.chosen)
            if mode == "discount":
                due = max(0, due - self.build_arg)
        if self.log_enabled:
            ids = [self.cards.buildings[c].id for c in self.chosen]
            key = "ne.log.builds_two" if len(ids) == 2 else "ne.log.builds"
            self._event(msg(key if due else key + "_free", seat=seat, card=ids[0],
                            card2=ids[-1], due=due))
        if due == 0:
            self._finish_build()
        else:
            self._begin_pay(due, PAY_BUILD, ITEM_DOUBLE if mode == "item_double" else NORMAL)

    def _finish_build(self) -> None:
        seat = self.current
        assert seat is not None
        p = self.players[seat]
        chosen = self.chosen
        self.chosen = []
        self.decision = NONE
        for t in chosen:
            p.buildings.append(t)
            p.built.append(FREE)
        on_build = [step for t in chosen for step in self.cards.buildings[t].on_build]
        for step in on_build:
            self._do(step)
        self._run()

    # ------------------------------------------------------------------ paying cards
    def _begin_pay(self, n: int, purpose: int, mode: int) -> bool:
        self.pay_left = self.pay_total = n
        self.pay_min = 0
        self.pay_for = purpose
        self.pay_mode = mode
        self.decision = PAY
        return True

    def _pay_choices(self) -> list[int]:
        """Card types that may be paid next. Payments go in type order (Consumer Items
        last) so each set of cards is one sequence; a type is offered only when the cards
        from it onwards can still cover what is left."""
        seat = self.current
        assert seat is not None
        p = self.players[seat]
        items_index = len(p.hand)
        need = self.pay_left
        weight = 2 if self.pay_mode == ITEM_DOUBLE else 1
        capacity = p.items * weight
        out = []
        if p.items and capacity >= need:
            out.append(items_index)
        hand = p.hand
        for t in range(items_index - 1, self.pay_min - 1, -1):
            count = hand[t]
            if count:
                capacity += count
                if capacity >= need:
                    out.append(t)
        out.reverse()
        return out

    def _pay_one(self, x: int) -> None:
        seat = self.current
        assert seat is not None
        p = self.players[seat]
        if x == len(p.hand):
            p.items -= 1
            self.pay_left -= 2 if self.pay_mode == ITEM_DOUBLE else 1
        else:
            self._reveal_own_hand()  # the card leaves its hand: news to the others
            p.hand[x] -= 1
            p.hand_n -= 1
            self.discard.append(x)
            self.pay_left -= 1
        self.pay_min = x
        if self.log_enabled:
            self._event(msg("ne.log.discards_item", seat=seat) if x == len(p.hand) else
                        msg("ne.log.discards", seat=seat, card=self.cards.buildings[x].id))
        if self.pay_left > 0:
            return
        self.decision = NONE
        if self.pay_for == PAY_BUILD:
            self._finish_build()
        elif self.pay_for == PAY_EFFECT:
            self._run()
        else:
            self.payday_pos += 1
            self._payday()

    # ------------------------------------------------------------------ payday
    def _begin_payday(self) -> None:
        self.phase = PAYDAY
        self.decision = NONE
        for i in range(len(self.wp_side)):
            self.wp_side[i] = False
        for p in self.players:
            p.ready = 0
        self.payday_pos = 0
        self.payday_wages = False
        if self.log_enabled:
            self._event(msg("ne.log.payday", round=self.round))
        self._payday()

    def _payday_seat(self) -> int:
        return (self.start_player + self.payday_pos) % self.num_players

    def _payday(self) -> None:
        """Discard down to the hand limit (each seat from the start player), then wages."""
        n = self.num_players
        while not self.payday_wages:
            if self.payday_pos >= n:
                self.payday_wages = True
                self.payday_pos = 0
                break
            seat = self._payday_seat()
            p = self.players[seat]
            excess = p.hand_size - self._hand_limit(p)
            if excess > 0:
                self.current = seat
                if self.log_enabled:
                    self._event(msg("ne.log.hand_limit", seat=seat, n=excess))
                self._begin_pay(excess, PAY_LIMIT, NORMAL)
                return
            self.payday_pos += 1
        wage = self.cards.wages[self.round - 1]
        while self.payday_pos < n:
            seat = self._payday_seat()
            p = self.players[seat]
            due = wage * p.workers
            if p.money < due:
                sellable = [t for t in p.buildings if not self.cards.buildings[t].no_sale]
                short = due - p.money
                if sum(self._sale_price(t) for t in sellable) > short:
                    self.sale_sets = self._minimal_sales(sorted(sellable), short)
                    self.sale_chosen = []
                    self.current = seat
                    self.decision = SELL
                    return
                for t in sorted(sellable):
                    self._sell(p, seat, t)
            self._pay_wages(p, seat, due)
            self.payday_pos += 1
        self._end_round()

    def _sale_price(self, t: int) -> int:
        value = self.cards.buildings[t].value
        return value // 2 if self.num_players == 1 else value

    def _minimal_sales(self, sellable: list[int], short: int) -> list[tuple[int, ...]]:
        """Every set of buildings that covers the shortfall and has no building to spare
        (rulebook, Payday: $20 short with $20/$18/$10 buildings -> {20} or {18, 10}, never
        {20, 10}). Sets are sorted tuples of types, so identical buildings are one choice."""
        # A stack, not a recursive inner function: that one referred to itself and to the
        # state, a reference cycle that kept every state that sold alive until the
        # garbage collector's next pass (the web server's pauses).
        prices = [self._sale_price(t) for t in sellable]
        found: set[tuple[int, ...]] = set()
        todo: list[tuple[int, tuple[int, ...], int, int]] = [(0, (), 0, 0)]
        while todo:   # (next index, chosen, their total, their cheapest price)
            start, chosen, total, cheapest = todo.pop()
            if total >= short:
                if total - cheapest < short:
                    found.add(chosen)
                continue
            for i in range(start, len(sellable)):
                todo.append((i + 1, (*chosen, sellable[i]), total + prices[i],
                             prices[i] if not chosen else min(cheapest, prices[i])))
        return sorted(found)

    def _sale_choices(self) -> list[int]:
        k = len(self.sale_chosen)
        prefix = tuple(self.sale_chosen)
        return sorted({s[k] for s in self.sale_sets if s[:k] == prefix})

    def _sell_one(self, t: int) -> None:
        self.sale_chosen.append(t)
        done = tuple(self.sale_chosen)
        if done not in self.sale_sets:
            return
        seat = self.current
        assert seat is not None
        p = self.players[seat]
        for u in done:
            self._sell(p, seat, u)
        self.sale_sets = []
        self.sale_chosen = []
        self.decision = NONE
        self._pay_wages(p, seat, self.cards.wages[self.round - 1] * p.workers)
        self.payday_pos += 1
        self._payday()

    def _sell(self, p: Player, seat: int, t: int) -> None:
        """Sell a building to the general row for its price, paid from the supply."""
        j = p.buildings.index(t)
        p.buildings.pop(j)
        p.built.pop(j)
        price = self._sale_price(t)
        p.money += price
        self.supply_out += price
        self.wp_key.append(PUBLIC + t)
        self.wp_who.append(())
        self.wp_side.append(False)
        if self.log_enabled:
            self._event(msg("ne.log.sells", seat=seat, card=self.cards.buildings[t].id,
                            price=price))

    def _pay_wages(self, p: Player, seat: int, due: int) -> None:
        paid = min(p.money, due)
        p.money -= paid
        self.budget += paid
        missing = due - paid
        p.unpaid += missing
        if self.log_enabled:
            # nothing paid reads as such, not as "pays $0"
            key = "ne.log.wages" if not missing else (
                "ne.log.wages_unpaid" if paid else "ne.log.wages_none")
            self._event(msg(key, seat=seat, paid=paid, missing=missing))

    def _end_round(self) -> None:
        for seat, p in enumerate(self.players):
            if BURNT in p.built:
                keep = [j for j, mark in enumerate(p.built) if mark != BURNT]
                for j, mark in enumerate(p.built):
                    if mark == BURNT:
                        self.discard.append(p.buildings[j])
                        if self.log_enabled:
                            self._event(msg("ne.log.burnt", seat=seat))
                p.buildings = [p.buildings[j] for j in keep]
                p.built = [FREE] * len(keep)
        if self.round >= ROUNDS:
            self.phase = OVER
            self.decision = NONE
            self.current = None
            if self.log_enabled:
                self._event(msg("ne.log.over"))
                for event in final_score_messages(self.scores()):
                    self._event(event)
            return
        face = self.round - 1
        self.wp_key.append(FACE + face)
        self.wp_who.append(())
        self.wp_side.append(False)
        self.round += 1
        self.round_lead = self.start_player
        for seat, p in enumerate(self.players):
            p.trainees = 0
            p.ready = p.workers + p.dolls
            p.built = [FREE] * len(p.buildings)
            if p.brew:
                p.items += p.brew
                if self.log_enabled:
                    self._event(msg("ne.log.brewery", seat=seat, n=p.brew))
                p.brew = 0
        self.wp_who = [()] * len(self.wp_key)
        self.phase = ACTION
        self.decision = PLACE
        self.current = self.round_lead
        if self.log_enabled:
            self._event(msg("ne.log.round", round=self.round, face=self.cards.faces[face].id,
                            wage=self.cards.wages[self.round - 1]))

    # ------------------------------------------------------------------ copies
    def clone(self) -> NationalEconomyState:
        twin = NationalEconomyState(None)
        self._copy_base_into(twin)
        twin.cards = self.cards
        twin.layout = self.layout
        twin.base_worker_limit = self.base_worker_limit
        twin.spots = self.spots
        twin.own_spots = self.own_spots
        twin.players = [p.copy() for p in self.players]
        twin.supply_out = self.supply_out
        twin.budget = self.budget
        twin.round = self.round
        twin.phase = self.phase
        twin.start_player = self.start_player
        twin.round_lead = self.round_lead
        twin.current = self.current
        twin.decision = self.decision
        twin.steps = self.steps
        twin.step_i = self.step_i
        twin.effect_at = self.effect_at
        twin.pay_left = self.pay_left
        twin.pay_min = self.pay_min
        twin.pay_total = self.pay_total
        twin.pay_for = self.pay_for
        twin.pay_mode = self.pay_mode
        twin.build_mode = self.build_mode
        twin.build_arg = self.build_arg
        twin.build_two = self.build_two
        twin.chosen = self.chosen.copy()
        twin.revealed = self.revealed.copy()
        twin.options_pending = self.options_pending
        twin.sale_sets = self.sale_sets  # never mutated in place
        twin.sale_chosen = self.sale_chosen.copy()
        twin.payday_pos = self.payday_pos
        twin.payday_wages = self.payday_wages
        twin.place_own = self.place_own
        twin.wp_key = self.wp_key.copy()
        twin.wp_who = self.wp_who.copy()
        twin.wp_side = self.wp_side.copy()
        twin.deck = self.deck.copy()
        twin.deck_undecided = self.deck_undecided
        twin.deck_known = self.deck_known
        twin.discard = self.discard.copy()
        twin.discard_epoch = self.discard_epoch
        return twin

    def take_over(self, other: NationalEconomyState) -> None:
        """Become the position `other` holds, sharing its lists (so `other` must not be
        used afterwards): a rollout that played its moves on a copy ends in the state it
        was given, without playing them again."""
        other._copy_base_into(self)
        self.cards = other.cards
        self.layout = other.layout
        self.base_worker_limit = other.base_worker_limit
        self.spots = other.spots
        self.own_spots = other.own_spots
        self.players = other.players
        self.supply_out = other.supply_out
        self.budget = other.budget
        self.round = other.round
        self.phase = other.phase
        self.start_player = other.start_player
        self.round_lead = other.round_lead
        self.current = other.current
        self.decision = other.decision
        self.steps = other.steps
        self.step_i = other.step_i
        self.effect_at = other.effect_at
        self.pay_left = other.pay_left
        self.pay_min = other.pay_min
        self.pay_total = other.pay_total
        self.pay_for = other.pay_for
        self.pay_mode = other.pay_mode
        self.build_mode = other.build_mode
        self.build_arg = other.build_arg
        self.build_two = other.build_two
        self.chosen = other.chosen
        self.revealed = other.revealed
        self.options_pending = other.options_pending
        self.sale_sets = other.sale_sets
        self.sale_chosen = other.sale_chosen
        self.payday_pos = other.payday_pos
        self.payday_wages = other.payday_wages
        self.place_own = other.place_own
        self.wp_key = other.wp_key
        self.wp_who = other.wp_who
        self.wp_side = other.wp_side
        self.deck = other.deck
        self.deck_undecided = other.deck_undecided
        self.deck_known = other.deck_known
        self.discard = other.discard
        self.discard_epoch = other.discard_epoch

    def determinize(self, seat: Viewer, rng: Any) -> NationalEconomyState:
        """Resample the deck order and the building cards in other seats' hands (their
        counts and Consumer Items are public), and the future of the RNG.

        A seat in the middle of a placement (choosing or paying for a building) keeps its
        hand: its choices so far constrain it, and only that seat's own search, which sees
        the hand anyway, ever determinizes at such a point."""
        viewer = self.check_viewer(seat)
        twin = self.clone()
        sampler = rng_from(rng)
        # With lazy draws only the undecided part of the deck is unknown (and the cards
        # above it stay where they are known to be); without, all but the known top cards.
        lazy = twin.lazy_draws
        undecided = twin.deck_undecided if lazy else len(twin.deck) - twin.deck_known
        pool = twin.deck[:undecided]
        busy = self.current if self.decision not in (PLACE, NONE) else None
        others = [s for s in range(twin.num_players) if s != viewer and s != busy]
        for s in others:
            hand = twin.players[s].hand
            for t, count in enumerate(hand):
                pool.extend([t] * count)
                hand[t] = 0
        # Sorting first makes the sample a function of what `seat` knows and of `rng`
        # only (the true deck order and hands do not leak into it): a fair searcher with
        # a fixed seed then decides the same whatever the hidden cards are.
        pool.sort()
        SmallDraws(sampler).shuffle(pool)
        for s in others:
            p = twin.players[s]
            for _ in range(p.hand_n):
                p.hand[pool.pop()] += 1
        if lazy:
            pool.sort()
        twin.deck[:undecided] = pool
        twin.rng = sampler.spawn()
        twin._legal = None
        return twin

    # ------------------------------------------------------------------ checks
    def check_invariants(self) -> None:
        """Money: what the supply paid out is in the Budget and the players' hands. Cards:
        every building card is in exactly one place."""
        money = sum(p.money for p in self.players)
        assert self.budget >= 0 and all(p.money >= 0 for p in self.players)
        assert self.supply_out == self.budget + money, "money not conserved"
        counts = [0] * len(self.cards.buildings)
        places = [self.deck, self.discard, self.revealed, self.chosen]
        for cards in places:
            for t in cards:
                counts[t] += 1
        for key in self.wp_key:
            if key >= PUBLIC:
                counts[key - PUBLIC] += 1
        for p in self.players:
            assert p.hand_n == sum(p.hand) and min(p.hand) >= 0 and p.items >= 0
            for t, c in enumerate(p.hand):
                counts[t] += c
            for t in p.buildings:
                counts[t] += 1
            assert len(p.built) == len(p.buildings)
            assert 0 <= p.ready <= p.workers + p.dolls
            assert p.workers <= self._worker_limit(p)
            assert p.vp >= 0 and p.unpaid >= 0
        expected = [b.copies for b in self.cards.buildings]
        assert counts == expected, "building cards not conserved"
        undecided = self.deck[:self.deck_undecided]
        assert 0 <= self.deck_undecided <= len(self.deck) and undecided == sorted(undecided), \
            "undecided deck cards out of place"
        assert len(self.wp_key) == len(self.wp_who) == len(self.wp_side)

    def tie_break_order(self) -> list[int]:
        """Ties go to the player closest to the start player in turn order."""
        return [(self.start_player + k) % self.num_players for k in range(self.num_players)]

    # ------------------------------------------------------------------ scores and views
    def scores(self) -> list[dict[str, int]]:
        from keizai.rules.national_economy.scoring import score_player

        return [score_player(self, p) for p in self.players]

    def pending_decision(self) -> PendingDecision | None:
        """A payment or payday sale described whole (see decisions.py)."""
        from keizai.rules.national_economy.decisions import pending_decision

        return pending_decision(self)

    def view(self, seat: Viewer) -> dict[str, Any]:
        from keizai.rules.national_economy.view import build_view

        return build_view(self, self.check_viewer(seat))


__all__ = ["AGRICULTURE", "NationalEconomyState", "Player"]
