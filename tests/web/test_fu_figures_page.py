"""What a new player's pass in 日本語 and 繁體中文 found on Futuropia's page (h222, Chromium,
1280 × 800 and 390 × 844): every house card broke its points inside the word, 「勝 / 利点-1」
(its beds, energy and points were one text, and a Japanese line may break between any two
characters); and a community's money read 「お金58」, 「金錢12」, a count of something, where
the terminal, the log and National Economy's page write money as money: 「$58」."""

from __future__ import annotations

import pytest

import keizai
from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000

# The lines each figure of an element's text takes: a Range over the figure's characters
# (across the element's text nodes) gives one rectangle per line it is drawn on.
LINES_OF = """([element, figure]) => {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const nodes = [];
  let text = "";
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push([node, text.length]);
    text += node.data;
  }
  const at = text.indexOf(figure);
  if (at < 0) return -1;
  const place = (offset) => {
    const [node, start] = nodes.filter(([, s]) => s <= offset).pop();
    return [node, offset - start];
  };
  const range = document.createRange();
  range.setStart(...place(at));
  range.setEnd(...place(at + figure.length - 1));
  range.setEnd(range.endContainer, range.endOffset + 1);
  const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
    .map((r) => Math.round(r.top)));
  return tops.size;
}"""


def _figures(lang: str, house: dict) -> list[str]:
    vp = house["vp"]
    return [tr("whole_beds", lang, house["beds"]), tr("whole_energy", lang, house["energy"]),
            tr("whole_vp", lang, f"+{vp}" if vp > 0 else vp)]


@pytest.mark.parametrize("lang", ["ja", "zh-TW", "en"])
def test_a_house_cards_figures_never_break_inside_a_word(browser, server, lang: str) -> None:
    """On a phone each house card's line 「ベッド1・エネルギー1・勝利点-1」 wraps; it broke
    inside 勝利点 (「勝」 at one line's end, 「利点-1」 on the next). Each figure now keeps to
    one line, whichever line the card's width gives it."""
    game = game_at(server, "futuropia", ["human", "human"], 3)
    view = keizai.new_game("futuropia", 2, seed=3).view(0)
    page = language_page(browser, lang, width=390, height=844)
    play_seat(page, server, game)
    page.wait_for_selector(".fu-house[data-house] .card-text", timeout=WAIT)
    checked = 0
    for house in view["house_supply"]:
        card = page.query_selector(f".fu-house[data-house='{house['id']}'] .card-text")
        assert card is not None, house["id"]
        for figure in _figures(lang, house):
            lines = card.evaluate(f"(e, f) => ({LINES_OF})([e, f])", figure)
            assert lines == 1, (house["id"], figure, lines, card.inner_text())
            checked += 1
    assert checked >= 30
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["ja", "zh-TW", "en"])
def test_a_communitys_money_reads_as_money(browser, server, lang: str) -> None:
    """The money of each community is written as every other price of the game: "$12",
    as the terminal's 「P1：$12、食料3…」 and the log's 「P1が$1を支払う」 (it was 「お金12」)."""
    game = game_at(server, "futuropia", ["human", "human"], 3)
    view = keizai.new_game("futuropia", 2, seed=3).view(0)
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector(".player[data-seat] .fu-resource", timeout=WAIT)
    for community in view["communities"]:
        seat = community["seat"]
        shown = page.inner_text(f".player[data-seat='{seat}'] .fu-resource >> nth=0")
        money = tr("web.stat", lang, label=tr("fu_money", lang), figure=f"${community['money']}")
        assert shown == money, (seat, shown, money)
    assert not page.errors, page.errors
