"""The page in headless Chromium: two players by clicking, a solo game, the languages."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from typing import Any

import pytest

import keizai
from tests.web import live_server
from tests.web.browser import POOL, choose_language, unavailable_reason
from tests.web.live_server import LiveServer

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000   # ms: generous bound for one server round trip on a busy machine


def new_page(browser, lang: str = "en"):
    page = POOL.page(browser)
    page.add_init_script(f"localStorage.setItem('keizai.lang', '{lang}')")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    return page


def create_game(page, server: LiveServer, game: str, kinds: list[str]) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=game]", game)
    page.select_option("select[name=players]", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        page.select_option(f"select[name=kind-{seat}]", kind)
    page.click("#create-game")
    page.wait_for_selector("[data-play-seat]")


def step_of(page) -> int:
    return int(page.get_attribute(".table", "data-step"))


def _click_fresh(page, find: Callable[[], Any]) -> bool:
    """Click the element `find()` gives (False when it gives none), found again when a
    render replaced it between finding and clicking ("Element is not attached to the
    DOM": a presence or chat message re-renders the table, seen under load)."""
    from playwright.sync_api import Error as PlaywrightError

    for _ in range(5):
        element = find()
        if element is None:
            return False
        try:
            element.click(timeout=WAIT)
            return True
        except PlaywrightError as error:
            if "not attached to the DOM" not in str(error):
                raise
    raise AssertionError("the element was replaced under every one of 5 clicks")


def _nothing_to_click(page, step: int) -> AssertionError:
    return AssertionError(
        f"my turn but nothing to click at step {step}: status "
        f"{page.inner_text('#status')!r}, choices {page.inner_text('#choices')!r}")


def click_a_legal_action(page, chooser: random.Random) -> None:
    """Click something the page marks as legal (confirming when asked); wait for the move."""
    step = step_of(page)
    # a compound decision: take it one step at a time here
    _click_fresh(page, lambda: page.query_selector("details.one-step:not([open]) summary"))

    def target() -> Any:
        # what a player can click: a legal element hidden at that moment (CI saw one under
        # load, 15 s of "element is not visible") is none; with none left, the error says
        # what the page showed. Visible as the page was at the look-up, not asked of each
        # element afterwards: a draw in between (the state answering a single option the
        # page applied by itself) detached them, a detached element is not visible, and
        # the turn it drew was said to have nothing to click (_click_fresh finds again
        # what a draw replaced)
        targets = page.query_selector_all(".table [data-action].legal >> visible=true")
        return chooser.choice(targets) if targets else None

    if not page.query_selector(".table [data-action].legal"):
        # a render may be under way (CI saw this under load): wait, then say
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        try:
            page.wait_for_selector(".table [data-action].legal, .table[data-turn=other]",
                                   state="attached", timeout=WAIT)
        except PlaywrightTimeout:
            raise _nothing_to_click(page, step) from None
    if page.query_selector(".table[data-turn=other]"):
        return   # the page was behind: the turn it showed had passed (CI, session 13)
    if not _click_fresh(page, target):
        if page.query_selector(".table[data-turn=other]"):
            return   # the turn passed while the page was being read
        raise _nothing_to_click(page, step)
    _click_fresh(page, lambda: page.query_selector("#confirm-yes"))
    page.wait_for_selector(f".table:not([data-step='{step}'])", timeout=WAIT)


def play_by_api(server: LiveServer, game_id: str, tokens: dict[int, str],
                chooser: random.Random, until: Callable[[dict[str, Any]], bool],
                cookie: str | None = None) -> int:
    """Moves chosen at random among the legal ones, each sent through the API by the seat
    to move (`tokens`: the seats played here; the server moves the others, bots), until
    `until(view)` holds for the view of a seat played here whose turn it is: the quick
    way to a late position that the page then plays by clicking. The step reached.
    `cookie`: the page's cookies (a seat an account sat at opens with its session)."""
    deadline = time.monotonic() + 120
    games, http = f"{server.url}/api/games/{game_id}", live_server.http()
    session = {"cookie": cookie} if cookie else {}
    while time.monotonic() < deadline:
        summary = http.get(games).json()
        assert not summary["over"], "the game ended before the position asked for"
        mover = summary["current_player"]
        if mover not in tokens:   # a bot's turn: the server moves it
            time.sleep(0.02)
            continue
        payload = http.get(f"{games}/view", params={"seat": mover},
                           headers={"x-keizai-token": tokens[mover], **session}).json()
        if not payload["legal"]:   # the turn passed meanwhile (a page's single choice)
            continue
        if until(payload["view"]):
            return payload["step"]
        reply = http.post(f"{games}/actions", headers=session, json={
            "seat": mover, "token": tokens[mover], "step": payload["step"],
            "action": chooser.choice(payload["legal"])["name"]})
        if reply.status_code == 409 and reply.json()["error"]["code"] == "stale":
            continue   # the seat's page moved first (it applies a single choice itself)
        assert reply.status_code == 200, reply.text
    raise AssertionError("the position was not reached in 120 s")


def caught_up(page, step: int) -> None:
    """Wait until `page` shows `step` or a later one (the page applies a single choice by
    itself, so it may already be past the step the API reached)."""
    deadline = time.monotonic() + WAIT / 1000
    while step_of(page) < step:
        assert time.monotonic() < deadline, f"the page stayed at step {step_of(page)} < {step}"
        page.wait_for_timeout(20)


def seat_token(page) -> tuple[str, int, str]:
    """The game, seat and token of the table `page` plays (its #/play/ address)."""
    game_id, seat, token = page.url.split("#/play/")[1].split("/")[:3]
    return game_id, int(seat), token


def play_to_the_end(pages: list, chooser: random.Random, limit: int = 1500) -> int:
    for moves in range(limit):
        if all(p.get_attribute(".table", "data-over") == "yes" for p in pages):
            return moves
        mover = next((p for p in pages if p.query_selector(".table[data-turn=mine]")), None)
        if mover is None:   # the other page has not heard of the last move yet
            pages[0].wait_for_timeout(20)
            continue
        click_a_legal_action(mover, chooser)
    raise AssertionError("the game did not end")


def test_a_click_finds_its_element_again_when_a_render_replaced_it(browser) -> None:
    """The table re-rendered between finding a legal action and clicking it (a presence
    message, under load): the click raised "Element is not attached to the DOM"."""
    page = new_page(browser)
    page.set_content("<div id=table><button class=legal>old</button></div>")
    found = []

    def find() -> Any:
        found.append(page.query_selector(".legal"))
        if len(found) == 1:   # a render replaces the element once it has been found
            page.eval_on_selector("#table", """t => { t.innerHTML =
              '<button class=legal>new</button>'; t.firstChild.onclick = () => {
              t.firstChild.textContent = 'clicked'; }; }""")
        return found[-1]

    assert _click_fresh(page, find)
    assert len(found) == 2 and page.inner_text(".legal") == "clicked"
    assert not _click_fresh(page, lambda: None)


# The page's moves held back until the test lets them go (`keizaiRelease()`).
HOLD_MOVES = """(() => { const send = WebSocket.prototype.send; const held = [];
  let holding = true;
  WebSocket.prototype.send = function (data) {
    if (holding && String(data).includes('"type":"act"')) held.push([this, data]);
    else send.call(this, data); };
  window.keizaiRelease = () => { holding = false;
    for (const [socket, data] of held.splice(0)) send.call(socket, data); }; })()"""


class _AnsweredWhileRead:
    """`page` as click_a_legal_action reads it, with the page's held move let go and its
    answer drawn just after the helper's first look-up of the legal elements: what a
    loaded machine did between that look-up and the helper's next call."""

    def __init__(self, page) -> None:
        self.page, self.looked = page, False
        self.offered = False   # the answer drawn was an offer to this seat

    def query_selector_all(self, selector: str) -> list:
        found = self.page.query_selector_all(selector)
        if not self.looked:
            self.looked = True
            step = step_of(self.page)
            self.page.evaluate("window.keizaiRelease()")
            self.page.wait_for_selector(f".table:not([data-step='{step}'])", timeout=WAIT)
            self.offered = bool(self.page.query_selector(
                ".table[data-turn=mine] .ee-offer [data-action=pass].legal"))
        return found

    def __getattr__(self, name: str) -> Any:
        return getattr(self.page, name)


def test_a_click_looks_again_when_the_page_applied_a_single_option_meanwhile(
        browser, server) -> None:
    """企業帝國, P1's first move with no price card in hand: rolling is its only option,
    which the page applies by itself (applySingle), and the roll's state offers P1 the
    material it landed on. The helper found the die, the offer's draw replaced it, and
    asked of the detached die whether it was visible (no): "my turn but nothing to click"
    on the offer's prompt (session 31, under load). It buys or passes instead."""
    game = live_server.game_at(server, "enterprise-empire", ["human", "heuristic"], 0,
                               ["corner:A"])
    page = new_page(browser)
    page.add_init_script(HOLD_MOVES)
    page.goto(f"{server.url}/#/play/{game['id']}/0/{game['seats'][0]['token']}")
    page.wait_for_selector(".table[data-turn=mine] .ee-die.legal", timeout=WAIT)
    rolled = step_of(page)
    reader = _AnsweredWhileRead(page)
    click_a_legal_action(reader, random.Random(1))
    assert reader.offered   # the seed's roll lands where P1 is offered the material
    caught_up(page, rolled + 2)   # the offer answered: only P1 could
    assert not page.errors


def test_two_players_create_join_and_play_to_the_end(browser, server) -> None:
    """Two pages play a game created in the lobby, the second joining by its invite: its
    first eight rounds are sent through the API, the pages following them live; the last
    is played by clicking on both pages, to the end and its replay."""
    host, guest = new_page(browser), new_page(browser)
    create_game(host, server, "national-economy/mecenat", ["human", "human"])
    invite = host.input_value(".invite-url[data-seat='1']")
    host.click("[data-play-seat='0']")
    guest.goto(invite)
    for page in (host, guest):
        page.wait_for_selector(".table")
    host.wait_for_selector(".seats-panel li:nth-child(2):has-text('online')", timeout=WAIT)
    assert host.query_selector("#hand .card")
    watcher = new_page(browser)   # a spectator from the lobby sees no hand
    watcher.goto(server.url + "/")
    watcher.click(".game-row a[href^='#/watch/']")
    watcher.wait_for_selector(".ne .workplace")
    assert watcher.query_selector("#hand") is None
    assert watcher.query_selector("[data-action]") is None
    watcher.close()
    game_id, _, host_token = seat_token(host)
    step = play_by_api(server, game_id, {0: host_token, 1: seat_token(guest)[2]},
                       random.Random(2), lambda view: view["round"] >= 9)
    assert step > 20
    for page in (host, guest):
        caught_up(page, step)
    moves = play_to_the_end([host, guest], random.Random(2))
    assert moves >= 10   # a round of two players' moves, each by clicking on their page
    for page in (host, guest):
        page.wait_for_selector("#scores thead th:nth-child(3)", timeout=WAIT)   # 2 seats
        assert page.query_selector(".table[data-over=yes]")
    host.click("a[href^='#/replay/']")
    host.wait_for_selector("#replay-step")
    host.click("#replay-forward")
    host.wait_for_selector(".replay[data-step='1']", timeout=WAIT)
    host.click("#replay-last")
    host.wait_for_selector("#replay-step:has-text('/')")
    assert not host.errors and not guest.errors


def test_a_solo_game_against_the_solo_rules(browser, server) -> None:
    """The solo goal is shown from the start and at the end (the rounds before the last
    are sent through the API; the last is played by clicking)."""
    page = new_page(browser)
    create_game(page, server, "national-economy/progress", ["human"])
    page.click("[data-play-seat='0']")
    page.wait_for_selector(".table")
    assert "Target" in page.inner_text("#scores")   # the solo goal, shown from the start
    game_id, _, token = seat_token(page)
    step = play_by_api(server, game_id, {0: token}, random.Random(5),
                       lambda view: view["round"] >= 9)
    caught_up(page, step)
    assert play_to_the_end([page], random.Random(5)) > 0
    assert "Target" in page.inner_text("#scores")
    assert not page.errors


def test_the_language_switch(browser, server) -> None:
    page = new_page(browser)
    create_game(page, server, "national-economy/glory", ["human", "bot"])
    page.click("[data-play-seat='0']")
    page.wait_for_selector(".workplace[data-workplace=carpenter]")
    names = {}
    for code in ("ja", "zh-TW", "en"):
        choose_language(page, code)
        names[code] = (page.inner_text(".workplace[data-workplace=carpenter] .wp-name"),
                       page.inner_text(".ne-top"), page.inner_text("#tagline"))
    assert names["ja"][0] == "大工" and "ラウンド" in names["ja"][1]
    assert names["zh-TW"][0] == "木匠" and "輪" in names["zh-TW"][1]
    assert names["en"][0] == "Carpenter" and "Round" in names["en"][1]
    assert len({n[2] for n in names.values()}) == 3
    page.reload()
    page.wait_for_selector(".workplace[data-workplace=carpenter]")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert not page.errors


def test_switching_language_mid_game_changes_the_log_and_the_card_texts(browser, server) -> None:
    """Issue #15: the log and the cards' effect texts follow the chosen language."""
    page = new_page(browser)
    create_game(page, server, "national-economy/mecenat", ["human", "bot"])
    page.click("[data-play-seat='0']")
    page.wait_for_selector(".table[data-turn=mine]")
    page.click(".workplace[data-workplace=mine].legal")
    page.wait_for_selector("#log li:nth-child(3)", timeout=WAIT)  # no eval: the CSP
    page.wait_for_selector(".table[data-turn=mine]", timeout=WAIT)
    seen = {}
    for code in ("ja", "zh-TW", "en"):
        choose_language(page, code)
        seen[code] = (page.inner_text("#log"),
                      page.inner_text(".workplace[data-workplace=mine] .wp-text"),
                      page.inner_text("#hand"), page.inner_text("#choices"))
    log, text, hand, choices = seen["ja"]
    assert "ラウンド1開始" in log and "P1が鉱山に労働者を1人置く。" in log
    # the hand's heading and its cards in Japanese (which cards it holds is the deal's)
    assert text == "建物カードを1枚引く。" and hand.startswith("あなたの手札")
    assert re.search("[A-Za-z]{3,}", hand) is None, hand
    assert "Round" not in log and "Draw" not in text + hand
    assert "労働者を置く職場" in choices and "Click" not in choices
    log, text, hand, choices = seen["zh-TW"]
    assert "第1輪開始" in log and "P1派1名工人到礦山。" in log
    assert text == "抽1張建築物卡。" and "Round" not in log
    assert "職場派出工人" in choices and "Click" not in choices
    log, text, hand, choices = seen["en"]
    assert "Round 1 begins" in log and "P1 places a worker on Mine." in log
    assert text == "Draw 1 building card." and "Click a workplace" in choices
    assert not page.errors


@pytest.mark.parametrize("plain", [False, True], ids=["own-table", "generic-table"])
@pytest.mark.parametrize("game_id", keizai.games())
def test_every_table_is_playable_by_clicking(browser, server, game_id: str,
                                             plain: bool) -> None:
    """Each game's own table, and the generic table any game falls back to."""
    page = new_page(browser)
    page.add_init_script(f"localStorage.setItem('keizai.plain', '{'yes' if plain else 'no'}')")
    create_game(page, server, game_id, ["human", "bot"])
    page.click("[data-play-seat='0']")
    page.wait_for_selector(".table")
    assert page.query_selector(".generic" if plain else ".board > :not(.generic)")
    chooser = random.Random(1)
    for _ in range(6):
        page.wait_for_selector(".table[data-turn=mine], .table[data-over=yes]", timeout=WAIT)
        if page.query_selector(".table[data-over=yes]"):
            break
        click_a_legal_action(page, chooser)
    assert step_of(page) >= 6
    assert not page.errors


def test_the_page_reconnects_after_a_server_crash(browser, server) -> None:
    """The server is killed under an open page and restarted; the page reconnects by
    itself and shows the moves made meanwhile, with the log it missed and no repeats."""
    http = live_server.http()
    game = http.post(f"{server.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
    try:
        page = new_page(browser)
        page.goto(f"{server.url}/#/play/{game['id']}/0/{game['seats'][0]['token']}")
        page.wait_for_selector(".table[data-turn=mine]")
        click_a_legal_action(page, random.Random(1))
        server.kill()
        page.wait_for_selector("#banner:not([hidden])", timeout=WAIT)   # "reconnecting"
        server.start()
        token = game["seats"][1]["token"]
        view = http.get(f"{server.url}/api/games/{game['id']}/view",
                        params={"seat": 1}, headers={"x-keizai-token": token}).json()
        assert view["step"] == 1
        http.post(f"{server.url}/api/games/{game['id']}/actions", json={
            "seat": 1, "token": token, "action": view["legal"][0]["name"]})
        page.wait_for_selector(".table[data-step='2']", timeout=WAIT)
        lines = page.eval_on_selector_all("#log li", "items => items.map(i => i.textContent)")
        expected = http.get(f"{server.url}/api/games/{game['id']}/view", params={"seat": 0},
                            headers={"x-keizai-token": game["seats"][0]["token"]}
                            ).json()["log"]
        assert lines == expected
        assert not page.errors
    finally:   # the module's other tests go on with the server, whatever happened here
        if server.process.poll() is not None:
            server.start()
