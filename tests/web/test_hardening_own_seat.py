"""A logged-in player who creates a table names their own seat (`own_seat`, the lobby's
"Your seat") and is seated there as their account at once, as a join with the session
seats them: the seat opens with that account's session only, so the invitation links
the host sends (and the host's account page lists) do not open it for anyone else.
Before, the API took no such seat: the account owned nothing until its player pressed
"save my name", and until then the link alone opened the seat (its hand)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.conftest import TestClient
from tests.web.social_helpers import new_table, register, token_of


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """Over HTTPS: the session cookie is a secure one."""
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off()),
                    base_url="https://testserver") as test_client:
        yield test_client


def test_the_creator_s_own_seat_is_their_account_s_from_the_start(
        client: TestClient, db_url: str) -> None:
    csrf = register(client, "alice")
    created = new_table(client, ["human", "human"], csrf, own_seat=1)
    gid = created["id"]
    seats = client.get(f"/api/games/{gid}").json()["seats"]
    assert [(s["name"], s["account"]) for s in seats] == [(None, None), ("alice", "alice")]
    # the link alone, without alice's session (another browser): refused
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off()),
                    base_url="https://testserver") as stranger:
        refused = stranger.get(f"/api/games/{gid}/view", params={"seat": 1},
                               headers={"x-keizai-token": token_of(created, 1)})
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "seat_owned"
    mine = client.get(f"/api/games/{gid}/view", params={"seat": 1},
                      headers={"x-keizai-token": token_of(created, 1)})
    assert mine.status_code == 200


def test_a_guest_s_own_seat_is_left_to_be_named_and_a_wrong_one_refused(
        client: TestClient) -> None:
    guest = new_table(client, ["human", "human"], own_seat=0)
    assert [s["name"] for s in client.get(f"/api/games/{guest['id']}").json()["seats"]] \
        == [None, None]
    csrf = register(client, "bob")
    before = len(client.get("/api/games").json()["games"])
    for wrong in (2, -1, True, "0", 1):   # 1: a bot's seat
        refused = client.post("/api/tables", headers={"x-csrf-token": csrf}, json={
            "game": "national-economy/mecenat", "seats": ["human", "random"],
            "own_seat": wrong})
        assert refused.status_code == 400, (wrong, refused.text)
        assert refused.json()["error"]["code"] == "invalid_request"
    assert len(client.get("/api/games").json()["games"]) == before   # nothing created
