"""企業帝國's groups in the Japanese log and table: named in Japanese words. The 日本語
catalogue had the Chinese names (領先運輸, 発達集団, 幻想科技), read in a Japanese log as
Chinese: 「P1（青）が領先運輸を引き…」."""

from __future__ import annotations

import random

import keizai
from keizai.i18n import tr

GROUPS = ("leading_transport", "fada_group", "longtou_industries", "fantasy_tech")
# Chinese words of the groups' names that Japanese does not use so: 領先 (leading: 先導),
# 集團/集団 (a business group: グループ, as the catalogue's 「グループ本社」), 科技 (tech)
CHINESE_ONLY = ("領先", "集団", "集團", "科技")


def test_the_japanese_log_names_the_groups_in_japanese() -> None:
    state = keizai.new_game("enterprise-empire", 4, seed=1)
    rng = random.Random(1)
    while len(state.history) < 8:
        state.apply(rng.choice(state.legal_actions()))
    log = "\n".join(state.log(None, "ja"))
    for group in GROUPS:
        name = tr(f"ee.group.{group}", "ja")
        assert not any(word in name for word in CHINESE_ONLY), name
        assert name in log, (name, log)   # four players: every group is drawn
    assert not any(word in log for word in CHINESE_ONLY), log
