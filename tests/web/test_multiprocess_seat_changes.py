"""Seat changes asked for no position ("Hand to a bot", "I'm back", a rematch, an undo
without a step) through a
process whose copy of the game is behind the store (two apps on one PostgreSQL, the
second deaf to notices): taken as the store would take them. Found in session 29: a
hand-over through another process was refused `stale` when a bot's move was stored there
between its catch-up and its write (tests/web/test_multiprocess_bots_alone.py failed so
under load), "I'm back" sent to a process behind was refused `not_away` (h164's churn
run: 2 of 32), a rematch of a game over elsewhere `not_over`, and an undo of a decision
made through another process `undo_unavailable` (nothing to undo, as that copy had it)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

import keizai
from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.web.test_hardening_bots import GAME, ThreadPool
from tests.web.test_multiprocess_succession import a_game_held_by_two, deaf

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")


def table_of(client: TestClient, game_id: str) -> Any:
    return client.app.state.tables.tables[game_id]   # type: ignore[attr-defined]


def after_its_next_read(client: TestClient, game_id: str, change: Callable[[], None]
                        ) -> None:
    """`change` is made (through another process) once this process's copy of the game
    has next read the stored version: it is behind again when it writes."""
    table = table_of(client, game_id)
    read = table._caught_up

    async def read_then_changed() -> bool:
        del table._caught_up   # once
        caught_up = await read()
        change()
        return bool(caught_up)

    table._caught_up = read_then_changed


def mover_moves(client: TestClient, game_id: str, tokens: list[str],
                state: keizai.State) -> None:
    """The seat to move makes its first legal move through `client`."""
    mover = state.current_player
    assert mover is not None
    name = state.legal_actions()[0].name
    moved = client.post(f"/api/games/{game_id}/actions", json={
        "seat": mover, "token": tokens[mover], "action": name, "step": len(state.history)})
    assert moved.status_code == 200, moved.text
    state.apply(name)


def seat_kinds(client: TestClient, game_id: str) -> list[str]:
    return [s["kind"] for s in client.get(f"/api/games/{game_id}").json()["seats"]]


def test_a_hand_over_is_taken_though_a_move_is_stored_elsewhere_meanwhile(
        own_database: str) -> None:
    with a_game_held_by_two(own_database) as (first, second, game_id, tokens):
        state = keizai.new_game(GAME, 2, seed=3)
        leaver = 1 - (state.current_player or 0)   # the seat not to move leaves
        after_its_next_read(second, game_id,
                            lambda: mover_moves(first, game_id, tokens, state))
        left = second.post(f"/api/games/{game_id}/seats/{leaver}/bot",
                           json={"token": tokens[leaver], "agent": "random"})
        assert left.status_code == 200, left.text
        assert len(state.history) == 1   # the move was made meanwhile, and stands
        assert seat_kinds(second, game_id)[leaver] == "bot"


@pytest.mark.parametrize("moved_meanwhile", [False, True])
def test_i_m_back_is_taken_by_a_process_behind(own_database: str,
                                               moved_meanwhile: bool) -> None:
    with a_game_held_by_two(own_database) as (first, second, game_id, tokens):
        state = keizai.new_game(GAME, 2, seed=3)
        leaver = 1 - (state.current_player or 0)
        left = first.post(f"/api/games/{game_id}/seats/{leaver}/bot",
                          json={"token": tokens[leaver], "agent": "random"})
        assert left.status_code == 200, left.text
        assert seat_kinds(second, game_id)[leaver] == "human"   # deaf: behind
        if moved_meanwhile:   # and the other seat's move is stored while it catches up
            # (the first's bot, whose turn it then is, answers once the second is done)
            table_of(first, game_id).settings.pool.seconds = 2.0
            after_its_next_read(second, game_id,
                                lambda: mover_moves(first, game_id, tokens, state))
        back = second.post(f"/api/games/{game_id}/seats/{leaver}/back",
                           json={"token": tokens[leaver]})
        assert back.status_code == 200, back.text
        assert seat_kinds(second, game_id)[leaver] == "human"
        deadline = time.monotonic() + 10
        while seat_kinds(first, game_id)[leaver] != "human":   # the store says so too
            assert time.monotonic() < deadline
            time.sleep(0.05)
        # back for good: asked again, it is refused as the store would
        again = first.post(f"/api/games/{game_id}/seats/{leaver}/back",
                           json={"token": tokens[leaver]})
        assert again.status_code == 409
        assert again.json()["error"]["code"] == "not_away"


def test_a_rematch_of_a_game_over_elsewhere_is_made_by_a_process_behind(
        own_database: str) -> None:
    with a_game_held_by_two(own_database) as (first, second, game_id, tokens):
        for seat in (0, 1):   # both leave through the first: its bots end the game
            left = first.post(f"/api/games/{game_id}/seats/{seat}/bot",
                              json={"token": tokens[seat], "agent": "random"})
            assert left.status_code == 200, left.text
        deadline = time.monotonic() + 60
        while not first.get(f"/api/games/{game_id}").json()["over"]:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert not second.get(f"/api/games/{game_id}").json()["over"]   # deaf: behind
        rematch = second.post(f"/api/games/{game_id}/rematch", json={"token": tokens[0]})
        assert rematch.status_code == 200, rematch.text
        assert rematch.json()["id"] != game_id


@contextmanager
def a_game_against_a_bot_held_by_two(database: str) -> Iterator[tuple[TestClient, TestClient,
                                                                      str, str]]:
    """Two apps on `database` holding a Futuropia game (no hidden information: undo is
    allowed) of a person, seat 0, against a random bot, the second deaf: the two
    clients, the game's id and the person's token."""
    apps = [create_app(database, pool=ThreadPool(0.0), limits=Limits.off(),
                       chosen_seeds=True) for _ in range(2)]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        created = first.post("/api/games", json={
            "game": "futuropia", "seats": ["human", "random"], "seed": 3}).json()
        game_id, token = created["id"], created["seats"][0]["token"]
        assert second.get(f"/api/games/{game_id}").json()["step"] == 0   # held there
        deaf(second)
        yield first, second, game_id, token


def person_decides(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    """The person's first legal move through `client`, then the bot's answer: the view
    once the person is to move again."""
    view = client.get(f"/api/games/{game_id}/view", params={"seat": 0},
                      headers={"x-keizai-token": token}).json()
    moved = client.post(f"/api/games/{game_id}/actions", json={
        "seat": 0, "token": token, "action": view["legal"][0]["name"],
        "step": view["step"]})
    assert moved.status_code == 200, moved.text
    deadline = time.monotonic() + 10
    while True:
        after = client.get(f"/api/games/{game_id}/view", params={"seat": 0},
                           headers={"x-keizai-token": token}).json()
        if after["step"] > view["step"] and after["current_player"] == 0:
            return after
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_an_undo_without_a_step_takes_back_the_decision_made_elsewhere(
        own_database: str) -> None:
    with a_game_against_a_bot_held_by_two(own_database) as (first, second, game_id, token):
        assert person_decides(first, game_id, token)["undo"]
        assert second.get(f"/api/games/{game_id}").json()["step"] == 0   # deaf: behind
        undone = second.post(f"/api/games/{game_id}/undo", json={"seat": 0, "token": token})
        assert undone.status_code == 200, undone.text
        assert undone.json()["step"] == 0
        assert table_of(second, game_id).store.action_count(game_id) == 0


def test_an_undo_without_a_step_takes_back_the_latest_as_stored(own_database: str) -> None:
    """Another undo stored through the first between the second's catch-up and its
    write: the second undoes the decision before, as one process takes two undos."""
    with a_game_against_a_bot_held_by_two(own_database) as (first, second, game_id, token):
        once = person_decides(first, game_id, token)["step"]
        twice = person_decides(first, game_id, token)
        assert twice["undo"]

        def undone_on_the_first() -> None:
            undone = first.post(f"/api/games/{game_id}/undo", json={
                "seat": 0, "token": token, "step": twice["step"]})
            assert undone.status_code == 200, undone.text
            assert undone.json()["step"] == once

        after_its_next_read(second, game_id, undone_on_the_first)
        undone = second.post(f"/api/games/{game_id}/undo", json={"seat": 0, "token": token})
        assert undone.status_code == 200, undone.text
        assert undone.json()["step"] == 0
        assert table_of(second, game_id).store.action_count(game_id) == 0
