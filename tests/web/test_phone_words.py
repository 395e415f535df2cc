"""What a new player on a 390 px phone (ja, zh-TW) stumbled on at the table, in headless
Chromium: Futuropia's houses read "L13" on the board but 住宅13 / 房舍13 in the choices and
the log, so the board's house could not be matched with the choice's (now both name it by
its price and beds); the reason the
Undo button is disabled took three lines of the Choices panel that stays on top of the
screen on most turns against bots; the join bar's 「着席」 (入座, "Sit down") made a player
who was already playing their seat think they were not seated yet."""

from __future__ import annotations

import pytest

from keizai import i18n
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
# seed 3, two seats: P1 invites three residents and buys houses for them (a whole decision)
TO_HOUSES = ("action:power", "buy:none", "action:food", "buy:right", "action:food",
             "buy:right", "action:subsidy", "refresh", "pay:energy", "action:robots",
             "robots:1", "action:power", "buy:right", "action:food", "buy:right",
             "action:robots", "robots:3", "action:power", "buy:none", "refresh", "pay:food",
             "action:power", "buy:none", "action:invite", "invite:3")


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_house_on_the_board_reads_as_its_choice(browser, server, lang: str) -> None:
    """Each house the choices offer is named on the board as in the list, by its price
    and beds: "$8 house (5 beds)", 住宅$8（ベッド5）, 房舍$8（5床）."""
    game = game_at(server, "futuropia", ["human", "human"], 3, TO_HOUSES)
    page = language_page(browser, lang, width=390, height=844)
    play_seat(page, server, game)
    page.wait_for_selector("#whole .whole-candidate", timeout=WAIT)
    board = dict(page.eval_on_selector_all(
        ".fu-house[data-house]", "es => es.map((e) => [e.dataset.house,"
        " e.querySelector('.card-name').textContent])"))
    offered = page.eval_on_selector_all(
        "#whole .whole-candidate", "es => es.map((e) => [e.dataset.pick,"
        " e.querySelector('.whole-label').textContent])")
    assert len(offered) >= 10
    for pick, label in offered:
        tile = pick[:-1]   # the face's id: tile and side ("L13A")
        assert board[tile] == label, (tile, board[tile], label)
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_why_undo_is_disabled_keeps_to_a_line_on_a_phone(browser, server, lang: str) -> None:
    """Seed 1 of mecenat: after P1's School the bot draws at the Mine, and Undo is
    disabled. On a 390 px phone its reason takes one line beside the button, not three;
    it stays the button's title and accessible description (a screen reader says it
    whole), and a tap on it shows it whole."""
    game = game_at(server, "national-economy/mecenat", ["human", "random"], 1)
    page = language_page(browser, lang, width=390, height=844)
    play_seat(page, server, game)
    page.click(".workplace.legal[data-action='place:school']")
    page.wait_for_selector("#undo[disabled]", timeout=WAIT)
    why = i18n.tr("web.undo.revealed_by", lang, seat=1)
    line = page.eval_on_selector("#undo", "(e) => e.getBoundingClientRect().height")
    assert page.eval_on_selector(".undo", "(e) => e.getBoundingClientRect().height") <= line
    assert page.get_attribute("#undo", "title") == why
    described = page.get_attribute("#undo", "aria-describedby")
    assert page.text_content(f"#{described}").strip() == why
    page.click("#undo-why")
    assert page.eval_on_selector(".undo", "(e) => e.getBoundingClientRect().height") > line
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_why_undo_is_disabled_keeps_to_the_phones_width(browser, server, lang: str) -> None:
    """The reason beside the disabled Undo is one line, cut at the screen's edge: the
    phone's one grid column grew to the whole line instead (the page 798 px wide in
    zh-TW, 1,207 px in English, on a 390 px screen, every panel scrolled sideways) and
    the button shrank to one character a line (悔 over 棋). Opened, it wraps within the
    screen."""
    game = game_at(server, "national-economy/mecenat", ["human", "random"], 1)
    page = language_page(browser, lang, width=390, height=844)
    play_seat(page, server, game)
    page.click(".workplace.legal[data-action='place:school']")
    page.wait_for_selector("#undo[disabled]", timeout=WAIT)
    width = "() => document.documentElement.scrollWidth"
    assert page.evaluate(width) <= 390
    right = "(e) => e.getBoundingClientRect().right"
    assert page.eval_on_selector("#undo-why", right) <= page.eval_on_selector("#choices", right)
    label = page.eval_on_selector("#undo", "(e) => e.getClientRects().length"), page.evaluate(
        """() => { const r = document.createRange();
          r.selectNodeContents(document.querySelector('#undo'));
          return new Set([...r.getClientRects()].map((c) => Math.round(c.top))).size; }""")
    assert label == (1, 1), label   # the button's word on one line
    page.click("#undo-why")
    page.wait_for_selector("#undo-why.whole", timeout=WAIT)
    assert page.evaluate(width) <= 390
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_join_bar_says_it_saves_the_name(browser, server, lang: str) -> None:
    """A guest opening their seat's link plays it already (the choices are theirs); the
    join bar only names the seat. Its button says so (「名前を保存」, 儲存名字, "Save my
    name"), not 着席 / 入座 / "Sit down"; pressed, the seat takes the name and the bar goes."""
    game = http().post(f"{server.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "random"]}).json()
    page = language_page(browser, lang, width=390, height=844)
    play_seat(page, server, game)
    page.wait_for_selector("#join-bar", timeout=WAIT)
    assert page.locator(".workplace.legal").count() > 0   # seated and playing already
    button = page.inner_text("#join-bar button[type=submit]").strip()
    assert button == i18n.tr("save_my_name", lang)
    assert not any(word in button for word in ("Sit", "着席", "入座"))
    page.fill("#player-name", "Gil")
    page.click("#join-bar button[type=submit]")
    page.wait_for_selector(".seats-panel li:first-child:has-text('Gil')", timeout=WAIT)
    assert page.query_selector("#join-bar") is None
    assert not page.errors, page.errors
