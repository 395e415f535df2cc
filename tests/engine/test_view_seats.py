"""`State.view(seat)`, `State.determinize(seat, rng)` and `State.events(seat)` answer for
the game's seats and for a spectator (None) only.

Found by session 31's researcher pass (h196): `state.view(-1)` or `state.view(5)` in a
two-seat game gave a spectator's view (no hand) marked `"seat": -1` / `5`, with no error,
so a program that took -1 for the last seat read a view without that seat's hand and
believed it was the seat's; `determinize(-1, rng)` resampled every hand, that seat's
own too; `events(-1)` gave the spectator's log, without the seat's own draws."""

from __future__ import annotations

import pytest

import keizai
from keizai.engine import Rng

GAMES = [("national-economy/progress", 2), ("national-economy/mecenat", 3),
         ("national-economy/glory", 1), ("futuropia", 2), ("enterprise-empire", 4)]


@pytest.mark.parametrize(("game", "players"), GAMES)
@pytest.mark.parametrize("offset", [-1, 0])
def test_a_seat_the_game_does_not_have_is_refused(game: str, players: int,
                                                   offset: int) -> None:
    state = keizai.new_game(game, players=players, seed=3)
    seat = offset if offset < 0 else players  # -1, and the seat after the last
    with pytest.raises(ValueError, match=f"0 to {players - 1}, or None.*given: {seat}"):
        state.view(seat)
    with pytest.raises(ValueError, match=f"0 to {players - 1}, or None.*given: {seat}"):
        state.determinize(seat, Rng(1))
    with pytest.raises(ValueError, match=f"0 to {players - 1}, or None.*given: {seat}"):
        state.events(seat)
    with pytest.raises(ValueError, match=f"0 to {players - 1}, or None.*given: {seat}"):
        state.events_since(seat, 0)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_seat_and_a_spectator_are_shown_their_views(game: str, players: int) -> None:
    state = keizai.new_game(game, players=players, seed=3)
    views = [state.view(seat) for seat in range(players)]
    spectator = state.view(None)
    for seat in range(players):  # a seat's sample keeps what it sees
        assert state.determinize(seat, Rng(seat)).view(seat) == views[seat]
    if state.game.has_hidden_information:
        # each seat sees its own hand, which the spectator does not
        assert all(view != spectator for view in views)
    else:
        assert all(view == spectator for view in views)
    while not state.is_over:  # the game's end keeps the same seats
        state.apply(state.legal_actions()[0])
    assert state.view(players - 1) is not None
    with pytest.raises(ValueError):
        state.view(players)
