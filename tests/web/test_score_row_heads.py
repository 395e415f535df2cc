"""The final scores' row heads keep a Japanese or Chinese word whole. Found by session 32's
new-player pass (h205, Chromium, ja): a row head broke 勝利点カード as 勝利点カー / ド;
a3539ce kept the column heads whole (.scores thead th: word-break: keep-all) but not the
row heads (.scores tbody th), and Japanese and Chinese break between any two characters.
A head with no space in it is now drawn on one line; the scores scroll sideways inside
their panel if they must (test_score_heads.py), the page keeps its width."""

from __future__ import annotations

import pytest

from tests.web.browser import language_page, unavailable_reason
from tests.web.live_server import named_and_finished

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
GAME = "national-economy/mecenat"
SEED = 5
NAMES = ("Alexandrina", "Bartholomew", "Christopher", "Dominique")


def _finished(server) -> dict:
    """A four-seat game whose seats saved names of eleven letters, played to its end at
    random: four columns of scores, as wide as their names, leave the row heads little room."""
    return named_and_finished(server, GAME, 4, SEED, NAMES)

# each row head's text and the lines it is drawn on; how far the page is wider than the window
ROWS = """() => {
  const rows = [...document.querySelectorAll('#scores tbody th')].map((th) => {
    const range = document.createRange();
    range.selectNodeContents(th);
    const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
    const lines = tops.filter((top, i) => tops.findIndex((t) => Math.abs(t - top) < 4) === i);
    return {text: th.textContent, lines: lines.length};
  });
  const page = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  return {rows, page};
}"""


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
@pytest.mark.parametrize("width", [360, 390, 1100])
def test_a_row_head_of_one_word_stays_on_one_line(browser, server, lang: str,
                                                  width: int) -> None:
    game = _finished(server)
    page = language_page(browser, lang, width=width, height=844)
    page.goto(f"{server.url}/#/replay/{game['id']}")
    page.wait_for_selector("#scores tbody th", timeout=WAIT)
    seen = page.evaluate(ROWS)
    unspaced = [row for row in seen["rows"] if " " not in row["text"].strip()]
    assert unspaced, seen
    assert [row for row in unspaced if row["lines"] > 1] == [], seen
    assert seen["page"] == 0, seen
    assert not page.errors, page.errors
