"""Opening a game the process does not hold replays its whole record on the event loop
(about 14 ms of CPU for a whole 4-player 企業帝國 game, measured), and anyone may name
any stored game: the lobby lists 200, a player's page 500 more, and a year of play
stores 100,000s. So a client's loads of games not held are counted (`Limits.load`):
before, its reads, views, replays, chat reads and WebSockets together loaded 140 games
at once and 24 a second, and each held every request of the process meanwhile."""

from __future__ import annotations

import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import keizai
from keizai.store import SeatRow, Summary
from keizai.web import create_app
from keizai.web.app import Limits


def test_a_client_loads_a_bounded_number_of_games_not_held(db_url: str) -> None:
    """The default limits but a budget of 5 loads (refilled once in 1,000 s here): 10
    stored games no process holds, opened one after another by one client (summaries,
    then the chat and a view; each well within the read and view budgets): the first 5
    are loaded, then 429 rate_limited with a Retry-After, nothing loaded (before: every
    one loaded); the games loaded stay free to read."""
    limits = Limits(load=(5, 0.001))
    app = create_app(db_url, bot_workers=1, limits=limits)
    state = keizai.new_game("national-economy/mecenat", 2, 3)
    with TestClient(app) as client:
        store = app.state.tables.store
        ids = [f"{n:012x}" for n in range(10)]
        for game_id in ids:
            store.create_game(game_id, state.record(), "host", [
                SeatRow(seat, "human", None, f"t{seat}", False) for seat in range(2)],
                Summary(0, False, 0))
        codes = [client.get(f"/api/games/{game_id}").status_code for game_id in ids[:7]]
        assert codes == [200] * 5 + [429] * 2
        for path in (f"/api/games/{ids[7]}", f"/api/games/{ids[8]}/chat",
                     f"/api/games/{ids[9]}/view"):
            refused = client.get(path)
            assert refused.status_code == 429, (path, refused.text)
            assert refused.json()["error"]["code"] == "rate_limited"
            assert int(refused.headers["retry-after"]) >= 1
        assert set(app.state.tables.tables) == set(ids[:5])
        for game_id in ids[:3]:   # held: no load, no count
            assert client.get(f"/api/games/{game_id}").status_code == 200
            assert client.get(f"/api/games/{game_id}/chat").status_code == 200
