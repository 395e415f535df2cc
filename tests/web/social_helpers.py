"""Helpers of the social tests: accounts over HTTPS (secure cookies), tables, whole games."""

from __future__ import annotations

import time
import warnings
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

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
