"""In 日本語 and 繁體中文 a value a text puts among its words — a card's name, a number, a
seat's label, an amount of money — meets those words with no space (「倉庫を捨てますか？」,
「あと2枚」, 「P2の手番」, 「シード3」), as the log writes `{seat:seat}が`: the page said
「倉庫 を捨てますか？」, 「あと 2 枚」 until session 16, and the terminal, the game tables
and the refusals 「{0} を支払いますか？」, 「シード 3」 after it (docs/i18n.md, Typography).
Every catalogue entry is checked. Spaced operators (" + ", " → ", " × "), Latin words
(JSON, keizai, MB) and what a player types or copies on the command line (a path, an
option, a command, a game's id) keep their spaces."""

from __future__ import annotations

import re

import pytest

from keizai.i18n import catalogue

# CJK characters and full-width punctuation (（）：、。「」 …)
CJK = "\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
# a value: a template field, a number, money, a sign before a number, a name of one Latin
# letter (a side A, P1, L01); a Latin word of two letters or more is a word, not a value
VALUE_START = r"(?:\{|\d|\$|[−+-](?=[\d{])|[A-Za-z](?![A-Za-z]))"
VALUE_END = r"(?:\}|\d|(?<![A-Za-z])[A-Za-z])"
SPACED = re.compile(rf"[{CJK}] +{VALUE_START}|{VALUE_END} +[{CJK}]")

# The command line's messages name what a player types or copies back: a path, an option,
# a command, a game's id. Such a field is a Latin word and keeps a space on its CJK sides:
# a double-click in a terminal (GNOME Terminal, Windows Terminal) selects CJK characters
# as part of a word, so 「--resume game.jsonで再開」 would copy "game.jsonで再開".
COMMAND_LINE_IDS = ("cli.", "sim.", "setup.")
COMMAND_LINE_FIELDS = re.compile(r"\{(?:path|file|dir|out|database|command|flag|option|what"
                                 r"|name|game|held|known|langs|address|backend)\}")


# a Latin word that ends in a number is a word too: UTF-8
NUMBERED_WORD = re.compile(r"[A-Za-z]+-\d+")


def judged(key: str, text: str) -> str:
    """The text as the check reads it: a command-line field as the Latin word it holds."""
    text = NUMBERED_WORD.sub("word", text)
    return COMMAND_LINE_FIELDS.sub("word", text) if key.startswith(COMMAND_LINE_IDS) else text


def spaced(lang: str) -> dict[str, str]:
    return {key: text for key, text in catalogue(lang).items()
            if not key.startswith("@") and SPACED.search(judged(key, text))}


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_a_value_meets_the_cjk_words_beside_it_with_no_space(lang: str) -> None:
    texts = catalogue(lang)
    # the page, the terminal's prompts and tables, the refusals, set-up and sim errors
    assert {"confirm_pay", "web.err.bot_seat", "error.bad_json", "tdec.confirm_pay",
            "cli.header", "ne.tui.head", "fu.tui.house", "ee.tui.place", "refuse.only_n",
            "setup.seed", "sim.out.fewer_games"} <= set(texts)
    found = spaced(lang)
    assert not found, found


def test_the_check_catches_what_it_is_for() -> None:
    for bad in ("{0} を捨てますか？", "あと {0} 枚", "還需棄 2 張", "賃金 ${0}", "{seat:seat} の",
                "（A か B）", "以上で −{0}", "シード {seed}。", "1 から {n} まで",
                "マーカー -{marker}/+{marker}"):
        assert SPACED.search(judged("cli.header", bad)), bad
    for good in ("{0}を捨てますか？", "食料製造機 + 食料稼働", "コスト{0} → {1}：{2}",
                 "リクエストは JSON で送ってください", "μ − 3σ（OpenSkill）",
                 "（労働者{1}人 × ${2}）", "Discard {0}?", "{path} は通常のファイルではありません",
                 "--resume {path} で再開できます", "{path} 超過{most} MB：不是存檔",
                 "文字コードが UTF-8 ではありません"):
        assert not SPACED.search(judged("cli.err_not_file", good)), good
    # a command-line field is a word on the command line's messages only
    assert SPACED.search(judged("ne.tui.card", "{name} を"))
    assert SPACED.search(judged("cli.err_not_file", "{path} は {n} 行"))
