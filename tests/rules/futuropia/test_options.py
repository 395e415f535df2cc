"""Variants: advanced set-up, B-side and random houses, expert tiles (rulebook 進階規則,
B 面房舍, 高手規則; reference §11)."""

from __future__ import annotations

import json
import random
import re

import pytest

import keizai
from keizai.engine import InvalidSetup
from keizai.rules.futuropia.data import FOOD, components
from keizai.rules.futuropia.phases import OPENING, TURN
from tests.rules.futuropia.helpers import money, names, new, play, set_gens, set_stock

FACES = components().faces


def test_advanced_setup_has_no_starting_house_and_no_compensation() -> None:
    """Rulebook 進階規則: everything as usual but no house and no turn-order bonus; 2 ×
    players `!` tiles go B side up into the house supply."""
    state = new(3, advanced=True)
    assert [r[0] for r in state.res] == [12, 12, 12]
    assert state.houses == [[], [], []]
    specials = [f for f in state.house_supply if FACES[f].special]
    assert len(specials) == 6 and all(FACES[f].side == "B" for f in specials)


def test_advanced_opening_purchases_go_counter_clockwise() -> None:
    """Rulebook 進階規則: starting with the player to the start player's right, going
    counter-clockwise, each player buys houses; then the start player begins."""
    state = new(3, advanced=True)
    order = []
    while state.phase == OPENING:
        order.append(state.current_player)
        while "house:done" not in names(state):  # the cheapest houses until 3 beds
            play(state, names(state)[0])
        play(state, "house:done")
        state.check_invariants()
    assert order == [2, 1, 0]
    assert state.phase == TURN and state.current_player == 0
    assert all(3 <= state.beds(p) <= 8 for p in range(3))


def test_advanced_opening_limits_beds_and_may_borrow() -> None:
    """Rulebook 進階規則: at most 8 beds (3 residents + 5 empty); designed: at least 3
    beds (the residents need them), and loans may pay for the purchase."""
    state = new(2, advanced=True)
    assert state.current_player == 1 and "house:done" not in names(state)
    set_stock(state, 1, 0, 3, 3)
    play(state, "house:L04")  # 2 beds for $4: one loan
    assert "house:done" not in names(state)
    assert "house:L14" in names(state)  # 6 more beds: 8 in all is allowed
    play(state, "house:L14")  # $9: two more loans
    assert state.loans[1] == 3 and money(state, 1) == 15 - 4 - 9
    assert names(state) == ["house:done"]  # 8 beds: nothing more fits


def test_advanced_opening_at_most_one_special_house() -> None:
    """Rulebook 進階規則: at most one `!` house in a purchase."""
    state = new(4, advanced=True)
    special = next(n for n in names(state) if n.startswith("house:S"))
    play(state, special)
    assert not any(n.startswith("house:S") for n in names(state))


@pytest.mark.parametrize("sides", ["A", "B"])
def test_house_side_option(sides: str) -> None:
    """Rulebook B 面房舍: all regular houses may go into the supply B side up."""
    state = new(4, houses=sides)
    assert {FACES[f].side for f in state.house_supply} == {sides}


def test_random_house_sides_are_fixed_by_the_seed() -> None:
    """Rulebook 高手規則 房舍新組合: each house lands on a random side; the seed fixes it."""
    a = new(4, seed=5, houses="random")
    b = new(4, seed=5, houses="random")
    c = new(4, seed=6, houses="random")
    assert a.house_supply == b.house_supply
    assert {FACES[f].side for f in a.house_supply} == {"A", "B"}
    assert a.house_supply != c.house_supply


def test_expert_tiles_random_two_fixed_by_the_seed() -> None:
    """Rulebook 高手規則 高手圖板: reveal 2 of the 9 expert tiles for the whole game."""
    drawn = {tuple(new(2, seed=s, expert_tiles="random").setup.expert) for s in range(12)}
    assert all(len(d) == 2 for d in drawn) and len(drawn) > 1
    assert new(2, seed=3, expert_tiles="random").setup.expert == \
        new(2, seed=3, expert_tiles="random").setup.expert
    view = new(2, seed=3, expert_tiles="random").view(1)
    assert len(view["expert_tiles"]) == 2


def test_named_expert_tiles_change_rule_numbers() -> None:
    """Reference §11 (designed tiles): X1 shortfall $3, X6 robots 1-2."""
    state = new(2, expert_tiles=["X1", "X6"])
    play(state, "action:robots")
    assert names(state) == ["robots:1", "robots:2"]
    play(state, "robots:2")  # 3 energy needed, 3 held
    play(state, "action:invite", "invite:1", "house:L01", "house:done")  # 4 food, 3 held
    assert money(state, 1) == 13 - 1 - 3


def test_expert_small_basement_and_volatile_market() -> None:
    """Designed X4: at most 6 generators; X8: a dear purchase moves the marker 2."""
    state = new(2, expert_tiles=["X4", "X8"])
    play(state, "action:food", "buy:right")
    assert state.mk_marker[FOOD] == 2
    set_gens(state, 1, ["SF1", "SF2", "SP1", "P08", "P09", "P10"])
    play(state, "action:food", "buy:left")
    assert names(state)[0].startswith("discard:")


def test_expert_austerity_and_impatience() -> None:
    """Designed X7: subsidy $2 less; X9: early refresh 2 resources per face-up tile."""
    state = new(2, expert_tiles=["X7", "X9"])
    play(state, "action:subsidy", "action:food", "buy:none")
    assert money(state, 0) == 12 + 10
    play(state, "refresh")  # 4 face-up tiles: 8 resources, the first ones only money
    assert state.pay_owed + (22 - money(state, 0)) == 8


@pytest.mark.parametrize("tiles", [["X3"], ["X1", "X2", "X3"],
                                   ["X1", "X2", "X3", "X4", "X5", "X6", "X7", "X8", "X9"]])
def test_the_expert_rule_turns_up_exactly_two_tiles(tiles: list[str]) -> None:
    """Rulebook 專家規則: 「將九張背板為黃色的高手圖板面朝下洗勻，翻開其中兩張」 — exactly two
    tiles; naming one, three or all nine is refused with a clear error (issue 13)."""
    with pytest.raises(ValueError, match="exactly 2 tiles"):
        keizai.new_game("futuropia", 2, seed=1, options={"expert_tiles": tiles})


@pytest.mark.parametrize(("tiles", "named", "kind"), [
    (["X1", "X99"], ["X99"], "setup.fu.expert_ids"),
    (["X99", "X98", "X99"], ["X99", "X98"], "setup.fu.expert_ids"),
    (["X1", "X1"], ["X1"], "setup.fu.expert_repeated"),
    (["X2", "X1", "X2", "X3", "X3"], ["X2", "X3"], "setup.fu.expert_repeated")])
@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_wrong_expert_tiles_are_named_alone(tiles: list[str], named: list[str], kind: str,
                                            lang: str) -> None:
    """A refused `expert_tiles` names the wrong ids only, unknown ones or repeated ones
    as such, in each language: it listed every id given ("unknown or repeated ids X1,
    X99" when only X99 is wrong)."""
    with pytest.raises(InvalidSetup) as refused:
        keizai.new_game("futuropia", 2, seed=1, options={"expert_tiles": tiles})
    assert refused.value.message_id == kind
    said = re.split("[(（]", refused.value.render(lang))[0]   # before the known ids
    assert [x for x in dict.fromkeys(tiles) if x in said] == named


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_an_expert_tiles_value_of_a_wrong_kind_is_told_what_to_type(lang: str) -> None:
    """`--options '{"expert_tiles": true}'` was refused in English with what to type
    (null, "random" or a list such as ["X1", "X2"]), in 日本語 and 中文 with the words
    only (「なし・ランダム・タイルの一覧」, 「無、隨機，或圖板清單」): a player typing
    "ランダム" or "隨機" is refused again. Each language names the option, the values as
    they are typed and the tiles' ids."""
    with pytest.raises(InvalidSetup) as refused:
        keizai.new_game("futuropia", 2, seed=1, options={"expert_tiles": True})
    said = refused.value.render(lang)
    for typed in ("expert_tiles", "null", "random", '["X1", "X2"]', "X9"):
        assert typed in said, (typed, said)


@pytest.mark.parametrize("options", [{"houses": "C"}, {"expert_tiles": ["X99"]},
                                     {"expert_tiles": 2}, {"expert_tiles": ["X1", "X1"]},
                                     {"advanced": "yes"}])
def test_bad_options_are_refused(options: dict) -> None:
    """Bad input never builds a game."""
    with pytest.raises(ValueError):
        keizai.new_game("futuropia", 2, seed=1, options=options)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_every_variant_keep_the_invariants(players: int) -> None:
    """Invariants hold after every action with advanced set-up, random sides and experts."""
    rng = random.Random(players)
    for seed in range(15):
        options = {"advanced": True, "houses": "random", "expert_tiles": "random"}
        state = new(players, seed=seed, **options)
        state.log_enabled = False
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            state.check_invariants()
        assert len(state.winners()) >= 1


def test_records_with_options_replay_exactly() -> None:
    """The RNG draws (special houses, sides, expert tiles) are fixed at set-up by the
    seed, so a record with options replays to the same game."""
    options = {"advanced": True, "houses": "random", "expert_tiles": "random"}
    state = new(3, seed=21, **options)
    rng = random.Random(21)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    again = keizai.replay(json.loads(json.dumps(state.record())))
    assert again.view(None) == state.view(None)


def test_house_stacks_option_sells_only_the_top_of_each_price_stack() -> None:
    """Rulebook 遊戲準備 6: 「將房舍依價格分類堆疊，形成房舍供應區…你只能從供應區購買房舍」.
    Option `house_stacks` (issue 13) reads the stacks physically: each price stack lies in
    a random order drawn at set-up (visible to all), only its top can be bought; buying
    the top uncovers the next house, which the same purchase may take."""
    from keizai.rules.futuropia.data import components

    faces = components().faces
    state = new(2, seed=3, house_stacks=True)
    prices = [faces[f].price for f in state.house_supply]
    assert prices == sorted(prices)
    stacks: dict[int, list[str]] = {}
    for f in state.house_supply:
        stacks.setdefault(faces[f].price, []).append(f"house:{faces[f].tile}")
    play(state, "action:invite", "invite:5")
    offered = [n for n in names(state) if n.startswith("house:")]
    assert offered and set(offered) <= {stack[0] for stack in stacks.values()}
    top, below = next(stack[:2] for stack in stacks.values()
                      if len(stack) > 1 and stack[0] in offered)
    assert below not in names(state)
    play(state, top)
    assert below in names(state)
    state.check_invariants()
    default = new(2, seed=3)
    play(default, "action:invite", "invite:5")
    assert below in names(default)  # by default every supply house can be bought


def test_the_options_of_a_few_values_list_every_value_the_game_takes() -> None:
    """The lobby offers `option_choices` as a list (it was a box to type in, a bad word
    refused in English): houses A, B or random (B 面房舍); expert tiles none, random or
    any 2 of the 9 (高手規則: 「翻開其中兩張」), and each of them sets a game up."""
    game = keizai.get_game("futuropia")
    choices = game.option_choices()
    assert choices["houses"] == ["A", "B", "random"]
    experts = choices["expert_tiles"]
    assert experts[:3] == [None, "random", ["X1", "X2"]] and len(experts) == 2 + 9 * 8 // 2
    defaults = game.default_options()
    for key, values in choices.items():
        assert defaults[key] in values
        for value in values:
            keizai.new_game("futuropia", 2, 1, {key: value})
