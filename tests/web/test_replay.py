"""The web replay steps by round (National Economy's rounds, Futuropia's rounds of the
table, 企業帝國's turns) as well as by move, in three languages: it only stepped by move."""

from __future__ import annotations

import json
from collections.abc import Callable
from random import Random
from typing import Any

import pytest

import keizai
from tests.web.browser import language_page, unavailable_reason
from tests.web.live_server import game_at, http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000


@pytest.fixture(scope="module")
def finished(server) -> Callable[..., tuple[dict, dict[str, Any]]]:
    """`finished(game, options)`: a two-seat game played to its end at random on the
    module's server (each move sent through the API: bots took 4 s and more), and its
    record; one per game and options, which the tests share (they only read its replay)."""
    games: dict[str, tuple[dict, dict[str, Any]]] = {}

    def get(game: str, options: dict[str, Any] | None = None) -> tuple[dict, dict[str, Any]]:
        key = json.dumps([game, options], sort_keys=True)
        if key not in games:
            state, chooser = keizai.new_game(game, 2, seed=1, options=options), Random(1)
            while not state.is_over:
                state.apply(chooser.choice(state.legal_actions()))
            created = game_at(server, game, ["human", "human"], 1, state.record()["actions"],
                              options)
            record = http().get(f"{server.url}/api/games/{created['id']}/record").json()
            assert record == state.record()
            games[key] = created, record
        return games[key]
    return get


def _first_step(record: dict[str, Any], reached: Any) -> int:
    """The first step of the record whose position `reached(state)`."""
    state = keizai.new_game(record["game"], record["players"], record["seed"],
                            record["options"])
    for step, name in enumerate(record["actions"]):
        if reached(state):
            return step
        state.apply(name)
    raise AssertionError("never reached")


def _step(page) -> int:
    return int(page.get_attribute(".replay", "data-step"))


def _click(page, button: str) -> int:
    step = _step(page)
    page.click(button)
    page.wait_for_selector(f".replay:not([data-step='{step}'])", timeout=WAIT)
    return _step(page)


def test_the_replay_steps_to_the_next_and_back_to_the_last_round(browser, server,
                                                                 finished) -> None:
    game, record = finished("national-economy/progress")
    actions = record["actions"]
    # the steps at which National Economy's rounds 2 and 3 begin (its own round counter)
    second, third = (_first_step(record, lambda s, r=r: s.round == r) for r in (2, 3))
    page = language_page(browser)
    page.goto(f"{server.url}/#/replay/{game['id']}")
    page.wait_for_selector("#replay-round-forward")
    assert page.inner_text("#replay-step") == f"step 0 / {len(actions)} · round 1"
    assert page.inner_text("#replay-round-forward") == "Next round ▶▶"
    assert page.inner_text("#replay-round-back") == "◀◀ Previous round"
    assert _click(page, "#replay-round-forward") == second
    assert page.inner_text("#replay-step") == f"step {second} / {len(actions)} · round 2"
    assert "Round 2 begins" in page.inner_text("#log")
    assert _click(page, "#replay-round-forward") == third
    assert _click(page, "#replay-forward") == third + 1
    assert _click(page, "#replay-round-back") == third   # the start of this round
    assert _click(page, "#replay-round-back") == second  # then the one before
    assert _click(page, "#replay-round-back") == 0
    page.click("#replay-last")
    page.wait_for_selector(f".replay[data-step='{len(actions)}']", timeout=WAIT)
    page.click("#replay-round-forward")   # at the end: stays there
    page.wait_for_timeout(300)
    assert _step(page) == len(actions)
    assert not page.errors, page.errors


@pytest.mark.parametrize(("lang", "words"), [("ja", ("次の手番 ▶▶", "◀◀ 前の手番", "手番2")),
                                             ("zh-TW", ("下一回合 ▶▶", "◀◀ 上一回合", "第2回合"))])
def test_the_round_buttons_speak_the_game_s_own_word(browser, server, finished, lang: str,
                                                      words: tuple[str, ...]) -> None:
    """企業帝國 counts turns (手番 / 回合), not rounds; its turn cap keeps the game short."""
    game, record = finished("enterprise-empire", {"max_turns": 5})
    second = _first_step(record, lambda s: s.view(None)["turn"] == 1)
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/replay/{game['id']}")
    page.wait_for_selector("#replay-round-forward")
    assert _click(page, "#replay-round-forward") == second
    forward, back, where = words
    assert page.inner_text("#replay-round-forward") == forward
    assert page.inner_text("#replay-round-back") == back
    assert page.inner_text("#replay-step").endswith(f" · {where}")
    assert not page.errors, page.errors


def test_opening_a_replay_asks_for_one_frame_and_shows_the_final_scores(browser,
                                                                        server, finished) -> None:
    """Opening a finished game's replay asked the server for two frames, the last step's
    (only for the final scores, a replay of the whole record) and the first; every frame
    carries the finished game's scores, ranking and places, so it now asks for the frame
    it shows, and the score table is the same."""
    game, record = finished("enterprise-empire", {"max_turns": 5})   # over at the limit
    page = language_page(browser)
    frames: list[str] = []
    page.on("request", lambda request: frames.append(request.url)
            if "/replay?" in request.url else None)
    page.goto(f"{server.url}/#/replay/{game['id']}")
    page.wait_for_selector("#scores", timeout=WAIT)
    page.wait_for_timeout(300)
    assert len(frames) == 1 and "step=0&" in frames[0], frames
    final = keizai.replay(record)
    heads = page.locator("#scores thead th").all_inner_texts()[1:]
    assert heads == [f"{place}. P{seat + 1}" for place, seat in enumerate(final.ranking(), 1)]
    cash = page.locator("#scores tbody tr").filter(has_text="Cash").all_inner_texts()
    assert cash and all(f"${final.scores()[seat]['cash']}" in cash[0]
                        for seat in final.ranking()), cash
    assert _click(page, "#replay-forward") == 1
    assert len(frames) == 2 and "step=1&" in frames[1], frames
    assert not page.errors, page.errors


def test_enterprise_empire_s_final_scores_wear_the_board_s_pawn_colours(browser,
                                                                        server, finished) -> None:
    """企業帝國's pawns are not National Economy's p0-p3 colours (P1 is blue there): the
    replay's score table gave each seat the colour of another seat's pawn."""
    game, _ = finished("enterprise-empire", {"max_turns": 5})
    page = language_page(browser)
    page.goto(f"{server.url}/#/replay/{game['id']}")
    page.wait_for_selector("#scores .pawn", timeout=WAIT)
    board = dict(page.eval_on_selector_all(".board .player", """ps => ps.map((p) =>
      [p.dataset.seat, p.querySelector('.pawn').className])"""))
    scores = page.eval_on_selector_all("#scores thead th .pawn", """ps => ps.map((p) =>
      [p.parentElement.textContent.trim().slice(-1), p.className])""")
    assert len(scores) == 2 and all(pawn == board[str(int(n) - 1)] for n, pawn in scores), (
        board, scores)
    assert not page.errors, page.errors


def test_enterprise_empire_s_board_counts_the_turn_as_the_step_line_does(browser,
                                                                         server, finished) -> None:
    """The board said "Turn 0" during the first turn (the view's count of turns done)
    while the replay's step line and the terminal say turn 1; both said "turn 6" at the
    end of a game the limit ended after its 5th turn."""
    game, _ = finished("enterprise-empire", {"max_turns": 5})
    page = language_page(browser)
    page.goto(f"{server.url}/#/replay/{game['id']}")
    page.wait_for_selector(".board .stats", timeout=WAIT)
    for _ in range(2):
        where = page.inner_text("#replay-step").rsplit("turn ", 1)[1]
        assert page.inner_text(".board .stats b >> nth=0") == where
        _click(page, "#replay-round-forward")
    # random bots do not win in 5 turns: the limit ends the game in its 5th turn
    _click(page, "#replay-last")
    assert page.inner_text(".board .stats b >> nth=0") == "5"
    assert page.inner_text("#replay-step").endswith("turn 5")
    assert not page.errors, page.errors


def test_a_finished_futuropia_table_says_the_game_is_over_not_whose_turn(browser,
                                                                          server, finished) -> None:
    """The top of a finished Futuropia table read "Turn of —" beside "Final phase"."""
    game, _ = finished("futuropia")
    page = language_page(browser)
    page.goto(f"{server.url}/#/replay/{game['id']}")
    page.wait_for_selector("#replay-last")
    page.click("#replay-last")
    page.wait_for_selector(".fu .ne-top:has-text('The game is over.')", timeout=WAIT)
    top = page.inner_text(".fu .ne-top")
    assert "Turn of" not in top and "Final phase" not in top, top
    assert not page.errors, page.errors


def test_the_replay_is_stepped_through_from_the_keyboard(browser, server, finished) -> None:
    """Each step drew the viewer anew and the keyboard's focus fell to the page's start:
    Enter on "Forward ▶" went one step, the next Enter nothing (Tab back to the button
    every step), and the slider's arrow keys likewise. The focus stays on the control
    used; the slider is named by the step line."""
    created, _ = finished("national-economy/mecenat")
    page = language_page(browser)
    page.goto(f"{server.url}/#/replay/{created['id']}")
    page.wait_for_selector(".replay", timeout=WAIT)
    page.focus("#replay-forward")
    for step in (1, 2, 3):
        page.keyboard.press("Enter")
        page.wait_for_selector(f".replay[data-step='{step}']", timeout=WAIT)
        assert page.evaluate("() => document.activeElement.id") == "replay-forward"
    page.focus("#replay-slider")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(".replay[data-step='4']", timeout=WAIT)
    assert page.evaluate("() => document.activeElement.id") == "replay-slider"
    assert page.get_attribute("#replay-slider", "aria-labelledby") == "replay-step"
    page.focus("#replay-seat")
    page.select_option("#replay-seat", "1")
    page.wait_for_selector("#replay-seat option[value='1'][selected]", state="attached",
                           timeout=WAIT)
    page.wait_for_function("() => document.activeElement.id === 'replay-seat'",
                           timeout=WAIT)
    assert not page.errors, page.errors
