"""The − and + of a compound decision's chips have names a screen reader can say, in the
page's language, in headless Chromium."""

from __future__ import annotations

import random

import pytest

import keizai
from keizai.i18n import tr
from tests.i18n.test_games_in_three_languages import english_words
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
GAME = "national-economy/mecenat"


def _a_discard() -> tuple[int, list[str]]:
    """A seed and the actions (random play) that lead P1 to discard Consumer Items."""
    for seed in range(200):
        rng = random.Random(seed)
        state = keizai.new_game(GAME, 2, seed=seed)
        while not state.is_over:
            decision = state.pending_decision()
            if (state.current_player == 0 and decision is not None
                    and decision.kind == "discard"
                    and any(c.id == "item" for c in decision.candidates)):
                return seed, state.record()["actions"]
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_plus_and_minus_say_what_they_do_to_which_card(browser, server, lang: str) -> None:
    """A screen reader read a chip's buttons as "+" and "−" (their aria-label was the
    symbol): each says it picks one more or one fewer of the chip's card, in the page's
    language."""
    seed, actions = _a_discard()
    game = game_at(server, GAME, ["human", "human"], seed, actions)
    page = language_page(browser, lang)
    play_seat(page, server, game)
    chip = page.locator(".whole-candidate[data-pick='item']")
    chip.wait_for(timeout=WAIT)
    item = chip.locator(".whole-label").inner_text()   # the card's name ("消費財")
    assert item and not (lang != "en" and english_words(item)), item
    more, fewer = tr("whole_one_more", lang, item), tr("whole_one_fewer", lang, item)
    assert more != fewer and item in more and item in fewer
    assert chip.get_by_role("button", name=more, exact=True).count() == 1
    assert chip.get_by_role("button", name=fewer, exact=True).count() == 1
    if lang != "en":
        assert not english_words(more + fewer), (more, fewer)
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_whole_decision_is_a_group_named_by_its_prompt(browser, server,
                                                           lang: str) -> None:
    """The focus goes to a chip's + when a whole decision begins (test_keyboard_focus): a
    screen reader said "One more: …" and never what is asked. The chips, the total and
    Confirm are a group named by the decision's prompt, which it says on entering."""
    seed, actions = _a_discard()
    game = game_at(server, GAME, ["human", "human"], seed, actions)
    page = language_page(browser, lang)
    play_seat(page, server, game)
    prompt = page.locator("#whole .whole-prompt")
    prompt.wait_for(timeout=WAIT)
    group = page.get_by_role("group", name=prompt.inner_text(), exact=True)
    assert group.count() == 1
    assert group.locator(".whole-candidate .plus").count() >= 1
    assert group.locator("#whole-confirm").count() == 1
    assert not page.errors, page.errors
