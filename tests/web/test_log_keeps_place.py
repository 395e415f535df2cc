"""The Log panel keeps a reader's place when a move adds lines.

Found in session 32's new player's pass (h205, Chromium, National Economy against bots):
a player who scrolled the Log panel up to read what the bots did in the last round was
taken back to its end at each new move (table.js brought the newest line into sight
whenever the log grew), every bot's move, 0.4 s apart: the earlier lines could not be
read while the bots played. A list scrolled to its end still follows the new lines."""

from __future__ import annotations

import pytest

import keizai
from tests.web.browser import language_page, unavailable_reason
from tests.web.live_server import game_at, play_on, random_moves

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
GAME = "national-economy/mecenat"
SEED = 4
# the Log panel's scroll: where it is, how far it can go, and its first line in sight
PLACE = """() => { const list = document.querySelector('#log');
  const top = list.getBoundingClientRect().top;
  const first = [...list.children].find((li) => li.getBoundingClientRect().bottom > top + 1);
  return {top: list.scrollTop, end: list.scrollHeight - list.clientHeight,
          first: first?.textContent, lines: list.children.length}; }"""


def _moves(count: int) -> tuple[list[str], list[str]]:
    """The first `count` moves of a game played at random, and the next ones to its end."""
    moves = random_moves(GAME, 2, SEED, SEED)
    return moves[:count], moves[count:]


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_reader_scrolled_up_keeps_their_place(browser, server, lang: str) -> None:
    played, later = _moves(40)
    game = game_at(server, GAME, ["human", "human"], SEED, played)
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/play/{game['id']}/0/{game['seats'][0]['token']}")
    page.wait_for_selector(f".table[data-step='{len(played)}']", timeout=WAIT)
    before = page.evaluate(PLACE)
    assert before["end"] > 0 and before["top"] == before["end"], before   # at the end
    page.eval_on_selector("#log", "list => { list.scrollTop = 40; }")
    kept = page.evaluate(PLACE)
    state = keizai.new_game(GAME, 2, seed=SEED)
    for name in played:
        state.apply(name)
    play_on(server, game, state, later[:6])
    page.wait_for_selector(f".table[data-step='{len(played) + 6}']", timeout=WAIT)
    after = page.evaluate(PLACE)
    assert after["lines"] > kept["lines"], after
    assert (after["top"], after["first"]) == (kept["top"], kept["first"]), (kept, after)
    # scrolled back to its end, the list follows the new lines again
    page.eval_on_selector("#log", "list => { list.scrollTop = list.scrollHeight; }")
    play_on(server, game, state, later[6:12])
    page.wait_for_selector(f".table[data-step='{len(played) + 12}']", timeout=WAIT)
    followed = page.evaluate(PLACE)
    assert followed["lines"] > after["lines"] and followed["top"] == followed["end"], followed
    assert not page.errors, page.errors
