"""Hidden information: a seat's view and log never show another hand or the deck order."""

from __future__ import annotations

import json

from keizai.engine import Rng
from tests.rules.national_economy.helpers import hand_ids, new, play, set_hand, stack_deck


def test_views_show_only_the_own_hand() -> None:
    state = new("mecenat", 3)
    set_hand(state, 0, ["cathedral", "museum"])
    for seat in (None, 1, 2):
        view = state.view(seat)
        assert "hand" not in view["players"][0]
        assert view["players"][0]["hand_size"] == 2
        assert "cathedral" not in json.dumps(view["players"][0])
        assert "deck" not in view and isinstance(view["deck_size"], int)
    own = sorted(c["id"] for c in state.view(0)["players"][0]["hand"])
    assert own == ["cathedral", "museum"]


def test_the_log_names_drawn_cards_only_to_the_drawer() -> None:
    state = new("mecenat", 2)
    stack_deck(state, ["museum"])
    play(state, "place:mine")
    assert "museum" in hand_ids(state, 0)
    assert any("Museum" in line for line in state.log(0))
    for seat in (None, 1):
        assert not any("Museum" in line for line in state.log(seat))
        assert any("draws 1 building card" in line for line in state.log(seat))


def test_a_views_json_is_identical_across_resampled_hidden_cards() -> None:
    state = new("mecenat", 4, seed=9)
    for _ in range(30):
        play(state, state.legal_actions()[0].name)
    for seat in range(4):
        base = json.dumps(state.view(seat), sort_keys=True)
        for k in range(5):
            sample = state.determinize(seat, Rng(k))
            assert json.dumps(sample.view(seat), sort_keys=True) == base
        others = [s for s in range(4) if s != seat]
        changed = any(state.determinize(seat, Rng(k)).players[o].hand != state.players[o].hand
                      for k in range(5) for o in others)
        assert changed  # the hidden cards really were resampled
