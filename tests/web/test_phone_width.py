"""The table on a phone (360×740) in English, each title with its longest names: nothing is
wider than its box (企業帝國's corner revenue "$1500" was cut at its cell's edge), and a
card's name keeps its words whole where Chromium cannot hyphenate ("Petrochem|ical
Complex": Debian's Chromium has no hyphenation dictionary, so `hyphens: auto` does nothing
and `overflow-wrap: anywhere` split the word without a hyphen). Hyphenation, where a
browser has it, needs <html lang> to be the page's language: it is."""

from __future__ import annotations

import functools
import random
import re
from typing import TypedDict

import pytest

import keizai
from keizai.i18n import catalogue
from keizai.rules.national_economy.cards import card_set
from tests.web.browser import choose_language, language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")


class Screen(TypedDict):
    width: int
    height: int


PHONE: Screen = {"width": 360, "height": 740}

# Every element of the table whose content is wider than its box (a box that scrolls by
# design, such as the log or the score table, is left out, and words for a screen reader
# only, .sr-only, which are no box at all), and the page's own width.
OVERFLOW = """() => {
  const wide = [];
  for (const el of document.querySelectorAll('.table *')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || ['auto', 'scroll'].includes(style.overflowX)) continue;
    if (el.closest('.sr-only')) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      wide.push(`${el.className} (${el.scrollWidth} > ${el.clientWidth}): ${el.textContent}`);
    }
  }
  return { wide, page: document.documentElement.scrollWidth };
}"""
# Every element that hides what does not fit (企業帝國's board cells) whose content is taller
# than its box: text cut at its bottom edge, which the width check above does not see
# (.sr-only's words are for a screen reader only).
CUT = """() => [...document.querySelectorAll('.table *')].filter((el) => {
  const style = getComputedStyle(el);
  return style.display !== 'none' && ['hidden', 'clip'].includes(style.overflowY)
    && !el.closest('.sr-only') && el.scrollHeight > el.clientHeight + 1;
}).map((el) => `${el.className} (${el.scrollHeight} > ${el.clientHeight}): ${el.textContent}`)"""
# 企業帝國's chips (a material and its count, a space's code and name) split over two lines.
SPLIT_CHIPS = """() => [...document.querySelectorAll('.ee .chip')]
  .filter((el) => el.getClientRects().length > 1).map((el) => el.textContent)"""
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


@functools.cache
def _ended(game: str, done=lambda state: True, players: int = 2) -> tuple[int, tuple[str, ...]]:
    """A seed and the moves of the shortest random game (of 60) that `done` (the test
    sends every move to the server)."""
    games = []
    for seed in range(60):
        state = keizai.new_game(game, players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        if done(state):
            games.append((len(state.history), seed, tuple(state.record()["actions"])))
    assert games, f"no such game of {game}"
    return min(games)[1:]


def _top_revenue(state) -> bool:
    """企業帝國 won by four companies: a corner's revenue at its most, $2500."""
    return max(corner["revenue"] for corner in state.view(None)["corners"]) == 2500


def _positions(title: str) -> list[tuple[int, list[str] | tuple[str, ...]]]:
    """Where the longest texts show: a National Economy hand holding the title's
    longest-worded building; Futuropia's and 企業帝國's boards early and late (企業帝國's at
    the end of a game won by four companies: a corner's revenue at its most, $2500)."""
    if title.startswith("national-economy/"):
        return [_holding(title, _longest_word(title.split("/")[1]))]
    if title == "enterprise-empire":
        seed, actions = _ended(title, _top_revenue)
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
        assert page.evaluate(CUT) == [], (title, len(actions))
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
        choose_language(page, lang)
        assert page.get_attribute("html", "lang") == code
    assert not page.errors, page.errors


@pytest.fixture(scope="module")
def ended_empires(server) -> dict[int, dict]:
    """The server's games of 企業帝國 of two and of four played to such an end (each
    language's test reads the same ones: sending a whole game takes seconds)."""
    games = {}
    for players in (2, 4):
        seed, actions = _ended("enterprise-empire", _top_revenue, players)
        games[players] = game_at(server, "enterprise-empire", ["human"] * players, seed,
                                 actions)
    return games


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_enterprise_empires_cells_show_all_they_hold_on_a_phone(browser, server,
                                                                 ended_empires,
                                                                 lang: str) -> None:
    """At the end of a game of two and of four (a corner's revenue at its most, every pawn
    on the board, the bank and the groups' materials at their fullest), in each language:
    no board cell, which hides its overflow, has text cut at its bottom (none had: the
    rows grow with their cells; the check stands), nothing is wider than its box, and a
    chip is never split over two lines (「航空機」 and its count 「1」 were, in 日本語)."""
    page = language_page(browser, lang, **PHONE)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    for players, game in ended_empires.items():
        play_seat(page, server, game)
        assert page.locator(".ee-space").count() == 36
        assert page.evaluate(CUT) == [], (players, lang)
        assert page.evaluate(OVERFLOW) == {"wide": [], "page": PHONE["width"]}, (players, lang)
        assert page.evaluate(SPLIT_CHIPS) == [], (players, lang)
    assert not page.errors, page.errors
