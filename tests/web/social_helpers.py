"""Helpers of the social tests: accounts over HTTPS (secure cookies), tables, whole games,
and a store or engine call held up while another game's summary is asked for (the
hardening tests of work kept off the event loop)."""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Callable
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from tests.web.conftest import live, next_state

PASSWORD = "correct horse battery"


def register(client: TestClient, username: str, password: str = PASSWORD) -> str:
    """A new account, logged in on this client; its CSRF token."""
    response = client.post("/api/account/register",
                           json={"username": username, "password": password})
    assert response.status_code == 201, response.text
    return response.json()["csrf"]


def new_table(client: TestClient, seats: list[str], csrf: str | None = None,
              game: str = "national-economy/mecenat", **extra: Any) -> dict[str, Any]:
    headers = {"x-csrf-token": csrf} if csrf else {}
    response = client.post("/api/tables", json={"game": game, "seats": seats, **extra},
                           headers=headers)
    assert response.status_code == 201, response.text
    return response.json()


def token_of(created: dict[str, Any], seat: int) -> str:
    return next(s["token"] for s in created["seats"] if s["seat"] == seat)


def view(client: TestClient, game_id: str, seat: int, token: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/view", params={"seat": seat},
                          headers={"x-keizai-token": token})
    assert response.status_code == 200, response.text
    return response.json()


def play_out(client: TestClient, game_id: str, tokens: dict[int, str],
             timeout: float = 60.0) -> dict[str, Any]:
    """Play the human seats (first legal action) until the game is over."""
    deadline = time.monotonic() + timeout
    seat0 = next(iter(tokens))
    while time.monotonic() < deadline:
        message = view(client, game_id, seat0, tokens[seat0])
        if message["over"]:
            return message
        seat = message["current_player"]
        if seat in tokens and message["seats"][seat]["kind"] == "human":
            mine = view(client, game_id, seat, tokens[seat])
            if mine["legal"]:
                response = client.post(f"/api/games/{game_id}/actions", json={
                    "seat": seat, "token": tokens[seat], "action": mine["legal"][0]["name"],
                    "step": mine["step"]})
                assert response.status_code in (200, 409), response.text
                continue
        time.sleep(0.01)
    raise AssertionError("the game did not end in time")


def wait_for(predicate, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("condition not reached in time")


def other_game(client: TestClient) -> str:
    """A new mecenat game against a bot, whose summary is asked for meanwhile."""
    return client.post("/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "random"]}).json()["id"]


def finished_table(client: TestClient) -> dict[str, Any]:
    """A guest's mecenat table against a bot, played out."""
    finished = new_table(client, ["human", "random"])
    play_out(client, finished["id"], {0: token_of(finished, 0)})
    return finished


def moved_once(client: TestClient) -> dict[str, Any]:
    """A Futuropia table against a bot where the player moved once and may undo it."""
    table = client.post("/api/tables", json={
        "game": "futuropia", "seats": ["human", "random"]}).json()
    with live(client, table, 0) as ws:
        first = next_state(ws)
        ws.send_json({"type": "act", "action": first["legal"][0]["name"], "step": 0})
        later = next_state(ws, lambda m: m["current_player"] == 0 and m["step"] >= 1)
    assert later["undo"]
    return table


class Held:
    """Calls held up until another game's summary is answered. `meanwhile` arms it; the
    slowed call then calls `hold`, which sets `started` and waits for `summarised` (at
    most 5 s), noting in `in_time` whether it came in time. On the event loop the summary
    could only be answered after the held call: it is not noted in time. `once`: only the
    first call after arming is held."""

    def __init__(self, once: bool = False) -> None:
        self.once = once
        self.armed = False
        self.started, self.summarised = threading.Event(), threading.Event()
        self.in_time: list[bool] = []
        self.order: list[str] = []

    def hold(self) -> None:
        if self.armed:
            self.armed = not self.once
            self.started.set()
            self.in_time.append(self.summarised.wait(5))

    def meanwhile(self, client: TestClient, other: str, request: Callable[[], Any]
                  ) -> list[Any]:
        """`request` run in a thread, armed; once a held call has begun, game `other`'s
        summary, then the held calls let go: what `request` returned. `order` notes which
        was answered first ("summary", "request")."""
        self.started.clear()   # anew for each request, or a second one would not wait
        self.summarised.clear()
        self.order = []
        self.armed = True
        done: list[Any] = []

        def run() -> None:
            done.append(request())
            self.order.append("request")

        running = threading.Thread(target=run)
        running.start()
        try:
            assert self.started.wait(20)
            assert client.get(f"/api/games/{other}").status_code == 200
            self.order.append("summary")
        finally:
            self.summarised.set()
            running.join()
        return done


def slowed(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str,
           when: Callable[..., bool] = lambda *_args, **_kwargs: True,
           once: bool = False) -> Held:
    """`owner.name` (a module's function or a class's method) replaced for the test: the
    calls `when` accepts (given the call's arguments, a method's instance first) are
    held."""
    held = Held(once)
    real = getattr(owner, name)

    def slow(*args: Any, **kwargs: Any) -> Any:
        if when(*args, **kwargs):
            held.hold()
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, slow)
    return held
