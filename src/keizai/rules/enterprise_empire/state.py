"""A position of 企業帝國 and the rules that change it.

Turn (seed §2): move (die or price card) → own-corner revenue → the space's effect →
company check. Decisions inside a turn are phases: MOVE (the active seat), OFFER (each
offered seat in turn, starting with the active seat), RESEARCH (the active seat) and
REFILL (the active seat picks whose hand refills an empty price pile); with the
`choose_corners` option the game starts with PLACING (each seat in turn order picks a
corner). A seat that cannot buy is not asked; everything that needs no decision
happens inside `_apply`.

Seats sit clockwise in seat order; the start player is drawn at random and play goes
clockwise from them. Per-seat tables are flat lists: `held[seat * M + material]`,
`hand[seat * K + price_kind]`.
"""

from __future__ import annotations

from math import gcd
from typing import TYPE_CHECKING, Any, Final

from keizai.engine import IllegalAction, Rng, State, rng_from
from keizai.engine.state import Viewer
from keizai.i18n import msg
from keizai.rules.enterprise_empire.actions import ActionIndex
from keizai.rules.enterprise_empire.data import CORNER, CORNERS, DEMAND, RESEARCH, SUPPLY

if TYPE_CHECKING:
    from keizai.rules.enterprise_empire.game import EnterpriseEmpire

MOVE: Final = 0
OFFER: Final = 1
RESEARCHING: Final = 2
REFILL: Final = 3
PLACING: Final = 4
OVER: Final = 5
PHASE_NAMES = ("move", "offer", "research", "refill", "placing", "over")
CORNER_LETTERS = "ABCD"


class EmpireState(State):
    __slots__ = (
        "active", "bank", "capped", "cash", "company_pile", "company_undecided", "company_up",
        "corner_of", "corner_owner", "corner_revenue", "decider", "demand_pile",
        "demand_undecided", "founded", "group", "hand", "held", "max_turns", "offer_material",
        "offer_step", "offered", "parts", "phase", "position", "price_pile", "price_undecided",
        "revenue_in", "sales", "spent", "start", "turn", "winner",
    )

    def __init__(self, game: EnterpriseEmpire | None = None, players: int = 0, seed: int = 0,
                 options: dict[str, Any] | None = None) -> None:
        """A new game; `EmpireState(None)` is the blank shell `clone()` fills in
        (compiled classes cannot be created without running `__init__`)."""
        if game is None or options is None:
            return
        super().__init__(game, players, seed, options)
        parts = self.parts = game.parts
        rng = self.rng
        self.max_turns = options["max_turns"]  # 1 to the cap: Game.resolve_options checks it
        groups = list(range(CORNERS))
        rng.shuffle(groups)
        self.group = groups[:players]
        self.start = rng.randbelow(players)
        self.corner_of = [-1] * players
        self.corner_owner = [-1] * CORNERS
        self.position = [-1] * players
        if not options["choose_corners"]:
            # Pawns on the corners in turn order: the start player on corner A, and so on.
            for seat in range(players):
                self._place(seat, (seat - self.start) % players)
        self.corner_revenue = [parts.corner_revenue] * CORNERS
        self.cash = [parts.starting_cash] * players
        self.held = [0] * (players * len(parts.materials))
        self.bank = [parts.tokens_per_material] * len(parts.materials)
        self.hand = [0] * (players * len(parts.price_kinds))
        # Piles have their top at index 0. With lazy draws (engine `State.lazy_draws`)
        # the first `*_undecided` cards of a pile are not ordered yet; cards put under a
        # pile lie below them, where they are known to be.
        self.price_pile = [k for k, kind in enumerate(parts.price_kinds) for _ in range(kind.count)]
        self.price_undecided = self._shuffle_pile(self.price_pile)
        self.company_pile: list[list[int]] = []
        self.company_up: list[int] = []
        self.company_undecided: list[int] = []
        for seat in range(players):
            cards = list(parts.group_companies[self.group[seat]])
            undecided = self._shuffle_pile(cards)
            if undecided:
                self.company_up.append(self._pick_undecided(cards, undecided))
                undecided -= 1
            else:
                self.company_up.append(cards.pop(0))
            self.company_pile.append(cards)
            self.company_undecided.append(undecided)
        self.founded = [0] * players
        self.demand_pile = list(parts.demand_cards)
        # The demand pile's top card is face up; undecided cards lie under it.
        self.demand_undecided = self._shuffle_pile(self.demand_pile)
        if self.demand_undecided:
            self._turn_up_demand()
        self.offered = -1
        self.offer_material = -1
        self.offer_step = 0
        self.turn = 0
        self.winner = -1
        self.capped = False
        self.revenue_in = [0] * players
        self.sales = [0] * players
        self.spent = [0] * players
        self.active = self.decider = self.start
        self.phase = PLACING if options["choose_corners"] else MOVE
        if self.log_enabled:
            for seat in range(players):
                corner = self.corner_of[seat]
                self._said("ee.log.group" if corner < 0 else "ee.log.group_corner", seat, {
                    "group": parts.groups[self.group[seat]].id,
                    "corner": CORNER_LETTERS[corner] if corner >= 0 else "",
                    "cash": parts.starting_cash,
                    "company": self._company_id(self.company_up[seat])})
            self._said("ee.log.first_demand", self.start,
                       {"material": parts.materials[self.demand_pile[0]].id})

    def _place(self, seat: int, corner: int) -> None:
        self.corner_of[seat] = corner
        self.corner_owner[corner] = seat
        self.position[seat] = self.parts.corner_spaces[corner]

    # ----- naming ------------------------------------------------------------------
    def _said(self, key: str, seat: int, params: dict[str, Any]) -> None:
        """Log the message `key` of `seat` with `params` (which it takes): the seat goes in
        as its index and its pawn's colour (`seat`, `seat_pawn`). The message is built here
        as one dict: `msg(key, **who, ...)`, a call into plain Python, built three, and the
        log was most of a replay's time (docs/performance.md, "Replay")."""
        params["seat"] = seat
        params["seat_pawn"] = self._pawn(seat)
        self._event((key, params))

    def _pawn(self, seat: int) -> str:
        return self.parts.groups[self.group[seat]].pawn

    def _company_id(self, card: int) -> str:
        return "none" if card < 0 else self.parts.companies[card].id

    def _arrive(self, key: str, seat: int, index: int) -> None:
        """Log `seat` arriving on board space `index` (a move or a jump)."""
        space = self.parts.board[index]
        if space.effect == CORNER:
            self._said(key + "_corner", seat,
                       {"space": index, "corner": CORNER_LETTERS[space.corner]})
        else:
            self._said(key, seat, {"space": index, "kind": space.kind})

    # ----- the contract ------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.decider

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _legal_indices(self) -> list[int]:
        ix: ActionIndex = self.game.index
        phase = self.phase
        if phase == MOVE:
            k = len(self.parts.price_kinds)
            base = self.active * k
            hand = self.hand
            return [ix.roll] + [ix.play + i for i in range(k) if hand[base + i]]
        if phase == OFFER:
            m = self.offer_material
            if self.bank[m]:
                return [ix.buy, ix.pass_]
            return [ix.take_from + s for s in self._holders(m, self.decider)] + [ix.pass_]
        if phase == RESEARCHING:
            return [ix.jump, ix.stay]
        if phase == REFILL:
            return [ix.draw_from + s for s in self._hand_holders()]
        if phase == PLACING:
            return [ix.corner + c for c in range(CORNERS) if self.corner_owner[c] < 0]
        return []

    def _apply(self, index: int) -> None:
        ix: ActionIndex = self.game.index
        if index == ix.roll:
            steps = self.rng.randbelow(self.parts.die_sides) + 1
            self.reveals += 1
            if self.log_enabled:
                self._said("ee.log.roll", self.active, {"n": steps})
            self._move(steps)
        elif index < ix.buy:
            kind = index - ix.play
            self._reveal_own_hand()  # the price card leaves its hand: news to the others
            self.hand[self.active * len(self.parts.price_kinds) + kind] -= 1
            self.price_pile.append(kind)
            card = self.parts.price_kinds[kind]
            if self.log_enabled:
                self._said("ee.log.play", self.active, {"price": card.price, "n": card.steps})
            self._move(card.steps)
        elif index == ix.buy:
            self._buy(self.decider, -1)
        elif index < ix.pass_:
            self._buy(self.decider, index - ix.take_from)
        elif index == ix.pass_:
            if self.log_enabled:
                self._said("ee.log.pass", self.decider, {})
            self.offer_step += 1
            self._ask_next_buyer()
        elif index == ix.jump:
            self._research_jump()
        elif index == ix.stay:
            if self.log_enabled:
                self._said("ee.log.stay", self.active, {})
            self._end_turn()
        elif index < ix.corner:
            self._draw_into_offer(index - ix.draw_from)
        else:
            self._choose_corner(index - ix.corner)

    def _choose_corner(self, corner: int) -> None:
        """Set-up with `choose_corners`: each seat in turn order puts its pawn on a corner."""
        seat = self.decider
        self._place(seat, corner)
        if self.log_enabled:
            self._said("ee.log.corner", seat, {"corner": CORNER_LETTERS[corner]})
        self.decider = (seat + 1) % self.num_players
        if self.decider == self.start:
            self.phase = MOVE

    # ----- a turn ------------------------------------------------------------------
    def _move(self, steps: int) -> None:
        """Move the active pawn; own-corner revenue when passing or landing; the space."""
        seat = self.active
        size = len(self.parts.board)
        here = self.position[seat]
        to_own = (self.parts.corner_spaces[self.corner_of[seat]] - here) % size or size
        there = self.position[seat] = (here + steps) % size
        if self.log_enabled:
            self._arrive("ee.log.move", seat, there)
        if steps >= to_own:
            corner = self.corner_of[seat]
            self._collect(seat, self.corner_revenue[corner], "own_corner", corner)
            if self.phase == OVER:
                return
        self._land(there)

    def _land(self, index: int) -> None:
        space = self.parts.board[index]
        if space.effect == SUPPLY:
            self._supply(space.material)
        elif space.effect == DEMAND:
            self._demand()
            if self.phase != OVER:
                self._end_turn()
        elif space.effect == RESEARCH:
            self.phase = RESEARCHING
            self.decider = self.active
        else:
            corner = space.corner
            if self.corner_owner[corner] != self.active:
                self._collect(self.active, self.corner_revenue[corner], "corner", corner)
                if self.phase == OVER:
                    return
            self._end_turn()

    def _collect(self, seat: int, amount: int, why: str, corner: int) -> None:
        self.revenue_in[seat] += amount
        self._gain(seat, amount, why, corner)

    def _gain(self, seat: int, amount: int, why: str, corner: int = -1) -> None:
        """Cash from the bank; reaching the target cash wins at once (even mid-turn).
        `why` (own_corner, corner, demand) and `corner` say where it came from, for the log."""
        self.cash[seat] += amount
        if self.log_enabled:
            self._said("ee.log.gain_" + why, seat, {
                "amount": amount, "corner": CORNER_LETTERS[corner] if corner >= 0 else "",
                "cash": self.cash[seat]})
        if self.cash[seat] >= self.parts.win_cash:
            self._win(seat, "cash", self.cash[seat])

    def _win(self, seat: int, why: str, n: int) -> None:
        """`seat` wins; `why` (cash, richest, companies) and `n` are for the log."""
        self.winner = seat
        self.phase = OVER
        if self.log_enabled:
            self._said("ee.log.win_" + why, seat, {"n": n})

    def _end_turn(self) -> None:
        """Company check of the active seat, then the next seat clockwise (or the cap)."""
        self._found_company(self.active)
        if self.phase == OVER:
            return
        self.turn += 1
        if self.turn >= self.max_turns:
            self._cap()
            return
        self.active = self.decider = (self.active + 1) % self.num_players
        self.phase = MOVE

    def _cap(self) -> None:
        """The safety limit: the richest seat wins (then most companies, then turn order)."""
        self.capped = True
        order = self.tie_break_order()
        best = min(order, key=lambda s: (-self.cash[s], -self.founded[s], order.index(s)))
        if self.log_enabled:
            self._event(msg("ee.log.cap", n=self.max_turns))
        self._win(best, "richest", self.cash[best])

    # ----- supply spaces -----------------------------------------------------------
    def _supply(self, material: int) -> None:
        self.offer_material = material
        if self.price_pile:
            self.reveals += 1
            if self.price_undecided:
                card = self._pick_undecided(self.price_pile, self.price_undecided)
                self.price_undecided -= 1
                self._offer(card)
            else:
                self._offer(self.price_pile.pop(0))
            return
        holders = self._hand_holders()
        if len(holders) == 1:
            self._draw_into_offer(holders[0])
        else:
            self.phase = REFILL
            self.decider = self.active

    def _draw_into_offer(self, seat: int) -> None:
        """The empty pile is refilled by a random price card from `seat`'s hand."""
        k = len(self.parts.price_kinds)
        hand = self.hand
        if self.lazy_draws:  # one draw among the distinct kinds, weighted by their copies
            cards = [kind for kind in range(k) for _ in range(hand[seat * k + kind])]
            kind = cards[self.rng.pick(cards, 0, len(cards))]
        else:
            pick = self.rng.randbelow(sum(hand[seat * k:(seat + 1) * k]))
            kind = 0
            while pick >= hand[seat * k + kind]:
                pick -= hand[seat * k + kind]
                kind += 1
        self.reveals += 1
        hand[seat * k + kind] -= 1
        if self.log_enabled:
            self._said("ee.log.pile_empty", seat, {})
        self._offer(kind)

    def _offer(self, kind: int) -> None:
        self.offered = kind
        self.offer_step = 0
        card = self.parts.price_kinds[kind]
        if self.log_enabled:
            self._event(("ee.log.offer", {
                "material": self.parts.materials[self.offer_material].id,
                "price": card.price, "n": card.steps}))
        self._ask_next_buyer()

    def _ask_next_buyer(self) -> None:
        """Offer to the next seat (active first, then clockwise) that can buy."""
        while self.offer_step < self.num_players:
            seat = (self.active + self.offer_step) % self.num_players
            if self._can_buy(seat):
                self.phase = OFFER
                self.decider = seat
                return
            if self.log_enabled:
                self._log_cannot_buy(seat)
            self.offer_step += 1
        self.price_pile.append(self.offered)
        self.offered = -1
        if self.log_enabled:
            self._event(msg("ee.log.nobody"))
        self._end_turn()

    def _log_cannot_buy(self, seat: int) -> None:
        """Why the offer passes `seat` by without asking: too little cash (seed 2.(3)A),
        or none of the material but its own left to take (reference E4 [X])."""
        price = self.parts.price_kinds[self.offered].price
        if self.cash[seat] < price:
            self._said("ee.log.cannot_afford", seat, {"cash": self.cash[seat], "price": price})
        else:
            self._said("ee.log.none_to_take", seat,
                       {"material": self.parts.materials[self.offer_material].id})

    def _can_buy(self, seat: int) -> bool:
        if self.cash[seat] < self.parts.price_kinds[self.offered].price:
            return False
        m = self.offer_material
        return self.bank[m] > 0 or bool(self._holders(m, seat))

    def _holders(self, material: int, buyer: int) -> list[int]:
        """Seats other than `buyer` holding `material` (a bank-out purchase takes from one)."""
        m = len(self.parts.materials)
        return [s for s in range(self.num_players)
                if s != buyer and self.held[s * m + material]]

    def _hand_holders(self) -> list[int]:
        k = len(self.parts.price_kinds)
        return [s for s in range(self.num_players) if any(self.hand[s * k:(s + 1) * k])]

    def _buy(self, seat: int, source: int) -> None:
        """`seat` pays the bank and takes the material (from the bank, or from `source`)."""
        parts = self.parts
        kind = self.offered
        price = parts.price_kinds[kind].price
        m = self.offer_material
        self.cash[seat] -= price
        self.spent[seat] += price
        if source < 0:
            self.bank[m] -= 1
        else:
            self.held[source * len(parts.materials) + m] -= 1
        self.held[seat * len(parts.materials) + m] += 1
        self.hand[seat * len(parts.price_kinds) + kind] += 1
        self.offered = -1
        if self.log_enabled:
            params: dict[str, Any] = {"material": parts.materials[m].id, "price": price,
                                      "cash": self.cash[seat]}
            if source >= 0:
                params["source"] = source
                params["source_pawn"] = self._pawn(source)
            self._said("ee.log.buy" if source < 0 else "ee.log.buy_from", seat, params)
        self._end_turn()

    # ----- demand and research -----------------------------------------------------
    def _demand(self) -> None:
        """Sell all tokens of the demanded material for one fixed sum (compulsory)."""
        parts = self.parts
        seat = self.active
        m = self.demand_pile[0]
        at = seat * len(parts.materials) + m
        count = self.held[at]
        if not count:
            if self.log_enabled:
                self._said("ee.log.demand_none", seat, {"material": parts.materials[m].id})
            return
        self.held[at] = 0
        self.bank[m] += count
        self.sales[seat] += 1
        if self.options["demand_stays"]:  # the literal reading: only ever the top card
            if self.log_enabled:
                self._said("ee.log.sell_stays", seat,
                           {"n": count, "material": parts.materials[m].id})
        else:  # the designed reading: the sold card goes under its pile
            self.demand_pile.append(self.demand_pile.pop(0))
            if self.demand_undecided:
                self._turn_up_demand()
            self.reveals += 1
            if self.log_enabled:
                self._said("ee.log.sell", seat, {
                    "n": count, "material": parts.materials[m].id,
                    "next": parts.materials[self.demand_pile[0]].id})
        self._gain(seat, parts.demand_sale, "demand")

    def _turn_up_demand(self) -> None:
        """Lazy draws: draw the demand pile's new top card from its undecided cards (the
        first `demand_undecided`, the face-up card just gone under the pile)."""
        self.demand_pile.insert(0, self._pick_undecided(self.demand_pile,
                                                        self.demand_undecided))
        self.demand_undecided -= 1

    def _research_jump(self) -> None:
        """Jump ahead with no corner revenue on the way, then a material demand."""
        seat = self.active
        there = (self.position[seat] + self.parts.research_jump) % len(self.parts.board)
        self.position[seat] = there
        if self.log_enabled:
            self._arrive("ee.log.jump", seat, there)
        self._demand()
        if self.phase != OVER:
            self._end_turn()

    # ----- companies ---------------------------------------------------------------
    def _found_company(self, seat: int) -> None:
        card = self.company_up[seat]
        if card < 0:
            return
        parts = self.parts
        base = seat * len(parts.materials)
        needs = parts.companies[card].materials
        if not all(self.held[base + m] for m in needs):
            return
        for m in needs:
            self.held[base + m] -= 1
            self.bank[m] += 1
        self.founded[seat] += 1
        corner = self.corner_of[seat]
        self.corner_revenue[corner] += parts.revenue_raise_per_company
        pile = self.company_pile[seat]
        undecided = self.company_undecided[seat]
        if undecided:
            self.company_up[seat] = self._pick_undecided(pile, undecided)
            self.company_undecided[seat] = undecided - 1
        else:
            self.company_up[seat] = pile.pop(0) if pile else -1
        self.reveals += 1
        if self.log_enabled:
            self._said("ee.log.found", seat, {
                "company": parts.companies[card].id, "corner": CORNER_LETTERS[corner],
                "revenue": self.corner_revenue[corner],
                "next": self._company_id(self.company_up[seat])})
        if self.founded[seat] >= parts.win_companies:
            self._win(seat, "companies", self.founded[seat])

    # ----- results -----------------------------------------------------------------
    def scores(self) -> list[dict[str, int]]:
        """won, companies founded, cash; total = won × W + companies × C + cash.

        C is the first power of ten above the winning cash (no loser holds that much) and
        W is a power of ten above every company count, so the total ranks the winner
        first, then by companies, then by cash.
        """
        parts = self.parts
        per_company = 10 ** len(str(parts.win_cash))
        per_win = per_company * 10 ** len(str(max(map(len, parts.group_companies))))
        return [
            {
                "won": int(seat == self.winner),
                "companies": self.founded[seat],
                "cash": self.cash[seat],
                "total": (per_win * (seat == self.winner) + per_company * self.founded[seat]
                          + self.cash[seat]),
            }
            for seat in range(self.num_players)
        ]

    def tie_break_order(self) -> list[int]:
        """Turn order from the start player."""
        return [(self.start + i) % self.num_players for i in range(self.num_players)]

    def refusal(self, action: Any) -> IllegalAction:
        return IllegalAction.refuse("ee.refuse.not_now", game=self.game.id, action=action.name,
                                    why=f"ee.refuse.{PHASE_NAMES[self.phase]}")

    # ----- views -------------------------------------------------------------------
    def view(self, seat: Viewer) -> dict[str, Any]:
        viewer = self.check_viewer(seat)
        parts = self.parts
        mats = parts.materials
        k = len(parts.price_kinds)
        players = []
        for s in range(self.num_players):
            group = parts.groups[self.group[s]]
            up = self.company_up[s]
            hand = self.hand[s * k:(s + 1) * k]
            entry: dict[str, Any] = {
                "seat": s,
                "group": group.id,
                "group_name": f"{group.zh} {group.en}",
                "pawn": group.pawn,
                "corner": CORNER_LETTERS[self.corner_of[s]] if self.corner_of[s] >= 0 else None,
                "position": self.position[s] if self.position[s] >= 0 else None,
                "cash": self.cash[s],
                "materials": {mats[m].id: self.held[s * len(mats) + m]
                              for m in range(len(mats)) if self.held[s * len(mats) + m]},
                "companies_founded": self.founded[s],
                "company_card": None if up < 0 else {
                    "id": parts.companies[up].id,
                    "name": f"{parts.companies[up].zh} {parts.companies[up].en}",
                    "materials": [mats[m].id for m in parts.companies[up].materials],
                },
                "company_pile": len(self.company_pile[s]),
                "price_cards": sum(hand),
            }
            if s == viewer:
                entry["hand"] = [
                    {"price": parts.price_kinds[i].price, "steps": parts.price_kinds[i].steps,
                     "count": n}
                    for i, n in enumerate(hand) if n
                ]
            players.append(entry)
        offer = None
        if self.offered >= 0:
            card = parts.price_kinds[self.offered]
            offer = {"material": mats[self.offer_material].id, "price": card.price,
                     "steps": card.steps, "to": self.decider if self.phase == OFFER else None}
        return {
            "game": self.game.id,
            "seat": viewer,
            "turn": self.turn,
            "max_turns": self.max_turns,
            "start_player": self.start,
            "active": self.active,
            "current_player": self.current_player,
            "phase": PHASE_NAMES[self.phase],
            "board": [space.kind for space in parts.board],
            "corners": [
                {"space": parts.corner_spaces[c], "letter": CORNER_LETTERS[c],
                 "owner": self.corner_owner[c] if self.corner_owner[c] >= 0 else None,
                 "revenue": self.corner_revenue[c]}
                for c in range(CORNERS)
            ],
            "players": players,
            "bank_materials": {mats[m].id: self.bank[m] for m in range(len(mats))},
            "price_pile": len(self.price_pile),
            "offer": offer,
            "demand": {"material": mats[self.demand_pile[0]].id,
                       "pile": len(self.demand_pile)},
            "winner": self.winner if self.winner >= 0 else None,
            "won_by": self._won_by(),
            "capped": self.capped,
        }

    def _won_by(self) -> str | None:
        """Why the winner won (the end screen says it, as the log's ee.log.win_<why>):
        the safety limit's richest, the companies founded, or the cash reached. A cash
        win ends the game at once, so a seat at its companies' target won by them."""
        if self.winner < 0:
            return None
        if self.capped:
            return "richest"
        return "companies" if self.founded[self.winner] >= self.parts.win_companies else "cash"

    # ----- copies ------------------------------------------------------------------
    def clone(self) -> EmpireState:
        twin = EmpireState(None)
        self._copy_base_into(twin)
        twin.active = self.active
        twin.bank = self.bank.copy()
        twin.capped = self.capped
        twin.cash = self.cash.copy()
        twin.company_pile = [pile.copy() for pile in self.company_pile]
        twin.company_up = self.company_up.copy()
        twin.company_undecided = self.company_undecided.copy()
        twin.corner_of = self.corner_of.copy()
        twin.corner_owner = self.corner_owner.copy()
        twin.corner_revenue = self.corner_revenue.copy()
        twin.decider = self.decider
        twin.demand_pile = self.demand_pile.copy()
        twin.demand_undecided = self.demand_undecided
        twin.founded = self.founded.copy()
        twin.group = self.group
        twin.hand = self.hand.copy()
        twin.held = self.held.copy()
        twin.max_turns = self.max_turns
        twin.offer_material = self.offer_material
        twin.offer_step = self.offer_step
        twin.offered = self.offered
        twin.parts = self.parts
        twin.phase = self.phase
        twin.position = self.position.copy()
        twin.price_pile = self.price_pile.copy()
        twin.price_undecided = self.price_undecided
        twin.revenue_in = self.revenue_in.copy()
        twin.sales = self.sales.copy()
        twin.spent = self.spent.copy()
        twin.start = self.start
        twin.turn = self.turn
        twin.winner = self.winner
        return twin

    def determinize(self, seat: Viewer, rng: Any) -> EmpireState:
        """Resample what `seat` cannot see: others' price cards, every pile's hidden order
        and the future dice.

        Hands are resampled from the cards `seat` cannot see, keeping each hand's size;
        the revealed demand card stays on top. (A seat with perfect memory could track
        hands and the cards put under piles from the public log; views do not show that
        history, so the sample treats it as unknown.)
        """
        viewer = self.check_viewer(seat)
        twin = self.clone()
        sample = rng_from(rng)
        others = [s for s in range(self.num_players) if s != viewer]
        if twin.lazy_draws:
            return self._determinize_lazy(twin, sample, others)
        twin.price_pile = twin._redeal_hands(list(twin.price_pile), sample, others)
        for pile in twin.company_pile:
            pile.sort()
            sample.shuffle(pile)
        rest = sorted(twin.demand_pile[1:])
        sample.shuffle(rest)
        twin.demand_pile[1:] = rest
        twin.rng = sample.spawn()
        return twin

    def _determinize_lazy(self, twin: EmpireState, sample: Rng,
                          others: list[int]) -> EmpireState:
        """`determinize` with lazy draws: the undecided cards of the piles stay undecided
        (sorted), and the cards put under a pile stay where they are; the others' price
        cards are dealt again from theirs and the price pile's undecided ones."""
        undecided = twin.price_undecided
        pool = twin._redeal_hands(twin.price_pile[:undecided], sample, others)
        pool.sort()
        twin.price_pile[:undecided] = pool
        twin.rng = sample.spawn()
        return twin

    def _redeal_hands(self, pool: list[int], sample: Rng, others: list[int]) -> list[int]:
        """Pour the price cards of `others`' hands into `pool`, deal each hand again at
        its size from the shuffled pool, and return what is left of it.

        Sorting before the shuffle makes the sample a function of what the searching
        seat knows and of `sample` only, so a fair searcher with a fixed seed is
        reproducible."""
        k = len(self.parts.price_kinds)
        sizes = []
        for s in others:
            sizes.append(sum(self.hand[s * k:(s + 1) * k]))
            for kind in range(k):
                pool += [kind] * self.hand[s * k + kind]
                self.hand[s * k + kind] = 0
        pool.sort()
        sample.shuffle(pool)
        for s, size in zip(others, sizes, strict=True):
            for kind in pool[:size]:
                self.hand[s * k + kind] += 1
            del pool[:size]
        return pool

    # ----- invariants --------------------------------------------------------------
    def check_invariants(self) -> None:
        parts = self.parts
        n = self.num_players
        mats = len(parts.materials)
        k = len(parts.price_kinds)
        note = gcd(parts.corner_revenue, parts.revenue_raise_per_company)
        for m in range(mats):
            held = [self.held[s * mats + m] for s in range(n)]
            assert min(held) >= 0 and self.bank[m] >= 0, "negative material count"
            assert self.bank[m] + sum(held) == parts.tokens_per_material, \
                f"{parts.materials[m].id}: tokens in play are not {parts.tokens_per_material}"
        for kind, card in enumerate(parts.price_kinds):
            in_hands = [self.hand[s * k + kind] for s in range(n)]
            assert min(in_hands) >= 0, "negative price-card count"
            count = self.price_pile.count(kind) + sum(in_hands) + (self.offered == kind)
            assert count == card.count, f"${card.price} price cards: {count}, not {card.count}"
        in_play = len(self.price_pile) + sum(self.hand) + (self.offered >= 0)
        piles = [(self.price_pile, self.price_undecided),
                 (self.demand_pile[1:], self.demand_undecided),
                 *zip(self.company_pile, self.company_undecided, strict=True)]
        for pile, undecided in piles:
            part = pile[:undecided]
            assert 0 <= undecided <= len(pile) and part == sorted(part), \
                "undecided pile cards out of place"
        assert in_play == parts.price_card_total, f"{in_play} price cards in play"
        for s in range(n):
            expected = (parts.starting_cash + self.revenue_in[s]
                        + parts.demand_sale * self.sales[s] - self.spent[s])
            assert self.cash[s] == expected >= 0, f"seat {s}: cash does not match the ledger"
            assert self.revenue_in[s] % note == 0, f"seat {s}: revenue is not in revenue notes"
            cards = len(parts.group_companies[self.group[s]])
            assert self.founded[s] + len(self.company_pile[s]) + (self.company_up[s] >= 0) \
                == cards, f"seat {s}: company cards lost"
            assert self.founded[s] <= parts.win_companies
        placed = [s for s in range(n) if self.corner_of[s] >= 0]
        assert all(self.corner_owner[self.corner_of[s]] == s for s in placed), "corner owners"
        assert len(placed) == n or self.phase == PLACING, "a pawn is off the board"
        for c in range(CORNERS):
            owner = self.corner_owner[c]
            raised = parts.revenue_raise_per_company * (self.founded[owner] if owner >= 0 else 0)
            assert self.corner_revenue[c] == parts.corner_revenue + raised, "corner revenue"
        assert sorted(self.demand_pile) == sorted(parts.demand_cards), "demand cards lost"
        assert (self.phase == OVER) == (self.winner >= 0), "winner and game end disagree"
        assert self.turn <= self.max_turns
        assert (self.offered >= 0) == (self.phase == OFFER), "offer and phase disagree"
