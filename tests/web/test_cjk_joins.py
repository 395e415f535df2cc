"""The lines the page builds of parts, read in 日本語 and 繁體中文 in Chromium: a value, a
seat's label or a name meets the CJK words beside it with no space, as the catalogue's
own texts do (docs/i18n.md, Typography). The page joined them with a Latin space in code
until session 16: the stats (「お金 $5」, 「価格マーカー 1」, 「フェイズ 労働」), the Seats
panel and the lobby's seats (「P1 不在」), 「席 P1」, 「参加 P2」, 「手 56」, the replay's
「手 1 / 85」, 「観戦中です。 手番：P1」, 「残り時間：300 s」, 企業帝國's group heading
(「P1 龍頭実業」), materials (「石油 ×2」), bank, offer and legend, a bot's rating
(「レーティング 25.0」). Each is now a catalogue text (`web.stat`, `web.seat_line` …) whose
English keeps its spaces. Gaps between a text and a control (a label and its input, two
buttons) are layout and are not read here."""

from __future__ import annotations

import random
import re
import time

import pytest

import keizai
from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000

CJK = "\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
VALUE = r"[A-Za-z0-9$×+−-]"
# a Latin space between CJK and a value, or between two CJK words of one line
GAP = re.compile(rf"[{CJK}] +(?:[{CJK}]|{VALUE})|{VALUE} +[{CJK}]")
# separators written with a space on each side (「食料製造機 + 食料稼働」, 「P1 · D」)
SPACED_OPERATOR = re.compile(r" [+×/→·—±=−-] ")

# The texts of the elements matched by each selector (each a line the page builds).
TEXTS = """(selectors) => Object.fromEntries(selectors.map((sel) => [sel,
  [...document.querySelectorAll(sel)].map((el) => el.textContent)]))"""


def gaps(texts: dict[str, list[str]]) -> dict[str, list[str]]:
    """The texts of each selector with a Latin space where 日本語 and 中文 have none."""
    found = {sel: [text for text in found if GAP.search(SPACED_OPERATOR.sub("|", text))]
             for sel, found in texts.items()}
    return {sel: bad for sel, bad in found.items() if bad}


def read(page, selectors: list[str]) -> dict[str, list[str]]:
    texts = page.evaluate(TEXTS, selectors)
    missing = [sel for sel, found in texts.items() if not found]
    assert not missing, missing   # every line is on the page: the check reads something
    return texts


def random_moves(game: str, seed: int, done) -> list[str]:
    """The moves of a random two-player game of `game` until `done(state)`."""
    state = keizai.new_game(game, 2, seed=seed)
    rng = random.Random(seed)
    while not done(state):
        state.apply(rng.choice(state.legal_actions()))
    return state.record()["actions"]


def test_the_check_catches_what_it_is_for() -> None:
    bad = {"s": ["お金 $5", "価格マーカー 1", "フェイズ 労働", "P1 不在", "席 P1", "参加 P2",
                 "観戦中です。 手番：P1", "石油 ×2", "金錢 3", "第1 步"]}
    assert gaps(bad) == bad
    good = {"s": ["お金$5", "フェイズ：労働", "P1不在", "P1（あなた）接続中", "P2（ボット：強い）",
                  "P1龍頭実業 · D", "「食料製造機 + 食料稼働」", "1 / 85手", "Money $5"]}
    assert gaps(good) == {}


@pytest.fixture(scope="module")
def positions(server) -> dict[str, dict]:
    """A lobby's table (a person invited, a bot, an open seat), National Economy and
    Futuropia in mid-game, 企業帝國 with an offer on the table, a table whose clock runs
    for P2, and a finished game of bots (its replay, their rating)."""
    post = lambda path, body: http().post(f"{server.url}{path}", json=body).json()  # noqa: E731
    bots = post("/api/tables", {"game": "national-economy/progress",
                                "seats": ["random", "heuristic"]})
    ne_moves = random_moves("national-economy/mecenat", 1, lambda s: len(s.history) >= 40)
    fu_moves = random_moves("futuropia", 1, lambda s: len(s.history) >= 60)
    ee_moves = random_moves("enterprise-empire", 0, lambda s: len(s.history) > 10
                            and s.view(0)["offer"] is not None)
    return {
        "lobby": post("/api/tables", {"game": "national-economy/mecenat",
                                      "seats": ["human", "hard", "open"]}),
        "ne": game_at(server, "national-economy/mecenat", ["human", "human"], 1, ne_moves),
        "fu": game_at(server, "futuropia", ["human", "human"], 1, fu_moves),
        "ee": game_at(server, "enterprise-empire", ["human", "human"], 0, ee_moves),
        "clock": post("/api/tables", {"game": "national-economy/mecenat",
                                      "seats": ["random", "human"], "clock": "relaxed"}),
        "bots": bots,
    }


def _bots_rated(server, game: dict) -> None:
    for _ in range(300):
        if http().get(f"{server.url}/api/games/{game['id']}").json()["over"] and http().get(
                f"{server.url}/api/player", params={"bot": "random"}).status_code == 200:
            return
        time.sleep(0.1)
    raise AssertionError("the bots' game did not end")


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_lines_the_page_builds_have_no_latin_space(browser, server, positions,
                                                        lang: str) -> None:
    page = language_page(browser, lang)
    found: dict[str, list[str]] = {}

    def check(selectors: list[str]) -> dict[str, list[str]]:
        texts = read(page, selectors)
        found.update({f"{page.url.partition('#')[2] or '/'} {sel}": bad
                      for sel, bad in gaps(texts).items()})
        return texts

    lobby = positions["lobby"]
    page.goto(server.url)
    page.wait_for_selector(f".game-row[data-game-id='{lobby['id']}']")
    row = f".game-row[data-game-id='{lobby['id']}']"
    lobby_texts = check([f"{row} .chip", f"{row} .status", f"{row} .join"])
    # a seat's row of the new game's form: its label, then the menus (their options)
    seat_row = page.evaluate("document.querySelector('.seat-row').firstChild.textContent")
    found.update(gaps({".seat-row": [seat_row.strip()]}))

    stats = [".stats > *", ".seats-panel li"]
    play_seat(page, server, positions["ne"])
    check([*stats, ".ne-top > *"])
    page.goto(f"{server.url}/#/watch/{positions['ne']['id']}")
    page.wait_for_selector(".table")
    check(["#status"])
    play_seat(page, server, positions["fu"])
    check([*stats, ".ne-top > *", ".fu-market h3", ".fu-subsidy h3", ".player > .muted"])
    play_seat(page, server, positions["ee"])
    check([*stats, ".player h3", ".player .chip", ".ee-bank .chip", ".ee-offer",
           ".ee-legend .chip"])
    play_seat(page, server, positions["clock"], seat=1)
    page.wait_for_selector("#clock", timeout=WAIT)
    # seconds in the reader's words (「残り時間：300秒」), not the English "s"
    latin = [text for text in check(["#clock"])["#clock"] if re.search("[A-Za-z]", text)]
    if latin:
        found["#clock (an English unit)"] = latin
    _bots_rated(server, positions["bots"])
    page.goto(f"{server.url}/#/replay/{positions['bots']['id']}")
    page.wait_for_selector("#replay-step", timeout=WAIT)
    check(["#replay-step"])
    page.goto(f"{server.url}/#/bot/random")
    page.wait_for_selector(".player-page h3", timeout=WAIT)
    check([".player-page h3"])
    assert not found, found
    # the lobby's words as the catalogue has them
    assert lobby_texts[f"{row} .join"] == [tr("web.join_seat", lang, 2)]
    assert lobby_texts[f"{row} .chip"][2] == tr("web.seat_line", lang, seat="P3",
                                                what=tr("open_seat", lang))
    assert lobby_texts[f"{row} .status"] == [tr("web.step_n", lang, 0)]
    assert seat_row.strip() == tr("web.lobby_seat", lang, 0)
    assert not page.errors, page.errors


def test_english_keeps_its_spaces(browser, server, positions) -> None:
    page = language_page(browser, "en")
    lobby = positions["lobby"]
    row = f".game-row[data-game-id='{lobby['id']}']"
    page.goto(server.url)
    page.wait_for_selector(row)
    assert page.locator(f"{row} .chip").all_inner_texts() == [
        "P1 invited, not here yet", "P2 (bot: hard)", "P3 open"]
    assert page.inner_text(f"{row} .join") == "Join P3"
    assert page.inner_text(f"{row} .status") == "step 0"
    play_seat(page, server, positions["ee"])
    stats = page.locator(".player .stats").first.text_content()
    assert re.fullmatch(r"Cash \$\d+Companies \d+Price cards in hand \d+", stats), stats
    assert re.fullmatch(r"Turn \d+Phase offerPrice pile \d+",
                        page.locator(".ee-center .stats").text_content())
    assert re.match(r"Offer \S+ \$\d+ \(\d+ spaces\)", page.locator(".ee-offer").text_content())
    assert not page.errors, page.errors
