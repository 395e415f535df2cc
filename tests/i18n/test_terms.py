"""The words docs/i18n.md chose (Sources) are the catalogue's words, wherever a text
appears: a bot is 電腦玩家 in 繁體中文 (the lobby's menu and the seat lines said 電腦 until
session 16, beside 電腦玩家 in every refusal and help text), 機器人 is Futuropia's robot
only, 企業帝國 says 代表物 / 營收金 / 建立 and 格 for a board step (マス in 日本語: a price
card's figure was 「3步」 in the log of its offer beside 「3格的卡」 in the table),
Futuropia 製造機 and 電力, National Economy 建設費用 / 支薪日 / 工資 in 繁體中文 and 賃金 in
日本語, the corners 角落A / 角A."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from keizai.i18n import catalogue
from keizai.i18n.howto import texts


def everywhere(key: str) -> bool:
    return True


def futuropia(key: str) -> bool:
    return key.startswith(("fu.", "fu_", "setup.fu."))


def enterprise_empire(key: str) -> bool:
    return key.startswith(("ee.", "ee_", "setup.ee."))


def national_economy(key: str) -> bool:
    return key.startswith(("ne.", "ne_", "setup.ne."))


def not_futuropia(key: str) -> bool:
    return not futuropia(key)


# (language, which ids, a word the doc turned down, the doc's word instead)
REFUSED: list[tuple[str, Callable[[str], bool], str, str]] = [
    ("zh-TW", everywhere, r"電腦(?!玩家)", "a bot is 電腦玩家"),
    ("zh-TW", not_futuropia, r"機器人", "機器人 is Futuropia's robot; a bot is 電腦玩家"),
    ("zh-TW", enterprise_empire, r"棋子", "代表物"),
    ("zh-TW", enterprise_empire, r"收入", "營收金"),
    ("zh-TW", enterprise_empire, r"成立", "建立 a company"),
    ("zh-TW", futuropia, r"發電機", "製造機"),
    ("zh-TW", futuropia, r"能源", "電力"),
    ("zh-TW", futuropia, r"房屋|住宅", "房舍"),
    ("zh-TW", futuropia, r"居民", "住民"),
    ("zh-TW", national_economy, r"成本", "建設費用"),
    ("zh-TW", everywhere, r"發薪日|薪資", "支薪日 and 工資"),
    ("zh-TW", everywhere, r"第(?:\d|\{[^{}]*\})角", "角落A…角落D"),
    ("zh-TW", enterprise_empire, r"步", "格 for a board step (the rulebook's 前進6格)"),
    ("ja", everywhere, r"給料(?!日)", "賃金"),
    ("ja", everywhere, r"発電機", "製造機"),
    ("ja", everywhere, r"第(?:\d|\{[^{}]*\})角", "角A…角D"),
    ("ja", enterprise_empire, r"歩", "マス for a board step"),
    ("zh-TW", futuropia, r"個", "份 for resources, 部 for robots and generators"),
    ("zh-TW", futuropia, r"度電力", "份 for resources, energy too: the log said 「需要5度電力」 "
     "beside 「缺少2份電力」"),
    ("zh-TW", futuropia, r"(?:\d|\}|每)度", "份 for energy as for food: the how-to-play's "
     "robots 「每部機器人1度…每缺1度付$2」 beside the game's 「缺少1份電力，改付$2」"),
    ("en", enterprise_empire, r"(?<![{\w])steps?\b",
     "spaces, as a move and a price card's play say it (the card's figure is the spaces "
     "it moves: 'Price card revealed: Steel for $300 (3 steps)' beside 'move 3 spaces')"),
]


def refused(lang: str, ids: Callable[[str], bool], word: str) -> dict[str, str]:
    return {key: text for key, text in catalogue(lang).items()
            if not key.startswith("@") and ids(key) and re.search(word, text)}


@pytest.mark.parametrize(("lang", "ids", "word", "instead"), REFUSED,
                         ids=[f"{lang}:{word}" for lang, _, word, _ in REFUSED])
def test_the_catalogue_says_the_words_the_doc_chose(
        lang: str, ids: Callable[[str], bool], word: str, instead: str) -> None:
    found = refused(lang, ids, word)
    assert not found, (instead, found)


@pytest.mark.parametrize(("lang", "ids", "word", "instead"), REFUSED,
                         ids=[f"{lang}:{word}" for lang, _, word, _ in REFUSED])
def test_the_how_to_play_says_the_words_the_doc_chose(
        lang: str, ids: Callable[[str], bool], word: str, instead: str) -> None:
    """The how-to-play (`keizai rules`, the page's rules) is read before the game: it
    said 「3度電力」, 「每部機器人1度」 and 「床位最多5個」 where Futuropia's game counts
    「3份電力」 and 「5床」, and 企業帝國's price card moved 「卡上的步數」 / 「その歩数」 /
    "its steps" where the game moves 「前進3格」 / 「3マス進む」 / "3 spaces" (h222's pass)."""
    found = {key: text for key, section in texts(lang).items() if ids(key)
             if re.search(word, text := "\n".join([section["heading"], *section["text"]]))}
    assert not found, (instead, found)


def test_the_chosen_words_are_the_ones_named() -> None:
    zh, ja = catalogue("zh-TW"), catalogue("ja")
    assert zh["bot"] == "電腦玩家" and zh["hand_to_bot"] == "交給電腦玩家"
    assert "機器人" in zh["fu_robots"] and zh["fu.resource.energy"] == "電力"
    assert "製造機" in zh["fu.gen.SP1"] and "製造機" in ja["fu.gen.SP1"]
    assert zh["wage"] == "工資" and "賃金" in ja["wage"]


def test_the_price_pile_and_a_hand_of_price_cards_have_their_own_names() -> None:
    """企業帝國's page labelled the face-down pile on the board and each player's count of
    price cards in hand both "Price cards" (価格カード, 價格卡); the terminal says "price
    pile: 18 cards face down" and "3 price cards" in a player's line."""
    for lang in ("en", "ja", "zh-TW"):
        words = catalogue(lang)
        assert words["ee_price_pile"] != words["ee_price_cards"], lang
    assert catalogue("en")["ee_price_pile"] == "Price pile"
    assert catalogue("en")["ee_price_cards"] == "Price cards in hand"


def test_the_check_catches_what_it_is_for() -> None:
    def hit(lang: str, ids: Callable[[str], bool], word: str, key: str, text: str) -> bool:
        return bool(ids(key) and re.search(word, text))

    assert hit("zh-TW", everywhere, REFUSED[0][2], "bot", "電腦")
    assert not hit("zh-TW", everywhere, REFUSED[0][2], "bot", "電腦玩家")
    assert hit("zh-TW", not_futuropia, r"機器人", "hand_to_bot", "交給機器人")
    assert not hit("zh-TW", not_futuropia, r"機器人", "fu_robots", "機器人")
    assert hit("ja", everywhere, r"給料(?!日)", "payday_forecast", "給料$4")
    assert not hit("ja", everywhere, r"給料(?!日)", "phase_payday", "給料日")
    assert hit("zh-TW", everywhere, REFUSED[11][2], "ee.corner.0", "第{n}角落")
    assert hit("zh-TW", enterprise_empire, r"步", "ee.log.offer", "（{n}步）")
    assert not hit("zh-TW", enterprise_empire, r"步", "back", "上一步")
    assert hit("en", enterprise_empire, REFUSED[-1][2], "ee.tui.offer", "(a {steps}-step card)")
    assert not hit("en", enterprise_empire, REFUSED[-1][2], "ee.tui.price_card",
                   "${price}/{steps} {steps:plural:space:spaces}")


def test_japanese_counts_loans_with_one_counter() -> None:
    """日本語 counted a loan with つ (「借金を1つ返す」, 「借金1つは$4」), 件 (「借金を3件返す」,
    「未返済の借金2件」) and 枚 (「1枚$5の借金」) in different messages. It is 件 everywhere
    (docs/i18n.md): the counts with a figure already said 件, and つ stops at nine (十 is
    とお; a game may end with 12 unpaid loans)."""
    counted = {key: text for key, text in catalogue("ja").items()
               if not key.startswith("@") and "借金" in text
               and re.search(r"(?:\d|\})(?:つ|件|枚|個)", text)}
    assert len(counted) >= 10
    other = {key: text for key, text in counted.items()
             if re.search(r"(?:\d|\})(?:つ|枚|個)", text)}
    assert not other, other
