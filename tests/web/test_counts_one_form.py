"""The page writes "2 of a card" as the catalogue's web.count does, in every language, as
the terminal and the page's own decision list do ("Consumer Item ×2", 消費財×2). Found
by session 32's new-player pass (824b7c9 left it): the hand's Consumer Item card read
「消費財」 over "× 2", and a payday sale's set read "2 × Farm" / 「2 × 農場」 (whole.js),
in headless Chromium."""

from __future__ import annotations

import random

import pytest

import keizai
from keizai.i18n import tr
from tests.web.browser import choose_language, language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
GAME = "national-economy/progress"
LANGS = ("en", "ja", "zh-TW")


def _actions(seed: int, want) -> list[str]:
    """The actions (random play from `seed`) that lead seat 0 to a turn `want` accepts."""
    rng = random.Random(seed)
    state = keizai.new_game(GAME, 2, seed=seed)
    while not state.is_over:
        if state.current_player == 0 and want(state):
            return state.record()["actions"]
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def test_the_hand_counts_consumer_items_as_the_catalogue_does(browser, server) -> None:
    def two_items(state) -> bool:
        return state.view(0)["players"][0]["consumer_items"] >= 2
    actions = _actions(0, two_items)
    state = keizai.replay({"game": GAME, "players": 2, "seed": 0, "actions": actions})
    n = state.view(0)["players"][0]["consumer_items"]
    game = game_at(server, GAME, ["human", "human"], 0, actions)
    page = language_page(browser, "en")
    play_seat(page, server, game)
    page.wait_for_selector("#hand .card.item", timeout=WAIT)
    for lang in LANGS:
        choose_language(page, lang)
        name = tr("consumer_item", lang)
        page.wait_for_function("name => document.querySelector('#hand .card.item .card-name')"
                               "?.textContent === name", arg=name, timeout=WAIT)
        text = page.text_content("#hand .card.item")
        assert text == tr("web.count", lang, name=name, n=n), text
    assert not page.errors, page.errors


def test_a_sale_set_counts_a_building_as_the_catalogue_does(browser, server) -> None:
    def two_farms(state) -> bool:
        d = state.pending_decision()
        return d is not None and d.kind == "sell" and any(
            len(set(s)) < len(s) for s in d.sets)
    actions = _actions(8, two_farms)
    state = keizai.replay({"game": GAME, "players": 2, "seed": 8, "actions": actions})
    decision = state.pending_decision()
    assert decision is not None
    index, twice = next((i, s) for i, s in enumerate(decision.sets) if len(set(s)) < len(s))
    cid = next(c for c in twice if twice.count(c) > 1)
    candidate = next(c for c in decision.candidates if c.id == cid)
    game = game_at(server, GAME, ["human", "human"], 8, actions)
    page = language_page(browser, "en")
    play_seat(page, server, game)
    page.wait_for_selector("#whole .whole-set", timeout=WAIT)
    for lang in LANGS:
        choose_language(page, lang)
        counted = tr("web.count", lang, name=candidate.label_in(lang), n=twice.count(cid))
        text = page.inner_text(f"#whole .whole-set[data-set='{index}']")
        assert text.startswith(counted), (text, counted)
    assert not page.errors, page.errors
