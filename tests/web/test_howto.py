"""How to play, in the browser: a first-time player found no word on how any game is
played, neither in the lobby nor at the table. The lobby links the chosen game's text and
the table its own game's (in a new tab: the table stays); the text comes in the page's
language, reached by the keyboard, fits a phone's width, and is fetched only when opened
(never on the page's first load)."""

from __future__ import annotations

import httpx
import pytest

from keizai.i18n import howto, tr
from tests.web.browser import language_page, play_seat, unavailable_reason

WAIT = 10_000
PHONE = 390
# every element of the how-to page wider than its box, and the page's own width
OVERFLOW = """() => ({
  wide: [...document.querySelectorAll('.howto, .howto *')]
    .filter((el) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
    .map((el) => `${el.tagName} ${el.scrollWidth} > ${el.clientWidth}`),
  page: document.documentElement.scrollWidth })"""


def test_the_server_gives_each_game_its_text_in_each_language(client) -> None:
    for game_id in howto.SECTIONS:
        for lang in ("en", "ja", "zh-TW"):
            answer = client.get(f"/api/howto/{lang}/{game_id}")
            assert answer.status_code == 200, answer.text
            assert answer.json() == howto.how_to_play(game_id, lang)
    for address in ("/api/howto/fr/futuropia", "/api/howto/en/futuropa",
                    "/api/howto/en/national-economy", "/api/howto/en/"):
        assert client.get(address).status_code == 404, address


def shown_text(page) -> dict:
    return page.evaluate("""() => ({ title: document.querySelector('.howto h1').textContent,
      headings: [...document.querySelectorAll('.howto h2')].map((e) => e.textContent),
      paragraphs: [...document.querySelectorAll('.howto li')].map((e) => e.textContent) })""")


def expected(game_id: str, lang: str) -> dict:
    text = howto.how_to_play(game_id, lang)
    return {"title": text["title"],
            "headings": [s["heading"] for s in text["sections"]],
            "paragraphs": [p for s in text["sections"] for p in s["paragraphs"]]}


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_lobby_links_the_chosen_games_text_on_a_phone(browser, server, lang) -> None:
    page = language_page(browser, lang, width=PHONE, height=800)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    assert not [url for url in asked if "howto" in url and "howto.js" not in url]
    page.select_option("select[name=game]", "futuropia")
    link = page.locator("#howto-link")
    assert link.text_content() == tr("howto.link", lang)
    assert link.get_attribute("href") == "#/rules/futuropia"
    # the keyboard reaches it: from the game's menu, Tab, then Enter
    page.focus("select[name=game]")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "howto-link"
    page.keyboard.press("Enter")
    page.wait_for_selector(".howto h1", timeout=WAIT)
    assert shown_text(page) == expected("futuropia", lang)
    sizes = page.evaluate(OVERFLOW)
    assert sizes["page"] <= PHONE and not sizes["wide"], sizes
    # the page's language chosen anew: the text follows it
    page.select_option("#lang-select", "en")
    page.wait_for_function("(title) => document.querySelector('.howto h1')?.textContent"
                           " === title", arg=expected("futuropia", "en")["title"])
    assert shown_text(page) == expected("futuropia", "en")
    assert not page.errors, page.errors


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
def test_the_table_links_its_games_text_in_a_new_tab(browser, server) -> None:
    game = httpx.post(f"{server.url}/api/games", json={
        "game": "enterprise-empire", "seats": ["human", "random"]}).json()
    page = language_page(browser, "zh-TW", width=PHONE, height=800)
    play_seat(page, server, game)
    link = page.locator(".table-head #howto-link")
    assert link.get_attribute("href") == "#/rules/enterprise-empire"
    assert link.get_attribute("target") == "_blank"
    with page.context.expect_page() as opened:
        link.click()
    text_page = opened.value
    text_page.wait_for_selector(".howto h1", timeout=WAIT)
    assert shown_text(text_page) == expected("enterprise-empire", "zh-TW")
    assert page.locator(".table").count() == 1   # the table stays open behind it
    assert not page.errors, page.errors


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
def test_an_address_that_names_no_game_shows_no_text(browser, server) -> None:
    page = language_page(browser, "en")
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(server.url + "/#/rules/../games")
    page.wait_for_selector("#banner:not([hidden])")
    assert page.locator(".howto").count() == 0
    assert not [url for url in asked if "/api/" in url and "howto" in url]
