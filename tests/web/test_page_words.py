"""The page as a 日本語 or 繁體中文 reader meets it, walked whole in headless Chromium: no
English word or raw key in any visible text or accessible name (the names that stay are
docs/i18n.md's: seats P1-P4, 企業帝國's corner letters as its board prints them,
Futuropia's tile ids, the site's name, the languages' own names, OpenSkill), no control
without a name, and on a phone nothing wider than its box."""

from __future__ import annotations

import functools
import json
import random
import re

import pytest

import keizai
from keizai.i18n import tr
from tests.i18n.test_games_in_three_languages import english_words
from tests.web.browser import in_time_zone, language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at
from tests.web.test_control_names import unnamed_or_english
from tests.web.test_phone_width import CUT, OVERFLOW, PHONE

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
# Every visible text of the page (and what a screen reader reads of hidden words, .sr-only)
# and every accessible name or tip written in an attribute, each with where it is: the
# classes of its element and its parents', to tell the names that stay.
TEXTS = """() => {
  const where = (el) => { const path = [];
    for (let e = el; e && e !== document.body; e = e.parentElement) path.push(
      `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`);
    return path.join(' < '); };
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.data.trim() || el.closest('option, script, style')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (range.getClientRects().length || el.closest('.sr-only')) {
      found.push([where(el), node.data]);
    }
  }
  const named = '[aria-label], [title], [alt], [placeholder], option';
  for (const el of document.querySelectorAll(named)) {
    if (!el.getClientRects().length && el.tagName !== 'OPTION') continue;
    for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
      if (el.getAttribute(name)) found.push([`${where(el)} @${name}`, el.getAttribute(name)]);
    }
    if (el.tagName === 'OPTION') found.push([where(el), el.textContent]);
  }
  return found; }"""
# The words that stay: the site's name, the rating's method, English in the language list
OWN_NAMES = {"keizai", "OpenSkill", "English"}
TILE_ID = re.compile(r"\b[A-Z]{1,2}\d{1,2}[A-Z]?\b")   # Futuropia's F04, SF1, L01A


def foreign(page) -> list[tuple[str, str]]:
    """The texts of the page with an English word other than the names that stay."""
    found = []
    for where, text in page.evaluate(TEXTS):
        if "fu-" in where or "card-name" in where:
            text = TILE_ID.sub("", text)
        if re.fullmatch(r"\s*[A-D]\s*", text) and "ee-space.corner" in where:
            continue   # 企業帝國's corner cell: the letter its board prints
        if set(english_words(text)) - OWN_NAMES:
            found.append((where, text))
    return found


@functools.cache
def _midgame(game: str, players: int) -> tuple[str, ...]:
    """The first two thirds of a random game of `game` (seed 4)."""
    state = keizai.new_game(game, players, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    actions = state.record()["actions"]
    return tuple(actions[:len(actions) * 2 // 3])


@pytest.mark.parametrize(("game", "players", "lang"), [
    ("national-economy/progress", 2, "ja"), ("national-economy/mecenat", 2, "zh-TW"),
    ("national-economy/glory", 1, "ja"), ("national-economy/glory", 3, "zh-TW"),
    ("futuropia", 2, "ja"), ("futuropia", 3, "zh-TW"),
    ("enterprise-empire", 3, "ja"), ("enterprise-empire", 2, "zh-TW")])
def test_a_table_mid_game_reads_in_the_pages_language_on_a_phone(
        browser, server, game: str, players: int, lang: str) -> None:
    """企業帝國's seat panels ended in a bare corner letter ("P2：ゲーム会社 · C"): the
    corner of its headquarters, which the board and the log call 角C / 角落C."""
    actions = _midgame(game, players)
    created = game_at(server, game, ["human"] * players, 4, actions)
    state = keizai.new_game(game, players, seed=4)
    for name in actions:
        state.apply(name)
    page = language_page(browser, lang, **PHONE)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    assert state.current_player is not None
    play_seat(page, server, created, seat=state.current_player)
    page.wait_for_selector(".table .board .panel", timeout=WAIT)
    assert foreign(page) == []
    assert unnamed_or_english(page, lang) == []
    assert page.evaluate(OVERFLOW) == {"wide": [], "page": PHONE["width"]}
    assert page.evaluate(CUT) == []
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_leaderboard_reads_in_the_pages_language(browser, server, lang: str) -> None:
    """The leaderboard's list of games had no name (a screen reader said "combobox")."""
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/leaderboard/")
    page.wait_for_selector("#board-game", timeout=WAIT)
    assert foreign(page) == []
    assert unnamed_or_english(page, lang) == []
    assert not page.errors, page.errors


@pytest.mark.parametrize(("lang", "zone"), [("ja", "Asia/Tokyo"), ("zh-TW", "Asia/Taipei")])
def test_the_account_page_says_when_in_the_readers_words_and_time(browser, server,
                                                                 lang: str, zone: str) -> None:
    """The account's tables were dated as the server stores them, "2026-12-03T21:58": an
    ISO stamp with its T, in UTC, nine hours before a Tokyo reader's clock. They are dated
    in the page's language and the reader's time zone."""
    page = language_page(browser, lang)
    in_time_zone(page, zone)
    page.goto(f"{server.url}/#/account")
    reply = page.request.post(f"{server.url}/api/account/register", data={
        "username": {"ja": "山田花子", "zh-TW": "王小美"}[lang],
        "password": "correct horse battery"})
    assert reply.status == 201, reply.text()
    table = page.request.post(f"{server.url}/api/tables", headers={
        "x-csrf-token": reply.json()["csrf"]}, data={
        "game": "national-economy/mecenat", "seats": ["human", "easy"]})
    assert table.status == 201, table.text()
    me = page.request.get(f"{server.url}/api/account").json()["account"]
    created = me["hosted"][0]["created"]
    page.reload()
    page.wait_for_selector(".account li", timeout=WAIT)
    line = page.inner_text(".account li")
    assert foreign(page) == [], line
    # the time in the reader's zone (UTC+8 or +9), as the page's language writes it
    local = page.evaluate("""([created, zone, lang]) => new Intl.DateTimeFormat(lang,
      { timeStyle: 'short', timeZone: zone }).format(new Date(created))""",
                          [created, zone, lang])
    assert local in line and created[11:16] not in line, (line, local, created)


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_a_refusal_in_the_banner_reads_in_the_pages_language(browser, server,
                                                             lang: str) -> None:
    """A refusal over the WebSocket (here "not your turn", as a second tab of the same seat
    meets it) showed its code after its words: 「エラー：…（not_your_turn）」. The banner
    and what the live region says hold the words alone."""
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 3)
    page = language_page(browser, lang)
    sockets = []

    def route(ws) -> None:   # everything passes; the route can add a message of its own
        sockets.append(ws)
        ws.connect_to_server()

    page.route_web_socket(re.compile(r".*/ws/games/.*"), route)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-turn=mine]", timeout=WAIT)
    sockets[-1].send(json.dumps({"type": "error", "error": {
        "code": "not_your_turn", "message": "it is P2's turn, not P1's",
        "id": "web.err.not_your_turn", "params": {"current": 1, "seat": 0}}}))
    page.wait_for_selector("#banner:not([hidden])", timeout=WAIT)
    page.wait_for_function("() => document.getElementById('announce').textContent",
                           timeout=WAIT)
    assert tr("web.err.not_your_turn", lang, current=1, seat=0) in page.inner_text("#banner")
    assert foreign(page) == []
    assert not page.errors, page.errors
