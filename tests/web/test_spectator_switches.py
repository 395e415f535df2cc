"""A spectator's table offers no switches for turns and choices they do not have, in
headless Chromium."""

from __future__ import annotations

from typing import Any

import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


def watching(browser, server, lang: str) -> tuple[dict, Any]:
    """A new Futuropia game against a bot, and a page in `lang` watching it."""
    game = http().post(f"{server.url}/api/games", json={
        "game": "futuropia", "seats": ["human", "heuristic"]}).json()
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/watch/{game['id']}")
    page.wait_for_selector(".table[data-step]", timeout=WAIT)
    return game, page


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_a_spectator_has_no_turn_sound_or_single_choice_switch(browser, server,
                                                               lang: str) -> None:
    """Watching a game, a new player was offered 「輪到我時發出聲音」 (a sound when my turn
    comes) and 「只有一個選項時自動執行」 (apply single choices): a spectator has neither
    turns nor choices. The plain-table switch stays; a seated player keeps all three."""
    game, page = watching(browser, server, lang)
    head = page.locator(".table-head")
    assert head.locator("#plain-table").count() == 1
    assert head.locator("#turn-sound, #auto-single").count() == 0
    assert tr("turn_sound", lang) not in head.inner_text()
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-step] #auto-single", timeout=WAIT)
    assert head.locator("#turn-sound, #auto-single, #plain-table").count() == 3
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_spectator_s_chat_says_who_writes_there(browser, server, lang: str) -> None:
    """Watching a game, the Chat panel was an empty box, no line to read and no box to
    write in: it says that the players write there (a spectator may not), and a seated
    player has the box to write in instead."""
    game, page = watching(browser, server, lang)
    chat = page.locator(".chat-panel")
    assert chat.locator("#chat-input").count() == 0
    assert chat.locator("#chat-players-only").inner_text() == tr("chat_players_only", lang)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-step] #chat-input", timeout=WAIT)
    assert page.locator("#chat-players-only").count() == 0
    assert not page.errors, page.errors
