"""Every control of the lobby and the table has a name a screen reader says, in the page's
language (Chromium's own accessibility tree, read in headless Chromium)."""

from __future__ import annotations

import random

import pytest

import keizai
from tests.i18n.test_games_in_three_languages import english_words
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
CONTROLS = {"button", "link", "textbox", "combobox", "checkbox", "spinbutton", "listbox",
            "radio", "searchbox", "slider"}
# Names that are the same in every language: the site's and the languages' own names.
OWN_NAMES = {"keizai", "English"}


def controls(page) -> list[tuple[str, str, str]]:
    """(role, name, HTML) of each control in the page's accessibility tree."""
    cdp = page.context.new_cdp_session(page)
    found = []
    for node in cdp.send("Accessibility.getFullAXTree")["nodes"]:
        role = node.get("role", {}).get("value")
        if role in CONTROLS and not node.get("ignored"):
            html = cdp.send("DOM.getOuterHTML", {"backendNodeId": node["backendDOMNodeId"]})
            found.append((role, node.get("name", {}).get("value", "").strip(),
                          html["outerHTML"][:100]))
    cdp.detach()
    return found


def unnamed_or_english(page, lang: str) -> list[tuple[str, str, str]]:
    return [(role, name, html) for role, name, html in controls(page)
            if len(name) < 2 or (lang != "en" and name not in OWN_NAMES
                                 and english_words(name))]


def _a_whole_decision() -> tuple[int, list[str]]:
    for seed in range(100):
        rng = random.Random(seed)
        state = keizai.new_game("national-economy/mecenat", 2, seed=seed)
        while not state.is_over:
            if state.current_player == 0 and state.pending_decision() is not None:
                return seed, state.record()["actions"]
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_every_control_of_the_lobby_has_a_name_in_the_pages_language(browser, server,
                                                                     lang: str) -> None:
    """The seats' kind and bot lists had no name (their "Seat 1" is no label), and the
    language list was named "language" in English on every page."""
    page = language_page(browser, lang)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    for game in ("national-economy/mecenat", "futuropia", "enterprise-empire"):
        page.select_option("select[name=game]", game)
        page.select_option("select[name=kind-1]", "bot")
        assert not unnamed_or_english(page, lang), (game, unnamed_or_english(page, lang))
    page.click("#create-game")
    page.wait_for_selector("[data-play-seat]", timeout=WAIT)
    assert not unnamed_or_english(page, lang)
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_every_control_of_the_table_has_a_name_in_the_pages_language(browser, server,
                                                                     lang: str) -> None:
    """At a whole decision (chips, Confirm, the board's cards): the chat's box had no
    name."""
    seed, actions = _a_whole_decision()
    game = game_at(server, "national-economy/mecenat", ["human", "human"], seed, actions)
    page = language_page(browser, lang)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    play_seat(page, server, game)
    page.wait_for_selector("#whole", timeout=WAIT)
    page.wait_for_selector("#chat-input")
    assert not unnamed_or_english(page, lang), unnamed_or_english(page, lang)
    assert not page.errors, page.errors
