"""One thing, one name: the page, the terminal (`keizai play`) and the how-to-play
(`keizai rules`) call a thing the same in each language, and write money the same way.

Found in session 33 (h222's pass, h225): Futuropia's best output of a community was the
page's "Best runs" / 最大稼働 / 最佳運轉 and the terminal's "best staffing" / 最良の配置 /
最佳配置; the houses one can buy were the page's "Houses for sale" / 販売中の住宅 /
出售中的房舍 and the terminal's "House supply" / 住宅サプライ / 房舍供應區 (the rulebook's
房舍供應區), its face-up action tiles the terminal's "tiles up" beside the score's
"face-up tiles"; National Economy's count of Unpaid Wage cards was the page's 未払い賃金 /
欠薪 beside the terminal's 未払い賃金カード3枚 / 欠薪卡3張; 企業帝國's how-to-play wrote $2,000 and
$10,000 where the game writes $2000 and $10000; Futuropia's 繁體中文 how-to-play counted
剩餘資源（現金、食物、電力） where the game pays and scores 金錢."""

from __future__ import annotations

import re

import pytest

from keizai.i18n import catalogue, tr
from keizai.i18n.howto import SECTIONS, texts
from keizai.rules.enterprise_empire.data import components
from keizai.rules.futuropia.render import render_text
from tests.rules.futuropia.helpers import new

LANGS = ("en", "ja", "zh-TW")

# (the page's label, the terminal's line that names the same thing)
SAME_THING = [
    ("fu_best_runs", "fu.tui.staffing"),       # each community's best food and power run
    ("fu_houses", "fu.tui.house_supply"),      # the houses one can buy
    ("fu_supply", "fu.tui.supply"),            # a market's generators still to come
    ("unpaid", "ne.tui.unpaid"),               # a player's Unpaid Wage cards
    ("vp", "ne.tui.vp_cards"),                 # a player's VP cards
    ("score_face_up_tiles", "fu.tui.tiles_up"),  # the action tiles left face up
]


def name(template: str) -> str:
    """The words of a label: figures ({n}, with their counter), spaces and colons off."""
    return re.sub(r"\{[^{}]*\}[枚張個]?", "", template).strip(" :：").casefold()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("page", "terminal"), SAME_THING)
def test_the_page_and_the_terminal_name_a_thing_alike(lang: str, page: str,
                                                      terminal: str) -> None:
    words = catalogue(lang)
    assert name(words[page]) == name(words[terminal]), (words[page], words[terminal])


def test_a_label_is_read_without_its_figures() -> None:
    assert name("   best runs: ") == "best runs"
    assert name("未払い賃金カード{n}枚") == "未払い賃金カード"
    assert name("House supply: {houses}") == "house supply"


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminals_table_names_the_best_runs_as_the_page_does(lang: str) -> None:
    state = new(2)
    table = render_text(state.view(0), lang).casefold()
    assert tr("fu_best_runs", lang).casefold() in table
    assert tr("fu_houses", lang).casefold() in table


def _everything(lang: str) -> dict[str, str]:
    """Every catalogue line and how-to-play section of `lang`, by id."""
    lines = {key: text for key, text in catalogue(lang).items() if not key.startswith("@")}
    for key, section in texts(lang).items():
        lines[f"how-to {key}"] = "\n".join([section["heading"], *section["text"]])
    return lines


@pytest.mark.parametrize("lang", LANGS)
def test_money_has_no_thousands_separator_anywhere(lang: str) -> None:
    """The game writes $10000 (tr's ${cash}: "P1 holds $10000 and wins."), so the how-to
    writes it so too."""
    found = {key: text for key, text in _everything(lang).items()
             if re.search(r"\$\d{1,3}(?:,\d{3})+", text)}
    assert not found, found


@pytest.mark.parametrize("lang", LANGS)
def test_the_how_to_names_enterprise_empires_sums_as_the_game_writes_them(lang: str) -> None:
    data = components()
    how_to = "\n".join(line for key in SECTIONS["enterprise-empire"]
                       for line in texts(lang)[key]["text"])
    for amount in (data.starting_cash, data.win_cash, data.demand_sale):
        written = tr("score_value_cash", lang, n=amount)
        assert re.search(rf"{re.escape(written)}(?!\d)", how_to), (written, lang)
    won = tr("ee.log.win_cash", lang, seat=0, seat_pawn="red", n=data.win_cash)
    assert tr("score_value_cash", lang, n=data.win_cash) in won


def test_futuropias_money_has_one_chinese_name_in_the_game_and_the_how_to() -> None:
    """繁體中文 names Futuropia's money 金錢 (the stat, the resource, the payment
    「從金錢、食物與電力支付」); its how-to-play said 現金 twice."""
    assert catalogue("zh-TW")["fu.resource.money"] == "金錢"
    found = {key: text for key, text in _everything("zh-TW").items()
             if key.removeprefix("how-to ").startswith(("fu.", "fu_")) and "現金" in text}
    assert not found, found
