"""National Economy: the table's prompt names the workplace or building whose effect asks
for a discard ("Stall: discard 1 card"), in each of the page's languages."""

from __future__ import annotations

import random

import pytest

import keizai
from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
GAME = "national-economy/mecenat"


def _effect_discard() -> tuple[int, list[str]]:
    """A seed and the actions (random play) after which seat 0 discards for the effect of
    the workplace it has just placed a worker on."""
    for seed in range(200):
        rng = random.Random(seed)
        state = keizai.new_game(GAME, 2, seed=seed)
        while not state.is_over:
            decision = state.pending_decision()
            actions = state.record()["actions"]
            if (state.current_player == 0 and decision is not None
                    and decision.kind == "discard" and "hand_limit" not in decision.info
                    and actions[-1].startswith("place:")):
                return seed, actions
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def test_the_prompt_names_what_asks_for_the_discard(browser, server) -> None:
    seed, actions = _effect_discard()
    card = actions[-1].split(":")[-1]  # place:stall, place:own:cafeteria, place:public:…
    state = keizai.replay({"game": GAME, "players": 2, "seed": seed, "actions": actions})
    decision = state.pending_decision()
    assert decision is not None
    n = decision.amount
    game = game_at(server, GAME, ["human", "human"], seed, actions)
    for lang, said in (("en", f"{tr(f'ne.card.{card}')}: discard {n} card"),
                       ("ja", f"{tr(f'ne.card.{card}', 'ja')}：{n}枚捨てる"),
                       ("zh-TW", f"{tr(f'ne.card.{card}', 'zh-TW')}：棄{n}張牌")):
        page = language_page(browser, lang)
        play_seat(page, server, game)
        page.wait_for_selector("#whole")
        assert page.inner_text("#whole .whole-prompt").startswith(said), lang
        assert page.errors == [], page.errors
        page.close()
