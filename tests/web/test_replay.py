"""The web replay steps by round (National Economy's rounds, Futuropia's rounds of the
table, 企業帝國's turns) as well as by move, in three languages: it only stepped by move."""

from __future__ import annotations

import random
from typing import Any

import pytest

import keizai
from tests.web.browser import language_page, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000


def _played(game: str, seed: int, options: dict[str, Any] | None = None
            ) -> tuple[list[str], list[keizai.State]]:
    """A two-seat game played to its end by random choices: its actions, and the
    position after each number of them."""
    rng = random.Random(seed)
    state = keizai.new_game(game, 2, seed=seed, options=options)
    actions: list[str] = []
    positions = [keizai.replay(state.record())]
    while not state.is_over:
        actions.append(rng.choice(state.legal_actions()).name)
        state.apply(actions[-1])
        positions.append(keizai.replay(state.record()))
    return actions, positions


def _step(page) -> int:
    return int(page.get_attribute(".replay", "data-step"))


def _click(page, button: str) -> int:
    step = _step(page)
    page.click(button)
    page.wait_for_selector(f".replay:not([data-step='{step}'])", timeout=WAIT)
    return _step(page)


def test_the_replay_steps_to_the_next_and_back_to_the_last_round(browser, server) -> None:
    actions, positions = _played("national-economy/progress", 5)
    # the steps at which National Economy's rounds 2 and 3 begin (its own round counter)
    second, third = (next(k for k, s in enumerate(positions) if s.round == r) for r in (2, 3))
    game = game_at(server, "national-economy/progress", ["human", "human"], 5, actions)
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
def test_the_round_buttons_speak_the_game_s_own_word(browser, server, lang: str,
                                                      words: tuple[str, ...]) -> None:
    """企業帝國 counts turns (手番 / 回合), not rounds; its turn cap keeps the game short."""
    options = {"max_turns": 5}
    actions, positions = _played("enterprise-empire", 2, options)
    second = next(k for k, s in enumerate(positions) if s.view(None)["turn"] == 1)
    game = game_at(server, "enterprise-empire", ["human", "human"], 2, actions, options)
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/replay/{game['id']}")
    page.wait_for_selector("#replay-round-forward")
    assert _click(page, "#replay-round-forward") == second
    forward, back, where = words
    assert page.inner_text("#replay-round-forward") == forward
    assert page.inner_text("#replay-round-back") == back
    assert page.inner_text("#replay-step").endswith(f" · {where}")
    assert not page.errors, page.errors
