"""Futuropia's Stop is asked about in one sentence: found by session 32's new-player pass
(h205, Chromium): the page's question read "Do this: Stop: end my game now (face-up tiles
score)?" (zh-TW 執行：提前結束：現在結束我的遊戲…？), two colons in a row, since the
question put "Do this:" before an action label that has a colon of its own. The question
now follows the label ("… — are you sure?", 確定要…？; ja quoted it already), on the page
and in the terminal (keizai play asks the same: cli.py, confirm_action)."""

from __future__ import annotations

import pytest

import keizai
from keizai.i18n import action_label, tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at
from tests.web.test_playing import _futuropia_stop

LANGS = ("en", "ja", "zh-TW")
WAIT = 30_000


def _colons(text: str) -> int:
    return text.count(":") + text.count("：")


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_asks_about_stop_with_the_label_s_colon_alone(lang: str) -> None:
    seed, actions = _futuropia_stop()
    state = keizai.new_game("futuropia", 2, seed=seed)
    for name in actions:
        state.apply(name)
    view = state.view(0)
    stop = next(a for a in state.legal_actions() if a.name == "stop")
    label = state.game.describe_action(view, stop, lang)
    question = tr("confirm_action", lang, label)
    assert label in question
    assert _colons(question) == _colons(label) == 1, question


reason = unavailable_reason()


@pytest.mark.skipif(reason is not None, reason=reason or "")
@pytest.mark.parametrize("lang", LANGS)
def test_the_page_asks_about_stop_with_the_label_s_colon_alone(browser, server,
                                                               lang: str) -> None:
    seed, actions = _futuropia_stop()
    game = game_at(server, "futuropia", ["human", "human"], seed, tuple(actions))
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.click("[data-action='stop'].legal")
    page.wait_for_selector("#confirm-bar", timeout=WAIT)
    question = page.evaluate("() => document.querySelector('#confirm-bar').firstChild"
                             ".textContent")
    assert question == tr("confirm_action", lang, action_label("futuropia", "stop", lang))
    assert _colons(question) == 1, question
    assert not page.errors, page.errors
