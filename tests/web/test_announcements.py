"""What a screen reader is told without looking: the page's live region (role status)
says when the turn becomes the reader's and what the banner says, in the page's language,
in headless Chromium."""

from __future__ import annotations

import httpx
import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


def _said(page) -> str:
    region = page.locator("#announce[role=status][aria-live=polite]")
    return region.text_content() or ""


def _wait_said(page, text: str) -> None:
    page.wait_for_selector(f"#announce:text-is({text!r})", state="attached", timeout=WAIT)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_turn_becoming_ones_own_is_said(browser, server, lang: str) -> None:
    """Nothing told a screen reader that the turn had come (the tab's title and a chime
    did): the live region says "Your turn" once the other player has moved."""
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 3)
    page = language_page(browser, lang)
    play_seat(page, server, game, seat=1)
    page.wait_for_selector(".table[data-turn=other]", timeout=WAIT)
    page.wait_for_timeout(200)
    assert _said(page) == ""
    view = httpx.get(f"{server.url}/api/games/{game['id']}/view", params={"seat": 0},
                     headers={"x-keizai-token": game["seats"][0]["token"]}).json()
    assert view["current_player"] == 0
    reply = httpx.post(f"{server.url}/api/games/{game['id']}/actions", json={
        "seat": 0, "token": game["seats"][0]["token"], "action": view["legal"][0]["name"]})
    assert reply.status_code == 200, reply.text
    page.wait_for_selector(".table[data-turn=mine]", timeout=WAIT)
    _wait_said(page, tr("your_turn", lang))
    assert not page.errors, page.errors


def test_the_banner_is_said(browser, server) -> None:
    """The banner (a refusal, a lost connection) changed silently: the live region says
    it too."""
    page = language_page(browser, "zh-TW")
    page.goto(f"{server.url}/#/play/no-such-game/0/token")
    page.wait_for_selector("#banner:not([hidden])", timeout=WAIT)
    text = page.inner_text("#banner")
    assert tr("not_found", "zh-TW") in text
    _wait_said(page, text)
    assert not [e for e in page.errors if "404" not in e], page.errors   # the game's 404s
