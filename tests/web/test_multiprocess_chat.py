"""A seat's chat limit (5 messages per 10 s, keizai.web.chat) holds across server
processes on one PostgreSQL: the store counts the seat's recent messages, whichever
process took them. Before, each process counted in its memory: behind two processes a
seat said 10 in 10 s, behind N, N times 5."""

from __future__ import annotations

import warnings

import pytest

from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.chat import RATE_COUNT
from tests.postgres import unavailable_reason
from tests.web.social_helpers import new_table, token_of

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")


def test_a_seats_chat_limit_holds_across_processes(postgres_url: str) -> None:
    first = create_app(postgres_url, bot_workers=1, limits=Limits.off())
    second = create_app(postgres_url, bot_workers=1, limits=Limits.off())
    with TestClient(first) as a, TestClient(second) as b:
        created = new_table(a, ["human", "human"])
        game_id = created["id"]
        codes = [(a, b)[n % 2].post(f"/api/games/{game_id}/chat", json={
            "seat": 0, "token": token_of(created, 0), "text": f"hi {n}"}).status_code
            for n in range(RATE_COUNT + 3)]
        assert codes == [201] * RATE_COUNT + [429] * 3
        other = b.post(f"/api/games/{game_id}/chat", json={
            "seat": 1, "token": token_of(created, 1), "text": "hello"})
        assert other.status_code == 201   # another seat's own count
        host = a.post(f"/api/games/{game_id}/chat", json={
            "token": created["host_token"], "text": "welcome"})
        assert host.status_code == 201
        said = a.get(f"/api/games/{game_id}/chat").json()["messages"]
        assert len(said) == RATE_COUNT + 2
