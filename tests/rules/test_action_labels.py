"""An action's words have one source, the catalogue (keizai.i18n.action_label), as a whole
decision's prompt and candidates do. Every game built an English label in code beside
its catalogue entry: the terminal's English menu said "Place a worker on your Farm",
"Put your pawn and group card on corner A (space 0)" and "Discard 2 Consumer Items and
draw 3 buildings" where the page said "… on Farm (own building)", "Put the pawn …" and
"… draw 3 building cards". The figures only that English label had (how far research
jumps, where a corner lies, what a repayment costs) are now in every language's menu."""

from __future__ import annotations

import random

import pytest

import keizai
from keizai.i18n import LANGUAGES, action_label, tr


@pytest.mark.parametrize("game", keizai.games())
def test_every_action_label_is_its_catalogue_entry(game: str) -> None:
    state = keizai.new_game(game, 2, seed=0)
    view = state.view(0)
    for action in state.game.action_space.actions:
        assert action.label == str(action) == action_label(game, action.name), action.name
        for lang in LANGUAGES:   # the terminal's menu line starts with it in every language
            line = state.game.describe_action(view, action, lang)
            assert line.startswith(action_label(game, action.name, lang)), (lang, line)


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
