"""A market's price marker line says what the marker does to the prices.

Found in session 32's new player's pass (h205, Chromium, en/ja/zh-TW): "The food price
marker moves to 2." (ja 価格マーカーが2に動く, zh-TW 價格指示物移到2) was a number without
its meaning, and the next purchase's prices changed by it: the cheap generator costs the
marker's number of dollars below its printed price, the dear one above (reference §7)."""

from __future__ import annotations

import pytest

from tests.rules.futuropia.helpers import new, play, set_gens

SAID = {
    "en": ("The food price marker moves to {k}: the cheap food generator costs ${k} less "
           "than its printed price, the dear one ${k} more."),
    "ja": ("食料市場の価格マーカーが{k}に動く"
           "（安い方の製造機は印刷価格より${k}安く、高い方は${k}高い）。"),
    "zh-TW": "食物市場的價格指示物移到{k}（便宜的製造機比印刷價格便宜${k}，昂貴的貴${k}）。",
}


@pytest.mark.parametrize("lang", list(SAID))
def test_the_marker_line_says_what_it_does_to_the_prices(lang: str) -> None:
    state = new(2)
    play(state, "action:food", "buy:right")
    market = state.view(None)["markets"]["food"]
    k = market["marker"]
    assert k > 0
    # what the line says is what the market now asks
    assert market["left"]["cost"] == market["left"]["price"] - k
    assert market["right"]["cost"] == market["right"]["price"] + k
    assert SAID[lang].format(k=k) in state.log(0, lang), state.log(0, lang)


ZERO = {
    "en": "The food price marker moves back to 0: the food generators cost their printed prices.",
    "ja": "食料市場の価格マーカーが0に戻る（製造機は印刷価格どおり）。",
    "zh-TW": "食物市場的價格指示物回到0（製造機按印刷價格計價）。",
}


@pytest.mark.parametrize("lang", list(ZERO))
def test_back_on_zero_the_line_says_the_prices_are_the_printed_ones(lang: str) -> None:
    """The last cheap generator bought sends the marker back to 0 (reference §7)."""
    state = new(2)
    play(state, "action:food", "buy:right", "action:food", "buy:right",
         "refresh", "pay:food", "pay:food", "pay:food", "pay:food", "action:food", "buy:left")
    market = state.view(None)["markets"]["food"]
    assert market["marker"] == 0
    assert market["left"]["cost"] == market["left"]["price"]
    assert market["right"]["cost"] == market["right"]["price"]
    assert ZERO[lang] in state.log(0, lang), state.log(0, lang)


FULL = {
    "en": ("P2 has 7 generators, the most allowed, so the food price marker moves to 1 all"
           " the same: the cheap food generator costs $1 less than its printed price, the"
           " dear one $1 more."),
    "ja": ("P2は製造機が上限の7台なので、買わなくても食料市場の価格マーカーが1に動く"
           "（安い方の製造機は印刷価格より$1安く、高い方は$1高い）。"),
    "zh-TW": ("P2已有上限的7部製造機，不買仍使食物市場的價格指示物移到1"
              "（便宜的製造機比印刷價格便宜$1，昂貴的貴$1）。"),
}


@pytest.mark.parametrize("lang", list(FULL))
def test_a_marker_moved_by_a_full_seat_says_so_too(lang: str) -> None:
    """Seven generators and nothing bought still move the marker (reference §7)."""
    state = new(2)
    play(state, "action:food", "buy:none")
    set_gens(state, 1, ["SF1", "SF2", "SP1", "P08", "P09", "P10", "P11"])
    play(state, "action:food", "buy:none")
    market = state.view(None)["markets"]["food"]
    assert market["marker"] == 1 and market["right"]["cost"] == market["right"]["price"] + 1
    assert FULL[lang] in state.log(0, lang), state.log(0, lang)
