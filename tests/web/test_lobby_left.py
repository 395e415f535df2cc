"""A lobby left before its answers came draws nothing over the next screen, in headless
Chromium.

Found hunting flaky browser tests under load (session 31, h197):
test_your_games_says_when_a_bot_plays_ones_seat failed 1 run in 12 (the page's CPU
throttled 4x) with the table an empty, hidden <div class="table">: the lobby's first
listing (GET /api/games) was answered after "Back to my seat" had opened the table, and
the lobby drew itself into the page anyway, over the table; the table's next draw then
morphed the lobby's <div> into an empty table."""

from __future__ import annotations

from random import Random

import httpx
import pytest

import keizai
from tests.web.browser import language_page, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


def _listing(url: str) -> bool:
    return url.split("?")[0].endswith("/api/games")


class Held:
    """The page's requests whose address `matches` held until `release`, as a slow
    network keeps their answers (Playwright routes them while the test waits)."""

    def __init__(self, page, matches) -> None:
        self.page, self.matches = page, matches
        self.routes: list = []
        self.slow = True
        page.route(matches, lambda route: self.routes.append(route) if self.slow
                   else route.continue_())

    def wait(self) -> bool:
        """Whether a request was held within WAIT."""
        for _ in range(WAIT // 50):
            if self.routes:
                return True
            self.page.wait_for_timeout(50)
        return False

    def release(self) -> None:
        """Every held request goes on, and its answer has come."""
        self.slow = False
        with self.page.expect_response(lambda r: self.matches(r.url), timeout=WAIT):
            for route in self.routes:
                route.continue_()


def answered_in_the_lobby(page, answers: Held) -> None:
    """The page left for the lobby with `answers` held, then let come, and the time to
    read and draw them were they drawn."""
    page.click("#home-link")
    page.wait_for_selector(".lobby #create-game", timeout=WAIT)
    answers.release()
    page.wait_for_timeout(500)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_listing_answered_after_the_lobby_was_left_leaves_the_table_shown(
        browser, server, lang: str) -> None:
    game = httpx.post(f"{server.url}/api/tables", json={
        "game": "national-economy/mecenat", "players": 2, "seats": ["human", "human"]}).json()
    token = game["seats"][0]["token"]
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/play/{game['id']}/0/{token}")
    page.wait_for_selector(".table[data-turn='mine']", timeout=WAIT)
    listings = Held(page, _listing)
    page.click("#home-link")
    assert listings.wait(), "the lobby asked for no listing"
    # back to the seat as "Back to my seat" goes (its row is drawn only once the lobby
    # has drawn, which a held listing can keep from happening)
    page.evaluate("(address) => { location.hash = address; }",
                  f"#/play/{game['id']}/0/{token}")
    page.wait_for_selector(".table[data-turn='mine'] .board", timeout=WAIT)
    listings.release()
    page.wait_for_timeout(500)   # the answer read and drawn, were it drawn
    assert page.locator(".lobby").count() == 0
    assert page.locator(".table .board").is_visible()
    assert not page.errors, page.errors


@pytest.mark.parametrize(("address", "asked", "drawn"), [
    ("#/leaderboard", "/api/leaderboard", ".leaderboard"),
    ("#/bot/random", "/api/player", ".player-page")])
def test_a_ratings_page_left_before_its_answer_draws_nothing_over_the_lobby(
        browser, server, address: str, asked: str, drawn: str) -> None:
    """The leaderboard and a player's page drew themselves over the next screen as the
    lobby did, when their answer came once they were left."""
    page = language_page(browser, "zh-TW")
    answers = Held(page, lambda url: asked in url)
    page.goto(f"{server.url}/{address}")
    assert answers.wait(), f"the page asked for no {asked}"
    answered_in_the_lobby(page, answers)
    assert page.locator(drawn).count() == 0
    assert page.locator(".lobby #create-game").is_visible()
    assert not page.errors, page.errors


def test_a_replay_left_before_its_frame_came_draws_nothing_over_the_lobby(browser,
                                                                          server) -> None:
    """A replay's frame answered once the replay was left drew the replay over the lobby."""
    state, chooser = keizai.new_game("national-economy/progress", 2, seed=1), Random(1)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    game = game_at(server, "national-economy/progress", ["human", "human"], 1,
                   state.record()["actions"])
    page = language_page(browser, "en")
    frames = Held(page, lambda url: "/replay?" in url)
    page.goto(f"{server.url}/#/replay/{game['id']}")
    assert frames.wait(), "the replay asked for no frame"
    answered_in_the_lobby(page, frames)
    assert page.locator(".replay").count() == 0
    assert page.locator(".lobby #create-game").is_visible()
    assert not page.errors, page.errors
