"""The hot path of the observation encoders and of the action mask, compiled with mypyc
(setup.py): each game's writer reads the state directly and writes the observation of a
seat into a float32 buffer (a memoryview of a NumPy array) at an offset; `write_mask`
writes the legal actions into a bytearray. No NumPy here: a batch of environments has
one buffer for all its rows, and an observation needs no conversion.

The buffers must be zero where they are written (a fresh copy of a blank buffer, or a
row cleared by slice assignment): writers only write what is not zero. They gather the
entries in native lists first (`Sink`) and write each into the buffer once, because an
item assignment into a buffer is a generic Python operation (about 30 ns against a few
for the native lists).
What each writer writes is exactly `encode(state.view(seat), seat)` of its encoder
(tests/rl/observations check it on random positions of every game and player count);
each reads only what that view shows.
"""

from __future__ import annotations

from typing import Any, Final, cast

from keizai.engine import State
from keizai.rules.enterprise_empire import state as ee
from keizai.rules.futuropia import phases
from keizai.rules.futuropia.data import FOOD, POWER
from keizai.rules.futuropia.staffing import best_output, workers_on_spaces
from keizai.rules.futuropia.state import FuturopiaState
from keizai.rules.national_economy import state as ne
from keizai.rules.national_economy.workplaces import FACE, PUBLIC

# A writable float32 buffer, seen as a memoryview (format "f": an `array("f")`, a NumPy
# float32 array), written with float items (typed Any: typeshed's memoryview takes ints;
# to mypyc a memoryview is a generic object all the same).
Buffer = Any


class Sink:
    """Entries of one vector gathered in native lists, then written once each into the
    float32 buffer (`flush`, `show`): a write into the buffer is a generic Python item
    assignment, many times dearer than these.

    `touched` holds the indices set, as the boxed ints of `index` (made once: boxing an
    index above 256 would allocate at every entry)."""

    def __init__(self, size: int) -> None:
        self.values: list[int] = [0] * size  # every entry of an observation is a whole number
        self.index: list[object] = list(range(size))
        self.touched: list[object] = []
        # the row `put` writes into while bound (`Writer.show`): x at base, showing old
        self.x: Any = None
        self.base: int = 0
        self.old: list[int] | None = None
        # while bound, the row's `Shown` (blocks skipped when their inputs are unchanged)
        self.shown: Shown | None = None
        # inside a block (`enter` .. `leave`): the entries gathered before it, its inputs
        self.outer: list[object] = []
        self.spare: list[object] = []
        self.in_a: list[Any] = NO_INPUT
        self.in_b: list[Any] = NO_INPUT
        self.in_c: list[Any] = NO_INPUT
        self.in_d: int = 0
        self.in_e: int = 0

    def put(self, i: int, value: int) -> None:
        """An entry that every observation of the layout sets (a fixed field, for every
        seat of the game): while bound to a row, compared with what the row shows and
        written at once if it differs, without being gathered; else as `set`."""
        old = self.old
        if old is None:
            self.set(i, value)
        elif old[i] != value:
            self.x[self.base + i] = _number(value)
            old[i] = value

    def one(self, at: int, count: int, pos: int) -> None:
        """A one-hot field of `count` entries from `at` that every observation of the
        layout has: 1 at `at + pos`, zeros elsewhere (all zeros if `pos` < 0). While bound
        to a row, written at once where it differs, without being gathered (as `put`):
        the row shows at most one 1 there, so a row showing the 1 at `pos` is unchanged.
        A field written with `one` is written with nothing else."""
        old = self.old
        if old is None:
            if pos >= 0:
                self.set(at + pos, 1)
            return
        if pos >= 0 and old[at + pos] == 1:
            return
        x = self.x
        base = self.base
        for i in range(at, at + count):
            if old[i] != 0:
                x[base + i] = ZERO
                old[i] = 0
        if pos >= 0:
            x[base + at + pos] = ONE
            old[at + pos] = 1

    def set(self, i: int, value: int) -> None:
        values = self.values
        if values[i] == 0:
            if value == 0:
                return
            self.touched.append(self.index[i])
        values[i] = value

    def add(self, i: int, value: int) -> None:
        values = self.values
        v = values[i]  # a native int (`values[i] += value` is a generic in-place add)
        if v == 0:
            self.touched.append(self.index[i])
        values[i] = v + value

    def enter(self, k: int, a: list[Any], b: list[Any], c: list[Any], d: int,
              e: int) -> bool:
        """Whether block `k` must be gathered: entries of fields of its own (which no
        other block and nothing outside blocks writes), computed from the lists a, b, c
        and the numbers d, e alone, with the writer's constants, the seat and the state's
        constants. Not when the row shows the block computed from equal inputs (in the
        same game and seat). When it is, gather its entries (`set`, `add`), then call
        `leave(k)`. The lists are compared by value (the rules change them in place),
        against copies kept in the `Shown`: lists of immutable items only (ints, bools,
        tuples)."""
        shown = self.shown
        if shown is None:  # `write`: gathered with the rest
            return True
        if (shown.valid[k] and d == shown.key_d[k] and e == shown.key_e[k]
                and a == shown.key_a[k] and b == shown.key_b[k] and c == shown.key_c[k]):
            return False
        self.in_a, self.in_b, self.in_c, self.in_d, self.in_e = a, b, c, d, e
        self.outer = self.touched
        self.touched = self.spare
        return True

    def fresh(self, k: int, a: list[Any], b: list[Any], c: list[Any], d: int,
              e: int) -> bool:
        """Whether block `k`, kept up to date by difference, must be gathered in full (as
        after `enter`, then `leave(k)` keeps a .. e): when not bound to a row, when the
        row does not show the block for this state and seat, or when `d` (an epoch: the
        state changed the block's source in a way its reader cannot follow) differs
        from what the row shows. Else the row shows the block as of the inputs kept
        (`Shown.key_a` .. `key_e`): the caller brings it up to date with `shift` and
        updates those inputs."""
        shown = self.shown
        if shown is None:
            return True
        if shown.valid[k] and d == shown.key_d[k]:
            return False
        self.in_a, self.in_b, self.in_c, self.in_d, self.in_e = a, b, c, d, e
        self.outer = self.touched
        self.touched = self.spare
        return True

    def shift(self, k: int, i: int, delta: int) -> None:
        """Add `delta` to entry i of block `k` in the bound row (which shows the block),
        written at once. Entry i must belong to the block's fields."""
        shown = cast(Shown, self.shown)
        old = shown.values
        v = old[i]
        if v == 0:  # may be nonzero from now on
            shown.blocks[k].append(self.index[i])
        v += delta
        old[i] = v
        self.x[self.base + i] = _number(v)

    def leave(self, k: int) -> None:
        """Show block `k` gathered since `enter(k, ...)` in the bound row (writing only the
        entries that differ from what the row shows of it), and remember its inputs."""
        shown = self.shown
        if shown is None:
            return
        values = self.values
        touched = self.touched
        before = shown.blocks[k]
        _write_difference(self.x, self.base, values, shown.values, touched, before)
        for j in touched:
            values[cast(int, j)] = 0
        shown.blocks[k] = touched
        before.clear()
        self.spare = before
        self.touched = self.outer
        a, b, c = self.in_a, self.in_b, self.in_c
        shown.key_a[k] = a.copy()
        shown.key_b[k] = NO_INPUT if b is NO_INPUT else b.copy()
        shown.key_c[k] = NO_INPUT if c is NO_INPUT else c.copy()
        shown.key_d[k] = self.in_d
        shown.key_e[k] = self.in_e
        shown.valid[k] = True
        self.in_a = self.in_b = self.in_c = NO_INPUT

    def flush(self, x: Buffer, base: int) -> None:
        """Write the entries set since the last flush at `base` on, and forget them."""
        values = self.values
        touched = self.touched
        for j in touched:
            i = cast(int, j)
            x[base + i] = _number(values[i])
            values[i] = 0
        touched.clear()

    def show(self, x: Buffer, base: int, shown: Shown) -> None:
        """Make the row of `x` at `base`, which shows `shown`, show the entries set since
        the last flush (zero elsewhere), writing only the entries that differ; forget
        them. Consecutive observations of one seat differ in a few entries (about 10 of
        60 nonzero ones in National Economy)."""
        values = self.values
        touched = self.touched
        _write_difference(x, base, values, shown.values, touched, shown.touched)
        # the row's nonzero entries are among those touched now; forget the entries
        stale = shown.touched
        shown.touched = touched
        for j in touched:
            values[cast(int, j)] = 0
        stale.clear()
        self.touched = stale


class Shown:
    """What a row of a float32 buffer shows, for `Sink.show`: its entries (native) and
    the indices that may be nonzero (boxed, as `Sink.touched`). A new one describes a
    row of zeros; the row must change only through `show` with this object."""

    def __init__(self, size: int) -> None:
        self.values: list[int] = [0] * size
        self.touched: list[object] = []
        self.players: int = 0  # of the states shown (`Writer.show`)
        # the state and seat shown last: the blocks' inputs hold for them alone
        self.state: object = None
        self.me: int = -1
        # per block of the writer (`Sink.enter`): the indices that may be nonzero, and
        # whether the row shows it computed from the inputs key_a .. key_e
        self.blocks: list[list[object]] = []
        self.valid: list[bool] = []
        self.key_a: list[list[Any]] = []
        self.key_b: list[list[Any]] = []
        self.key_c: list[list[Any]] = []
        self.key_d: list[int] = []
        self.key_e: list[int] = []
        self.writer: object = None  # that writes the row (`Writer.show`)

    def clear(self, x: Buffer, base: int) -> None:
        """Zero the whole row (a new player count: the fixed fields of other seats)."""
        values = self.values
        for i in range(len(values)):
            if values[i] != 0:
                x[base + i] = ZERO
                values[i] = 0
        self.touched.clear()
        for touched in self.blocks:
            touched.clear()
        self.forget()

    def forget(self) -> None:
        """The blocks are gathered again at the next `show` (a new state or seat: the
        inputs compared by value say nothing of the other fields a block reads)."""
        valid = self.valid
        for k in range(len(valid)):
            valid[k] = False

    def fit(self, blocks: int) -> None:
        """Room for a writer's `blocks` blocks."""
        while len(self.blocks) < blocks:
            self.blocks.append([])
            self.valid.append(False)
            self.key_a.append(NO_INPUT)
            self.key_b.append(NO_INPUT)
            self.key_c.append(NO_INPUT)
            self.key_d.append(0)
            self.key_e.append(0)


# The input of a block that reads fewer than three lists (`Sink.enter`); never changed.
NO_INPUT: Final[list[Any]] = []
# Entries as the float objects a buffer write takes (no allocation per write).
_FLOATS: Final[list[object]] = [float(v) for v in range(256)]
ZERO: Final[object] = 0.0
ONE: Final[object] = 1.0


def _write_difference(x: Buffer, base: int, values: list[int], old: list[int],
                      touched: list[object], before: list[object]) -> None:
    """Make the row of `x` at `base`, whose entries are `old`, show `values` on the
    indices `touched` now and zero on those `before` no longer set, writing only the
    entries that differ (and updating `old`)."""
    for j in touched:
        i = cast(int, j)
        v = values[i]
        if old[i] != v:
            x[base + i] = _number(v)
            old[i] = v
    for j in before:
        i = cast(int, j)
        if values[i] == 0 and old[i] != 0:
            x[base + i] = ZERO
            old[i] = 0


def _number(v: int) -> object:
    return _FLOATS[v] if 0 <= v < 256 else float(v)


class Writer:
    """Writes the observation vectors of one encoder's layout (a subclass per game)."""

    def __init__(self, size: int) -> None:
        self.size: int = size
        self.sink: Sink | None = Sink(size)
        self.blocks: int = 0  # of `fill` (`Sink.enter`): 0 .. blocks - 1
        # the scores of the last finished game asked for (`final_scores`)
        self.over_state: State | None = None
        self.over_scores: list[dict[str, int]] = []

    def final_scores(self, state: State) -> list[dict[str, int]]:
        """`state.scores()`, computed once for a finished game: the environments' final
        reward and the observations of the end (of every seat) share it (Futuropia's
        scoring costs about 0.36 ms, a game's decisions about 0.35 ms). A finished game
        takes no more actions, so its scores stay what they were."""
        if not state.is_over:
            return state.scores()
        if state is not self.over_state:
            self.over_scores = state.scores()
            self.over_state = state
        return self.over_scores

    def fill(self, o: Sink, state: State, me: int) -> None:
        """Set the nonzero entries of `me`'s observation of `state` in `o`."""
        raise NotImplementedError

    def _take(self) -> Sink:
        o = self.sink  # taken while writing: a write that fails or overlaps uses a new one
        self.sink = None
        return Sink(self.size) if o is None else o

    def write(self, state: State, me: int, x: Buffer, base: int) -> None:
        """Write the vector into `x` at `base`, where `x` is zero."""
        o = self._take()
        self.fill(o, state, me)
        o.flush(x, base)
        self.sink = o

    def show(self, state: State, me: int, x: Buffer, base: int, shown: Shown) -> None:
        """Make the row of `x` at `base` (which shows `shown`) show the vector."""
        o = self._take()
        n = state.num_players
        if len(shown.blocks) < self.blocks:
            shown.fit(self.blocks)
        if shown.players != n or shown.writer is not self:
            # another writer's blocks, or the fixed fields of other seats: from zero
            shown.clear(x, base)
            shown.players = n
            shown.writer = self
        if shown.state is not state or shown.me != me:
            shown.forget()
            shown.state = state
            shown.me = me
        o.x, o.base, o.old = x, base, shown.values  # `put` writes the fixed fields
        o.shown = shown
        self.fill(o, state, me)
        o.x, o.old, o.shown = None, None, None
        o.show(x, base, shown)
        self.sink = o


def write_mask(state: State, seat: int, out: bytearray, base: int) -> None:
    """1 at `base + i` for each legal action index i, if `seat` is the one to act (a
    negative seat: whoever acts); nothing once the game is over."""
    if state.is_over:
        return
    if seat >= 0 and seat != state.current_player:
        return
    for i in state.legal_indices():
        out[base + i] = 1


class ViewWriter(Writer):
    """The vector of the view, `encoder.encode(state.view(seat), seat)`: for a state that
    no compiled writer reads (the environments take every encoder through `Writer`)."""

    def __init__(self, encoder: Any) -> None:
        super().__init__(encoder.size)
        self.encoder: Any = encoder

    def fill(self, o: Sink, state: State, me: int) -> None:
        values = self.encoder.encode(state.view(me), me).tolist()
        for i in range(len(values)):
            v = values[i]
            if v:
                o.set(i, int(v))  # every entry of an observation is a whole number


class MaskRow:
    """A row of an int8 mask buffer, for `show_mask`: its length, blanks of it, and what
    it shows (the row must change only through `show_mask` with this object; a new one
    describes a row of zeros)."""

    def __init__(self, actions: int) -> None:
        self.actions: int = actions
        self.blank: bytes = bytes(actions)
        self.ones: bytes = b"\x01" * actions
        self.full: bool = False  # the row shows every action (`ones`)
        self.shown: list[int] = []  # else: the indices that are 1 in the row
        self.mark: list[int] = [0] * actions  # zero between calls


def show_mask(state: State, seat: int, out: bytearray, base: int, row: MaskRow,
              over_ones: bool) -> None:
    """Make the row of `out` at `base` show `seat`'s legal actions (none when another
    seat acts). Once the game is over: every action if `over_ones` (the Gymnasium
    environments' convention), else none. Only the entries that change are written (an
    item write into the buffer is a generic Python operation); consecutive masks of one
    seat share most of their legal actions."""
    end = base + row.actions
    shown = row.shown
    if state.is_over:
        out[base:end] = row.ones if over_ones else row.blank
        row.full = over_ones
        shown.clear()
        return
    if row.full:
        out[base:end] = row.blank
        row.full = False
    if seat >= 0 and seat != state.current_player:
        legal: list[int] = NO_ACTION
    else:
        legal = state.legal_indices()
    mark = row.mark
    for i in legal:
        mark[i] = 1
    for i in shown:
        if mark[i] == 0:  # no longer legal
            out[base + i] = 0
        else:
            mark[i] = 2  # shown already
    for i in legal:
        if mark[i] == 1:
            out[base + i] = 1
        mark[i] = 0
    shown.clear()
    shown.extend(legal)


# No legal action (`show_mask` for a seat that does not act); never changed.
NO_ACTION: Final[list[int]] = []


# National Economy's blocks (`NationalEconomyWriter`)
WORKPLACES: Final = 0
DISCARD: Final = 1
HAND: Final = 2
BUILDINGS: Final = 3  # the first of one block per relative slot (skipped, `Sink.enter`)


class NationalEconomyWriter(Writer):
    """Writes `NationalEconomyEncoder` observations (the encoder's layout)."""

    def __init__(self, enc: Any, building_modes: list[str]) -> None:
        self.seats: int = enc.seats
        super().__init__(enc.size)
        self.b: int = len(enc.buildings)
        self.type_slots: list[int] = list(enc.type_slots)
        self.workplace_index: dict[str, int] = dict(enc.workplace_index)
        # the offsets of the face and initial workplaces' fields, for `cards`
        self.cards: object = None
        self.face_at: list[int] = []
        self.initial_at: list[int] = []
        self.modes: list[str] = list(building_modes)
        self.numbers: int = enc.player_numbers
        self.o_numbers: int = enc.o_numbers
        self.o_phase: int = enc.o_phase
        self.o_start: int = enc.o_start
        self.o_lead: int = enc.o_lead
        self.o_current: int = enc.o_current
        self.o_decision: int = enc.o_decision
        self.o_cards_left: int = enc.o_cards_left
        self.decisions: int = enc.o_cards_left - enc.o_decision  # the one-hot's length
        self.o_reason: int = enc.o_reason
        self.o_mode: int = enc.o_mode
        self.o_chosen: int = enc.o_chosen
        self.o_revealed: int = enc.o_revealed
        self.o_discard: int = enc.o_discard
        self.o_wp: int = enc.o_wp
        self.o_public: int = enc.o_public
        self.o_players: int = enc.o_players
        self.o_hand: int = enc.o_hand
        self.o_cost: int = enc.o_cost
        self.o_scores: int = enc.o_scores
        # blocks kept up to date by difference (`Sink.fresh`, `Sink.shift`): the
        # workplaces, the discard pile, the own hand. (Skipping whole blocks while their
        # inputs are equal, `Sink.enter`, cost more than it saved for these: their fields
        # change at nearly every decision; docs/performance.md.) Then each relative
        # slot's buildings, skipped while they are equal (`Sink.enter`).
        self.blocks = BUILDINGS + self.seats

    def _workplace_at(self, key: int) -> int:
        """The offset of workplace `key`'s fields (`fill` has set the offsets of the
        state's cards)."""
        if key >= PUBLIC:
            return self.o_public + self.type_slots[key - PUBLIC] * (2 + self.seats)
        if key >= FACE:
            return self.face_at[key - FACE]
        return self.initial_at[key]

    def _shift_workers(self, o: Sink, at: int, who: tuple[int, ...],
                       before: tuple[int, ...], me: int, n: int) -> None:
        """The workers of the workplace at `at` in the bound row: `who`, was `before`
        (usually `before` and the workers just placed)."""
        m = len(before)
        if len(who) >= m and who[:m] == before:
            for j in range(m, len(who)):
                o.shift(WORKPLACES, at + 2 + (who[j] - me) % n, 1)
        else:
            for worker in who:
                o.shift(WORKPLACES, at + 2 + (worker - me) % n, 1)
            for worker in before:
                o.shift(WORKPLACES, at + 2 + (worker - me) % n, -1)

    def _shift_workplace(self, o: Sink, key: int, side: bool, who: tuple[int, ...],
                         me: int, n: int, delta: int) -> None:
        """Add `delta` times workplace `key`'s fields (copies, sideways, workers) to the
        row bound to `o`."""
        at = self._workplace_at(key)
        o.shift(WORKPLACES, at, delta)
        if side:
            o.shift(WORKPLACES, at + 1, delta)
        for worker in who:
            o.shift(WORKPLACES, at + 2 + (worker - me) % n, delta)

    def fill(self, o: Sink, any_state: State, me: int) -> None:
        state = cast(ne.NationalEconomyState, any_state)
        cards = state.cards
        slot_of = self.type_slots
        n = state.num_players
        b = self.b
        at = self.o_numbers
        o.put(at, n)
        o.put(at + 1, state.round)
        o.put(at + 2, len(cards.wages))
        o.put(at + 3, cards.wages[state.round - 1])
        o.put(at + 4, state.budget)
        o.put(at + 5, len(state.deck))
        if cards.vp_cards:
            o.set(at + 6, 1)
        phase = state.phase
        seats = self.seats
        o.one(self.o_phase, 3, 2 if phase == ne.OVER else 1 if phase == ne.PAYDAY else 0)
        o.one(self.o_start, seats, (state.start_player - me) % n)
        o.one(self.o_lead, seats, (state.round_lead - me) % n)
        decision = state.decision
        current = state.current_player
        o.one(self.o_current, seats, -1 if current is None else (current - me) % n)
        # DECISIONS follows the rules
        o.one(self.o_decision, self.decisions,
              decision if phase != ne.OVER and decision != ne.NONE else -1)
        if phase != ne.OVER:
            if decision != ne.NONE:
                named: list[int] = NO_ACTION  # (only read: no new list per observation)
                if decision == ne.PAY:
                    o.set(self.o_cards_left, state.pay_left)
                    pay_for = state.pay_for
                    o.set(self.o_reason + (0 if pay_for == ne.PAY_LIMIT
                                           else 1 if pay_for == ne.PAY_BUILD else 2), 1)
                    named = state.chosen
                elif decision == ne.BUILD:
                    two = state.build_two
                    mode = state.build_mode if two is None else two
                    o.set(self.o_mode + self.modes.index(mode), 1)
                    named = state.chosen
                elif decision == ne.SELL:
                    named = state.sale_chosen
                elif decision == ne.TAKE:
                    for t in state.revealed:
                        o.add(self.o_revealed + slot_of[t], 1)
                for t in named:
                    o.add(self.o_chosen + slot_of[t], 1)
        # the discard pile: only appended to between epochs (a reshuffle bumps it), so a
        # row that showed it at this epoch takes the cards added since
        discard = state.discard
        if o.fresh(DISCARD, NO_INPUT, NO_INPUT, NO_INPUT, state.discard_epoch,
                   len(discard)):
            for t in discard:
                o.add(self.o_discard + slot_of[t], 1)
            o.leave(DISCARD)
        else:
            shown = cast(Shown, o.shown)
            for j in range(shown.key_e[DISCARD], len(discard)):
                o.shift(DISCARD, self.o_discard + slot_of[discard[j]], 1)
            shown.key_e[DISCARD] = len(discard)
        width = 2 + self.seats
        if cards is not self.cards:  # the workplaces' fields, by key, for these cards
            wp_index = self.workplace_index
            self.face_at = [self.o_wp + wp_index[w.id] * width for w in cards.faces]
            self.initial_at = [self.o_wp + wp_index[w.id] * width for w in cards.initial]
            self.cards = cards
        face_at = self.face_at
        initial_at = self.initial_at
        keys = state.wp_key
        whos = state.wp_who
        sides = state.wp_side
        if o.fresh(WORKPLACES, keys, sides, whos, 0, 0):
            for i in range(len(keys)):
                key = keys[i]
                if key >= PUBLIC:
                    at = self.o_public + slot_of[key - PUBLIC] * width
                elif key >= FACE:
                    at = face_at[key - FACE]
                else:
                    at = initial_at[key]
                o.add(at, 1)
                if sides[i]:
                    o.add(at + 1, 1)
                for worker in whos[i]:
                    o.add(at + 2 + (worker - me) % n, 1)
            o.leave(WORKPLACES)
        else:
            # by difference with the workplaces the row shows (kept copies: the workers
            # of a workplace are a tuple, replaced when they change, and the copy keeps
            # the old one alive, so `is` tells whether it changed)
            shown = cast(Shown, o.shown)
            seen_keys = cast(list[int], shown.key_a[WORKPLACES])
            seen_sides = cast(list[bool], shown.key_b[WORKPLACES])
            seen_whos = cast(list[tuple[int, ...]], shown.key_c[WORKPLACES])
            if keys == seen_keys and sides == seen_sides:  # workers placed at most
                for i, who in enumerate(whos):
                    before = seen_whos[i]
                    if who is not before:
                        self._shift_workers(o, self._workplace_at(keys[i]), who, before,
                                            me, n)
                        seen_whos[i] = who
            else:
                seen = len(seen_keys)
                for i in range(len(keys)):
                    key = keys[i]
                    side = sides[i]
                    who = whos[i]
                    if i < seen:
                        if key == seen_keys[i] and side == seen_sides[i]:
                            if who is not seen_whos[i]:  # as at the end of a round
                                self._shift_workers(o, self._workplace_at(key), who,
                                                    seen_whos[i], me, n)
                                seen_whos[i] = who
                            continue
                        # the new one first: a count that stays never passes through 0
                        self._shift_workplace(o, key, side, who, me, n, 1)
                        self._shift_workplace(o, seen_keys[i], seen_sides[i], seen_whos[i],
                                              me, n, -1)
                        seen_keys[i] = key
                        seen_sides[i] = side
                        seen_whos[i] = who
                    else:
                        self._shift_workplace(o, key, side, who, me, n, 1)
                        seen_keys.append(key)
                        seen_sides.append(side)
                        seen_whos.append(who)
                while len(seen_keys) > len(keys):
                    self._shift_workplace(o, seen_keys.pop(), seen_sides.pop(),
                                          seen_whos.pop(), me, n, -1)
        numbers = self.numbers
        row_size = 1 + numbers + 2 * b
        players = state.players
        for s in range(n):
            p = players[s]
            at = self.o_players + ((s - me) % n) * row_size
            o.put(at, 1)
            o.put(at + 1, p.money)
            o.put(at + 2, p.workers)
            o.put(at + 3, p.ready)
            o.put(at + 4, p.trainees)
            o.put(at + 5, p.dolls)
            o.put(at + 6, p.temps)
            o.put(at + 7, p.hand_size)
            o.put(at + 8, p.items)
            o.put(at + 9, p.vp)
            o.put(at + 10, p.unpaid)
            o.put(at + 11, p.brew)
            o.put(at + 12, state._worker_limit(p))
            # the fields read from the seat's buildings alone: skipped while they and
            # which of them are used are the same (most decisions change neither)
            block = BUILDINGS + (s - me) % n
            built = p.built
            buildings = p.buildings
            if o.enter(block, buildings, built, NO_INPUT, 0, 0):
                o.put(at + 13, state._hand_limit(p))
                owned = at + 1 + numbers
                for k in range(len(buildings)):
                    t = slot_of[buildings[k]]
                    o.add(owned + t, 1)
                    if built[k] >= ne.USED:
                        o.add(owned + b + t, 1)
                o.leave(block)
        # the own hand and what each card in it costs now, by difference with the hand
        # the row shows while the costs' inputs (the VP cards, the buildings) are equal
        p = players[me]
        hand = p.hand
        buildings = p.buildings
        bound = o.shown
        if (bound is not None and bound.valid[HAND]
                and buildings != bound.key_b[HAND]):
            bound.valid[HAND] = False  # the costs may change
        if o.fresh(HAND, hand, buildings, NO_INPUT, p.vp, 0):
            for t in range(len(hand)):
                count = hand[t]
                if count:
                    o.add(self.o_hand + slot_of[t], count)
                    o.set(self.o_cost + slot_of[t], state.cost(p, t))
            o.leave(HAND)
        else:
            bound = cast(Shown, bound)
            seen_hand = cast(list[int], bound.key_a[HAND])
            if hand != seen_hand:
                values = bound.values
                for t, count in enumerate(hand):  # (a native loop: no indexed read)
                    had = seen_hand[t]
                    if count != had:
                        at = self.o_hand + slot_of[t]
                        o.shift(HAND, at, count - had)
                        at = self.o_cost + slot_of[t]
                        if had == 0:
                            o.shift(HAND, at, state.cost(p, t))
                        elif count == 0:
                            o.shift(HAND, at, -values[at])
                        seen_hand[t] = count
        if phase == ne.OVER or n == 1:
            o.set(self.o_scores, 1)
            scores = self.final_scores(state)
            for s in range(n):
                o.set(self.o_scores + 1 + (s - me) % n, scores[s]["total"])


class FuturopiaWriter(Writer):
    """Writes `FuturopiaEncoder` observations (the encoder's layout)."""

    def __init__(self, enc: Any) -> None:
        self.seats: int = enc.seats
        super().__init__(enc.size)
        self.generator_slots: list[int] = list(enc.generator_slots)
        self.face_slots: list[tuple[int, bool]] = list(enc.face_slots)
        self.tile_slots: list[int] = list(enc.tile_slots)
        self.experts: dict[str, int] = dict(enc.experts)
        self.gens_n: int = len(enc.generators)
        self.houses_n: int = len(enc.houses)
        self.community_numbers: int = enc.community_numbers
        self.row_size: int = enc._row_size()
        self.o_numbers: int = enc.o_numbers
        self.o_current: int = enc.o_current
        self.o_phase: int = enc.o_phase
        self.o_decision: int = enc.o_decision
        self.o_purpose: int = enc.o_purpose
        self.o_market: int = enc.o_market
        self.o_markers: int = enc.o_markers
        self.o_gens: int = enc.o_gens
        self.o_supply: int = enc.o_supply
        self.o_experts: int = enc.o_experts
        self.o_players: int = enc.o_players
        self.o_scores: int = enc.o_scores
        # blocks (`Sink.enter`): each relative slot's generators, houses and workers;
        # the generators queued in the market; the houses in the supply; the generators
        # on sale; the tiles (experts, each slot's tiles up)
        self.blocks = self.seats + 4

    def fill(self, o: Sink, any_state: State, seat: int) -> None:
        state = cast(FuturopiaState, any_state)
        n = state.num_players
        setup = state.setup
        table = setup.components.generators
        gslot = self.generator_slots
        faces = self.face_slots
        at = self.o_numbers
        o.put(at, n)
        o.put(at + 1, state.turn)
        if state.final:
            o.set(at + 2, 1)
        o.put(at + 3, state.subsidy_pos)
        o.put(at + 4, state.subsidy_value() or 0)
        if state.options["advanced"]:
            o.set(at + 5, 1)
        phase = state.phase
        o.one(self.o_current, self.seats,
              (state.actor - seat) % n if phase != phases.OVER else -1)
        # PHASES follows the rules' numbering
        o.one(self.o_phase, self.o_decision - self.o_phase, phase)
        if phase == phases.PAY:
            o.set(self.o_decision, state.pay_owed)
            o.set(self.o_purpose + state.pay_purpose, 1)
        elif phase == phases.BUY or phase == phases.DISCARD:
            o.set(self.o_market + state.buy_kind, 1)
        elif phase == phases.HOUSES or phase == phases.OPENING:
            low, high = state.bed_window(state.actor, state.invite_n)
            at = self.o_decision
            o.set(at + 1, state.invite_n)
            o.set(at + 2, max(low, 0))
            o.set(at + 3, high)
        stock = state.stock
        mk_next = state.mk_next
        # the generators still queued (the queues are fixed for a state)
        queued = self.seats
        if o.enter(queued, stock, mk_next, NO_INPUT, 0, 0):
            for kind in (FOOD, POWER):
                queue = setup.queues[kind]
                for i in range(mk_next[kind], len(queue)):
                    g = queue[i]
                    o.add(self.o_gens + 5 * gslot[g], stock[g])
            o.leave(queued)
        markers = state.mk_marker
        o.put(self.o_markers + FOOD, markers[FOOD])
        o.put(self.o_markers + POWER, markers[POWER])
        # the generators on sale: which, their prices (from the markers) and stock
        lefts = state.mk_left
        rights = state.mk_right
        if o.enter(self.seats + 2, lefts, rights, stock, markers[FOOD], markers[POWER]):
            for kind in (FOOD, POWER):
                for right in (False, True):
                    gen = rights[kind] if right else lefts[kind]
                    if gen >= 0:
                        at = self.o_gens + 5 * gslot[gen]
                        o.set(at + (2 if right else 1), 1)
                        o.set(at + 3, state.market_price(kind, right) or 0)
                        o.set(at + 4, stock[gen])
            o.leave(self.seats + 2)
        supply = state.house_supply
        if o.enter(self.seats + 1, supply, NO_INPUT, NO_INPUT, 0, 0):
            for f in supply:
                house, side_b = faces[f]
                o.add(self.o_supply + 2 * house, 1)
                if side_b:
                    o.add(self.o_supply + 2 * house + 1, 1)
            o.leave(self.seats + 1)
        row_size = self.row_size
        # the expert tiles (fixed for a state), each slot's tiles up and refresh cost
        tiles_up = state.tiles_up
        if o.enter(self.seats + 3, tiles_up, NO_INPUT, NO_INPUT, 0, 0):
            for expert in setup.expert:
                o.set(self.o_experts + self.experts[expert], 1)
            tile_slots = self.tile_slots
            tiles_at = 3 + self.community_numbers + self.gens_n + 2 * self.houses_n
            for p in range(n):
                at = self.o_players + ((p - seat) % n) * row_size
                o.put(at + 11, state.refresh_cost(p))
                up = tiles_up[p]
                for t in range(len(tile_slots)):
                    if up >> t & 1:
                        o.set(at + tiles_at + tile_slots[t], 1)
            o.leave(self.seats + 3)
        gens_n = self.gens_n
        numbers = self.community_numbers
        for p in range(n):
            slot = (p - seat) % n
            at = self.o_players + slot * row_size
            gens = state.gens[p]
            houses = state.houses[p]
            robots = state.robots[p]
            residents = state.residents[p]
            res = state.res[p]
            o.put(at, 1)
            o.put(at + 1, res[0])
            o.put(at + 2, res[1])
            o.put(at + 3, res[2])
            o.put(at + 4, state.loans[p])
            if state.finished[p]:
                o.set(at + 12, 1)
            # the fields read from the generators, houses and workers alone (the
            # components' tables are fixed for a state)
            if o.enter(slot, gens, houses, NO_INPUT, residents, robots):
                robots_working, residents_working = workers_on_spaces(gens, table, robots,
                                                                      residents)
                o.put(at + 5, residents)
                o.put(at + 6, residents - residents_working)
                o.put(at + 7, robots)
                o.put(at + 8, robots - robots_working)
                o.put(at + 9, state.beds(p))
                o.put(at + 10, state.house_energy(p))
                workforce = state.workforce(p)
                o.put(at + 1 + numbers, best_output(gens, table, FOOD, workforce))
                o.put(at + 2 + numbers, best_output(gens, table, POWER, workforce))
                gens_at = at + 3 + numbers
                for g in gens:
                    o.add(gens_at + gslot[g], 1)
                houses_at = gens_at + gens_n
                for f in houses:
                    house, side_b = faces[f]
                    o.add(houses_at + 2 * house, 1)
                    if side_b:
                        o.add(houses_at + 2 * house + 1, 1)
                o.leave(slot)
        if phase == phases.OVER:
            o.set(self.o_scores, 1)
            scores = self.final_scores(state)
            for other in range(n):
                o.set(self.o_scores + 1 + (other - seat) % n, scores[other]["total"])


class EnterpriseEmpireWriter(Writer):
    """Writes `EnterpriseEmpireEncoder` observations (the encoder's layout)."""

    def __init__(self, enc: Any) -> None:
        self.seats: int = enc.seats
        super().__init__(enc.size)
        self.material_slots: list[int] = list(enc.material_slots)
        self.group_slots: list[int] = list(enc.group_slots)
        self.company_slots: list[int] = list(enc.company_slots)
        self.price_slots: list[int] = list(enc.price_slots)
        self.groups_n: int = len(enc.groups)
        self.companies_n: int = len(enc.companies)
        self.spaces: int = enc.spaces
        self.corners: int = enc.corners
        self.player_numbers: int = enc.player_numbers
        self.row_size: int = enc._row_size()
        self.o_numbers: int = enc.o_numbers
        self.o_phase: int = enc.o_phase
        self.o_start: int = enc.o_start
        self.o_active: int = enc.o_active
        self.o_current: int = enc.o_current
        self.o_winner: int = enc.o_winner
        self.o_corners: int = enc.o_corners
        self.o_bank: int = enc.o_bank
        self.o_offer: int = enc.o_offer
        self.o_demand: int = enc.o_demand
        self.o_players: int = enc.o_players
        self.o_hand: int = enc.o_hand
        # blocks (`Sink.enter`): every slot's group, corner and company
        self.blocks = 1

    def fill(self, o: Sink, any_state: State, me: int) -> None:
        state = cast(ee.EmpireState, any_state)
        n = state.num_players
        parts = state.parts
        mslot = self.material_slots
        m_count = len(mslot)
        at = self.o_numbers
        o.put(at, n)
        o.put(at + 1, state.turn)
        o.put(at + 2, state.max_turns)
        o.put(at + 3, len(state.price_pile))
        o.put(at + 4, len(state.demand_pile))
        if state.capped:
            o.set(at + 5, 1)
        phase = state.phase
        seats = self.seats
        # PHASES follows the rules' numbering
        o.one(self.o_phase, self.o_start - self.o_phase, phase)
        o.one(self.o_start, seats, (state.start - me) % n)
        o.one(self.o_active, seats, (state.active - me) % n)
        current = state.current_player
        o.one(self.o_current, seats, -1 if current is None else (current - me) % n)
        winner = state.winner
        o.one(self.o_winner, seats, (winner - me) % n if winner >= 0 else -1)
        for c in range(self.corners):
            at = self.o_corners + c * (self.seats + 1)
            owner = state.corner_owner[c]
            if owner >= 0:
                o.set(at + (owner - me) % n, 1)
            o.put(at + self.seats, state.corner_revenue[c])
        for m in range(m_count):
            o.put(self.o_bank + mslot[m], state.bank[m])
        if state.offered >= 0:
            at = self.o_offer
            card = parts.price_kinds[state.offered]
            o.set(at, 1)
            o.set(at + 1, card.price)
            o.set(at + 2, card.steps)
            o.set(at + 3 + mslot[state.offer_material], 1)
            if phase == ee.OFFER:
                o.set(at + 3 + m_count + (state.decider - me) % n, 1)
        o.set(self.o_demand + mslot[state.demand_pile[0]], 1)
        row_size = self.row_size
        k = len(parts.price_kinds)
        companies = self.companies_n
        held = state.held
        hand = state.hand
        # a slot's row: its numbers, group, corner, position, materials, company
        groups_at = 1 + self.player_numbers
        corners_at = groups_at + self.groups_n
        positions_at = corners_at + self.corners
        held_at = positions_at + self.spaces
        company_at = held_at + m_count
        for s in range(n):
            at = self.o_players + ((s - me) % n) * row_size
            cards = 0
            for i in range(s * k, (s + 1) * k):
                cards += hand[i]
            o.put(at, 1)
            o.put(at + 1, state.cash[s])
            o.put(at + 2, state.founded[s])
            o.put(at + 3, len(state.company_pile[s]))
            o.put(at + 4, cards)
            position = state.position[s]
            if position >= 0:
                o.set(at + positions_at + position, 1)
        group = state.group
        corner_of = state.corner_of
        company_up = state.company_up
        # (the companies' materials are fixed for a state)
        if o.enter(0, group, corner_of, company_up, 0, 0):
            for s in range(n):
                at = self.o_players + ((s - me) % n) * row_size
                o.set(at + groups_at + self.group_slots[group[s]], 1)
                corner = corner_of[s]
                if corner >= 0:
                    o.set(at + corners_at + corner, 1)
                up = company_up[s]
                if up >= 0:
                    o.set(at + company_at + self.company_slots[up], 1)
                    for m in parts.companies[up].materials:
                        o.add(at + company_at + companies + mslot[m], 1)
            o.leave(0)
        # the materials held and the own hand: fixed fields (written where they differ;
        # skipping them as blocks keyed on every seat's lists gathered them again at
        # about half the observations)
        for s in range(n):
            at = self.o_players + ((s - me) % n) * row_size + held_at
            first = s * m_count
            for m in range(m_count):
                o.put(at + mslot[m], held[first + m])
        price_slots = self.price_slots
        first = me * k
        for i in range(k):
            o.put(self.o_hand + price_slots[i], hand[first + i])
