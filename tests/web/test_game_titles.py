"""A game named where the page lists a player's games (the account's tables, a player's
ratings and history): by its title in the page's language, never by its id, in headless
Chromium."""

from __future__ import annotations

import pytest

import keizai
from keizai.i18n import tr
from tests.web.browser import language_page, unavailable_reason
from tests.web.live_server import http
from tests.web.social_helpers import wait_for

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


def _ids_in(text: str) -> list[str]:
    return [game for game in keizai.games() if game in text]


def _a_rated_futuropia_game(server) -> None:
    """A Futuropia game of the random and the easy bot, played out and rated."""
    created = http().post(f"{server.url}/api/tables", json={
        "game": "futuropia", "seats": ["random", "easy"]}).json()
    wait_for(lambda: created["id"] in [g["game_id"] for g in http().get(
        f"{server.url}/api/player", params={"bot": "random"}).json()["history"]], 60)


def test_the_account_page_names_the_game_of_each_table(browser, server) -> None:
    """In English the account page named a hosted table's game by its id,
    "national-economy/mecenat · Dec 4, 2026, 2:45 AM" (ja and zh-TW had its title):
    gameTitle took the id the account page passes as the English title."""
    page = language_page(browser, "en")
    page.goto(f"{server.url}/#/account")
    reply = page.request.post(f"{server.url}/api/account/register", data={
        "username": "titles115", "password": "correct horse battery"})
    assert reply.status == 201, reply.text()
    table = page.request.post(f"{server.url}/api/tables", headers={
        "x-csrf-token": reply.json()["csrf"]}, data={
        "game": "national-economy/mecenat", "seats": ["human", "easy"]})
    assert table.status == 201, table.text()
    page.reload()
    page.wait_for_selector(".account li", timeout=WAIT)
    line = page.inner_text(".account li")
    assert line.startswith("National Economy: Mecenat · "), line
    assert _ids_in(page.inner_text(".account")) == []
    assert not page.errors, page.errors


def test_a_bots_page_names_the_game_of_its_ratings_and_history(browser, server) -> None:
    """A player's page in English headed each rating with the game's id and listed the
    history as "futuropia · Dec 4, 2026, …" (the same fallback): a finished rated game of
    two bots, then the random bot's page."""
    _a_rated_futuropia_game(server)
    page = language_page(browser, "en")
    page.goto(f"{server.url}/#/bot/random")
    page.wait_for_selector("#history tr:nth-child(2)", timeout=WAIT)
    text = page.inner_text(".player-page")
    assert "Futuropia · " in text
    assert _ids_in(text) == [], text
    assert not page.errors, page.errors


def test_the_rating_curve_is_titled_as_the_players_page_names_player_and_game(
        browser, server) -> None:
    """The rating curve's SVG was titled "bot: random · futuropia", the game's id, in
    English whatever the page's language: a picture in an <img> shows no tooltip and its
    alt is read, but the image opened on its own shows its title as the tab's. It is
    titled as the player's page names the player and the game, in the page's language
    (ja; English for a language the page does not have)."""
    _a_rated_futuropia_game(server)
    page = language_page(browser, "ja")
    page.goto(f"{server.url}/#/bot/random")
    curve = page.locator("img.curve[src*='game=futuropia']")
    curve.wait_for(timeout=WAIT)
    title = f"{page.inner_text('#player-name')} · {tr('game.futuropia', 'ja')}"
    src = curve.get_attribute("src")
    assert not page.errors, page.errors
    page.goto(f"{server.url}{src}")   # (the image alone: the browser asks for a favicon)
    assert page.title() == title
    svg = http().get(f"{server.url}/api/player/curve.svg",
                     params={"bot": "random", "game": "futuropia", "lang": "xx"}).text
    assert "<title>Bot: Random · Futuropia</title>" in svg, svg[:300]
