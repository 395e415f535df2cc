"""A generator's price in the terminal's menus says it is the price, as the market's table
does (「左：食料$4（2マス → 4）価格$3」). A new player's pass in 日本語 and 繁體中文 (h222)
read 「左：食料$4、$3（2マス → 4）」 and 「購買便宜的（左側）製造機（食物$4：2格 → 4、$3）」:
two prices side by side, once the price marker had moved, with nothing saying which one is
paid (the name's is the printed one); English said "for $3" on the tile and "$4 food: 2 sp
-> 4, $3" when buying."""

from __future__ import annotations

import pytest

from tests.rules.futuropia.helpers import new, play

PRICE = {"en": "costs ${}", "ja": "価格${}", "zh-TW": "價格${}"}
ON_THE_TILE = {"en": "for ${}", "ja": "価格${}", "zh-TW": "價格${}"}


def _moved():
    """The food market after a dear generator was bought: its marker at 1, each price
    other than the printed one."""
    state = new(2)
    play(state, "action:food", "buy:right")
    market = state.view(state.current_player)["markets"]["food"]
    assert all(market[side]["cost"] != market[side]["price"] for side in ("left", "right"))
    return state, market


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_food_tiles_menu_line_says_which_figure_is_the_price(lang: str) -> None:
    state, market = _moved()
    tile = next(a for a in state.legal_actions() if a.name == "action:food")
    line = state.game.describe_action(state.view(state.current_player), tile, lang)
    for side in ("left", "right"):
        assert ON_THE_TILE[lang].format(market[side]["cost"]) in line, line


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_buying_a_generator_says_which_figure_is_the_price(lang: str) -> None:
    state, market = _moved()
    play(state, "action:food")
    view = state.view(state.current_player)
    for side in ("left", "right"):
        buy = next(a for a in state.legal_actions() if a.name == f"buy:{side}")
        line = state.game.describe_action(view, buy, lang)
        assert PRICE[lang].format(market[side]["cost"]) in line, line
