"""A new game's options that take one of a few values are checked against the game's own
list of them (`Game.option_choices`), by both ways of creating a game, and a refusal reads
in the reader's language."""

from __future__ import annotations

import json

import pytest

import keizai
from keizai.i18n import render
from tests.i18n.test_games_in_three_languages import english_words
from tests.web.browser import language_page, unavailable_reason

SEATS = ["human", "random"]
REVERSED = ["X2", "X1"]   # the pair the choices list as ["X1", "X2"]


@pytest.mark.parametrize("path", ["/api/games", "/api/tables"])
@pytest.mark.parametrize("options", [{"expert_tiles": REVERSED}, {"expert_tiles": "Random"},
                                     {"houses": "a"}, {"houses": True}])
def test_a_value_the_choices_do_not_list_is_refused(client, path: str, options: dict
                                                    ) -> None:
    """The server took ["X2", "X1"] for the expert tiles (the game sorts them), though the
    game lists ["X1", "X2"] and the lobby only offers that: an option of a few values
    takes one of them, by either way of creating a game."""
    response = client.post(path, json={"game": "futuropia", "seats": SEATS,
                                       "options": options})
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert (error["code"], error["id"]) == ("invalid_request", "web.err.option_choice")
    assert render((error["id"], error["params"]), "en") == error["message"]
    value = error["params"]["value"]
    for lang, name in (("ja", "エキスパートタイル"), ("zh-TW", "高手圖板")):
        text = render((error["id"], error["params"]), lang)
        if "expert_tiles" in options:
            assert name in text, text
        assert not english_words(text.replace(value, "")), text


@pytest.mark.parametrize("path", ["/api/games", "/api/tables"])
def test_every_value_the_choices_list_is_taken(client, path: str) -> None:
    """Each listed value still creates a game (and an option without a list is the game's
    to check)."""
    choices = keizai.get_game("futuropia").option_choices()
    for key, values in choices.items():
        for value in values[:4]:
            response = client.post(path, json={"game": "futuropia", "seats": SEATS,
                                               "options": {key: value, "max_turns": 50}})
            assert response.status_code == 201, (key, value, response.text)


reason = unavailable_reason()


@pytest.mark.skipif(reason is not None, reason=reason or "")
def test_the_lobby_shows_the_refusal_in_the_readers_language(browser, server) -> None:
    """The lobby's list offers only the listed values; a request changed on its way (here by
    the test) is refused, and the banner says why in 繁體中文, naming the option."""
    page = language_page(browser, "zh-TW")

    def reverse(route) -> None:
        body = route.request.post_data_json
        body["options"]["expert_tiles"] = REVERSED
        route.continue_(post_data=json.dumps(body))

    page.route("**/api/tables", reverse)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=game]", "futuropia")
    page.select_option("select[name=kind-1]", "bot")
    page.click("#create-game")
    page.wait_for_selector("#banner:has-text('高手圖板')", timeout=10_000)
    text = page.inner_text("#banner")
    assert not english_words(text.replace(repr(REVERSED), "")), text
    assert page.locator("[data-play-seat]").count() == 0
