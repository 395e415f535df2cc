"""A solo player's "Just now" is their latest decision, not the whole game.

Found in session 32's new player's pass (h205, Chromium, National Economy: Glory solo, en
and ja, 1100 and 390 px): "Just now" begins at the seat's own latest run of moves, and a
solo seat's run is every move since the first: at the end of the game it held 156 of the
log's 157 lines ("150 earlier lines") and the board gave every workplace worked in any
round the dashed "just now" border, so nothing on the table said what the last move did.
A solo seat's "Just now" now begins where a spectator's does: at the latest decision,
every step of a compound one (a payday's discards)."""

from __future__ import annotations

import random

import pytest

import keizai
from keizai.engine import undo
from keizai.i18n import tr
from tests.web.browser import language_page, unavailable_reason
from tests.web.conftest import create, live, next_state
from tests.web.live_server import game_at

GAME = "national-economy/glory"


def _played(client, moves: int) -> tuple[dict, int]:
    """A solo game played `moves` steps at random through the API: the game and the log's
    length before its latest decision."""
    game = create(client, GAME, ["human"], seed=3)
    table = client.app.state.tables.get(game["id"])
    chooser = random.Random(3)
    decision, latest = None, 0
    for _ in range(moves):
        state = table.state
        kind = undo.decision_kind(state)
        if kind is None or kind != decision:
            latest = state.event_count()
        decision = kind
        action = chooser.choice(state.legal_actions()).name
        sent = client.post(f"/api/games/{game['id']}/actions", json={
            "seat": 0, "token": game["seats"][0]["token"], "action": action})
        assert sent.status_code == 200, sent.text
    return game, latest


@pytest.mark.parametrize("moves", [1, 15, 30])
def test_a_solo_seats_just_now_is_its_latest_decision(client, moves: int) -> None:
    game, latest = _played(client, moves)
    with live(client, game, 0) as ws:
        assert next_state(ws)["just_now_from"] == latest
    view = client.get(f"/api/games/{game['id']}/view", params={"seat": 0},
                      headers={"x-keizai-token": game["seats"][0]["token"]}).json()
    assert view["just_now_from"] == latest
    assert len(view["log"]) - latest < 20, view["log"][latest:]   # one decision's lines


reason = unavailable_reason()


@pytest.mark.skipif(reason is not None, reason=reason or "")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_board_marks_only_the_latest_placement(browser, server, lang: str) -> None:
    """Two rounds in, the board's dashed "just now" border is on one workplace at most:
    the one the latest placement took (not every workplace worked since the start)."""
    state_moves: list[str] = []
    state, chooser = keizai.new_game(GAME, 1, seed=3), random.Random(3)
    while state.view(0)["round"] < 3 or not state_moves[-1].startswith("place:"):
        state_moves.append(chooser.choice(state.legal_actions()).name)
        state.apply(state_moves[-1])
    game = game_at(server, GAME, ["human"], 3, state_moves)
    page = language_page(browser, lang, width=390, height=844)
    page.goto(f"{server.url}/#/play/{game['id']}/0/{game['seats'][0]['token']}")
    page.wait_for_selector(f".table[data-step='{len(state_moves)}']", timeout=15_000)
    marked = page.eval_on_selector_all(".board .just-now", "els => els.map((e) => e.textContent)")
    workplace = tr(f"ne.card.{state_moves[-1].removeprefix('place:')}", lang)
    assert len(marked) == 1 and workplace in marked[0], marked
    # its lines begin with that placement: "P1 places a worker on Mine" and what followed
    page.click("#last-move-more")
    first = page.locator("#last-move li:not(.more)").first.inner_text()
    assert workplace in first, page.inner_text("#last-move")
    assert not page.errors, page.errors
