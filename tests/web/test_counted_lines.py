"""A number and its counter (「2マス」, 「2格」) stay on one line on the page, as in the
terminal (`keizai.rules.folding.counts`).

Found from the session-29 attack pass's list (h161), then measured in Chromium: a line of
日本語 may break between a figure and the kana after it, and 「$3の価格カードを出す：2マス
進む」 in a box 68, 72, 100, 104 or 188-200 pixels wide read 「…：2」 / 「マス進む」. The
page keeps them together where it writes them (dom.js `counted`): the Choices panel's
buttons and 企業帝國's offer and price cards in hand."""

from __future__ import annotations

import random

import pytest

import keizai
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000

# For each element of `selector`, at each width of its box: the pairs of a figure and
# the counter after it that sit on two lines (each character's line from its box).
BROKEN = r"""([selector, widths]) => {
  const counter = /[\u30a1-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/;
  const broken = [];
  for (const el of document.querySelectorAll(selector)) {
    const before = el.style.width;
    for (const width of widths) {
      el.style.width = `${width}px`;
      const chars = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i); range.setEnd(node, i + 1);
          const box = range.getBoundingClientRect();
          if (box.height) chars.push([node.data[i], Math.round(box.top)]);
        }
      }
      for (let i = 1; i < chars.length; i += 1) {
        const [c, top] = chars[i];
        const [d, above] = chars[i - 1];
        // the figure's number (not a sum of money) and the counter after it
        let k = i - 1;
        while (k > 0 && /\d/.test(chars[k - 1][0])) k -= 1;
        const money = k > 0 && chars[k - 1][0] === "$";
        const after = /\d/.test(d) || (counter.test(d) && /[\u30a1-\u30ff]/.test(c));
        if (after && counter.test(c) && top !== above && !money) {
          broken.push(`${width}px: ${el.textContent}`);
        }
      }
    }
    el.style.width = before;
  }
  return broken;
}"""


def _a_game_with_an_offer() -> list[str]:
    """The moves of a random game to P1's decision on an offer with price cards in hand."""
    state = keizai.new_game("enterprise-empire", 2, seed=0)
    rng = random.Random(0)
    while not (state.current_player == 0 and state.view(0)["offer"] is not None
               and state.view(0)["players"][0]["hand"]):
        state.apply(rng.choice(state.legal_actions()))
    return state.record()["actions"]


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_a_number_and_its_counter_stay_on_one_line(browser, server, lang: str) -> None:
    game = game_at(server, "enterprise-empire", ["human", "human"], 0, _a_game_with_an_offer())
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector(".ee-offer", timeout=WAIT)
    widths = list(range(40, 260, 4))
    broken = []
    for selector in (".ee-offer", ".ee-hand .card", "#choices button"):
        assert page.locator(selector).count(), selector   # the check reads something
        broken += page.evaluate(BROKEN, [selector, widths])
    assert broken == [], broken
    assert not page.errors, page.errors
