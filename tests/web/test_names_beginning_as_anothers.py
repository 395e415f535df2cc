"""A seat's name may not begin as another player's name before a space or a mark.

Session 29 refused names that begin as a seat's default name or the host's ("P1 (you)",
"host: game paused"), which the Seats panel and the chat ("name: words") read as that
seat's; a player's own chosen name had only its look-alikes refused. Found in session
32's attack pass on names: beside a player named Alice, another seat took "Alice (you)"
(Alice's own Seats panel then showed two seats "Alice (you)") and "Alice: gg, I quit",
whose chat lines read "Alice: gg, I quit: …" as Alice's words; and an impersonator
seated first kept Alice from her name by nothing. Either way round the later name is
refused as one that would pass for another seat (`web.err.name_reserved`).
"""

from __future__ import annotations

import pytest

from tests.web.conftest import create


def join(client, game: dict, seat: int, name: str):
    return client.post(f"/api/games/{game['id']}/seats/{seat}/join", json={
        "token": game["seats"][seat]["token"], "name": name})


@pytest.mark.parametrize("name", ["Alice (you)", "Alice: gg, I quit", "alice（あなた）",
                                  "\u0410lice (you)", "Alice\u300c\u4e3b\u6301\u4eba\u300d"])
def test_a_name_that_begins_as_another_players_is_refused(client, name: str) -> None:
    game = create(client, seats=["human", "human", "human"])
    assert join(client, game, 0, "Alice").status_code == 200
    refused = join(client, game, 1, name)
    assert refused.status_code == 400, (name, refused.text)      # before: 200
    assert refused.json()["error"]["id"] == "web.err.name_reserved"
    names = [s["name"] for s in client.get(f"/api/games/{game['id']}").json()["seats"]]
    assert names == ["Alice", None, None]


def test_a_name_another_seat_begins_with_is_refused(client) -> None:
    """The impersonator seated first: the player's own name then passes for theirs."""
    game = create(client, seats=["human", "human"])
    assert join(client, game, 1, "Alice (host)").status_code == 200
    refused = join(client, game, 0, "Alice")
    assert refused.status_code == 400, refused.text                # before: 200
    assert refused.json()["error"]["id"] == "web.err.name_reserved"


@pytest.mark.parametrize("name", ["Alicia", "Alice_2", "Alice-Marie", "Al", "Bob (you)"])
def test_a_name_that_goes_on_as_one_word_or_is_anothers_is_taken(client, name: str
                                                                 ) -> None:
    game = create(client, seats=["human", "human"])
    assert join(client, game, 0, "Alice").status_code == 200
    joined = join(client, game, 1, name)
    assert joined.status_code == 200, (name, joined.text)


def test_a_seat_renamed_is_measured_against_the_others_not_its_old_name(client) -> None:
    game = create(client, seats=["human", "human"])
    assert join(client, game, 0, "Alice").status_code == 200
    assert join(client, game, 0, "Alice (Tokyo)").status_code == 200
