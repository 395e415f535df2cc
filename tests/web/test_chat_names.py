"""A chat line is its seat's: shown under the seat's name now, as the log names each seat.

Found in session 32's strangers' pass on names (h200 left it): a line kept the name it
was sent under (`chat_messages.name`, the page's `chatName`), so a seat could say
"I resign, gg" as "Carol", rename itself "Mallory", and the Carol who sat down later
had said it: in the chat's history (GET /chat), on the page of every player who saw the
line said, and on a page opened after. The server's history and the page now name a
seat's lines by the seat's name now; the host's stay the host's.
"""

from __future__ import annotations

import time
import warnings

import pytest

from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import unavailable_reason as postgres_unavailable
from tests.web.browser import language_page, play_seat
from tests.web.browser import unavailable_reason as browser_unavailable
from tests.web.conftest import create
from tests.web.live_server import game_at, http

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

WAIT = 15_000
LINE = "I resign, gg"


def join(client, game: dict, seat: int, name: str):
    return client.post(f"/api/games/{game['id']}/seats/{seat}/join", json={
        "token": game["seats"][seat]["token"], "name": name})


def say(client, game: dict, seat: int | None, text: str):
    body = ({"token": game["host_token"]} if seat is None
            else {"seat": seat, "token": game["seats"][seat]["token"]})
    return client.post(f"/api/games/{game['id']}/chat", json={**body, "text": text})


def history(client, game: dict) -> list[tuple[int | None, str, str]]:
    said = client.get(f"/api/games/{game['id']}/chat").json()["messages"]
    return [(m["seat"], m["name"], m["text"]) for m in said]


def test_a_line_said_before_a_rename_is_the_seats_under_its_new_name(client) -> None:
    game = create(client, seats=["human", "human", "human"])
    assert join(client, game, 1, "Carol").status_code == 200
    assert say(client, game, 1, LINE).status_code == 201
    assert say(client, game, None, "welcome").status_code == 201
    assert join(client, game, 1, "Mallory").status_code == 200
    assert join(client, game, 2, "Carol").status_code == 200     # the real Carol
    assert history(client, game) == [(1, "Mallory", LINE),        # before: "Carol"
                                     (None, "host", "welcome")]


def test_a_line_of_a_seat_without_a_name_now_is_its_numbers(client) -> None:
    """A seat said something before anyone sat down there under a name: P2's."""
    game = create(client, seats=["human", "human"])
    assert say(client, game, 1, "hello").status_code == 201
    assert join(client, game, 1, "Dora").status_code == 200
    assert history(client, game) == [(1, "Dora", "hello")]       # before: "P2"


@pytest.mark.skipif(postgres_unavailable() is not None,
                    reason=postgres_unavailable() or "")
def test_a_rename_through_another_process_renames_the_lines(postgres_url: str) -> None:
    first = create_app(postgres_url, bot_workers=1, limits=Limits.off())
    second = create_app(postgres_url, bot_workers=1, limits=Limits.off())
    with TestClient(first) as a, TestClient(second) as b:
        created = a.post("/api/games", json={"game": "national-economy/mecenat",
                                              "seats": ["human", "human"]})
        game = created.json()
        assert join(a, game, 1, "Carol").status_code == 200
        assert say(a, game, 1, LINE).status_code == 201
        assert join(b, game, 1, "Mallory").status_code == 200
        deadline = time.monotonic() + 30   # until the first has heard of the name
        while time.monotonic() < deadline and a.get(f"/api/games/{game['id']}").json()[
                "seats"][1]["name"] != "Mallory":
            time.sleep(0.05)
        assert history(a, game) == [(1, "Mallory", LINE)]          # before: "Carol"
        assert history(b, game) == [(1, "Mallory", LINE)]


def chat_lines(page) -> list[str]:
    return page.eval_on_selector_all("#chat li", "(lis) => lis.map((li) => li.textContent)")


@pytest.mark.skipif(browser_unavailable() is not None,
                    reason=browser_unavailable() or "")
def test_a_page_shows_a_line_under_its_seats_new_name(browser, server) -> None:
    game = game_at(server, "national-economy/mecenat", ["human", "human", "human"], 3)
    url = f"{server.url}/api/games/{game['id']}"

    def name(seat: int, name: str) -> None:
        joined = http().post(f"{url}/seats/{seat}/join", json={
            "token": game["seats"][seat]["token"], "name": name})
        assert joined.status_code == 200, joined.text

    name(1, "Carol")
    page = language_page(browser)
    play_seat(page, server, game)
    assert http().post(f"{url}/chat", json={"seat": 1, "token": game["seats"][1]["token"],
                                            "text": LINE}).status_code == 201
    page.wait_for_function("() => [...document.querySelectorAll('#chat li')]"
                           f".some((li) => li.textContent.includes({LINE!r}))",
                           timeout=WAIT)
    assert chat_lines(page) == [f"Carol: {LINE}"]
    name(1, "Mallory")
    name(2, "Carol")   # the real Carol
    # the seats' new names on the page (its Seats panel): their presence has come
    page.wait_for_function("() => document.querySelector('.seats-panel').textContent"
                           ".includes('Mallory') && document.querySelector('.seats-panel')"
                           ".textContent.includes('Carol')", timeout=WAIT)
    assert chat_lines(page) == [f"Mallory: {LINE}"]               # before: Carol
    page.reload()
    page.wait_for_selector("#chat li", timeout=WAIT)
    page.wait_for_function("() => document.querySelector('.seats-panel')?.textContent"
                           ".includes('Mallory')", timeout=WAIT)
    assert chat_lines(page) == [f"Mallory: {LINE}"]               # before: Carol
    assert not page.errors, page.errors
