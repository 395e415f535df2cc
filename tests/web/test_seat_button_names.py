"""The Seats panel's buttons say which seat they act on, for a screen reader (each said
"Mute" or "Hand to a bot" once a seat), in headless Chromium."""

from __future__ import annotations

import httpx
import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000
HANDOVER_AFTER = 1   # seconds before a seat away may be handed to a bot


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hosts_mute_and_the_hand_over_name_their_seat(browser, quick_server,
                                                          lang: str) -> None:
    game = httpx.post(f"{quick_server.url}/api/tables", json={
        "game": "national-economy/glory", "seats": ["human", "human", "human"]}).json()
    page = language_page(browser, lang)
    page.add_init_script(f"localStorage.setItem('keizai.host.{game['id']}', "
                         f"'{game['host_token']}')")
    play_seat(page, quick_server, game)
    panel = page.locator(".seats-panel")
    panel.locator(".mute").first.wait_for(timeout=WAIT)
    for seat in (1, 2):   # P2 and P3, whose players have not come
        name = tr("mute_seat", lang, seat)
        assert panel.get_by_role("button", name=name, exact=True).count() == 1, name
        hand = panel.get_by_role("button", name=tr("hand_to_bot_seat", lang, seat),
                                 exact=True)
        hand.wait_for(timeout=(HANDOVER_AFTER + 5) * 1000)
        assert hand.inner_text() == tr("hand_to_bot", lang)   # the button still reads so
    assert not page.errors, page.errors


def test_the_host_is_offered_no_mute_for_a_bot(browser, quick_server) -> None:
    """The host was offered "Mute P3" on a bot's seat (a bot says nothing in the chat). A
    seat handed to a bot is still its player's, who may come back and chat: its mute
    stays."""
    game = httpx.post(f"{quick_server.url}/api/tables", json={
        "game": "national-economy/glory", "seats": ["human", "human", "heuristic"]}).json()
    page = language_page(browser)
    page.add_init_script(f"localStorage.setItem('keizai.host.{game['id']}', "
                         f"'{game['host_token']}')")
    play_seat(page, quick_server, game)
    panel = page.locator(".seats-panel")
    hand = panel.get_by_role("button", name=tr("hand_to_bot_seat", "en", 1), exact=True)
    hand.wait_for(timeout=(HANDOVER_AFTER + 5) * 1000)
    hand.click()
    hand.wait_for(state="detached", timeout=WAIT)   # a bot plays P2 now
    assert panel.locator(".mute").evaluate_all("bs => bs.map((b) => b.dataset.seat)") == ["1"]
    assert not page.errors, page.errors
