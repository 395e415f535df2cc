"""What a player met at the web table, against bots and between friends, in headless
Chromium: the Undo button vanished without a reason; "Hand to a bot" was offered for a
seat whose player had just left or not come yet (right after a rematch, say), though the
server refuses it for `--handover-after` seconds; the lobby offered the developer bots
(`heuristic`, `mcts`, `random`) among the levels; and the note of a single choice the page
applied came after "The game is over."."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

import keizai
from keizai import i18n
from keizai.web.tables import PLAYER_LEVELS
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import LiveServer, game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000
HANDOVER_AFTER = 2   # seconds, for the server of the hand-over test


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory) -> Iterator[Any]:
    """A server whose seats may be handed to a bot after `HANDOVER_AFTER` seconds."""
    path = tmp_path_factory.mktemp("handover")
    live = LiveServer(f"sqlite:///{path / 'handover.sqlite3'}", path / "server.log",
                      extra=("--no-rate-limits", "--handover-after", str(HANDOVER_AFTER))
                      ).start()
    yield live
    live.stop()


def test_undo_says_why_it_is_gone(browser, server) -> None:
    """Seed 1: after P1's School the bot draws at the Mine. The Undo button stays,
    disabled, with the reason beside it and as its title, in the page's language."""
    game = game_at(server, "national-economy/mecenat", ["human", "random"], 1)
    page = language_page(browser, "ja")
    play_seat(page, server, game)
    page.click(".workplace.legal[data-action='place:school']")
    page.wait_for_selector("#undo[disabled]", timeout=WAIT)
    why = i18n.tr("web.undo.revealed_by", "ja", seat=1)
    assert page.inner_text("#undo-why").strip() == why
    assert page.get_attribute("#undo", "title") == why
    assert not page.errors, page.errors


def test_hand_to_a_bot_is_offered_once_the_server_allows_it(browser, quick_server) -> None:
    """An invited seat whose player has not come yet gets the offer only once it has been
    away the server's hand-over time (the page redraws by itself then), and the offer
    works."""
    game = httpx.post(f"{quick_server.url}/api/tables", json={
        "game": "national-economy/glory", "seats": ["human", "human"]}).json()
    page = language_page(browser)
    play_seat(page, quick_server, game)
    offer = ".seats-panel li:nth-child(2) button"
    assert page.query_selector(offer) is None   # P2's player may be on the way
    page.wait_for_selector(offer, timeout=(HANDOVER_AFTER + 3) * 1000)
    page.click(offer)
    page.wait_for_selector(".seats-panel li:nth-child(2):has-text('Bot')", timeout=WAIT)
    assert not page.errors, page.errors


def test_the_lobby_offers_the_player_levels(browser, server) -> None:
    """The bot menu lists the named levels, in the page's language; the developer bots
    are left to the API."""
    page = language_page(browser, "zh-TW")
    page.goto(server.url)
    page.wait_for_selector("select[name=bot-1]")
    options = page.eval_on_selector_all("select[name=bot-1] option",
                                        "os => os.map((o) => [o.value, o.textContent])")
    assert {"easy", "normal", "hard", "expert"} <= {value for value, _ in options}
    for value, text in options:
        assert value in PLAYER_LEVELS and text == i18n.tr(f"bot.{value}", "zh-TW")
    assert not page.errors, page.errors


def _last_step_single() -> tuple[int, list[str]]:
    """A solo seed and the moves before its last step, which has one option."""
    for seed in range(60):
        rng = random.Random(seed)
        state = keizai.new_game("national-economy/progress", 1, seed=seed)
        actions: list[str] = []
        while not state.is_over:
            legal = state.legal_actions()
            actions.append(rng.choice(legal).name)
            state.apply(actions[-1])
        if len(legal) == 1:
            return seed, actions[:-1]
    raise AssertionError("no such game")


def test_the_end_of_the_game_comes_after_the_applied_note(browser, server) -> None:
    """The last step has one option: the page applies it, and "Just now" says so first,
    then what the step did, ending with the game's end."""
    seed, actions = _last_step_single()
    game = game_at(server, "national-economy/progress", ["human"], seed, tuple(actions))
    page = language_page(browser)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-over='yes'] #auto-note", timeout=WAIT)
    lines = page.eval_on_selector_all("#last-move li", "ls => ls.map((l) => l.id)")
    texts = page.eval_on_selector_all("#last-move li", "ls => ls.map((l) => l.textContent)")
    state = keizai.new_game("national-economy/progress", 1, seed=seed)
    for name in actions:
        state.apply(name)
    state.apply(state.legal_actions()[0].name)
    assert lines[0] == "auto-note", texts
    assert texts[-1] == i18n.render(state.events(0)[-1]), texts
    assert not page.errors, page.errors
