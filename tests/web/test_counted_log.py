"""A number and its counter (「2マス」, 「30番」, 「2格」) stay on one line in the log: the
table's Log panel and "Just now" (its 「前の1行」 too), and the replay's log.

Found by h178 from session 29's note (2451fca kept them together in the Choices panel's
buttons and 企業帝國's offer and hand only), measured in Chromium at box widths of 40 to
256 pixels: 企業帝國's log lines broke between the figure and its counter (「…が30番の
航空輸送に移動。」, 「…（5マス）。」, 「…前進8格。」), as did "Just now"'s 「前の1行」."""

from __future__ import annotations

import random

import pytest

import keizai
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at
from tests.web.test_counted_lines import _a_game_with_an_offer

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000
WIDTHS = list(range(40, 260, 8))

# For each element of `selector` with a figure and a counter after it, at each width of
# its box: the figures and counters whose characters sit on two lines. A character's line
# is its box's top, within a pixel: in the Log panel (a scrolled list, its font .85rem)
# the tops fall on half pixels, and a figure's box and a kana's, of two fonts, round apart
# there (test_counted_lines' rounding read them as two lines).
BROKEN = r"""([selector, widths]) => {
  const counted = /(?<![$\dA-Za-z])\d+(?:[\u30a1-\u30ff]+|[\u3400-\u4dbf\u4e00-\u9fff])/g;
  const broken = [];
  let read = 0;
  for (const el of document.querySelectorAll(selector)) {
    if (!el.textContent.match(counted)) continue;
    read += 1;
    const before = el.style.width;
    for (const width of widths) {
      el.style.width = `${width}px`;
      let text = "";
      const tops = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i); range.setEnd(node, i + 1);
          text += node.data[i];
          tops.push(range.getBoundingClientRect().top);
        }
      }
      for (const match of text.matchAll(counted)) {
        const lines = tops.slice(match.index, match.index + match[0].length);
        if (Math.max(...lines) - Math.min(...lines) > 1) {
          broken.push(`${width}px: ${match[0]} in ${el.textContent}`);
        }
      }
    }
    el.style.width = before;
  }
  return [read, broken];
}"""


def _broken(page, selector: str) -> list[str]:
    """The figures and counters of `selector`'s lines that break at a width."""
    read, broken = page.evaluate(BROKEN, [selector, WIDTHS])
    assert read, f"no line of {selector} has a counter"
    return broken


def _finished() -> list[str]:
    """The moves of a whole random 企業帝國 game of two."""
    state = keizai.new_game("enterprise-empire", 2, seed=0)
    rng = random.Random(0)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state.record()["actions"]


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_tables_log_keeps_a_number_and_its_counter_on_one_line(browser, server,
                                                                   lang: str) -> None:
    game = game_at(server, "enterprise-empire", ["human", "human"], 0, _a_game_with_an_offer())
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector("#last-move li", timeout=WAIT)
    assert _broken(page, "#log li") == []
    assert _broken(page, "#last-move li") == []
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_replays_log_keeps_a_number_and_its_counter_on_one_line(browser, server,
                                                                    lang: str) -> None:
    game = game_at(server, "enterprise-empire", ["human", "human"], 0, _finished())
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/replay/{game['id']}")
    page.wait_for_selector("#replay-last", timeout=WAIT)
    page.click("#replay-last")
    page.wait_for_selector(".replay:not([data-step='0'])", timeout=WAIT)
    page.wait_for_selector("#log li", timeout=WAIT)
    assert _broken(page, "#log li") == []
    assert not page.errors, page.errors
