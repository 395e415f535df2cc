"""What a screen reader is told without looking: the page's live region (role status)
says when the turn becomes the reader's, what the banner says and what the other seats
did, in the page's language, in headless Chromium."""

from __future__ import annotations

import random

import httpx
import pytest

import keizai
from keizai.i18n import action_label, render, tr
from tests.web.browser import choose_language, language_page, play_seat, unavailable_reason
from tests.web.live_server import LiveServer, game_at, http
from tests.web.test_table_notes import _last_step_single

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
HANDOVER_AFTER = 1.0   # own_server: seconds away before another may hand a seat to a bot


@pytest.fixture(scope="module")
def own_server(tmp_path_factory):
    """This module's own server: a fast turn clock of 13 s, a seat offered to the others
    for a bot once its player has been away HANDOVER_AFTER s, and bots that wait 30 s
    before they move (what the tests wait for is said long before)."""
    # 13 s: the warning is said as the time left crosses 10 s, so the page must tick at
    # more than 10 s once the deadline has come (within its tick of a second)
    path = tmp_path_factory.mktemp("announcements")
    live = LiveServer(f"sqlite:///{path / 'own.sqlite3'}", path / "server.log",
                      bot_delay=30.0, extra=("--no-rate-limits", "--clock-fast", "13",
                                             "--handover-after", str(HANDOVER_AFTER))
                      ).start()
    yield live
    live.stop()


def _said(page) -> str:
    region = page.locator("#announce[role=status][aria-live=polite]")
    return region.text_content() or ""


# Every line the live region was given since the page opened, in order (what a screen
# reader queues, though a later line replaces an earlier one in the region).
RECORD = """window.saidLines = [];
  new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes) {
    if (n.parentElement?.id === 'announce') window.saidLines.push(n.textContent); } })
  .observe(document, { childList: true, subtree: true });"""


def _wait_ever_said(page, text: str, timeout: int = WAIT) -> None:
    """Wait until the live region has been given `text`; if it never is, fail saying
    what it was given and how the Seats panel stands."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    try:
        page.wait_for_function("(text) => window.saidLines.includes(text)", arg=text,
                               timeout=timeout)
    except PlaywrightTimeout:
        seats = page.inner_text(".seats-panel") if page.query_selector(".seats-panel") else None
        raise AssertionError(f"never said {text!r}; said {page.evaluate('window.saidLines')!r}"
                             f"; the Seats panel: {seats!r}") from None


def _wait_said(page, text: str) -> None:
    page.wait_for_function("(want) => document.getElementById('announce').textContent === want",
                           arg=text, timeout=WAIT)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_turn_becoming_ones_own_is_said(browser, server, lang: str) -> None:
    """Nothing told a screen reader that the turn had come (the tab's title and a chime
    did): the live region says "Your turn" once the other player has moved."""
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 3)
    page = language_page(browser, lang)
    play_seat(page, server, game, seat=1)
    page.wait_for_selector(".table[data-turn=other]", timeout=WAIT)
    page.wait_for_timeout(200)
    assert _said(page) == ""
    view = httpx.get(f"{server.url}/api/games/{game['id']}/view", params={"seat": 0},
                     headers={"x-keizai-token": game["seats"][0]["token"]}).json()
    assert view["current_player"] == 0
    reply = httpx.post(f"{server.url}/api/games/{game['id']}/actions", json={
        "seat": 0, "token": game["seats"][0]["token"], "action": view["legal"][0]["name"]})
    assert reply.status_code == 200, reply.text
    page.wait_for_selector(".table[data-turn=mine]", timeout=WAIT)
    page.wait_for_function("(want) => document.querySelector('#announce p:last-child')"
                           "?.textContent === want", arg=tr("your_turn", lang), timeout=WAIT)
    assert not page.errors, page.errors


def test_the_banner_is_said(browser, server) -> None:
    """The banner (a refusal, a lost connection) changed silently: the live region says
    it too."""
    page = language_page(browser, "zh-TW")
    page.goto(f"{server.url}/#/play/no-such-game/0/token")
    page.wait_for_selector("#banner:not([hidden])", timeout=WAIT)
    text = page.inner_text("#banner")
    assert tr("not_found", "zh-TW") in text
    _wait_said(page, text)
    assert not [e for e in page.errors if "404" not in e], page.errors   # the game's 404s


def _a_hidden_draw() -> tuple[int, list[str], str]:
    """A seed, the moves to a position where P2 is to move, and P2's move there that
    draws a card (P2's log names it, the others' does not) and gives P1 the turn."""
    for seed in range(40):
        rng = random.Random(seed)
        state = keizai.new_game("national-economy/mecenat", 2, seed=seed)
        while not state.is_over:
            if state.current_player == 1:
                for action in state.legal_actions():
                    after = state.clone()
                    start = after.event_count()
                    after.apply(action)
                    if (after.current_player == 0 and after.events_since(0, start)
                            != after.events_since(1, start)):
                        return seed, state.record()["actions"], action.name
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def _open_then_move(browser, server, game: dict, lang: str, mover: int, move: str):
    """The reader (seat 0) opens the table in `lang`, every line the live region is given
    recorded (RECORD), its single choices not applied by the page (the lines said are
    the moves' sent); once it is drawn, seat `mover` sends `move` over HTTP."""
    page = language_page(browser, lang)
    page.add_init_script(RECORD)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    play_seat(page, server, game)
    page.wait_for_selector(f".table[data-turn={'mine' if mover == 0 else 'other'}]",
                           timeout=WAIT)
    reply = http().post(f"{server.url}/api/games/{game['id']}/actions", json={
        "seat": mover, "token": game["seats"][mover]["token"], "action": move})
    assert reply.status_code == 200, reply.text
    return page


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_another_players_move_is_said_without_what_is_hidden(browser, server,
                                                             lang: str) -> None:
    """The other player's move changed the board silently: only "Your turn" was said.
    The live region now says that move's lines of the log, as this seat reads them (a
    card drawn is not named), and nothing of the log before them."""
    seed, actions, move = _a_hidden_draw()
    game = game_at(server, "national-economy/mecenat", ["human", "human"], seed, actions)
    state = keizai.new_game("national-economy/mecenat", 2, seed=seed)
    for name in actions:
        state.apply(name)
    start = state.event_count()
    state.apply(move)
    public = [render(e, lang) for e in state.events_since(0, start)]
    hidden = set(render(e, lang) for e in state.events_since(1, start)) - set(public)
    assert hidden
    page = _open_then_move(browser, server, game, lang, 1, move)
    page.wait_for_selector(".table[data-turn=mine]", timeout=WAIT)
    _wait_said(page, "".join([*public, tr("your_turn", lang)]))
    said = page.evaluate("window.saidLines")
    assert said == [*public, tr("your_turn", lang)]
    assert not hidden & set(said)
    assert not page.errors, page.errors


def test_a_bots_move_is_said_after_ones_own(browser, server) -> None:
    """Against a bot, in 日本語: the reader's move (sent from elsewhere, here over HTTP) is
    said with whose turn it is then, and the bot's answer after it (its lines of the log
    as the page shows them), then "Your turn"."""
    game = game_at(server, "national-economy/mecenat", ["human", "easy"], 3)
    state = keizai.new_game("national-economy/mecenat", 2, seed=3)
    mine = state.legal_actions()[0].name
    first = state.event_count()
    state.apply(mine)
    assert state.current_player == 1
    start = state.event_count()
    own = [render(e, "ja") for e in state.events_since(0, first)]
    page = _open_then_move(browser, server, game, "ja", 0, mine)
    page.wait_for_selector(".table[data-turn=mine]:not([data-step='0'])", timeout=WAIT)
    answer = page.locator("#log li").all_inner_texts()[start:]
    assert answer
    your_turn = tr("your_turn", "ja")
    page.wait_for_function("(n) => window.saidLines.length >= n",
                           arg=len(own) + len(answer) + 3, timeout=WAIT)
    assert page.evaluate("window.saidLines") == [
        your_turn, *own, tr("waiting", "ja", "P2"), *answer, your_turn]
    assert not page.errors, page.errors


def test_what_the_readers_own_move_did_and_what_follows_is_said(browser, server) -> None:
    """The reader's own move was not said (e2abd6e): a screen-reader player clicked and
    heard nothing of what it gave or cost, that another decision of theirs followed, nor
    that the turn passed. The live region now says the move's lines of the log as this
    seat reads them (its own hand's cards named, as its log names them), then the next
    decision's prompt, or whose turn it is (ja, mecenat: Carpenter, then a building paid
    with two cards of the hand)."""
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 0)
    state = keizai.new_game("national-economy/mecenat", 2, seed=0)
    page = language_page(browser, "ja")
    page.add_init_script(RECORD)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-turn=mine]", timeout=WAIT)
    _wait_ever_said(page, tr("your_turn", "ja"))
    for move, then in (("place:carpenter", tr("prompt_build", "ja")),
                       ("build:food_factory", tr("waiting", "ja", "P2"))):
        start = state.event_count()
        step = len(state.history)
        state.apply(move)
        lines = [render(e, "ja") for e in state.events_since(0, start)]
        page.evaluate("window.saidLines = []")
        page.click(f".board [data-action='{move}']")
        page.wait_for_selector(f".table:not([data-step='{step}'])", timeout=WAIT)
        _wait_said(page, "".join([*lines, then]))
        assert page.evaluate("window.saidLines") == [*lines, then]
    assert page.inner_text("#status") == tr("waiting", "ja", "P2")
    assert not page.errors, page.errors


def test_an_undo_is_said_with_what_it_took_back(browser, server) -> None:
    """An Undo took moves back in silence: the board went back and the focus on, and a
    screen-reader player heard neither that it had worked nor what it took back. The live
    region says so, the lines of the log it took back (the reader's move and the bot's
    answer, as the log showed them, the newest six), then the prompt of the decision the
    reader is back at (繁體中文, Futuropia against the random bot: nothing hidden)."""
    game = game_at(server, "futuropia", ["human", "random"], 3)
    move = keizai.new_game("futuropia", 2, seed=3).legal_actions()[0].name
    page = _open_then_move(browser, server, game, "zh-TW", 0, move)
    page.wait_for_selector(".table[data-turn=mine]:not([data-step='0']) #undo:not([disabled])",
                           timeout=WAIT)
    taken = page.locator("#log li").all_inner_texts()
    # the move's lines are said 50 ms after the board is drawn (announce batches them),
    # ending with what follows: the prompt, or "Your turn" after the bot's answer
    page.wait_for_function("""(turn) => {
        const said = window.saidLines, last = said[said.length - 1];
        const prompt = document.querySelector('#choices .prompt');
        return said.length > 2 && (last === turn || (prompt && last === prompt.innerText));
      }""", arg=tr("your_turn", "zh-TW"), timeout=WAIT)
    page.evaluate("window.saidLines = []")
    page.click("#undo")
    page.wait_for_selector(".table[data-step='0'][data-turn=mine]", timeout=WAIT)
    taken = taken[len(page.locator("#log li").all_inner_texts()):]
    assert taken
    earlier = max(0, len(taken) - 6)
    said = [tr("undone", "zh-TW"),
            *([tr("last_move_earlier", "zh-TW", earlier)] if earlier else []),
            *taken[earlier:], page.inner_text("#choices .prompt")]
    _wait_said(page, "".join(said))
    assert page.evaluate("window.saidLines") == said
    assert not page.errors, page.errors


def test_a_rematch_another_player_set_up_is_said(browser, server) -> None:
    """At the end, another player's Rematch put "Go to the rematch" in the bar above the
    board without a word: a screen-reader player did not know the others were waiting
    there. The live region says it, once (ja, a mecenat game played out at random)."""
    rng = random.Random(2)
    state = keizai.new_game("national-economy/mecenat", 2, seed=2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 2,
                   state.record()["actions"])
    page = language_page(browser, "ja")
    page.add_init_script(RECORD)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-over=yes] #rematch", timeout=WAIT)
    reply = http().post(f"{server.url}/api/games/{game['id']}/rematch",
                        json={"token": game["seats"][1]["token"]})
    assert reply.status_code == 200, reply.text
    page.wait_for_selector("#go-rematch", timeout=WAIT)
    _wait_ever_said(page, tr("rematch_ready", "ja"))
    assert page.evaluate("window.saidLines").count(tr("rematch_ready", "ja")) == 1
    assert not page.errors, page.errors


def test_what_another_player_says_in_the_chat_is_said(browser, server) -> None:
    """A chat line from the other player appeared in the chat's list only (drawn anew, no
    live region): a screen-reader player never heard it. The live region says it as the
    list shows it (who, then the words as text); the reader's own line is not read back."""
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 3)
    page = language_page(browser, "zh-TW")
    play_seat(page, server, game)
    page.wait_for_selector("#chat-input", timeout=WAIT)
    page.fill("#chat-input", "我先走")
    page.click("#chat-send")
    page.wait_for_selector("#chat li:has-text('我先走')", timeout=WAIT)
    page.wait_for_timeout(300)
    assert "我先走" not in _said(page)
    reply = httpx.post(f"{server.url}/api/games/{game['id']}/chat", json={
        "seat": 1, "token": game["seats"][1]["token"], "text": "<b>好</b> & 加油"})
    assert reply.status_code == 201, reply.text
    page.wait_for_selector("#chat li:has-text('加油')", timeout=WAIT)
    line = page.inner_text("#chat li:last-child")
    assert line == f"P2{tr('colon', 'zh-TW')}<b>好</b> & 加油"
    # who said it isolated (FSI ... PDI), as the list's <bdi> does (tests/web/test_rtl_names)
    _wait_said(page, f"\u2068P2\u2069{tr('colon', 'zh-TW')}<b>好</b> & 加油")
    assert not page.errors, page.errors


def _move(live: LiveServer, game: dict, seat: int) -> int:
    """`seat` takes its first option (over HTTP); the seat to move after it."""
    token = game["seats"][seat]["token"]
    view = http().get(f"{live.url}/api/games/{game['id']}/view", params={"seat": seat},
                      headers={"x-keizai-token": token}).json()
    assert view["current_player"] == seat, view
    reply = http().post(f"{live.url}/api/games/{game['id']}/actions", json={
        "seat": seat, "token": token, "action": view["legal"][0]["name"]})
    assert reply.status_code == 200, reply.text
    return int(http().get(f"{live.url}/api/games/{game['id']}").json()["current_player"])


def test_the_readers_time_running_out_and_the_bot_standing_in_are_said(browser,
                                                                      own_server) -> None:
    """A turn clock of 13 s, 日本語: its line ticked silently and the seat was handed to a
    bot without a word to a screen reader (WCAG 2.2.1: say that time runs out). The live
    region says the time left at 10 s (30 s too, on a longer clock), then that a bot plays
    for the reader. P1 and P2 move (over HTTP) once the page is open, so the reader's
    time starts anew with the page ticking, however long the page took to open."""
    game = http().post(f"{own_server.url}/api/tables", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"],
        "clock": "fast"}).json()
    page = language_page(browser, "ja")
    page.add_init_script(RECORD)
    play_seat(page, own_server, game)
    page.wait_for_selector("#clock", timeout=WAIT)
    seat = _move(own_server, game, 0)
    while seat == 1:
        seat = _move(own_server, game, 1)
    assert seat == 0
    _wait_ever_said(page, tr("away_bot", "ja"), timeout=WAIT + 13_000)   # the clock
    left = tr("time_left", "ja", "")
    said = [line for line in page.evaluate("window.saidLines") if line.startswith(left)]
    assert said, page.evaluate("window.saidLines")
    assert said[-1] == tr("time_left", "ja", tr("web.seconds", "ja", said[-1][len(left):-1]))
    assert 5 <= int(said[-1][len(left):-1]) <= 10, said
    lines = page.evaluate("window.saidLines")
    assert lines.index(said[-1]) < lines.index(tr("away_bot", "ja")), lines
    assert not page.errors, page.errors


def _reader_and_p2(browser, live: LiveServer, game: dict, lang: str):
    """The reader's page at seat 0 in `lang`, recording what it says, and P2's page (in
    English) at seat 1; and the Seats panel's line of a seat in the reader's words."""
    page = language_page(browser, lang)
    page.add_init_script(RECORD)
    play_seat(page, live, game)
    other = language_page(browser, "en")
    play_seat(other, live, game, seat=1)

    def line(seat: str, what: str) -> str:
        return tr("web.seat_line", lang, seat=seat, what=tr(what, lang))

    return page, other, line


def test_another_seat_going_away_coming_back_and_its_hand_over_are_said(browser,
                                                                       own_server) -> None:
    """Another player leaving or coming back, a seat handed to a bot, and the Seats
    panel's "Hand to a bot" appearing changed the Seats panel only: a screen-reader player
    heard none of it. The live region says the seat's line as the panel shows it (日本語:
    「P2不在」, 「P2接続中」, 「P2不在（ボットが代打ち中）」) and that the hand-over is
    offered (this module's server offers it after HANDOVER_AFTER s away)."""
    game = http().post(f"{own_server.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
    page, other, seat_line = _reader_and_p2(browser, own_server, game, "ja")

    def line(what: str) -> str:
        return seat_line("P2", what)

    _wait_ever_said(page, line("connected"))
    page.evaluate("window.saidLines = []")
    other.close()   # P2 leaves
    offer = tr("hand_to_bot_offered", "ja", "P2")
    _wait_ever_said(page, offer)
    page.click(f".seats-panel button:has-text('{tr('hand_to_bot', 'ja')}')")
    _wait_ever_said(page, line("seat_away_bot"))
    back = language_page(browser, "en")
    play_seat(back, own_server, game, seat=1)   # P2 back by the link: the seat is theirs
    _wait_ever_said(page, line("connected"))
    assert page.evaluate("window.saidLines") == [
        line("away"), offer, line("seat_away_bot"), line("connected")]
    assert not page.errors, page.errors


def test_another_player_sitting_down_under_a_name_is_said(browser, server) -> None:
    """Another player sitting down under a name turned the Seats panel's "P2 online" into
    "Hana online" in silence, so a screen-reader player never learnt who they played. The
    live region says the seat's new line (繁體中文)."""
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 3)
    page, other, seat_line = _reader_and_p2(browser, server, game, "zh-TW")

    def online(who: str) -> str:
        return seat_line(who, "connected")

    _wait_ever_said(page, online("P2"))
    reply = http().post(f"{server.url}/api/games/{game['id']}/seats/1/join",
                        json={"token": game["seats"][1]["token"], "name": "Hana"})
    assert reply.status_code == 200, reply.text
    _wait_ever_said(page, online("\u2068Hana\u2069"))   # the name isolated: FSI ... PDI
    other.close()
    assert not page.errors, page.errors


def test_a_single_choice_the_page_applies_is_said(browser, server) -> None:
    """A decision with one option is applied by the page, which notes it in "Just now"
    only: a screen-reader player did not know a move had been made for them. The live
    region says the note (繁體中文, the last step of a solo game)."""
    seed, actions = _last_step_single()
    state = keizai.new_game("national-economy/progress", 1, seed=seed)
    for name in actions:
        state.apply(name)
    only = state.legal_actions()[0].name
    note = tr("auto_single", "zh-TW", action_label("national-economy/progress", only, "zh-TW"))
    game = game_at(server, "national-economy/progress", ["human"], seed, tuple(actions))
    page = language_page(browser, "zh-TW")
    page.add_init_script(RECORD)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-over='yes'] #auto-note", timeout=WAIT)
    _wait_ever_said(page, note)
    assert not page.errors, page.errors


def test_the_end_of_the_game_is_said_with_its_headline(browser, server) -> None:
    """A game that ended while the reader played showed who won at the top of the board
    only: the reader's own last move is not read back, and the focus had no choice to go
    to. The live region says the headline (solo progress, ja: won or lost against the
    target), once."""
    seed, actions = _last_step_single()
    game = game_at(server, "national-economy/progress", ["human"], seed, tuple(actions))
    page = language_page(browser, "ja")
    page.add_init_script(RECORD)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-over='yes'] #game-over h2", timeout=WAIT)
    headline = page.inner_text("#game-over h2")
    _wait_ever_said(page, headline)
    choose_language(page, "en")   # a redraw of the finished game says nothing
    page.wait_for_selector("#game-over h2:not(:text-is('" + headline + "'))", timeout=WAIT)
    page.wait_for_timeout(300)
    said = page.evaluate("window.saidLines")
    assert said.count(headline) == 1 and page.inner_text("#game-over h2") not in said, said
    assert not page.errors, page.errors
