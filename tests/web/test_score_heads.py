"""The final scores' column heads keep a name whole where it fits.

Found in session 32's new player's pass (h205) in Chromium: on a 1100-px replay of a
three-seat game (ja) the final-scores header broke ボブ into ボ / ブ, one character a line,
and "1." away from its name: style.css let the heads break anywhere (61e8c49, so that a
one-word name of 24 W stays on a phone's screen), which Chromium's table layout reads as
a column that may be one character wide, and a Japanese name breaks between any two
characters anyway. A head now breaks only where it must: the scores scroll sideways
inside their panel (as they did) rather than a name breaking into letters."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import language_page, unavailable_reason
from tests.web.live_server import named_and_finished

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
GAME = "national-economy/mecenat"
SEED = 5
LONGEST = "W" * 24

# how many lines each head's name is drawn on, and how far the page is wider than the window
HEADS = """() => {
  const heads = [...document.querySelectorAll('#scores thead th')].slice(1).map((th) => {
    // the lines the name (the head's last text, after its place and pawn) is drawn on
    const range = document.createRange();
    range.selectNodeContents(th.lastChild);
    const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
    const lines = tops.filter((top, i) => tops.findIndex((t) => Math.abs(t - top) < 4) === i);
    return {name: th.lastChild.textContent, lines: lines.length};
  });
  const page = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  return {heads, page};
}"""


def _finished(server, names: tuple[str, ...]) -> dict[str, Any]:
    """A three-seat game whose first seats saved `names`, played to its end at random."""
    return named_and_finished(server, GAME, 3, SEED, names)


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_short_name_stays_on_one_line_of_the_final_scores(browser, server, lang: str
                                                            ) -> None:
    game = _finished(server, ("Ann", "ボブ"))
    page = language_page(browser, lang, width=1100)
    page.goto(f"{server.url}/#/replay/{game['id']}")
    page.wait_for_selector("#scores thead th", timeout=WAIT)
    seen = page.evaluate(HEADS)
    assert [head["lines"] for head in seen["heads"]] == [1, 1, 1], seen
    assert seen["page"] == 0, seen
    assert not page.errors, page.errors


@pytest.mark.parametrize("width", [360, 390])
def test_a_name_of_one_long_word_keeps_the_phones_page_in_its_width(browser, server,
                                                                    width: int) -> None:
    game = _finished(server, (LONGEST, "ボブ"))
    page = language_page(browser, "ja", width=width, height=844)
    page.goto(f"{server.url}/#/replay/{game['id']}")
    page.wait_for_selector("#scores thead th", timeout=WAIT)
    seen = page.evaluate(HEADS)
    assert seen["page"] == 0, seen
    # the scores' panel scrolls sideways within the page if it must
    inside = page.evaluate("""() => { const box = document.querySelector('#scores')
      .getBoundingClientRect(); return box.right <= document.documentElement.clientWidth; }""")
    assert inside, seen
    assert not page.errors, page.errors
