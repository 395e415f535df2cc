"""The Futuropia position and its rules (set-up, turns, the five actions, the final phase).

Rule references are to the rulebook summary (seeds/004, section titles in Chinese) and
to reference/futuropia.md (sections §4-§11). Designed choices are in docs/rules-notes.md.
"""

from __future__ import annotations

from typing import Any, Final

from keizai.engine import Action, IllegalAction, State
from keizai.engine.decision import PendingDecision
from keizai.engine.final_score import final_score_messages
from keizai.engine.state import Viewer
from keizai.i18n import msg
from keizai.rules.futuropia import house_purchase
from keizai.rules.futuropia.actions import (
    ALL_TILES,
    RESOURCES,
    TILE_FOOD,
    TILE_INVITE,
    TILE_NAMES,
    TILE_POWER,
    TILE_ROBOTS,
    TILE_SUBSIDY,
    ActionTable,
)
from keizai.rules.futuropia.data import (
    FOOD,
    KINDS,
    POWER,
    Components,
    GeneratorType,
    HouseFace,
    Rules,
)
from keizai.rules.futuropia.names import house_message
from keizai.rules.futuropia.phases import (
    BUY,
    DISCARD,
    HOUSES,
    INVITE,
    OPENING,
    OVER,
    PAY,
    PAY_INTEREST,
    PAY_REFRESH,
    PAY_REPAY,
    PHASE_NAMES,
    REPAY,
    ROBOTS,
    TURN,
)
from keizai.rules.futuropia.scoring import (
    CheckResult,
    Community,
    final_points,
    self_sufficiency,
)
from keizai.rules.futuropia.staffing import best_output
from keizai.rules.futuropia.view import build_view

MONEY: Final = 0  # positions in a player's resource list
FOOD_STOCK: Final = 1
ENERGY_STOCK: Final = 2
# The order in which a player's own game end pays interest and repays loans without a
# choice (rulebook 觸發遊戲最終階段: 「盡可能使用剩餘的資源清償貸款」, any resource): energy
# and food have no use left, money neither, and all three score alike (最終計分, 1 point per
# 10), so the stock with no further use goes first, as a player would pay. The score is
# the same in any order; only which kind is left over differs (docs/rules-notes.md).
END_PAY_ORDER: Final = (ENERGY_STOCK, FOOD_STOCK, MONEY)

# The self-sufficiency checks already made, up to _KEPT_CHECKS of them (then forgotten all
# at once): bots score the same communities over and over in a search. The key holds the
# components' and rules' ids (their dataclasses are slow to hash) with the community as
# numbers; each entry keeps its components and rules alive, so their ids stay theirs.
_KEPT_CHECKS: Final = 4096
_checks: dict[tuple[int, int, tuple[int, ...], int, int, tuple[int, ...]],
              tuple[Components, Rules, CheckResult]] = {}


class Setup:
    """What is fixed for one game: components, rule numbers after expert tiles, options.

    Shared (never copied) by every clone of the game's states.
    """

    __slots__ = ("advanced", "components", "expert", "house_sides", "house_stacks",
                 "loans_when_cash_short", "max_turns", "queues", "refresh_on_credit", "rules",
                 "start_money", "subsidy_track", "table")

    def __init__(self, components: Components | None = None, rules: Rules | None = None,
                 table: ActionTable | None = None, players: int = 0,
                 options: dict[str, Any] | None = None, expert: list[str] | None = None
                 ) -> None:
        if components is None or rules is None or table is None or options is None:
            return   # the blank shell unpickling fills in (see engine/state.py)
        self.components = components
        self.rules = rules
        self.table = table
        self.advanced: bool = options["advanced"]
        self.house_sides: str = options["houses"]
        self.refresh_on_credit: bool = options["refresh_on_credit"]
        self.loans_when_cash_short: bool = options["loans_when_cash_short"]
        self.house_stacks: bool = options["house_stacks"]
        self.max_turns: int = options["max_turns"]
        self.expert = tuple(expert or ())
        self.queues = (components.market_queue(FOOD, players),
                       components.market_queue(POWER, players))
        self.subsidy_track = components.subsidy_track(players)
        # Turn-order compensation, not in the advanced game (rulebook 玩家開局補償).
        bonus = (0,) * players if self.advanced else rules.turn_order_bonus[:players]
        self.start_money = tuple(rules.start_money + b for b in bonus)


# The log's entries for what paid the interest, an early refresh or a repayment: one,
# two or all three of money, food and energy (FuturopiaState._log_paid)
INTEREST_PAID = ("fu.log.interest_paid", "fu.log.interest_paid_two",
                 "fu.log.interest_paid_three")
REFRESH_PAID = ("fu.log.refresh_paid", "fu.log.refresh_paid_two", "fu.log.refresh_paid_three")
REPAY_PAID = ("fu.log.repay_paid", "fu.log.repay_paid_two", "fu.log.repay_paid_three")
PAID_STEP = ("fu.log.paid_step", "fu.log.paid_step_two", "fu.log.paid_step_three")


class FuturopiaState(State):
    """One Futuropia position.

    Per seat: resources `res` ([money, food, energy]), loans, residents, robots, owned
    generators `gens` (generator indices, sorted), houses (house face ids: 2 × tile +
    side), action tiles face up `tiles_up` (bit mask) and whether the seat's game is
    `finished`. `received`/`spent` keep the seat's money book (checked by the
    invariants). Markets per kind: left/right stack (generator index or -1), price
    marker, next supply stack in `setup.queues`; `stock` counts unsold tiles per
    generator. `phase` and the pending fields (`pay_owed`, `invite_n`, ...) describe the
    decision `actor` is taking.
    """

    __slots__ = (
        "actor", "buy_kind", "discarded", "final", "finished", "gens", "house_from",
        "house_supply", "houses", "invite_n", "loans", "loans_repaid", "loans_taken",
        "mk_left", "mk_marker", "mk_next", "mk_right", "opening", "pay_floor", "pay_owed",
        "pay_paid", "pay_purpose", "phase", "received", "res", "residents", "robots", "round",
        "setup", "specials_bought", "spent", "stock", "subsidy_pos", "tile", "tiles_up",
        "trigger", "turn", "turns_played",
    )

    def __init__(self, game: Any = None, players: int = 0, seed: int = 0,
                 options: dict[str, Any] | None = None) -> None:
        """A new game before `set_up`; `FuturopiaState(None)` is the blank shell
        `clone()` fills in (compiled classes cannot be created without `__init__`)."""
        if game is None or options is None:
            return
        super().__init__(game, players, seed, options)

    # ----- set-up (rulebook 遊戲準備; reference §4, §11) ----------------------------
    def set_up(self, setup: Setup) -> None:
        comps = setup.components
        rules = setup.rules
        n = self.num_players
        advanced = setup.advanced
        self.setup = setup
        self.res = [[setup.start_money[p], rules.start_food, rules.start_energy]
                    for p in range(n)]
        self.received = [0] * n
        self.spent = [0] * n
        self.loans = [0] * n
        self.loans_taken = [0] * n
        self.loans_repaid = [0] * n
        self.residents = [rules.start_residents] * n
        self.robots = [0] * n
        self.gens = [sorted(comps.starting_generators) for _ in range(n)]
        self.tiles_up = [ALL_TILES] * n
        self.finished = [False] * n

        special_tiles = [t for t, tile in enumerate(comps.house_tiles) if tile.special]
        supply: list[int] = []
        if advanced:
            self.rng.shuffle(special_tiles)
            chosen = special_tiles[: rules.advanced_specials_per_player * n]
            supply += [2 * t + 1 for t in chosen]
            self.houses: list[list[int]] = [[] for _ in range(n)]
        else:
            self.houses = [[2 * special_tiles[p]] for p in range(n)]
        for t, tile in enumerate(comps.house_tiles):
            if tile.special or tile.min_players > n:
                continue
            if setup.house_sides == "random":
                side = self.rng.randbelow(2)
            else:
                side = 1 if setup.house_sides == "B" else 0
            supply.append(2 * t + side)
        faces = comps.faces
        if setup.house_stacks:  # stacks by price, each in a random (public) order, top first
            self.rng.shuffle(supply)
            supply.sort(key=lambda f: faces[f].price)
        else:
            supply.sort(key=lambda f: (faces[f].price, comps.house_tiles[f >> 1].id))
        self.house_supply = supply

        self.stock = [g.copies[n] if g.price is not None else 0 for g in comps.generators]
        self.discarded = [0] * len(comps.generators)
        self.mk_left = [q[0] for q in setup.queues]
        self.mk_right = [q[1] for q in setup.queues]
        self.mk_next = [2, 2]
        self.mk_marker = [0, 0]
        self.subsidy_pos = 0

        self.final = False
        self.trigger = False
        self.tile = -1
        self.buy_kind = 0
        self.invite_n = 0
        self.house_from = 0
        self.specials_bought = 0
        self.pay_owed = 0
        self.pay_floor = 0
        self.pay_paid = [0, 0, 0]  # money, food and energy paid so far in this payment
        self.pay_purpose = 0
        self.turn = 0
        self.turns_played = 0
        self.round = 1
        if advanced:
            # Opening purchases go counter-clockwise from the start player's right.
            self.opening = True
            self.actor = n - 1
            self.phase = OPENING
        else:
            self.opening = False
            self.actor = 0
            self.phase = TURN

    # ----- the contract --------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.actor

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def rules(self) -> Rules:
        return self.setup.rules

    def clone(self) -> FuturopiaState:
        twin = FuturopiaState(None)
        self._copy_base_into(twin)
        twin.setup = self.setup
        twin.res = [r.copy() for r in self.res]
        twin.received = self.received.copy()
        twin.spent = self.spent.copy()
        twin.loans = self.loans.copy()
        twin.loans_taken = self.loans_taken.copy()
        twin.loans_repaid = self.loans_repaid.copy()
        twin.residents = self.residents.copy()
        twin.robots = self.robots.copy()
        twin.gens = [g.copy() for g in self.gens]
        twin.houses = [h.copy() for h in self.houses]
        twin.tiles_up = self.tiles_up.copy()
        twin.finished = self.finished.copy()
        twin.house_supply = self.house_supply.copy()
        twin.stock = self.stock.copy()
        twin.discarded = self.discarded.copy()
        twin.mk_left = self.mk_left.copy()
        twin.mk_right = self.mk_right.copy()
        twin.mk_next = self.mk_next.copy()
        twin.mk_marker = self.mk_marker.copy()
        twin.subsidy_pos = self.subsidy_pos
        twin.final = self.final
        twin.trigger = self.trigger
        twin.tile = self.tile
        twin.buy_kind = self.buy_kind
        twin.invite_n = self.invite_n
        twin.house_from = self.house_from
        twin.specials_bought = self.specials_bought
        twin.pay_owed = self.pay_owed
        twin.pay_floor = self.pay_floor
        twin.pay_paid = self.pay_paid.copy()
        twin.pay_purpose = self.pay_purpose
        twin.turn = self.turn
        twin.turns_played = self.turns_played
        twin.round = self.round
        twin.opening = self.opening
        twin.actor = self.actor
        twin.phase = self.phase
        return twin

    def determinize(self, seat: Viewer, rng: Any) -> FuturopiaState:
        """No hidden information and no chance after set-up: a plain copy."""
        self.check_viewer(seat)
        return self.clone()

    # ----- small helpers -------------------------------------------------------------
    def beds(self, p: int) -> int:
        faces = self.setup.components.faces
        return sum(faces[f].beds for f in self.houses[p])

    def house_energy(self, p: int) -> int:
        faces = self.setup.components.faces
        return sum(faces[f].energy for f in self.houses[p])

    def workforce(self, p: int) -> int:
        return self.residents[p] + self.robots[p]

    def market_price(self, kind: int, right: bool) -> int | None:
        """What the left or right generator of a market costs now (None: side empty)."""
        gen = self.mk_right[kind] if right else self.mk_left[kind]
        if gen < 0:
            return None
        price = self.setup.components.generators[gen].price or 0
        marker = self.mk_marker[kind]
        return price + marker if right else price - marker

    def subsidy_value(self) -> int:
        track = self.setup.subsidy_track
        pos = self.subsidy_pos
        while track[pos] is None:
            pos -= 1
        return max(0, (track[pos] or 0) + self.rules.subsidy_modifier)

    def _gain(self, p: int, amount: int) -> None:
        self.res[p][MONEY] += amount
        self.received[p] += amount

    def _take_loans(self, p: int, count: int) -> None:
        self.loans[p] += count
        self.loans_taken[p] += count
        self._gain(p, count * self.rules.loan_value)
        if self.log_enabled:
            self._event(msg("fu.log.loans", seat=p, n=count))

    def _pay_money(self, p: int, amount: int) -> None:
        """Pay `amount` to the bank (a negative amount is paid to the player).

        Short of cash, the player takes just enough loans (rulebook, 流程之外：貸款).
        """
        if amount < 0:
            self._gain(p, -amount)
            return
        short = amount - self.res[p][MONEY]
        if short > 0:
            self._take_loans(p, -(-short // self.rules.loan_value))
        self.res[p][MONEY] -= amount
        self.spent[p] += amount

    def _consume(self, p: int, stock: int, amount: int) -> None:
        """A run's demand for food or energy; each missing unit costs the shortfall price."""
        have = self.res[p][stock]
        if have and amount and self.log_enabled:  # what paid it, not only what it needs
            self._event(msg("fu.log.consume", seat=p, n=min(have, amount),
                            resource=RESOURCES[stock]))
        if have >= amount:
            self.res[p][stock] = have - amount
            return
        self.res[p][stock] = 0
        missing = amount - have
        if self.log_enabled:
            self._event(msg("fu.log.shortfall", seat=p, n=missing, resource=RESOURCES[stock],
                            amount=missing * self.rules.shortfall_cost))
        self._pay_money(p, missing * self.rules.shortfall_cost)

    # ----- legal actions ---------------------------------------------------------------
    def _legal_indices(self) -> list[int]:
        phase = self.phase
        table = self.setup.table
        p = self.actor
        if phase == TURN:
            up = self.tiles_up[p]
            legal = [table.tile[t] for t in range(len(TILE_NAMES)) if up >> t & 1]
            if self.final:
                legal.append(table.stop)
            elif up != ALL_TILES and (self.setup.refresh_on_credit
                                      or self.refresh_cost(p) <= sum(self.res[p])):
                legal.append(table.refresh)
            return legal
        if phase == PAY:
            return [table.pay[k] for k in self._payable_kinds()]
        if phase == REPAY:
            return [table.repay, table.repay_done]
        if phase == BUY:
            kind = self.buy_kind
            legal = []
            if self.mk_left[kind] >= 0:
                legal.append(table.buy_left)
            if self.mk_right[kind] >= 0:
                legal.append(table.buy_right)
            legal.append(table.buy_none)
            return legal
        if phase == DISCARD:  # generators that look the same are one choice
            gens = self.setup.components.generators
            looks: dict[tuple[int, int, int], int] = {}
            for g in self.gens[p]:
                looks.setdefault((gens[g].kind, gens[g].spaces, gens[g].output), g)
            return sorted(table.discard[g] for g in looks.values())
        if phase == INVITE:
            return [table.invite[n - 1] for n in self._feasible_invites(p)]
        if phase in (HOUSES, OPENING):
            return self._house_choices(p)
        if phase == ROBOTS:
            rules = self.rules
            return [table.robots[n - 1] for n in range(rules.robots_min, rules.robots_max + 1)]
        return []

    def refresh_cost(self, p: int) -> int:
        return self.tiles_up[p].bit_count() * self.rules.refresh_cost

    def _payable_kinds(self) -> list[int]:
        """Resources the next unit may be paid in (canonical order: never go back)."""
        stock = self.res[self.actor]
        owed = self.pay_owed
        kinds = []
        covered = 0
        for k in (ENERGY_STOCK, FOOD_STOCK, MONEY):
            covered += stock[k]
            if k >= self.pay_floor and stock[k] > 0 and covered >= owed:
                kinds.append(k)
        kinds.reverse()
        return kinds

    # Houses: which purchases keep "residents <= beds <= residents + max empty" reachable.
    def bed_window(self, p: int, newcomers: int) -> tuple[int, int]:
        """(fewest, most) beds still to buy for `newcomers` more residents."""
        need = self.residents[p] + newcomers - self.beds(p)
        return need, need + self.rules.max_empty_beds

    def _supply_faces(self, start: int) -> list[HouseFace]:
        faces = self.setup.components.faces
        return [faces[f] for f in self.house_supply[start:]]

    def _specials_left(self) -> int:
        return self.rules.specials_per_purchase - self.specials_bought

    def _feasible_invites(self, p: int) -> list[int]:
        rules = self.rules
        empty = self.beds(p) - self.residents[p]
        if empty >= rules.invite_max:
            return list(range(rules.invite_min, rules.invite_max + 1))
        limit = rules.invite_max - empty + rules.max_empty_beds
        reach = house_purchase.reachable(self._supply_faces(0), self._specials_left(), limit,
                                         self.setup.house_stacks)
        top = reach[0][-1]
        return [n for n in range(rules.invite_min, rules.invite_max + 1)
                if house_purchase.hits(top, *self.bed_window(p, n))]

    def _house_choices(self, p: int) -> list[int]:
        table = self.setup.table
        start = self.house_from
        low, high = self.bed_window(p, self.invite_n)
        faces = self._supply_faces(start)
        stacks = self.setup.house_stacks
        if stacks and start and faces:
            # a house of the same price left above `start` is that stack's top: the rest
            # of the stack cannot be bought in this purchase
            above = self.setup.components.faces[self.house_supply[start - 1]].price
            while faces and faces[0].price == above:
                faces.pop(0)
                start += 1
        offered = house_purchase.choices(faces, self._specials_left(), low, high, stacks)
        legal = [table.house[self.house_supply[start + j] >> 1] for j in offered]
        if low <= 0:
            legal.append(table.house_done)
        return legal

    def pending_decision(self) -> PendingDecision | None:
        """A resource payment or a house purchase described whole (see decisions.py)."""
        from keizai.rules.futuropia.decisions import pending_decision

        return pending_decision(self)

    def refusal(self, action: Action) -> IllegalAction:
        if self.phase == OVER:
            return IllegalAction.refuse("refuse.game_over")
        return IllegalAction.refuse("fu.refuse.not_now", game=self.game.id, action=action.name,
                                    seat=self.actor,
                                    phase=PHASE_NAMES[self.phase].replace(" ", "_"))

    # ----- applying decisions ----------------------------------------------------------
    def _apply(self, index: int) -> None:
        table = self.setup.table
        phase = self.phase
        p = self.actor
        if phase == TURN:
            if index == table.refresh:
                if self.log_enabled:
                    self._event(msg("fu.log.refresh_early", seat=p, n=self.refresh_cost(p)))
                self._begin_payment(self.refresh_cost(p), PAY_REFRESH)
            elif index == table.stop:
                if self.log_enabled:
                    up = self.tiles_up[p].bit_count()
                    self._event(msg("fu.log.stop", seat=p, n=up))
                self._finish(p)
                self._next_turn()
            else:
                self._start_tile(index - table.tile[0])
        elif phase == PAY:
            kind = index - table.pay[0]
            before = self.pay_paid.copy() if self.log_enabled else None
            self.res[p][kind] -= 1
            self.pay_paid[kind] += 1
            if kind == MONEY:
                self.spent[p] += 1
            self.pay_owed -= 1
            self.pay_floor = kind
            self._settle_payment(before)
        elif phase == REPAY:
            if index == table.repay:
                self._begin_payment(self.rules.repay_cost, PAY_REPAY)
            else:
                self.phase = TURN
        elif phase == BUY:
            self._buy(p, index)
        elif phase == DISCARD:
            gen = index - table.discard[0]
            self.gens[p].remove(gen)
            self.discarded[gen] += 1
            if self.log_enabled:
                self._event(msg("fu.log.discard", seat=p, **self._gen_params(gen)))
            self._run(p, self.buy_kind)
            self._end_tile()
        elif phase == INVITE:
            self.invite_n = index - table.invite[0] + 1
            self.phase = HOUSES
        elif phase in (HOUSES, OPENING):
            if index == table.house_done:
                self._houses_done(p)
            else:
                self._buy_house(p, index - table.house[0])
        elif phase == ROBOTS:
            count = index - table.robots[0] + 1
            self.robots[p] += count
            demand = self.robots[p] + self.house_energy(p)
            if self.log_enabled:
                self._event(msg("fu.log.robots", seat=p, n=count, demand=demand))
            self._consume(p, ENERGY_STOCK, demand)
            self._end_tile()

    def _gen(self, g: int) -> GeneratorType:
        return self.setup.components.generators[g]

    def _gen_params(self, g: int) -> dict[str, Any]:
        """A generator as log-message parameters (id, kind, output)."""
        gen = self.setup.components.generators[g]
        return {"gen": gen.id, "kind": KINDS[gen.kind], "output": gen.output}

    # Payments in "any resource" (refresh cost, interest, repayment): reference §8.
    def _begin_payment(self, amount: int, purpose: int) -> None:
        self.phase = PAY
        self.pay_owed = amount
        self.pay_floor = MONEY
        self.pay_paid = [0, 0, 0]
        self.pay_purpose = purpose
        self._settle_payment([0, 0, 0] if self.log_enabled else None)

    def _settle_payment(self, before: list[int] | None) -> None:
        """Pay the units that leave no choice; stop at a real choice or when paid.
        `before`: what was paid before this step (None with the log off), so a step that
        leaves some owed logs what it paid: a unit chosen, or one that had to be paid."""
        p = self.actor
        stock = self.res[p]
        while self.pay_owed > 0:
            if sum(stock) < self.pay_owed:
                # Interest (or a refresh on credit) can be short: everything goes, loans
                # cover the rest; loans taken for interest owe none now (rulebook, 特殊情況).
                short = self.pay_owed - sum(stock)
                self.spent[p] += stock[MONEY]
                self.pay_paid = [self.pay_paid[k] + stock[k] for k in range(3)]
                self.pay_paid[MONEY] += short
                stock[MONEY] = stock[FOOD_STOCK] = stock[ENERGY_STOCK] = 0
                self._pay_money(p, short)
                self.pay_owed = 0
                break
            kinds = self._payable_kinds()
            if len(kinds) > 1:
                if before is not None:
                    self._log_paid_step(p, before)
                return
            kind = kinds[0]
            stock[kind] -= 1
            self.pay_paid[kind] += 1
            if kind == MONEY:
                self.spent[p] += 1
            self.pay_owed -= 1
            self.pay_floor = kind
        purpose = self.pay_purpose
        if purpose == PAY_REFRESH:
            if self.log_enabled:
                self._log_paid(p, REFRESH_PAID, self.pay_paid)
            self._refresh(p)
        elif purpose == PAY_INTEREST:
            if self.log_enabled:
                self._log_paid(p, INTEREST_PAID, self.pay_paid)
            self._offer_repayment(p)
        else:
            self.loans[p] -= 1
            self.loans_repaid[p] += 1
            if self.log_enabled:
                self._log_paid(p, REPAY_PAID, self.pay_paid)
            self._offer_repayment(p)

    def _refresh(self, p: int) -> None:
        """Turn every tile face up, then interest and the chance to repay (reference §8)."""
        self.tiles_up[p] = ALL_TILES
        owed = self.loans[p] * self.rules.interest_per_loan
        if owed:
            if self.log_enabled:
                self._event(msg("fu.log.interest", seat=p, n=owed))
            self._loans_for_interest(p, owed)
            self._begin_payment(owed, PAY_INTEREST)
        else:
            self.phase = TURN

    def _log_paid(self, p: int, keys: tuple[str, str, str], paid: list[int],
                  **more: int) -> None:
        """Which money, food and energy paid the interest, a refresh or a repayment
        (`paid`: how much of each; `keys` the entries for one, two and three of them;
        `more`: the entry's other fields)."""
        parts = [{"id": f"fu.paid.{RESOURCES[k]}", "params": {"n": n}}
                 for k, n in enumerate(paid) if n]
        self._event(msg(keys[len(parts) - 1], seat=p, **dict(zip("abc", parts, strict=False)),
                        **more))

    def _log_paid_step(self, p: int, before: list[int]) -> None:
        """What a step of a payment still owed paid (`before`: paid until then), and how
        much is left: the whole is logged when paid (_log_paid), and a player paying
        unit by unit, or whose first units had to be money, saw nothing until then."""
        step = [self.pay_paid[k] - before[k] for k in range(3)]
        if any(step):
            self._log_paid(p, PAID_STEP, step, n=self.pay_owed)

    def _loans_for_interest(self, p: int, owed: int) -> None:
        """Option `loans_when_cash_short`, the special case read literally (rulebook 流程之外：
        貸款, 特殊情況: 「若你沒有足夠的現金可支付利息，你拿取一張或多張新的貸款圖板」): short of
        cash for the interest, the player takes the loans that cover it before paying, so
        food and energy need not go; the new loans owe no interest this time (`owed` is
        counted before). By default only a shortfall of all resources takes loans."""
        short = owed - self.res[p][MONEY]
        if self.setup.loans_when_cash_short and short > 0:
            self._take_loans(p, -(-short // self.rules.loan_value))

    def _offer_repayment(self, p: int) -> None:
        if self.loans[p] > 0 and sum(self.res[p]) >= self.rules.repay_cost:
            self.phase = REPAY
        else:
            self.phase = TURN

    # The five action tiles: reference §6.
    def _start_tile(self, tile: int) -> None:
        p = self.actor
        self.tile = tile
        if self.log_enabled and tile != TILE_SUBSIDY:   # the subsidy's one line says it
            self._event(msg("fu.log.tile", seat=p, tile=TILE_NAMES[tile]))
        if tile in (TILE_FOOD, TILE_POWER):
            kind = FOOD if tile == TILE_FOOD else POWER
            self.buy_kind = kind
            if self.mk_left[kind] < 0 and self.mk_right[kind] < 0:
                self._run(p, kind)  # nothing left to buy (reference A10)
                self._end_tile()
            else:
                self.phase = BUY
        elif tile == TILE_INVITE:
            self.house_from = 0
            self.specials_bought = 0
            if self._feasible_invites(p):
                self.phase = INVITE
            else:  # no bed can be found for anyone: nobody comes, but everyone eats
                self.invite_n = 0
                self._houses_done(p)
        elif tile == TILE_ROBOTS:
            self.phase = ROBOTS
        else:  # TILE_SUBSIDY
            amount = self.subsidy_value()
            self._gain(p, amount)
            if self.subsidy_pos < len(self.setup.subsidy_track) - 1:
                self.subsidy_pos += 1
            if self.log_enabled:
                self._event(msg("fu.log.subsidy", seat=p, amount=amount))
            self._end_tile()

    def _buy(self, p: int, index: int) -> None:
        """Buy from a generator market and update it (rulebook, 購買食物製造機)."""
        table = self.setup.table
        rules = self.rules
        kind = self.buy_kind
        marker = self.mk_marker[kind]
        if index == table.buy_none:
            if self.log_enabled:
                self._event(msg("fu.log.buy_none", seat=p, kind=KINDS[kind]))
            if len(self.gens[p]) >= rules.max_generators:
                moved = min(marker + rules.marker_step_full, rules.marker_max)
                if moved != marker and self.log_enabled:
                    self._event(msg("fu.log.marker_full", seat=p, n=len(self.gens[p]),
                                    kind=KINDS[kind], marker=moved))
                self.mk_marker[kind] = moved
        else:
            right = index == table.buy_right
            gen = self.mk_right[kind] if right else self.mk_left[kind]
            price = self.market_price(kind, right) or 0
            if self.log_enabled:   # below nothing the buyer is paid (reference §7)
                key = "fu.log.buy_right" if right else \
                    "fu.log.buy_left" if price >= 0 else "fu.log.buy_left_paid"
                self._event(msg(key, seat=p, price=price, paid=-price,
                                **self._gen_params(gen)))
            self._pay_money(p, price)
            self.stock[gen] -= 1
            self.gens[p].append(gen)
            self.gens[p].sort()
            if right:
                self._move_marker(kind, min(marker + rules.marker_step_dear, rules.marker_max))
                if self.stock[gen] == 0:
                    self.mk_right[kind] = self._next_stack(kind)
            elif self.stock[gen] == 0:
                self._move_marker(kind, 0)
                self.mk_left[kind] = self.mk_right[kind]
                if self.log_enabled and self.mk_left[kind] >= 0:
                    self._event(msg("fu.log.slide", **self._gen_params(self.mk_left[kind])))
                self.mk_right[kind] = self._next_stack(kind)
            if len(self.gens[p]) > rules.max_generators:
                self.phase = DISCARD
                return
        self._run(p, kind)
        self._end_tile()

    def _next_stack(self, kind: int) -> int:
        """The cheapest supply stack moves into the market (-1: the supply is empty)."""
        queue = self.setup.queues[kind]
        position = self.mk_next[kind]
        if position >= len(queue):
            return -1
        self.mk_next[kind] = position + 1
        if position + 1 == len(queue):
            self.trigger = True  # the last ($15) stack entered the market
            if self.log_enabled:
                self._event(msg("fu.log.last_stack", **self._gen_params(queue[position])))
        elif self.log_enabled:
            self._event(msg("fu.log.next_stack", **self._gen_params(queue[position])))
        return queue[position]

    def _move_marker(self, kind: int, marker: int) -> None:
        """A market's price marker moves (reference §7); the log says where, if it moved,
        and what that does to the prices (back on 0: the printed ones)."""
        if marker != self.mk_marker[kind] and self.log_enabled:
            self._event(msg("fu.log.marker" if marker else "fu.log.marker_zero",
                            kind=KINDS[kind], marker=marker))
        self.mk_marker[kind] = marker

    def _run(self, p: int, kind: int) -> None:
        out = best_output(self.gens[p], self.setup.components.generators, kind,
                          self.workforce(p))
        self.res[p][kind + 1] += out
        if self.log_enabled:
            self._event(msg("fu.log.run", seat=p, kind=KINDS[kind], n=out))

    def _buy_house(self, p: int, tile: int) -> None:
        faces = self.setup.components.faces
        position = next(i for i, f in enumerate(self.house_supply) if f >> 1 == tile)
        face = self.house_supply.pop(position)
        self.house_from = position
        if faces[face].special:
            self.specials_bought += 1
        if self.log_enabled:
            self._event(msg("fu.log.house", seat=p, house=faces[face].tile,
                            price=faces[face].price, name=self._house_name(face)))
        self._pay_money(p, faces[face].price)
        self.houses[p].append(face)

    def _houses_done(self, p: int) -> None:
        if self.phase == OPENING:
            if p == 0:
                self.opening = False
                self.phase = TURN
            else:
                self.actor = p - 1
                self.house_from = 0
                self.specials_bought = 0
            return
        self.residents[p] += self.invite_n
        demand = self.residents[p]
        if self.log_enabled:
            self._event(msg("fu.log.invite", seat=p, n=self.invite_n, demand=demand))
        self.invite_n = 0
        self._consume(p, FOOD_STOCK, demand)
        self._end_tile()

    # Turn order, the end trigger and the final phase: reference §6, §9.
    def _end_tile(self) -> None:
        p = self.turn
        self.tiles_up[p] &= ~(1 << self.tile)
        self.turns_played += 1
        capped = self.turns_played >= self.setup.max_turns
        if self.final:
            if self.tiles_up[p] == 0:
                self._finish(p)
        elif self.trigger or self.residents[p] >= self.rules.end_residents or capped:
            self.final = True
            for q in range(self.num_players):
                self.tiles_up[q] = ALL_TILES
            self.tiles_up[p] &= ~(1 << self.tile)
            if self.log_enabled:
                if self.residents[p] >= self.rules.end_residents:
                    self._event(msg("fu.log.final_phase_residents", seat=p,
                                    n=self.residents[p], goal=self.rules.end_residents))
                elif self.trigger:
                    self._event(msg("fu.log.final_phase", seat=p))
                else:  # the software safety limit (docs/rules-notes.md), not a rule
                    self._event(msg("fu.log.final_phase_cap", seat=p, n=self.turns_played))
        self.trigger = False
        self._next_turn()

    def _next_turn(self) -> None:
        n = self.num_players
        if self.final:
            if all(self.finished):
                self.phase = OVER
                if self.log_enabled:
                    self._event(msg("fu.log.over"))
                    for p in range(n):
                        self._log_final_check(p)
                    for event in final_score_messages(self.scores()):
                        self._event(event)
                return
            q = (self.turn + 1) % n
            while self.finished[q]:
                q = (q + 1) % n
            self._pass_turn(q)
            self.phase = TURN
            return
        q = (self.turn + 1) % n
        self._pass_turn(q)
        if self.tiles_up[q] == 0:
            if self.log_enabled:
                self._event(msg("fu.log.free_refresh", seat=q))
            self._refresh(q)
        else:
            self.phase = TURN

    def _log_final_check(self, p: int) -> None:
        """What the final check (reference §10) removes from seat p's community: robots,
        then houses, the generators cannot power (Energy); residents left without a bed,
        then those the food production cannot feed (People). The score counts only what
        stays."""
        check = self.final_check(p)
        faces = self.setup.components.faces
        if check.robots < self.robots[p]:
            self._event(msg("fu.log.check_robots", seat=p, n=self.robots[p] - check.robots,
                            demand=self.robots[p] + self.house_energy(p)))
        kept = list(check.houses)
        lost: list[dict[str, Any]] = []
        for f in self.houses[p]:
            if faces[f] in kept:
                kept.remove(faces[f])
            else:
                lost.append(self._house_name(f))
        if lost:
            self._event(msg("fu.log.check_houses", seat=p, houses=lost))
        residents = self.residents[p]
        housed = min(residents, sum(h.beds for h in check.houses))
        if housed < residents:
            self._event(msg("fu.log.check_no_bed", seat=p, n=residents - housed))
        if check.residents < housed:
            self._event(msg("fu.log.check_unfed", seat=p, n=housed - check.residents,
                            left=check.residents))

    def _house_name(self, face: int) -> dict[str, Any]:
        """A house's name by its price and beds (keizai.rules.futuropia.names), or the
        starting house (the A side of a `!` tile)."""
        tile = self.setup.components.house_tiles[face >> 1]
        f = self.setup.components.faces[face]
        return house_message(f.price, f.beds, f.special, tile.special and face & 1 == 0)

    def _pass_turn(self, q: int) -> None:
        """The turn passes to seat `q`; back round to the start player's side of the
        table (a seat at or before the last one), a new round begins (a replay steps by
        rounds; finished seats are skipped in the final phase, so turns alone do not
        count them)."""
        if q <= self.turn:
            self.round += 1
        self.turn = self.actor = q

    def _finish(self, p: int) -> None:
        """A player's own game ends: interest, then repay as many loans as possible."""
        rules = self.rules
        stock = self.res[p]
        owed = self.loans[p] * rules.interest_per_loan
        if owed and self.log_enabled:
            self._event(msg("fu.log.end_interest", seat=p, n=owed))
        self._loans_for_interest(p, owed)
        paid = self._pay_any(p, owed)
        if owed and self.log_enabled:
            self._log_paid(p, INTEREST_PAID, paid)
        repaid = 0
        while self.loans[p] and sum(stock) >= rules.repay_cost:
            self._pay_any(p, rules.repay_cost)
            self.loans[p] -= 1
            self.loans_repaid[p] += 1
            repaid += 1
        self.finished[p] = True
        if self.log_enabled:
            if repaid:
                self._event(msg("fu.log.end_repay", seat=p, n=repaid))
            loans = self.loans[p]
            if loans:
                self._event(msg("fu.log.finished", seat=p, n=loans))
            else:
                self._event(msg("fu.log.finished_clear", seat=p))

    def _pay_any(self, p: int, amount: int) -> list[int]:
        """Pay resources without choice at a player's game end (`END_PAY_ORDER`: energy,
        then food, then money); loans if short. Returns the money, food and energy paid."""
        stock = self.res[p]
        paid = [0, 0, 0]
        for k in END_PAY_ORDER:
            part = min(amount, stock[k])
            stock[k] -= part
            paid[k] = part
            amount -= part
            if k == MONEY:
                self.spent[p] += part
        if amount:
            self._pay_money(p, amount)
            paid[MONEY] += amount
        return paid

    # ----- scores -------------------------------------------------------------------
    def community(self, p: int) -> Community:
        comps = self.setup.components
        return Community(
            tuple(comps.generators[g] for g in self.gens[p]), self.robots[p],
            self.residents[p], tuple(comps.faces[f] for f in self.houses[p]))

    def final_check(self, p: int) -> CheckResult:
        """The self-sufficiency check of seat p's community as it stands (remembered)."""
        comps = self.setup.components
        rules = self.rules
        key = (id(comps), id(rules), tuple(self.gens[p]), self.robots[p], self.residents[p],
               tuple(self.houses[p]))
        known = _checks.get(key)
        if known is None:
            if len(_checks) >= _KEPT_CHECKS:
                _checks.clear()
            known = _checks[key] = (comps, rules, self_sufficiency(self.community(p), rules))
        return known[2]

    def scores(self) -> list[dict[str, int]]:
        """Final scores once the game is over; before that, what the board would score."""
        rules = self.rules
        out = []
        for p in range(self.num_players):
            check = self.final_check(p)
            up = self.tiles_up[p].bit_count() if self.final else 0
            out.append(final_points(check, self.loans[p], up, sum(self.res[p]), rules))
        return out

    def places(self) -> list[list[int]]:
        """Seats with equal totals share their place; the best place is a shared win
        (rulebook, 最終計分: no tie-breaker, 「若有平手的狀況…再戰一場」)."""
        return self.shared_places()

    # ----- invariants ----------------------------------------------------------------
    def check_invariants(self) -> None:
        comps = self.setup.components
        rules = self.rules
        n = self.num_players
        for p in range(n):
            assert min(self.res[p]) >= 0, f"negative stock {self.res[p]} for seat {p}"
            assert self.loans[p] >= 0 and self.robots[p] >= 0
            assert self.res[p][MONEY] == (self.setup.start_money[p] + self.received[p]
                                          - self.spent[p]), "money moved outside the rules"
            assert self.loans[p] == self.loans_taken[p] - self.loans_repaid[p]
            assert self.received[p] >= self.loans_taken[p] * rules.loan_value
            limit = rules.max_generators + (self.phase == DISCARD and p == self.actor)
            assert len(self.gens[p]) <= limit, "too many generators"
            assert 0 <= self.tiles_up[p] <= ALL_TILES
            if self.opening and p <= self.actor:
                continue  # not housed yet (advanced opening)
            beds = self.beds(p)
            assert beds >= self.residents[p], f"seat {p}: {beds} beds, {self.residents[p]}"
            buying = self.phase == HOUSES and p == self.actor
            extra = self.invite_n if buying else 0
            assert beds <= self.residents[p] + extra + rules.max_empty_beds, "too many beds"
        for g, gen in enumerate(comps.generators):
            owned = sum(gens.count(g) for gens in self.gens)
            if gen.price is None:
                assert owned + self.discarded[g] == n
            else:
                assert self.stock[g] >= 0
                assert self.stock[g] + owned + self.discarded[g] == gen.copies[n]
        for kind in (FOOD, POWER):
            left, right = self.mk_left[kind], self.mk_right[kind]
            assert 0 <= self.mk_marker[kind] <= rules.marker_max
            assert left < 0 or self.stock[left] > 0
            assert right < 0 or self.stock[right] > 0
            assert right < 0 or left >= 0, "a dear stack without a cheap one"
        placed = [f >> 1 for f in self.house_supply]
        for houses in self.houses:
            placed += [f >> 1 for f in houses]
        assert len(placed) == len(set(placed)), "a house tile is in two places"
        assert 0 <= self.subsidy_pos < len(self.setup.subsidy_track)
        assert self.final or self.turns_played < self.setup.max_turns, "turn cap passed"

    # ----- what a seat sees (no hidden information) --------------------------------------
    def view(self, seat: Viewer) -> dict[str, Any]:
        self.check_viewer(seat)
        return build_view(self)
