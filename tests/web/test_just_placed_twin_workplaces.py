"""At three or four players National Economy lays out two Carpenters, both the workplace
"carpenter": the mark of a worker the "Just now" lines placed went on both, the empty one
too, so the board said a Carpenter was taken that was free (found in session 31 playing
藝文資助 at three in zh-TW on a phone). Only the tile with that seat's worker is marked
(tests/web/test_just_placed.py marks one workplace of each kind)."""

from __future__ import annotations

import pytest

from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000

CARPENTERS = """() => [...document.querySelectorAll('.workplace[data-workplace=carpenter]')]
  .map((el) => [el.querySelectorAll('.pawn').length,
                [...el.classList].find((c) => c.startsWith('by-')) ?? null])"""


def test_only_the_carpenter_with_the_new_worker_is_marked(browser, server) -> None:
    # seed 0 at three: P1 sends a worker to a Carpenter and builds its Food Factory (no
    # card to pay), then P2 is to move
    game = game_at(server, "national-economy/mecenat", ["human", "human", "human"], 0,
                   ["place:carpenter", "build:food_factory"])
    page = language_page(browser, "zh-TW")
    play_seat(page, server, game, seat=1)
    page.wait_for_selector("#last-move", timeout=WAIT)
    assert page.evaluate(CARPENTERS) == [[1, "by-p0"], [0, None]]
    assert page.errors == []


def test_after_payday_the_workplaces_of_the_lines_stay_marked(browser, server) -> None:
    """The twins' rule reads where the workers stand; once payday sent them home the
    lines' workplaces are marked as before, empty: P2's Mine of round 1 on P1's first
    turn of round 2."""
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 0,
                   ["place:mine", "place:school", "place:mine", "place:mine"])
    page = language_page(browser, "ja")
    play_seat(page, server, game)
    page.wait_for_selector("#last-move", timeout=WAIT)
    marked = page.evaluate("""() => [...document.querySelectorAll('.workplace.just-now')]
      .map((el) => [el.dataset.workplace, el.querySelectorAll('.pawn').length,
                    [...el.classList].find((c) => c.startsWith('by-'))])""")
    assert marked == [["mine", 0, "by-p1"]]
    assert page.errors == []


# each Carpenter tile: whether a click on it places a worker (its data-action) and its pawns
TARGETS = """() => [...document.querySelectorAll('.workplace[data-workplace=carpenter]')]
  .map((el) => [el.dataset.action ?? null, el.querySelectorAll('.pawn').length])"""


def test_a_worker_goes_to_the_carpenter_clicked(browser, server) -> None:
    """Both Carpenters were the target of `place:carpenter`, which puts the worker on the
    first free one (the rules' order): a click on the second, free tile drew the worker on
    the first (found by session 31's new player's pass). Only the tile the worker will go
    to is clicked; once it is taken, the other is."""
    game = game_at(server, "national-economy/mecenat", ["human", "human", "human"], 0)
    page = language_page(browser, "ja")
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-turn=mine]", timeout=WAIT)
    assert page.evaluate(TARGETS) == [["place:carpenter", 0], [None, 0]]
    page.click(".workplace[data-workplace=carpenter][data-action]")
    page.wait_for_function(
        "() => document.querySelector('.workplace[data-workplace=carpenter] .pawn')",
        timeout=WAIT)
    assert page.evaluate(TARGETS)[0][1] == 1
    assert page.errors == []
    # P2, with P1 on the first Carpenter: the second is the one to click
    other = language_page(browser, "ja")
    game_at_p2 = game_at(server, "national-economy/mecenat", ["human", "human", "human"], 0,
                         ["place:carpenter", "build:food_factory"])
    play_seat(other, server, game_at_p2, seat=1)
    other.wait_for_selector(".table[data-turn=mine]", timeout=WAIT)
    assert other.evaluate(TARGETS) == [[None, 1], ["place:carpenter", 0]]
    other.click(".workplace[data-workplace=carpenter][data-action]")
    other.wait_for_function("""() => [...document.querySelectorAll(
      '.workplace[data-workplace=carpenter]')].every((el) => el.querySelector('.pawn'))""",
                            timeout=WAIT)
    assert other.errors == []
