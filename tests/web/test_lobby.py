"""The lobby as a new player meets it, in headless Chromium: the new-game form and the
list of games."""

from __future__ import annotations

import httpx
import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000


def test_a_game_without_options_shows_no_empty_options_box(browser, server) -> None:
    """Glory has no options: the form showed an empty dashed "Options" box; the game is
    still created from the form."""
    page = language_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=game]", "national-economy/mecenat")
    assert page.locator(".options input").count() > 0
    page.select_option("select[name=game]", "national-economy/glory")
    assert page.locator(".options").count() == 0
    page.select_option("select[name=kind-1]", "bot")
    page.click("#create-game")
    page.wait_for_selector("[data-play-seat]", timeout=WAIT)
    assert not page.errors, page.errors


def test_a_seat_chip_in_the_games_list_is_never_split_over_two_lines(browser,
                                                                    server) -> None:
    """A seat's chip ("P3 (bot: easy)") broke between its words at a line's end, its
    rounded box in two pieces on two lines."""
    httpx.post(f"{server.url}/api/games", json={
        "game": "national-economy/glory", "seats": ["human", "random", "random", "random"]})
    page = language_page(browser, width=1100)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-row .chip")
    for width in (1100, 800, 360):
        page.set_viewport_size({"width": width, "height": 900})
        pieces = page.eval_on_selector_all(".game-row .chip",
                                           "cs => cs.map((c) => c.getClientRects().length)")
        assert pieces and set(pieces) == {1}, (width, pieces)
    assert not page.errors, page.errors


def test_a_number_option_is_typed_as_a_number(browser, server) -> None:
    """The turn limit was a plain text box: letters or an empty box went to the server as
    null, which answered "option 'max_turns' must be int, not None". The box takes a whole
    number of at least 1, and the browser holds the form back until it has one."""
    page = language_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=game]", "enterprise-empire")
    box = page.locator("input[name=max_turns]")
    assert (box.get_attribute("type"), box.get_attribute("min")) == ("number", "1")
    box.fill("")
    created: list[str] = []
    page.on("request", lambda r: created.append(r.url) if r.method == "POST" else None)
    page.click("#create-game")
    page.wait_for_timeout(300)
    assert not created and page.locator("[data-play-seat]").count() == 0
    assert page.eval_on_selector("input[name=max_turns]", "b => !b.validity.valid")
    box.fill("40")
    page.click("#create-game")
    page.wait_for_selector("[data-play-seat]", timeout=WAIT)
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang, random_houses, first_pair", [
    ("en", "Random for each house", "Expensive delivery, Tight credit"),
    ("ja", "住宅ごとにランダム", "高い配送料、"),
])
def test_an_option_of_a_few_values_is_a_list_in_the_pages_language(
        browser, server, lang, random_houses, first_pair) -> None:
    """Futuropia's house side and expert tiles were boxes to type in: "random" typed
    "Random" was refused in English ("houses must be one of A, B, random"), and a pair of
    expert tiles could not be typed at all. Each is a list of the values the game takes,
    named in the page's language, and the game is created with the chosen ones (a change
    of seat, which redraws the form, keeps them: it put every option back to its
    default)."""
    page = language_page(browser, lang)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=game]", "futuropia")
    assert page.locator("input[name=houses], input[name=expert_tiles]").count() == 0
    houses = page.locator("select[name=houses] option").all_inner_texts()
    assert len(houses) == 3 and houses[2] == random_houses
    experts = page.locator("select[name=expert_tiles] option").all_inner_texts()
    assert len(experts) == 2 + 36 and experts[2].startswith(first_pair)
    page.select_option("select[name=houses]", label=random_houses)
    page.select_option("select[name=expert_tiles]", label=experts[2])
    page.select_option("select[name=kind-1]", "bot")
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/api/tables")
                             ) as request:
        page.click("#create-game")
    page.wait_for_selector("[data-play-seat]", timeout=WAIT)
    options = request.value.post_data_json["options"]
    assert (options["houses"], options["expert_tiles"]) == ("random", ["X1", "X2"])
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_seat_a_bot_plays_until_its_player_is_back_is_not_called_the_bots(
        browser, server, lang: str) -> None:
    """A seat handed to a bot until its player is back (by the turn clock, its player or
    the host) was listed as "P1 Bot: Random", the bot's for good, to anyone choosing a
    game to watch or join and to the player: the list, and the table's Seats panel a
    spectator reads, say its player is away and a bot stands in."""
    game = httpx.post(f"{server.url}/api/tables", json={
        "game": "national-economy/mecenat", "players": 3,
        "seats": ["human", "human", "random"]}).json()
    handed = httpx.post(f"{server.url}/api/games/{game['id']}/seats/0/bot",
                        json={"token": game["seats"][0]["token"], "agent": "random"})
    assert handed.status_code == 200, handed.text
    page = language_page(browser, lang)
    page.goto(server.url + "/")
    chips = page.locator(f".game-row[data-game-id='{game['id']}'] .chip")
    chips.first.wait_for(timeout=WAIT)
    assert chips.all_inner_texts() == [
        tr("web.seat_line", lang, seat="P1", what=tr("seat_away_bot", lang)),
        tr("web.seat_line", lang, seat="P2", what=tr("invited_waiting", lang)),
        tr("web.seat_line", lang, seat="P3", what=bot_seat(lang, "random"))]
    page.click(f".game-row[data-game-id='{game['id']}'] a[href^='#/watch/']")
    seats = page.locator(".seats-panel li")
    seats.first.wait_for(timeout=WAIT)
    assert seats.first.inner_text().strip() == tr("web.seat_line", lang, seat="P1",
                                                  what=tr("seat_away_bot", lang))
    assert not page.errors, page.errors


def bot_seat(lang: str, level: str) -> str:
    """A bot's seat after its name, as i18n.js's botSeatStatus says it: '(bot: random)',
    「（ボット：ランダム）」."""
    return tr("paren", lang, tr("seat_bot", lang, level=tr(f"bot.{level}", lang))).lstrip()
