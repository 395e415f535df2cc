"""企業帝國's board names each space by the same short code on the page (a phone's narrow
cells and their legend) and in the terminal: found by session 31's new player's pass, the
page cut each space's name to its first two characters (原料 for 原料需求, which is the
rulebook's word for every material and every supply space; 市場 for 市場調查; 物業) where
the terminal said 需求, 調查 and 地產. Both read the catalogue's `ee.code.<kind>`."""

from __future__ import annotations

import pytest

import keizai
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
GAME = "enterprise-empire"
SEED = 3


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_page_and_the_terminal_give_each_space_one_code(browser, server,
                                                             lang: str) -> None:
    game = game_at(server, GAME, ["human", "human"], SEED)
    state = keizai.new_game(GAME, 2, seed=SEED)
    view = state.view(0)
    terminal = state.game.render_text(view, lang, 80)
    page = language_page(browser, lang, 390, 800)
    play_seat(page, server, game)
    page.wait_for_selector(".ee-board .ee-code", timeout=WAIT)
    codes = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
      '.ee-space')].filter((cell) => cell.querySelector('.ee-code')).map((cell) =>
      [cell.dataset.space, cell.querySelector('.ee-code').textContent]))""")
    assert len(codes) == 32   # the small spaces; the corners show their letters
    for space, code in codes.items():
        assert f"{int(space):>2} {code}" in terminal, (space, code)
    if lang == "zh-TW":   # the rulebook's 原料需求 and 市場調查, by their own words
        by_kind = {view["board"][int(space)]: code for space, code in codes.items()}
        assert by_kind["material_demand"] == "需求"
        assert by_kind["market_research"] == "調查"
        assert by_kind["property_sales"] == "地產"
    legend = page.inner_text("#ee-legend")
    assert all(code in legend for code in codes.values()), legend
    assert not page.errors, page.errors
