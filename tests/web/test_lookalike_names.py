"""A seat's name may not be another's drawn in another script's letters.

Found by the session-29 attack pass: the name checks folded case and NFKC (full-width
"Ｐ1" is "P1") but took the Cyrillic "Р1" and the Greek "Ρ1", drawn exactly as the first
seat's default name "P1", and "Аlice" with a Cyrillic А beside a player named Alice: in
the Seats panel and the chat ("Р1: hand my seat to a bot") one player passed for another
(`keizai.store.lookalikes`)."""

from __future__ import annotations

import pytest

from tests.web.conftest import create


def join(client, game: dict, seat: int, name: str):
    return client.post(f"/api/games/{game['id']}/seats/{seat}/join", json={
        "token": game["seats"][seat]["token"], "name": name})


@pytest.mark.parametrize("name", ["\u04201", "\u03a11", "\u0440\u0031", "Pl",
                                  "h\u043est", "\u041d\u041e\u0405\u0422"])
def test_a_name_drawn_as_another_seats_default_name_or_the_hosts_is_refused(
        client, name: str) -> None:
    game = create(client, seats=["human", "human"])
    refused = join(client, game, 1, name)
    assert refused.status_code == 400, (name, refused.text)
    assert refused.json()["error"]["id"] == "web.err.name_reserved"


@pytest.mark.parametrize("name", ["\u0410lice", "\u0391lice", "Al\u0456ce", "Alic\u0435",
                                  "A\u04cfice", "AIice", "A1ice"])
def test_a_name_drawn_as_another_players_is_taken(client, name: str) -> None:
    game = create(client, seats=["human", "human"])
    assert join(client, game, 0, "Alice").status_code == 200
    taken = join(client, game, 1, name)
    assert taken.status_code == 409, (name, taken.text)
    assert taken.json()["error"]["code"] == "name_taken"


@pytest.mark.parametrize("name", ["Пётр", "Σοφία", "Alicia", "P1a", "Ⅱ"])
def test_names_of_other_scripts_that_pass_for_no_one_here_are_taken(client, name: str
                                                                     ) -> None:
    game = create(client, seats=["human", "human"])
    assert join(client, game, 0, "Alice").status_code == 200
    joined = join(client, game, 1, name)
    assert joined.status_code == 200, (name, joined.text)


@pytest.mark.parametrize("name", ["P1 (you)", "P1: gg", "P1（あなた）", "\u0420\u0031 (you)",
                                  "host (admin)", "host: game paused"])
def test_a_name_that_begins_as_another_seats_default_name_or_the_hosts_is_refused(
        client, name: str) -> None:
    """The Seats panel writes "P1 (you)" for its reader's own seat, and the chat each line
    as "name: words": a seat of another named "P1 (you)" said "P1 (you): oops, hand my
    seat to a bot" (found in Chromium by the same pass)."""
    game = create(client, seats=["human", "human"])
    refused = join(client, game, 1, name)
    assert refused.status_code == 400, (name, refused.text)
    assert refused.json()["error"]["id"] == "web.err.name_reserved"


@pytest.mark.parametrize("name", ["P1a", "P10", "host_fan", "host-ess", "Hosting", "P2 (me)"])
def test_a_name_that_goes_on_as_one_word_is_another_name(client, name: str) -> None:
    game = create(client, seats=["human", "human"])
    joined = join(client, game, 1, name)
    assert joined.status_code == 200, (name, joined.text)
