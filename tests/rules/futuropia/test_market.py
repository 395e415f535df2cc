"""The generator markets (rulebook 購買食物製造機; reference §7)."""

from __future__ import annotations

from keizai.rules.futuropia.data import FOOD, POWER
from keizai.rules.futuropia.phases import DISCARD
from tests.rules.futuropia.helpers import gen, gen_ids, money, names, new, play, set_gens


def _market(state, kind: int = FOOD) -> tuple:
    return (state.market_price(kind, False), state.market_price(kind, True),
            state.mk_marker[kind])


def test_worked_market_sequence_with_marker_moves_and_a_slide() -> None:
    """Reference §7, worked example (2 players, one tile per stack):
    1. P1 buys the dear F05 for $5: marker 0 → 1; F05 sold out, so the cheapest supply
       stack (F06) goes right; the marker is not reset. Prices now 4−1 / 6+1.
    2. P2 buys the dear F06 for $7: marker → 2; F07 comes in. Prices 4−2 / 7+2.
    3. P1 (after a paid refresh) buys the last cheap F04 for $4−2 = $2: marker resets to
       0, F07 slides left and F08 comes in on the right. Prices 7 / 8."""
    state = new(2)
    play(state, "action:food", "buy:right")
    assert money(state, 0) == 12 - 5
    assert _market(state) == (3, 7, 1)
    assert gen_ids(state, 0) == ["SF1", "SF2", "SP1", "F05"]
    assert state.res[0][1] == 3 + 1 + 2 + 3  # the food run: all three food generators run

    play(state, "action:food", "buy:right")
    assert money(state, 1) == 13 - 7
    assert _market(state) == (2, 9, 2)

    play(state, "refresh", "pay:food", "pay:food", "pay:food", "pay:food")
    play(state, "action:food", "buy:left")
    assert money(state, 0) == 7 - 2
    assert _market(state) == (7, 8, 0)
    assert state.mk_left[FOOD] == gen("F07") and state.mk_right[FOOD] == gen("F08")
    state.check_invariants()


def test_the_log_follows_the_market_moves() -> None:
    """Reference §7, the worked example above: the marker moves, the dear stack sliding to
    the cheap side and the next supply stack coming in had no log line; a reader saw the
    purchases only, and the prices changed without a word."""
    state = new(2)
    play(state, "action:food", "buy:right")
    assert state.log(None)[-3:-1] == [
        "The food price marker moves to 1: the cheap food generator costs $1 less than its"
        " printed price, the dear one $1 more.",
        "The next food stack ($6 food generator) enters the market."]
    play(state, "action:food", "buy:right")
    play(state, "refresh", "pay:food", "pay:food", "pay:food", "pay:food")
    before = len(state.log(None))
    play(state, "action:food", "buy:left")
    assert state.log(None)[before:][2:5] == [
        "The food price marker moves back to 0: the food generators cost their printed"
        " prices.",
        "The cheap food stack is sold out: the dear stack ($7 food generator) moves to the"
        " cheap side.",
        "The next food stack ($8 food generator) enters the market."]
    assert state.log(None, "ja")[before:][2:5] == [
        "食料市場の価格マーカーが0に戻る（製造機は印刷価格どおり）。",
        "安い方の食料製造機が売り切れ、高い方の山（産出4）が安い側に移る。",
        "次の食料製造機の山（産出6）が市場に出る。"]
    assert state.log(None, "zh-TW")[before + 2] == (
        "食物市場的價格指示物回到0（製造機按印刷價格計價）。")


def test_the_two_markets_have_independent_markers() -> None:
    """Rulebook: the two price tracks are independent."""
    state = new(2)
    play(state, "action:power", "buy:right")
    assert state.mk_marker == [0, 1]
    assert _market(state, POWER) == (5, 9, 1)  # P06 −1; P07 sold out, P08 +1


def test_a_negative_price_pays_the_buyer() -> None:
    """Rulebook: a long-waiting cheap generator can become free or even pay cash."""
    state = new(2)
    state.mk_marker[FOOD] = 6
    assert state.market_price(FOOD, False) == -2
    play(state, "action:food", "buy:left")
    assert money(state, 0) == 12 + 2


def test_the_marker_stops_at_six() -> None:
    """Rulebook: on the −6/+6 space the marker does not move further."""
    state = new(4)
    state.mk_marker[FOOD] = 6
    play(state, "action:food", "buy:right")
    assert state.mk_marker[FOOD] == 6 and money(state, 0) == 12 - 11


def test_buying_a_cheap_tile_that_is_not_the_last_leaves_the_marker() -> None:
    """Rulebook: only the dear purchase raises the marker, only the last cheap one resets."""
    state = new(3)  # two F04
    state.mk_marker[FOOD] = 3
    play(state, "action:food", "buy:left")
    assert _market(state) == (1, 8, 3)


def test_an_eighth_generator_forces_a_discard() -> None:
    """Rulebook: at most seven generators; buying an eighth discards any one, no refund."""
    state = new(2)
    set_gens(state, 0, ["SF1", "SF2", "SP1", "P08", "P09", "P10", "P11"])
    play(state, "action:food", "buy:left")
    assert state.phase == DISCARD and len(state.gens[0]) == 8
    assert names(state) == ["discard:SF1", "discard:SF2", "discard:SP1", "discard:F04",
                            "discard:P08", "discard:P09", "discard:P10", "discard:P11"]
    play(state, "discard:SF1")
    assert gen_ids(state, 0) == ["SF2", "SP1", "F04", "P08", "P09", "P10", "P11"]
    assert money(state, 0) == 12 - 4
    # the food run after the discard: 3 residents on F04 (2) and SF2 (1)
    assert state.res[0][1] == 3 + 4 + 2


def test_taking_the_action_at_seven_without_buying_raises_the_marker() -> None:
    """Rulebook 重要: with seven generators you may skip buying, but the marker still
    moves up one; with fewer than seven, skipping leaves it (reference A9)."""
    state = new(2)
    play(state, "action:food", "buy:none")
    assert state.mk_marker[FOOD] == 0
    set_gens(state, 1, ["SF1", "SF2", "SP1", "P08", "P09", "P10", "P11"])
    play(state, "action:food", "buy:none")
    assert state.mk_marker[FOOD] == 1
    # the log says why the marker moves with nothing bought (it said nothing)
    assert state.log(None)[-2] == (
        "P2 has 7 generators, the most allowed, so the food price marker moves to 1 all the"
        " same: the cheap food generator costs $1 less than its printed price, the dear one"
        " $1 more.")
    assert not any("price marker" in line for line in state.log(None)[:-2])


def test_an_empty_supply_leaves_the_side_empty() -> None:
    """Reference A10: with the supply used up the right side stays empty, and with both
    sides empty the action is just the production run."""
    state = new(2)
    state.mk_next[FOOD] = len(state.setup.queues[FOOD])
    play(state, "action:food", "buy:left")
    assert state.mk_left[FOOD] == gen("F05") and state.mk_right[FOOD] == -1
    state.mk_left[FOOD] = -1
    play(state, "action:food")  # P2: no buy decision at all
    assert state.current_player == 0 and state.res[1][1] == 3 + 3
