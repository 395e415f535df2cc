"""The final ranking the terminal prints (`keizai play`, `keizai replay`): 企業帝國's said
"cash 4300" where its log and table write money "$4300"."""

from __future__ import annotations

import random

import pytest

import keizai
from keizai.i18n import tr
from keizai.terminal_text import final_ranking_text


def _finished(game: str, seed: int, options: dict | None = None) -> keizai.State:
    state = keizai.new_game(game, 3, seed=seed, options=options)
    chooser = random.Random(seed)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("lang", "cash"), [("en", "cash"), ("ja", "現金"), ("zh-TW", "現金")])
def test_enterprise_empire_ranking_writes_cash_as_money(lang: str, cash: str) -> None:
    state = _finished("enterprise-empire", 2, {"max_turns": 40})
    text = final_ranking_text(state, None, lang)
    for row in state.scores():
        assert tr("score_part", lang, name=cash, figure=f"${row['cash']}") in text, text
    assert tr("score_part", lang, name=cash, figure=state.scores()[0]["cash"]) not in text


def test_points_stay_points() -> None:
    """Futuropia's ranking gives each seat's points, no money sign."""
    state = _finished("futuropia", 2)
    text = final_ranking_text(state, None)
    assert "$" not in text
    assert all(f"{row['total']} pt" in text for row in state.scores()), text


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "You lost: -105 points, the target of 100 not reached."),
    ("ja", "敗北：-105点（目標100点に届かず）。"),
    ("zh-TW", "你輸了：-105分（未達目標100分）。"),
])
def test_a_solo_game_ends_with_its_score_and_target_not_a_place(lang: str,
                                                                 expected: str) -> None:
    """A solo game's end printed "Final ranking: 1. P1 (random) -105 pts" (「最終順位：1位は
    P1…」) before its won/lost line: a place among one player says nothing. It now says
    the score, the target (revival rulebook, Solo Play Rules: "100 pt or more" in
    Progress) and whether it was reached, as the page's end screen does."""
    state = _solo_game()
    assert state.scores()[0]["total"] == -105
    text = final_ranking_text(state, ["human"], lang)
    assert text == expected
    assert tr("cli.final_ranking", lang) not in text


@pytest.mark.parametrize(("lang", "seats", "expected"), [
    ("en", ["random"], "P1 (bot: random) lost: -105 points, the target of 100 not reached."),
    ("ja", ["random"], "P1（ボット：{bot}）の敗北：-105点（目標100点に届かず）。"),
    ("zh-TW", None, "P1落敗：-105分（未達目標100分）。"),
])
def test_a_solo_game_a_bot_played_is_not_said_to_you(lang: str, seats: list[str] | None,
                                                      expected: str) -> None:
    """`keizai play --seats random` (or the replay of a record whose players are not
    known) ended "You lost: …", speaking to a player who did not play: the line names
    the seat and, where known, the bot."""
    text = final_ranking_text(_solo_game(), seats, lang)
    assert text == expected.format(bot=tr("bot.random", lang))


def _solo_game() -> keizai.State:
    state = keizai.new_game("national-economy/progress", 1, seed=3)
    chooser = random.Random(3)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_final_ranking_folds_between_words_at_the_terminal_s_width(lang: str) -> None:
    """企業帝國's final ranking was one line ('最終名次：第1名是P3（隨機）獲勝、公司4、現金
    $5000；第2名是P2（隨機）公司3、現金$400；第3名是P1（真人）…' 117 columns), which a
    60-column terminal folded mid-word (found playing at 60 columns, pexpect). Given the
    terminal's width it folds between its words; its lines read whole when joined."""
    from keizai.rules.folding import columns

    state = _finished("enterprise-empire", 2, {"max_turns": 40})
    seats = ["human", "random", "random"]
    whole = final_ranking_text(state, seats, lang)
    folded = final_ranking_text(state, seats, lang, 60).splitlines()
    assert max(columns(line) for line in folded) <= 60, folded
    glue = " " if lang == "en" else ""
    ranking = whole.splitlines()[0]
    assert len(folded) > len(whole.splitlines()) and columns(ranking) > 60
    assert glue.join(line.strip() for line in folded[:-1]) == ranking, folded
    assert folded[-1] == whole.splitlines()[-1]
