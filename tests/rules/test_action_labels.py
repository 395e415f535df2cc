"""An action's words have one source, the catalogue (keizai.i18n.action_label), as a whole
decision's prompt and candidates do. Every game built an English label in code beside
its catalogue entry: the terminal's English menu said "Place a worker on your Farm",
"Put your pawn and group card on corner A (space 0)" and "Discard 2 Consumer Items and
draw 3 buildings" where the page said "… on Farm (own building)", "Put the pawn …" and
"… draw 3 building cards". The figures only that English label had (how far research
jumps, where a corner lies, what a repayment costs) are now in every language's menu."""

from __future__ import annotations

import random
from typing import Any

import pytest

import keizai
from keizai.i18n import LANGUAGES, action_label, tr
from keizai.rules.futuropia.render import house_choice


@pytest.mark.parametrize("game", keizai.games())
def test_every_action_label_is_its_catalogue_entry(game: str) -> None:
    state = keizai.new_game(game, 2, seed=0)
    view = state.view(0)
    for action in state.game.action_space.actions:
        assert action.label == str(action) == action_label(game, action.name), action.name
        for lang in LANGUAGES:   # the terminal's menu line starts with it in every language
            line = state.game.describe_action(view, action, lang)
            assert line.startswith(menu_words(game, view, action.name, lang)), (lang, line)


def menu_words(game: str, view: dict[str, Any], name: str, lang: str) -> str:
    """What the menu line of action `name` starts with: its catalogue label, or, for a
    Futuropia house the view's supply holds, the catalogue's words for buying that house
    by its price and beds ("Buy the $3 house (2 beds)", 4ea2baa: the label alone, "Buy a
    house", cannot tell which)."""
    verb, _, arg = name.partition(":")
    if game == "futuropia" and verb == "house":
        house = next((h for h in view["house_supply"] if h["id"] == arg), None)
        if house is not None:
            return tr("fu.menu.buy_house", lang, name=house_choice(house, lang))
    return action_label(game, name, lang)


def test_the_menu_says_how_far_research_jumps_and_where_each_corner_lies() -> None:
    state = keizai.new_game("enterprise-empire", 2, seed=0)
    parts, view = state.game.parts, state.view(0)
    space = state.game.action_space
    for lang in LANGUAGES:
        jump = state.game.describe_action(view, space.by_name("jump"), lang)
        assert tr("ee.menu.jump", lang, n=parts.research_jump) in jump
        for letter, at in zip("ABCD", parts.corner_spaces, strict=True):
            line = state.game.describe_action(view, space.by_name(f"corner:{letter}"), lang)
            assert tr("ee.menu.space", lang, n=at) in line, line


def test_the_menu_says_what_repaying_a_loan_costs() -> None:
    for seed in range(50):
        state = keizai.new_game("futuropia", 2, seed=seed)
        chooser = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            repay = next((a for a in legal if a.name == "repay:loan"), None)
            if repay is not None:
                view = state.view(state.current_player)
                cost = state.game.components.rules.repay_cost
                for lang in LANGUAGES:
                    line = state.game.describe_action(view, repay, lang)
                    assert tr("fu.menu.resources", lang, n=cost) in line, line
                return
            state.apply(chooser.choice(legal))
    raise AssertionError("no repayment in 50 random games")
