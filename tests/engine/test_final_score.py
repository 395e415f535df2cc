"""The log's final score lines: a solo game's target and verdict are no parts of its
total (they are the terminal's and the page's won/lost line)."""

from __future__ import annotations

from keizai.engine.final_score import final_score_messages
from keizai.i18n import render


def test_a_solo_rows_target_and_verdict_are_not_listed_as_parts() -> None:
    row = {"buildings": 26, "bonuses": 0, "money": 3, "vp_cards": 12, "unpaid_wages": -6,
           "total": 35, "target": 125, "won": 0}
    [message] = final_score_messages([row])
    assert render(message) == ("Final score: P1 35 points (buildings 26, bonuses 0, money 3, "
                               "VP cards 12, Unpaid Wage cards -6).")
    assert render(message, "zh-TW") == ("最終得分：P1得35分（建築物26、獎勵0、金錢3、"
                                        "勝利點數卡12、欠薪卡-6）。")
