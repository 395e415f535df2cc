"""A seat an account sat down at through one server process opens with that account's
session alone on every other process too, even one whose copy of the game's names is
behind the store (its notice on the way: here a process deaf to notices, on PostgreSQL,
and one on the same SQLite file, which hears none). Found by h168 reading the code,
confirmed here in session 30: `Social.check_owner` and `join` read the seat's owner from
the process's cache, which said "no account", so on the process behind the link alone
(the host who sent the invitation holds it) read the account's hand, moved, chatted and
handed the seat to a bot for it, renamed it, and a join with another account's session
took the seat from the account in the store."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from keizai.store.social import SeatPlayer, SocialStore
from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.web.social_helpers import new_table, register, token_of
from tests.web.test_hardening_bots import GAME, ThreadPool
from tests.web.test_multiprocess_succession import deaf

HTTPS = "https://testserver"   # the session cookie is a secure one


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """One database two apps serve: a SQLite file, or a PostgreSQL database of the
    test's own (skipped where PostgreSQL cannot be started)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'keizai.sqlite3'}"
    reason = unavailable_reason()
    if reason is not None:
        pytest.skip(reason)
    return str(request.getfixturevalue("own_database"))


@contextmanager
def an_account_s_seat_on_a_process_behind(database: str) -> Iterator[
        tuple[TestClient, TestClient, dict[str, Any], int]]:
    """A two-person table created by a guest host; both apps hold it, then the second
    turns deaf and "alice" sits down at the seat to move through the first. The first
    (alice's client, her cookie), the second (the host's: no cookie), the table as
    created (its tokens) and alice's seat."""
    apps = [create_app(database, pool=ThreadPool(0.0), limits=Limits.off())
            for _ in range(2)]
    with TestClient(apps[0], base_url=HTTPS) as first, \
            TestClient(apps[1], base_url=HTTPS) as second:
        created = new_table(second, ["human", "human"], game=GAME)
        game_id = created["id"]
        seat = first.get(f"/api/games/{game_id}").json()["current_player"]
        before = second.get(f"/api/games/{game_id}/view", params={"seat": seat},
                            headers={"x-keizai-token": token_of(created, seat)})
        assert before.status_code == 200   # held by both; the link alone opens it
        deaf(second)
        csrf = register(first, "alice")
        joined = first.post(f"/api/games/{game_id}/seats/{seat}/join",
                            json={"token": token_of(created, seat)},
                            headers={"x-csrf-token": csrf})
        assert joined.status_code == 200 and joined.json()["account"] == "alice"
        yield first, second, created, seat


def stored_player(client: TestClient, game_id: str, seat: int) -> SeatPlayer:
    """The seat's player as the store has it."""
    app: Any = client.app
    return SocialStore(app.state.social.store.engine).seat_players(game_id)[seat]


def refusal(response: Any) -> str:
    return response.json().get("error", {}).get("code") if response.status_code >= 400 \
        else f"accepted {response.status_code}"


def link_alone(first: TestClient, second: TestClient, created: dict[str, Any], seat: int,
               asked: str) -> str:
    """What the second process answers the link alone of alice's seat asking `asked`
    (`first`: alice's client, who reads her legal moves)."""
    game_id, token = created["id"], token_of(created, seat)
    header = {"x-keizai-token": token}
    base = f"/api/games/{game_id}"
    if asked == "view":
        return refusal(second.get(f"{base}/view", params={"seat": seat}, headers=header))
    if asked == "move":
        name = first.get(f"{base}/view", params={"seat": seat},
                         headers=header).json()["legal"][0]["name"]
        return refusal(second.post(f"{base}/actions", json={
            "seat": seat, "token": token, "action": name, "step": 0}))
    if asked == "chat":
        return refusal(second.post(f"{base}/chat", json={
            "seat": seat, "token": token, "text": "I resign"}))
    if asked == "bot":
        return refusal(second.post(f"{base}/seats/{seat}/bot",
                                   json={"token": token, "agent": "random"}))
    if asked == "rename":
        return refusal(second.post(f"{base}/seats/{seat}/join",
                                   json={"token": token, "name": "Mallory"}))
    if asked == "socket":
        with second.websocket_connect(f"/ws/games/{game_id}") as ws:
            ws.send_json({"type": "hello", "seat": seat, "token": token})
            answer = ws.receive_json()
            if "error" in answer:
                with pytest.raises(WebSocketDisconnect):
                    ws.receive_json()
                return str(answer["error"]["code"])
            return f"accepted {answer.get('type')}"
    raise AssertionError(asked)


@pytest.mark.parametrize("asked", ["view", "move", "chat", "bot", "rename", "socket"])
def test_the_link_alone_does_not_open_an_account_s_seat_on_a_process_behind(
        shared_database: str, asked: str) -> None:
    with an_account_s_seat_on_a_process_behind(shared_database) as (
            first, second, created, seat):
        assert link_alone(first, second, created, seat, asked) == "seat_owned"
        player = stored_player(first, created["id"], seat)
        assert (player.username, player.name) == ("alice", "alice")
        summary = first.get(f"/api/games/{created['id']}").json()
        assert summary["step"] == 0 and summary["seats"][seat]["kind"] == "human"
        # and the process behind now shows whose seat it is
        seats = second.get(f"/api/games/{created['id']}/view").json()["seats"]
        assert seats[seat]["account"] == "alice"


def test_another_account_does_not_take_an_account_s_seat_on_a_process_behind(
        shared_database: str) -> None:
    """The host, logged in on the process behind, joins the seat with its link as their
    own account: before, the seat became theirs in the store (alice's went)."""
    with an_account_s_seat_on_a_process_behind(shared_database) as (
            first, second, created, seat):
        csrf = register(second, "mallory")
        taken = second.post(f"/api/games/{created['id']}/seats/{seat}/join",
                            json={"token": token_of(created, seat)},
                            headers={"x-csrf-token": csrf})
        assert refusal(taken) == "seat_owned"
        assert stored_player(first, created["id"], seat).username == "alice"
