"""A folded menu line keeps a number with its counter: 「2マス」, 「3人」, 「2格」.

Found from the session-29 attack pass's list (h161), then folding 企業帝國's ja menu lines
as `keizai play` prints them: kinsoku lets a line break between a figure and the kana or
ideograph after it, and 「$3の価格カードを出す：2マス進む」 read 「…出す：2」 / 「マス進む」 at
17-18 and 28-29 columns (「2マ」 / 「ス進む」 at 15), the 2 left behind as a figure of the
line before."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from keizai.rules.folding import columns, fold, words

# (language, a menu line, the number and its counter in it)
LINES = [
    ("ja", tr("ee.action.play", "ja", 3, 2), "2マス"),
    ("ja", tr("ee.menu.line", "ja", label=tr("ee.action.jump", "ja"),
              extra=tr("ee.menu.jump", "ja", n=2)), "2マス"),
    ("ja", tr("ee.menu.line", "ja", label=tr("ee.action.play", "ja", 5, 12),
              extra=tr("ee.menu.space", "ja", n=14)), "12マス"),
    ("zh-TW", tr("ee.action.play", "zh-TW", 3, 2), "2格"),
    ("zh-TW", tr("ee.menu.line", "zh-TW", label=tr("ee.action.jump", "zh-TW"),
                 extra=tr("ee.menu.jump", "zh-TW", n=2)), "2格"),
]


@pytest.mark.parametrize(("lang", "line", "counted"), LINES)
def test_a_number_and_its_counter_stay_on_one_line(lang: str, line: str,
                                                   counted: str) -> None:
    assert counted in line, line
    for width in range(16, 61):   # a phone's terminal and up
        lines = fold("  1) ", words(line), "", width, 6)   # as keizai play's menu
        assert any(counted in folded for folded in lines), (lang, width, lines)
        assert all(columns(folded) <= width for folded in lines), (lang, width, lines)
        assert "".join(lines).replace(" ", "") == f"1){line}".replace(" ", "")


def test_a_sum_of_money_has_no_counter() -> None:
    """「$3價格卡」: the price card of $3, which may break after its $3 as before."""
    assert words("打出$3價格卡")[:3] == ["打", "出", "$3"]
