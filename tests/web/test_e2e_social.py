"""The social page in headless Chromium: a guest names a seat, chats and asks for a
rematch; an account registers, plays a rated game, sees the leaderboard and its rating
curve, and finds its seat again from another browser."""

from __future__ import annotations

import random

import pytest

from tests.web.browser import unavailable_reason
from tests.web.test_e2e import (
    WAIT,
    caught_up,
    create_game,
    new_page,
    play_by_api,
    play_to_the_end,
    seat_token,
)

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")


def last_round_by_clicking(page, server, chooser: random.Random) -> None:
    """The game of `page`'s seat against a bot played to its last round through the API
    (the page following), then to its end by clicking."""
    game_id, seat, token = seat_token(page)
    # an account's seat opens with its session: the page's cookies go with the moves
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())
    step = play_by_api(server, game_id, {seat: token}, chooser,
                       lambda view: view["round"] >= 9, cookie)
    caught_up(page, step)
    assert play_to_the_end([page], chooser) > 0


def test_a_guest_names_the_seat_chats_and_asks_for_a_rematch(browser, server) -> None:
    page = new_page(browser)
    create_game(page, server, "national-economy/mecenat", ["human", "bot"])
    page.click("[data-play-seat='0']")
    page.wait_for_selector("#join-bar")
    page.fill("#player-name", "Gil")
    page.click("#sit-down")
    page.wait_for_selector(".seats-panel li:first-child:has-text('Gil')", timeout=WAIT)
    assert page.query_selector("#join-bar") is None
    page.fill("#chat-input", "<b>hi</b> & bye")
    page.click("#chat-send")
    page.wait_for_selector("#chat li:has-text('<b>hi</b> & bye')", timeout=WAIT)
    assert page.query_selector("#chat .text b") is None   # shown as text, not markup
    last_round_by_clicking(page, server, random.Random(3))
    page.wait_for_selector("#rated:has-text('guest')", timeout=WAIT)
    old = page.url
    page.click("#rematch")
    page.wait_for_url(lambda url: url != old, timeout=WAIT)
    page.wait_for_selector(".table[data-step]", timeout=WAIT)
    assert page.url.split("/#/play/")[1].split("/")[1] == "0"
    page.wait_for_selector(".seats-panel li:first-child:has-text('Gil')", timeout=WAIT)
    assert not page.errors


def test_an_account_plays_a_rated_game_and_finds_its_seat_elsewhere(browser,
                                                                    server) -> None:
    page = new_page(browser)
    page.goto(server.url + "/#/account")
    page.fill("input[name=username]", "zoe")
    page.fill("input[name=password]", "long enough secret")
    page.click("#register")
    page.wait_for_selector("#logout", timeout=WAIT)
    assert page.inner_text("#account-link") == "zoe"
    assert "Logged in as zoe" in page.inner_text(".account")
    create_game(page, server, "national-economy/mecenat", ["human", "bot"])
    page.click("[data-play-seat='0']")
    # the lobby named the creator's seat for the account (own_seat): no "save my name"
    # first, during which the seat's link alone opened it
    page.wait_for_selector(".seats-panel li:first-child:has-text('zoe')", timeout=WAIT)
    assert page.query_selector("#join-bar") is None
    game_url = page.url
    last_round_by_clicking(page, server, random.Random(4))
    page.wait_for_selector("#rated:has-text('rated')", timeout=WAIT)
    assert "unrated" not in page.inner_text("#rated")
    page.click("#board-link")
    page.select_option("#board-game", "national-economy/mecenat")
    page.wait_for_selector("#board .board-player:has-text('zoe')", timeout=WAIT)
    assert page.query_selector("#board .board-player:has-text('bot: ')")
    page.click("#board .board-player:has-text('zoe')")
    page.wait_for_selector("img.curve", timeout=WAIT)
    for _ in range(100):   # wait_for_function would need eval, which the CSP forbids
        if page.evaluate("document.querySelector('img.curve').naturalWidth") > 0:
            break
        page.wait_for_timeout(50)
    assert page.evaluate("document.querySelector('img.curve').naturalWidth") > 0
    assert page.query_selector("#history tr:nth-child(2)")
    assert not page.errors

    phone = new_page(browser, "zh")   # another device: log in, return to the seat
    phone.goto(server.url + "/#/account")
    phone.fill("input[name=username]", "ZOE")
    phone.fill("input[name=password]", "long enough secret")
    phone.click("#login")
    phone.wait_for_selector("#my-seats .my-seat", timeout=WAIT)
    assert "我的座位" in phone.inner_text(".account")
    phone.click("#my-seats .my-seat")
    phone.wait_for_selector(".table[data-over=yes]", timeout=WAIT)
    assert phone.url.split("#")[1] == game_url.split("#")[1]
    phone.click("#account-link")
    phone.click("#logout")
    phone.wait_for_selector("#account-form", timeout=WAIT)
    assert phone.inner_text("#account-link") == "登入"
    assert not phone.errors


def test_what_was_typed_survives_the_account_answer_arriving_late(browser, server) -> None:
    """The account screen drew its form again when the server's answer to "who am I"
    arrived, dropping what had been typed: on a busy machine the registration then
    submitted an empty form (nothing happened, and #logout never came)."""
    page = new_page(browser)
    held: list = []
    asked = []

    def hold(route) -> None:   # the page's start asks first; the screen's own ask waits
        asked.append(route.request.url)
        if len(asked) == 1:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/account", hold)   # "who am I" answers late
    page.goto(server.url + "/#/account")
    page.fill("input[name=username]", "late")
    page.fill("input[name=password]", "long enough secret")
    assert held   # the form was drawn before the screen's answer came
    for route in held:
        route.continue_()
    page.unroute("**/api/account", hold)
    page.wait_for_timeout(300)   # the answers arrive; the screen may be drawn again
    assert page.input_value("input[name=username]") == "late"
    page.click("#register")
    page.wait_for_selector("#logout", timeout=WAIT)
    assert page.inner_text("#account-link") == "late"
    assert not page.errors
