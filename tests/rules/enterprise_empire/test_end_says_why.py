"""企業帝國's end says who won and why, not only its log: found by session 32's new-player
passes (h205 in the browser, h203 in the terminal): the page's headline said "P2 wins" and
the terminal "Game over after 12 turns" and "Winner: P2", while whether the fourth company
or the $10,000 won it was only in the log. The view says why (`won_by`) and the terminal's
end says it in the log's words (the page's end: tests/web/test_ee_end_says_why.py)."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from keizai.rules.enterprise_empire.state import EmpireState
from tests.rules.enterprise_empire.helpers import GAME, new_state, own_corner, roll
from tests.rules.enterprise_empire.test_state import (
    SIZE,
    end_quiet_turn,
    give_company_materials,
)

LANGS = ("en", "ja", "zh-TW")


def _won_by_companies() -> EmpireState:
    state = new_state(players=3)
    seat = state.active
    pile = state.company_pile[seat]
    state.founded[seat] = 3
    state.company_up[seat] = pile.pop(0)
    give_company_materials(state, seat, state.company_up[seat])
    end_quiet_turn(state)
    assert state.is_over and state.winner == seat
    return state


def _won_by_cash() -> EmpireState:
    state = new_state(players=2)
    seat = state.active
    state.cash[seat] = 9500
    state.position[seat] = (own_corner(state, seat) - 1) % SIZE
    roll(state, 2)  # passes the own corner: $10,000 or more
    assert state.is_over and state.winner == seat
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_four_companies_are_named_at_the_end(lang: str) -> None:
    state = _won_by_companies()
    view = state.view(None)
    assert view["won_by"] == "companies"
    winner = view["players"][state.winner]
    said = tr("ee.log.win_companies", lang, seat=state.winner, seat_pawn=winner["pawn"], n=4)
    assert said in GAME.render_text(view, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_cash_reached_is_named_at_the_end(lang: str) -> None:
    state = _won_by_cash()
    view = state.view(1 - state.winner)
    assert view["won_by"] == "cash"
    cash = state.cash[state.winner]
    assert cash >= 10_000
    said = tr("ee.log.win_cash", lang, seat=state.winner,
              seat_pawn=view["players"][state.winner]["pawn"], n=cash)
    assert said in GAME.render_text(view, lang)


def test_the_safety_limit_says_the_richest_won() -> None:
    state = new_state(players=2, seed=1, max_turns=1)
    while not state.is_over:
        state.apply("roll" if state.phase == 0 else state.legal_actions()[-1])
    assert state.view(0)["won_by"] == "richest"
    assert state.view(0)["winner"] == state.winner


def test_a_game_still_on_has_no_reason() -> None:
    assert new_state(players=2).view(0)["won_by"] is None
