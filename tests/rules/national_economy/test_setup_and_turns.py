"""Set-up and the action phase (revival rulebook, seed 001: Setup; 1. Action Phase)."""

from __future__ import annotations

import pytest

from keizai.engine import IllegalAction
from keizai.rules.national_economy.workplaces import FACE
from tests.rules.national_economy.helpers import (
    add_public,
    legal,
    new,
    pass_turn,
    play,
    set_budget,
    set_buildings,
    set_hand,
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_money_workers_hands_and_carpenters(players: int) -> None:
    """Setup: start player $5, then $6, $7, $8 clockwise; 2 workers; 3 building cards;
    Quarry, Mine, School and 1/2/3 Carpenters for 2/3/4 players; the Budget is empty."""
    state = new("mecenat", players)
    view = state.view(None)
    assert [p["money"] for p in view["players"]] == [5 + s for s in range(players)]
    assert all(p["workers"] == 2 and p["hand_size"] == 3 for p in view["players"])
    ids = [w["id"] for w in view["workplaces"]]
    assert ids.count("carpenter") == {2: 1, 3: 2, 4: 3}[players]
    assert {"quarry", "mine", "school"} <= set(ids)
    assert view["budget"] == 0
    assert view["start_player"] == 0 and view["current_player"] == 0
    assert view["deck_size"] == 73 - 3 * players
    assert view["wage"] == 2


def test_one_worker_per_workplace_but_mine_takes_any_number() -> None:
    """Action phase: a workplace with a worker on it cannot be chosen, except the Mine,
    where any number of workers of any players may stand."""
    state = new("mecenat", 2)
    play(state, "place:school")
    assert "place:school" not in legal(state)
    play(state, "place:mine")
    assert "place:mine" in legal(state)
    play(state, "place:mine")
    assert state.view(None)["workplaces"][1]["workers"] == [1, 0]


def test_turns_go_clockwise_and_players_without_workers_are_skipped() -> None:
    """Action phase: turns go clockwise from the start player; a player out of workers is
    skipped until everyone is done."""
    state = new("mecenat", 3)
    play(state, "place:school")  # P1 hires a trainee: still only 1 worker left to place
    assert state.current_player == 1
    pass_turn(state, 1)
    pass_turn(state, 2)
    pass_turn(state, 0)
    pass_turn(state, 1)
    assert state.current_player == 2
    pass_turn(state, 2)
    assert state.view(None)["phase"] == "action"  # next round already (payday is automatic)
    assert state.round == 2


def test_quarry_moves_the_marker_but_the_round_keeps_its_order() -> None:
    """Quarry: draw 1 and take the Start Player marker; the new start player leads from the
    next round (rules-notes: Quarry timing)."""
    state = new("mecenat", 3)
    pass_turn(state, 0)
    play(state, "place:quarry")
    assert state.start_player == 1
    assert state.current_player == 2  # the round goes on in the old order
    for seat in (2, 0, 1, 2):
        pass_turn(state, seat)
    assert state.round == 2 and state.current_player == 1


def test_workplace_whose_effect_cannot_be_applied_cannot_be_chosen() -> None:
    """Action phase: you cannot place a worker on a workplace if it has any effect you
    cannot apply (Carpenter with nothing payable; Stall with an empty Budget)."""
    state = new("mecenat", 2)
    set_hand(state, 0, ["museum"])  # cost 5, nothing else to pay with
    assert "place:carpenter" not in legal(state)
    with pytest.raises(IllegalAction):
        state.apply("place:carpenter")
    set_hand(state, 0, ["potato_field", "museum"])
    assert "place:carpenter" in legal(state)


def test_own_buildings_are_private_workplaces_and_no_worker_buildings_take_none() -> None:
    """Action phase: your Buildings are workplaces only for you; buildings with the
    no-worker icon take no worker."""
    state = new("mecenat", 2)
    set_buildings(state, 0, ["laboratory", "museum"])
    set_buildings(state, 1, ["shipyard"])
    names = legal(state)
    assert "place:own:laboratory" in names
    assert "place:own:museum" not in names
    assert "place:own:shipyard" not in names and "place:public:shipyard" not in names


def test_sold_buildings_are_public_workplaces() -> None:
    """Payday: a sold building is thereafter a general workplace any player can use."""
    state = new("mecenat", 2)
    add_public(state, "laboratory")
    assert "place:public:laboratory" in legal(state)
    play(state, "place:public:laboratory")
    assert "place:public:laboratory" not in legal(state)


@pytest.mark.parametrize(("players", "stacks"), [(2, False), (3, True), (4, True)])
def test_selling_round_cards_take_many_workers_only_with_three_or_four(
        players: int, stacks: bool) -> None:
    """Round cards Stall…World Expo: with 3–4 players any number of workers may be placed
    there; with 1–2 players one worker per round."""
    state = new("mecenat", players)
    state.wp_key.append(FACE)  # Stall (the face of round card 1)
    state.wp_who.append(())
    state.wp_side.append(False)
    set_budget(state, 30)
    set_hand(state, 0, ["potato_field", "potato_field"])
    set_hand(state, 1, ["potato_field", "potato_field"])
    play(state, "place:stall")
    assert ("place:stall" in legal(state)) is stacks


def test_round_cards_open_as_workplaces_from_the_next_round() -> None:
    """Next round setup: round card k is flipped and becomes a general workplace from
    round k+1; wages are 2,2,3,3,3,4,4,5,5."""
    state = new("mecenat", 2)
    wages = []
    opened = []
    while not state.is_over:
        wages.append(state.view(None)["wage"])
        opened.append([w["id"] for w in state.view(None)["workplaces"] if w["kind"] == "round"])
        set_budget(state, 0)  # nobody can sell to the Budget-funded round cards
        while state.round == len(wages) and not state.is_over:
            seat = state.current_player
            assert seat is not None
            set_hand(state, seat, [])
            play(state, "place:mine")
            if state.decision == 2:  # hand-limit discards at payday
                play(state, legal(state)[0])
    assert wages == [2, 2, 3, 3, 3, 4, 4, 5, 5]
    faces = ["stall", "market", "high_school", "supermarket", "university",
             "department_store", "technical_college", "world_expo"]
    assert opened == [faces[:k] for k in range(9)]
