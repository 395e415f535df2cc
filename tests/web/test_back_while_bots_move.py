""""I'm back" lands however fast the bots move through another process. Found by session
33's strangers' pass (h219): two `keizai serve` on one PostgreSQL, `--bot-delay 0`, a
seat handed to a bot while the bots moved through the other process: "I'm back" failed
20 times in a row until the game ended. The take-back was written at the version the
process had caught up with, refused as stale when a bot's move was stored between that
read and the write, and tried once more. A take-back is no move: the store now takes the
seat back whatever was stored meanwhile (`Store.take_seat_back`)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.postgres import unavailable_reason
from tests.web.test_multiprocess_succession import a_game_held_by_two

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
WAIT = 10.0


def summary(client: TestClient, game_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game_id}")
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def moved_with_its_bot(client: TestClient, game_id: str, seat: int, token: str) -> None:
    """`seat` (a person's) moves through `client`, whose bot answers at once (bot delay
    0) for the seat handed to it: two moves stored at least."""
    step = summary(client, game_id)["step"]
    view = client.get(f"/api/games/{game_id}/view", params={"seat": seat},
                      headers={"x-keizai-token": token}).json()
    moved = client.post(f"/api/games/{game_id}/actions", json={
        "seat": seat, "token": token, "action": view["legal"][0]["name"], "step": step})
    assert moved.status_code == 200, moved.text
    deadline = time.monotonic() + WAIT
    while not ((now := summary(client, game_id))["step"] > step + 1
               and now["current_player"] == seat):
        assert time.monotonic() < deadline, "the bot did not answer"
        time.sleep(0.02)


def test_i_m_back_lands_though_the_bots_move_before_every_write(own_database: str) -> None:
    """Through the second process; before each of its writes to the game the first
    stores a move and its bot's answer (up to 3 times): the seat is back at once, the
    moves stand, and the bot moves the seat no more."""
    with a_game_held_by_two(own_database) as (first, second, game_id, tokens):
        person = summary(first, game_id)["current_player"]
        leaver = 1 - person
        left = first.post(f"/api/games/{game_id}/seats/{leaver}/bot",
                          json={"token": tokens[leaver], "agent": "random"})
        assert left.status_code == 200, left.text

        store: Any = second.app.state.tables.store   # type: ignore[attr-defined]
        in_writer = store.in_writer
        raced = 0

        def bots_first(method: Any, *args: Any, **kwargs: Any) -> Any:
            nonlocal raced
            if args and args[0] == game_id and raced < 3:
                raced += 1
                moved_with_its_bot(first, game_id, person, tokens[person])
            return in_writer(method, *args, **kwargs)

        store.in_writer = bots_first
        back = second.post(f"/api/games/{game_id}/seats/{leaver}/back",
                           json={"token": tokens[leaver]})
        assert back.status_code == 200, back.text
        assert raced >= 1
        store.in_writer = in_writer

        for client in (second, first):   # the store says so, and the first hears it
            deadline = time.monotonic() + WAIT
            while (now := summary(client, game_id))["seats"][leaver]["kind"] != "human":
                assert time.monotonic() < deadline, now["seats"]
                time.sleep(0.02)
        step = summary(first, game_id)["step"]
        assert step == summary(second, game_id)["step"] >= 2 * raced   # the moves stand
        # the person moves; the seat taken back is its player's to move
        for seat in (person, leaver):
            view = first.get(f"/api/games/{game_id}/view", params={"seat": seat},
                             headers={"x-keizai-token": tokens[seat]}).json()
            assert view["current_player"] == seat and view["step"] == step
            moved = first.post(f"/api/games/{game_id}/actions", json={
                "seat": seat, "token": tokens[seat], "step": step,
                "action": view["legal"][0]["name"]})
            assert moved.status_code == 200, moved.text
            step += 1
