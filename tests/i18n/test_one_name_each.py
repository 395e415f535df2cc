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
剩餘資源（現金、食物、電力） where the game paid and scored 金錢 (h230 then found
Futuropia's rulebook says 現金: each game's money word is tests/i18n/test_each_games_money.py).

Then (h228, the rest h225 left): National Economy's final score counted 未払い賃金-27 /
欠薪-27 beside the page's and terminal's 未払い賃金カード / 欠薪卡; its 繁體中文 money was
the page's and the score's 金錢 (the rulebook's 「玩家手頭的金錢不足以支付」) but the
payday forecast's, the payday's and the how-to's 現金; the English terminal moved
Futuropia's "marker -1/+1" where the page and the log move the "price marker"; 企業帝國's
繁體中文 terminal and log turned up the 需求卡 the how-to and the rulebook call 原料需求卡;
and the terminal's best runs line was keyed fu.tui.staffing."""

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
    ("fu_best_runs", "fu.tui.best_runs"),      # each community's best food and power run
    ("fu_houses", "fu.tui.house_supply"),      # the houses one can buy
    ("fu_supply", "fu.tui.supply"),            # a market's generators still to come
    ("unpaid", "ne.tui.unpaid"),               # a player's Unpaid Wage cards
    ("vp", "ne.tui.vp_cards"),                 # a player's VP cards
    ("score_face_up_tiles", "fu.tui.tiles_up"),  # the action tiles left face up
]
# (the page's label, the final score's name for the same thing)
SAME_IN_THE_SCORE = [
    ("unpaid", "score_unpaid_wages"),          # National Economy's Unpaid Wage cards
    ("money", "score_money"),                  # National Economy's money
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


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("page", "score"), SAME_IN_THE_SCORE)
def test_the_page_and_the_final_score_name_a_thing_alike(lang: str, page: str,
                                                         score: str) -> None:
    words = catalogue(lang)
    assert name(words[page]) == name(words[score]), (words[page], words[score])


@pytest.mark.parametrize("terminal", [terminal for _, terminal in SAME_THING])
def test_a_terminal_lines_key_says_what_the_line_names(terminal: str) -> None:
    """Each word of the key's last part is in its English line (fu.tui.house_supply
    "House supply: {houses}"), so a renamed thing does not keep its old key."""
    line = catalogue("en")[terminal].casefold()
    missing = [word for word in terminal.rsplit(".", 1)[-1].split("_") if word not in line]
    assert not missing, (terminal, line)


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
    assert tr("fu_marker", lang).casefold() in table


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_names_a_moved_price_marker_as_the_page_does(lang: str) -> None:
    for key in ("fu.tui.market_food", "fu.tui.market_power"):
        assert tr("fu_marker", lang).casefold() in tr(key, lang, marker=1).casefold(), key


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


def test_enterprise_empires_demand_card_has_its_rulebook_name_in_chinese() -> None:
    """The rulebook's 原料需求卡 (「原料需求卡牌堆最上方1張卡牌」), as the how-to and the
    option say; the terminal and the first log line said 需求卡."""
    found = {key: text for key, text in _everything("zh-TW").items()
             if re.search("(?<!原料)需求卡", text)}
    assert not found, found
