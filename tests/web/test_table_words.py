"""Words of the table that did not follow the reader, found playing in Chromium: the note of
a single choice the page applied ("The only choice, applied for you: …") stayed in the
language it was applied in when the page's language changed, while every other text
followed; a bot's level read as the server's lower-case id in English ("easy", "hard")
in the lobby's menu, its game list and the Seats panel."""

from __future__ import annotations

import httpx
import pytest

import keizai
from keizai.i18n import action_label, tr
from keizai.web.tables import bots_for
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at
from tests.web.test_table_notes import _last_step_single

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000
GAME = "national-economy/progress"


@pytest.mark.parametrize(("first", "then"), [("en", "ja"), ("ja", "zh-TW"), ("zh-TW", "en")])
def test_the_applied_note_follows_the_pages_language(browser, server, first: str,
                                                     then: str) -> None:
    seed, actions = _last_step_single()
    state = keizai.new_game(GAME, 1, seed=seed)
    for name in actions:
        state.apply(name)
    only = state.legal_actions()[0].name
    game = game_at(server, GAME, ["human"], seed, tuple(actions))
    page = language_page(browser, first)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-over='yes'] #auto-note", timeout=WAIT)

    def note(lang: str) -> str:
        return tr("auto_single", lang, action_label(GAME, only, lang))
    assert page.inner_text("#auto-note") == note(first)
    page.select_option("#lang-select", then)
    page.wait_for_function("(want) => document.querySelector('#status').textContent === want",
                           arg=tr("game_over", then), timeout=WAIT)
    assert page.inner_text("#auto-note") == note(then)
    assert not page.errors, page.errors
