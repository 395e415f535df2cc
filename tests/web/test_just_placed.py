"""Where the workers of the "Just now" lines went, marked on the board in the colour of
the seat that placed them: found playing National Economy against a bot in Chromium (en,
ja, zh-TW; desktop and 390 px), where the bot's placements were told only by those
lines, and a pawn among the others on a workplace gave no hint which one was new."""

from __future__ import annotations

import pytest

import keizai
from keizai.i18n import catalogue
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000

MARKED = """() => Object.fromEntries([...document.querySelectorAll('.workplace.just-now')]
  .map((el) => [el.dataset.workplace, [...el.classList].find((c) => c.startsWith('by-'))]))"""


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_workplaces_of_the_last_moves_are_marked_by_their_seat(browser, server,
                                                                   lang: str) -> None:
    # P1 on the Mine, P2 on the Quarry: P1 is to move again
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 0,
                   ["place:mine", "place:quarry"])
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector("#last-move", timeout=WAIT)
    assert page.evaluate(MARKED) == {"mine": "by-p0", "quarry": "by-p1"}
    title = page.get_attribute(".workplace[data-workplace=quarry]", "title")
    assert title == catalogue(lang)["last_move"]
    # P1's next placement begins the lines anew: P2's Quarry is no longer among them
    page.click(".workplace[data-workplace=school].legal")
    page.wait_for_selector(".table[data-turn=other]", timeout=WAIT)
    page.wait_for_function(f"() => ({MARKED})().school === 'by-p0'", timeout=WAIT)
    assert page.evaluate(MARKED) == {"school": "by-p0"}
    assert page.errors == []


FUTUROPIA_MARKED = """() => [...document.querySelectorAll('.player .just-now')].map((el) =>
  [el.closest('.player').dataset.seat, el.dataset.tile ?? el.dataset.generator,
   [...el.classList].find((c) => c.startsWith('by-'))].join(' ')).sort()"""


def test_futuropia_marks_the_tiles_and_generators_of_the_last_moves(browser, server) -> None:
    """Futuropia's moves are tiles turned down and generators bought, each drawn in its
    community's panel: which of them were new was as hidden as National Economy's
    workers (found playing against a bot in zh-TW at 1280 px)."""
    # each community takes its food tile; P1 buys the cheap F04, P2 the dear F06
    game = game_at(server, "futuropia", ["human", "human"], 0,
                   ["action:food", "buy:left", "action:food", "buy:right"])
    page = language_page(browser, "zh-TW")
    play_seat(page, server, game)
    page.wait_for_selector("#last-move", timeout=WAIT)
    assert page.evaluate(FUTUROPIA_MARKED) == [
        "0 F04 by-p0", "0 food by-p0", "1 F06 by-p1", "1 food by-p1"]
    assert page.errors == []


def test_futuropia_marks_the_subsidy_tile_its_one_line_tells(browser, server) -> None:
    """The subsidy is told by one line, fu.log.subsidy, not by a line naming the tile
    and another its amount (as it was until session 27): its tile is marked by that
    line."""
    game = game_at(server, "futuropia", ["human", "human"], 0,
                   ["action:food", "buy:left", "action:subsidy"])
    page = language_page(browser, "ja")
    play_seat(page, server, game)
    page.wait_for_selector("#last-move", timeout=WAIT)
    assert page.evaluate(FUTUROPIA_MARKED) == [
        "0 F04 by-p0", "0 food by-p0", "1 subsidy by-p1"]
    said = page.inner_text("#last-move")
    assert said.count("補助金") == 1 and "補助金$12" in said, said
    assert page.errors == []


EMPIRE_MARKED = """() => [...document.querySelectorAll('.ee .just-now')].map((el) =>
  [el.dataset.space !== undefined ? `space ${el.dataset.space}`
    : `${el.closest('.player').dataset.seat} ${el.dataset.material}`,
   [...el.classList].find((c) => c.startsWith('by-'))].join(' ')).sort()"""


def test_enterprise_empire_marks_the_spaces_and_materials_of_the_last_moves(
        browser, server) -> None:
    """企業帝國's pawns show where they stand, not which of them just moved, and a
    material bought joins the others as one more chip (found playing against a bot in
    zh-TW at 390 px and en at 1280 px). Marked in the pawn's colour, which is the
    group's, not the seat's."""
    actions = ["corner:A", "corner:B", "roll", "buy", "roll", "buy"]   # P1 is to roll
    state = keizai.new_game("enterprise-empire", 2, seed=0)
    for name in actions:
        state.apply(name)
    players = state.view(0)["players"]
    game = game_at(server, "enterprise-empire", ["human", "human"], 0, actions)
    page = language_page(browser, "zh-TW", width=390)
    play_seat(page, server, game)
    page.wait_for_selector("#last-move", timeout=WAIT)
    by = {p["seat"]: f"by-pawn-{p['pawn']}" for p in players}
    # P2 arrived last: where both pawns stand, the mark is P2's
    spaces = {players[0]["position"]: by[0], players[1]["position"]: by[1]}
    expected = [f"space {space} {mark}" for space, mark in spaces.items()]
    expected += [f"{p['seat']} {material} {by[p['seat']]}" for p in players
                 for material in p["materials"]]
    assert len(expected) >= 3
    assert page.evaluate(EMPIRE_MARKED) == sorted(expected)
    assert page.errors == []
