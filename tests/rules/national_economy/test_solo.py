"""The solo variant of all three games (revival rulebook, Solo Play Rules)."""

from __future__ import annotations

import random

import pytest

import keizai
from keizai.rules.national_economy.state import NationalEconomyState
from tests.rules.national_economy.helpers import (
    building_ids,
    legal,
    new,
    play,
    set_buildings,
    set_hand,
    set_money,
)

SOLO = {"progress": ("farm", "factory", 100), "mecenat": ("vegetable_garden", "food_factory",
                                                          125),
        "glory": ("ruins", "steam_factory", 100)}


@pytest.mark.parametrize("game", ["progress", "mecenat", "glory"])
def test_solo_setup(game: str) -> None:
    """Solo setup: no Quarry; the row is Mine, Carpenter, School, building A; the player
    keeps the Start Player marker and gets $5; building B goes on top of the deck after
    the opening hand of 3."""
    a, b, _ = SOLO[game]
    state = new(game, 1)
    view = state.view(0)
    assert [w["id"] for w in view["workplaces"]] == ["mine", "carpenter", "school", a]
    assert view["players"][0]["money"] == 5 and view["start_player"] == 0
    assert view["players"][0]["hand_size"] == 3
    assert state.cards.buildings[state.deck[-1]].id == b
    copies = state.cards.buildings[state.cards.by_id[b]].copies
    in_deck = state.deck.count(state.cards.by_id[b]) + state.players[0].hand[state.cards.by_id[b]]
    assert in_deck == copies


def test_newest_free_workplace_turns_sideways_after_each_placement() -> None:
    """Solo: each time you place a worker, the most recently added general workplace
    without a worker is turned sideways and cannot be used; all turn upright at payday."""
    state = new("mecenat", 1)
    set_hand(state, 0, [])
    state.players[0].workers = state.players[0].ready = 3
    play(state, "place:mine")
    row = state.view(0)["workplaces"]
    assert [w["sideways"] for w in row] == [False, False, False, True]  # Vegetable Garden
    assert "place:public:vegetable_garden" not in legal(state)
    play(state, "place:school")
    row = state.view(0)["workplaces"]
    assert [w["sideways"] for w in row] == [False, True, False, True]  # then the Carpenter
    assert legal(state) == ["place:mine"]
    play(state, "place:mine")
    # payday: all upright again, and Stall joins the row as the newest
    assert state.round == 2
    row = state.view(0)["workplaces"]
    assert [w["id"] for w in row][-1] == "stall" and not any(w["sideways"] for w in row)


def test_two_tokens_placed_at_once_turn_two_workplaces_sideways() -> None:
    """Solo: "Each time you place a Worker, turn sideways the most recently placed General
    Workplace without any Worker on it." Cotton Farm takes two tokens at the same time, so
    two workplaces turn sideways (issue 13), the newest first: Relics, then School."""
    state = new("glory", 1)
    set_buildings(state, 0, ["cotton_farm"])
    set_hand(state, 0, [])
    state.players[0].workers = state.players[0].ready = 3
    play(state, "place:own:cotton_farm")
    row = state.view(0)["workplaces"]
    assert [w["id"] for w in row] == ["mine", "carpenter", "school", "ruins"]
    assert [w["sideways"] for w in row] == [False, False, True, True]
    assert legal(state) == ["place:mine"]


def test_sold_buildings_join_the_row_as_newest_and_sell_for_half() -> None:
    """Solo: the sale price is half the asset value; sold buildings join the row as the
    newest general workplaces (so they are the first to turn sideways)."""
    state = new("mecenat", 1)
    set_buildings(state, 0, ["laboratory"])  # value 16: sells for 8
    set_money(state, 0, 0)
    set_hand(state, 0, [])
    play(state, "place:mine", "place:mine")
    p = state.players[0]
    assert building_ids(state, 0) == [] and p.money == 8 - 4
    row = [w["id"] for w in state.view(0)["workplaces"]]
    assert row[-2:] == ["laboratory", "stall"]
    play(state, "place:mine")
    sideways = [w["id"] for w in state.view(0)["workplaces"] if w["sideways"]]
    assert sideways == ["stall"]
    play(state, "place:public:laboratory")
    assert state.players[0].vp == 1


def test_solo_score_reports_the_target_and_the_result() -> None:
    """Solo: you win with 100 (Progress), 125 (Mecenat) or 100 (Glory) points or more."""
    for game, (_, _, target) in SOLO.items():
        state = new(game, 1)
        set_money(state, 0, target)
        set_hand(state, 0, [])
        row = state.scores()[0]
        assert row["target"] == target and row["won"] == 1
        set_money(state, 0, target - 1)
        assert state.scores()[0]["won"] == 0


@pytest.mark.parametrize("game", ["progress", "mecenat", "glory"])
def test_solo_games_run_to_the_end(game: str) -> None:
    """Solo: random play finishes nine rounds with the invariants intact."""
    for seed in range(20):
        state = keizai.new_game(f"national-economy/{game}", 1, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            state.check_invariants()
        assert "won" in state.scores()[0]


class _CountingPicks:
    """A draw source that draws like `Rng` and counts the draws from undecided cards."""

    def __init__(self, seed: int) -> None:
        from keizai.engine import Rng

        self.rng = Rng(seed)
        self.picks = 0

    def randbelow(self, n: int) -> int:
        return self.rng.randbelow(n)

    def shuffle(self, items: list) -> None:
        self.rng.shuffle(items)

    def pick(self, pile: list[int], start: int, count: int) -> int:
        self.picks += 1
        return self.rng.pick(pile, start, count)

    def copy(self) -> _CountingPicks:
        return self


@pytest.mark.parametrize("game", ["progress", "mecenat", "glory"])
def test_building_b_is_drawn_first_when_draws_are_decided_at_draw_time(game: str) -> None:
    """Solo setup (seed 001: "Draw 3 Building Cards as your hand, then place B on top of
    the deck"): with draw-time chance (OpenSpiel's chance nodes) the rest of the deck is
    undecided, but B's place is known: the next card drawn is B, without a chance draw;
    the one after is drawn from the undecided cards. A determinized world keeps B on top."""
    from keizai.engine import drawing_from

    _, b, _ = SOLO[game]
    source = _CountingPicks(4)
    with drawing_from(source, lazy_draws=True):
        state = keizai.new_game(f"national-economy/{game}", 1, seed=4)
    assert isinstance(state, NationalEconomyState)
    assert source.picks == 3  # the opening hand
    b_index = state.cards.by_id[b]
    assert state.deck[-1] == b_index and state.deck_undecided == len(state.deck) - 1
    world = state.determinize(0, 9)
    assert world.deck[-1] == b_index and world.deck_undecided == len(world.deck) - 1
    state._draw(state.players[0], 1, 0)
    assert source.picks == 3 and state.players[0].hand[b_index] >= 1
    assert state.deck_undecided == len(state.deck)
    state._draw(state.players[0], 1, 0)
    assert source.picks == 4 and state.deck_undecided == len(state.deck)
    state.check_invariants()


@pytest.mark.parametrize("game", ["progress", "mecenat", "glory"])
def test_a_determinized_solo_deck_keeps_building_b_on_top_until_drawn(game: str) -> None:
    """Solo setup (seed 001: "Draw 3 Building Cards as your hand, then place B on top of
    the deck"): the player knows the next card drawn is B, so every determinized world of
    an ordinary (shuffled, not draw-time) game keeps B on top; the rest of the deck is
    resampled. Once B is drawn, nothing on the deck is known any more."""
    _, b, _ = SOLO[game]
    state = new(game, 1)
    b_index = state.cards.by_id[b]
    assert state.deck[-1] == b_index
    below = set()
    for seed in range(20):
        world = state.determinize(0, seed)
        assert world.deck[-1] == b_index
        assert sorted(world.deck) == sorted(state.deck)
        below.add(tuple(world.deck[:-1]))
        world.check_invariants()
    assert len(below) > 1  # the cards under B are resampled
    state._draw(state.players[0], 1, 0)  # B goes to the hand
    tops = {state.determinize(0, seed).deck[-1] for seed in range(20)}
    assert len(tops) > 1  # no card's place is known any more
