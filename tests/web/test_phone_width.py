"""The table on a phone (360×740) in English, each title with its longest names: nothing is
wider than its box (企業帝國's corner revenue "$1500" was cut at its cell's edge), and a
card's name keeps its words whole where Chromium cannot hyphenate ("Petrochem|ical
Complex": Debian's Chromium has no hyphenation dictionary, so `hyphens: auto` does nothing
and `overflow-wrap: anywhere` split the word without a hyphen). Hyphenation, where a
browser has it, needs <html lang> to be the page's language: it is."""

from __future__ import annotations

import random
import re

import pytest

import keizai
from keizai.i18n import catalogue
from keizai.rules.national_economy.cards import card_set
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
PHONE = {"width": 360, "height": 740}

# Every element of the table whose content is wider than its box (a box that scrolls by
# design, such as the log or the score table, is left out), and the page's own width.
OVERFLOW = """() => {
  const wide = [];
  for (const el of document.querySelectorAll('.table *')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || ['auto', 'scroll'].includes(style.overflowX)) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      wide.push(`${el.className} (${el.scrollWidth} > ${el.clientWidth}): ${el.textContent}`);
    }
  }
  return { wide, page: document.documentElement.scrollWidth };
}"""
# Every word of a card's or workplace's name that is split over two lines.
SPLIT = """() => {
  const split = [];
  for (const el of document.querySelectorAll('.card-name, .wp-name')) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (range.getClientRects().length > 1) split.push(word[0]);
      }
    }
  }
  return split;
}"""


def _longest_word(title: str) -> str:
    """The building of a National Economy title whose English name has the longest word."""
    names = catalogue("en")
    return max((b.id for b in card_set(title).buildings),
               key=lambda card: max(len(w) for w in names[f"ne.card.{card}"].split()))


def _holding(game: str, card: str) -> tuple[int, list[str]]:
    """A two-player seed and moves after which P1 decides with `card` in hand."""
    for seed in range(60):
        state = keizai.new_game(game, 2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 300:
            me = state.view(0)["players"][0]
            if state.current_player == 0 and any(c["id"] == card for c in me["hand"]):
                return seed, state.record()["actions"]
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no position with {card}")


def _ended(game: str, done=lambda state: True) -> tuple[int, list[str]]:
    """A two-player seed and the moves of the shortest random game (of 60) that `done`
    (the test sends every move to the server)."""
    games = []
    for seed in range(60):
        state = keizai.new_game(game, 2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        if done(state):
            games.append((len(state.history), seed, state.record()["actions"]))
    assert games, f"no such game of {game}"
    return min(games)[1:]


def _positions(title: str) -> list[tuple[int, list[str]]]:
    """Where the longest texts show: a National Economy hand holding the title's
    longest-worded building; Futuropia's and 企業帝國's boards early and late (企業帝國's at
    the end of a game won by four companies: a corner's revenue at its most, $2500)."""
    if title.startswith("national-economy/"):
        return [_holding(title, _longest_word(title.split("/")[1]))]
    if title == "enterprise-empire":
        seed, actions = _ended(title, lambda state: max(
            corner["revenue"] for corner in state.view(None)["corners"]) == 2500)
        return [(seed, actions[:40]), (seed, actions)]
    seed, actions = _ended(title)
    return [(seed, actions[:40]), (seed, actions[:120])]


@pytest.mark.parametrize("title", keizai.games())
def test_nothing_on_the_table_is_wider_than_its_box_on_a_phone(browser, server,
                                                                title: str) -> None:
    page = language_page(browser, "en", **PHONE)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    for seed, actions in _positions(title):
        game = game_at(server, title, ["human", "human"], seed, actions)
        play_seat(page, server, game)
        measured = page.evaluate(OVERFLOW)
        assert measured == {"wide": [], "page": PHONE["width"]}, (title, len(actions), measured)
        assert page.evaluate(SPLIT) == [], (title, len(actions))
    if title.startswith("national-economy/"):
        name = catalogue("en")[f"ne.card.{_longest_word(title.split('/')[1])}"]
        assert name in re.sub(r"\s+", " ", page.inner_text(".table"))
    assert not page.errors, page.errors


def test_the_page_language_is_the_documents_language(browser, server) -> None:
    """<html lang> follows the language menu (the browser hyphenates by it)."""
    page = language_page(browser, "ja", **PHONE)
    page.goto(server.url)
    page.wait_for_selector("select[name=bot-1]")
    assert page.get_attribute("html", "lang") == "ja"
    for lang, code in (("zh-TW", "zh-Hant"), ("en", "en")):
        page.select_option("#lang-select", lang)
        assert page.get_attribute("html", "lang") == code
    assert not page.errors, page.errors
