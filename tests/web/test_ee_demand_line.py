"""企業帝國's board says the demand card without a number that never changes.

Found in session 32's new player's pass (h205, Chromium, 4 seats against bots, en, ja,
zh-TW): the board said "Demand: Capital (8)" (需要：資金（8）, 需求：資金（8）), a figure
with nothing to say what it counts: the demand pile's size, which is the same all game (a
demand card sold goes under the pile), so it told nothing either. The line now names the
demand card alone, as the terminal does."""

from __future__ import annotations

import random

import pytest

import keizai
from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
GAME = "enterprise-empire"
SEED = 3


def test_the_demand_pile_keeps_its_size_all_game() -> None:
    state, chooser = keizai.new_game(GAME, 4, seed=SEED), random.Random(SEED)
    sizes, sold = {state.view(0)["demand"]["pile"]}, 0
    while not state.is_over:
        seen = len(state.events(None))
        state.apply(chooser.choice(state.legal_actions()))
        sold += sum(e[0] == "ee.log.sell" for e in state.events(None)[seen:])
        sizes.add(state.view(0)["demand"]["pile"])
    assert sold > 0 and len(sizes) == 1, (sold, sizes)


@pytest.mark.skipif(reason is not None, reason=reason or "")
@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_demand_line_names_the_card_alone(browser, server, lang: str) -> None:
    game = game_at(server, GAME, ["human", "human"], SEED)
    demand = keizai.new_game(GAME, 2, seed=SEED).view(0)["demand"]["material"]
    page = language_page(browser, lang, 390, 844)
    play_seat(page, server, game)
    page.wait_for_selector(".ee-board", timeout=15_000)
    line = page.evaluate("""(label) => [...document.querySelectorAll('.table div')]
      .find((div) => div.firstChild?.nodeType === Node.TEXT_NODE
                     && div.firstChild.textContent.startsWith(label))?.textContent""",
                         tr("ee_demand", lang))
    assert line == (tr("ee_demand", lang) + tr("colon", lang)
                    + tr(f"ee.material.{demand}", lang)), line
    assert not page.errors, page.errors
