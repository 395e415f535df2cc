"""The turn limit `max_turns` took any whole number, 2**64-1 as well, by both ways of
creating a game (found by the session-27 attack pass): a table could be made to run, and its
record to grow, far past any real game. It takes at most the game's safety limit
(`Game.option_bounds`), the refusal reads in the reader's language, and the lobby's number
box says the bounds, so the browser holds a larger number back before asking."""

from __future__ import annotations

import pytest

import keizai
from keizai.i18n import render
from tests.i18n.test_games_in_three_languages import english_words
from tests.web.browser import language_page, unavailable_reason

SEATS = ["human", "random"]


@pytest.mark.parametrize("path", ["/api/games", "/api/tables"])
@pytest.mark.parametrize("game_id", ["futuropia", "enterprise-empire"])
def test_a_turn_limit_past_the_safety_limit_is_refused(client, path: str, game_id: str
                                                       ) -> None:
    most = keizai.get_game(game_id).default_options()["max_turns"]
    for value in (2**64 - 1, most + 1):
        response = client.post(path, json={"game": game_id, "seats": SEATS,
                                           "options": {"max_turns": value}})
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert error["id"] == "setup.option_range", error
        assert f"to {most}" in error["message"], error
        for lang in ("ja", "zh-TW"):
            text = render((error["id"], error["params"]), lang)
            assert str(most) in text and not english_words(text.replace("'max_turns'", "")), text
    response = client.post(path, json={"game": game_id, "seats": SEATS,
                                       "options": {"max_turns": most}})
    assert response.status_code == 201, response.text


def test_the_catalog_says_each_whole_number_options_bounds(client) -> None:
    games = {entry["id"]: entry for entry in client.get("/api/catalog").json()["games"]}
    assert games["futuropia"]["bounds"] == {"max_turns": [1, 1000]}
    assert games["enterprise-empire"]["bounds"] == {"max_turns": [1, 3000]}


reason = unavailable_reason()


@pytest.mark.skipif(reason is not None, reason=reason or "")
def test_the_lobby_box_holds_back_a_turn_limit_past_the_bound(browser, server) -> None:
    page = language_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=game]", "enterprise-empire")
    box = page.locator("input[name=max_turns]")
    assert (box.get_attribute("min"), box.get_attribute("max")) == ("1", "3000")
    box.fill("3001")
    created: list[str] = []
    page.on("request", lambda r: created.append(r.url) if r.method == "POST" else None)
    page.click("#create-game")
    page.wait_for_timeout(300)
    assert not created and page.locator("[data-play-seat]").count() == 0
    assert not page.errors, page.errors
