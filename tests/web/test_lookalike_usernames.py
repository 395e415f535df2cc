"""No username may pass for another's in look-alike letters of another script.

Found in session 29: usernames were unique case-folded only, so a stranger registered
"Аlice" (a Cyrillic А) beside Alice and passed for her in the lobby, on the ladder, in a
table's Seats panel and in the chat. The seats' names refused such names
(`keizai.store.lookalikes`); accounts now keep their name's skeleton under a unique index
(migration 0020)."""

from __future__ import annotations

import pytest

from tests.web.conftest import create
from tests.web.social_helpers import PASSWORD, register


def register_as(client, username: str):
    return client.post("/api/account/register",
                       json={"username": username, "password": PASSWORD})


@pytest.mark.parametrize("name", ["\u0410lice", "\u0391LICE", "AIice", "A1ice", "al\u0456ce",
                                  "\u0430\u04cf\u0456\u0441\u0435"])
def test_a_username_drawn_as_another_accounts_is_refused(client, name: str) -> None:
    register(client, "Alice")
    refused = register_as(client, name)
    assert refused.status_code == 409, (name, refused.text)
    error = refused.json()["error"]
    assert error["code"] == "username_taken"
    assert error["id"] == "web.err.username_alike"
    assert error["params"] == {"name": name, "other": "Alice"}
    assert "Alice" in error["message"]


def test_the_same_name_in_another_case_is_refused_as_taken(client) -> None:
    register(client, "Alice")
    refused = register_as(client, "ALICE")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "username_taken"
    assert "id" not in refused.json()["error"]   # taken, not drawn alike


@pytest.mark.parametrize("name", ["\u0410\u043b\u0438\u0441\u0430", "Alicia", "Alice2",
                                  "\u0391\u03bb\u03af\u03ba\u03b7", "\u30a2\u30ea\u30b9"])
def test_names_of_other_scripts_and_near_names_are_taken(client, name: str) -> None:
    register(client, "Alice")
    assert register_as(client, name).status_code == 201, name


def test_a_seat_named_in_capitals_of_another_script_is_taken_beside_its_name(client) -> None:
    """"ΑLICE" (a Greek Α) is drawn as "ALICE", Alice's name in capitals, which a seat may
    not take beside her; its skeleton ("allce": a capital I is drawn as an l) is not
    hers, so the seats' check passed it until the letters were compared
    case-insensitively too."""
    game = create(client, seats=["human", "human"])
    for seat, name in enumerate(["Alice", "\u0391LICE"]):
        joined = client.post(f"/api/games/{game['id']}/seats/{seat}/join", json={
            "token": game["seats"][seat]["token"], "name": name})
        assert joined.status_code == (200, 409)[seat], (name, joined.text)
    assert joined.json()["error"]["code"] == "name_taken"
