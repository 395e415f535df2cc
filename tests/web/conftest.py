"""An in-process app on a temporary SQLite file, driven by Starlette's TestClient."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.web import create_app


@pytest.fixture
def db_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'web.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as test_client:
        yield test_client


def create(client: TestClient, game: str = "national-economy/mecenat",
           seats: list[str] | None = None, seed: int = 7, **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats or ["human", "human"], "seed": seed, **extra}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def next_state(ws, predicate=lambda m: True, limit: int = 500) -> dict[str, Any]:
    """The next state message that satisfies `predicate` (errors are returned too)."""
    for _ in range(limit):
        message = ws.receive_json()
        if message.get("type") == "error" or (message.get("type") == "state"
                                               and predicate(message)):
            return message
    raise AssertionError("no matching message")
