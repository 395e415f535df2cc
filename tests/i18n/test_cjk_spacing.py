"""In 日本語 and 繁體中文 a value a text puts among its words — a card's name, a number, a
seat's label, an amount of money — meets those words with no space (「倉庫を捨てますか？」,
「あと2枚」, 「P2の手番」, 「シード3」), as the log writes `{seat:seat}が`: the page said
「倉庫 を捨てますか？」, 「あと 2 枚」 until session 16, and the terminal, the game tables
and the refusals 「{0} を支払いますか？」, 「シード 3」 after it (docs/i18n.md, Typography).
Every catalogue entry is checked. Spaced operators (" + ", " → ", " × "), Latin words
(JSON, keizai, MB) and what a player types or copies on the command line (a path, an
option, a command, a game's id) keep their spaces."""

from __future__ import annotations

import random
import re

import pytest

import keizai
from keizai.i18n import catalogue, tr
from keizai.terminal_text import final_ranking_text

# CJK characters and full-width punctuation (（）：、。「」 …)
CJK = "\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
# a value: a template field, a number, money, a sign before a number (×2 too), a name of one Latin
# letter (a side A, P1, L01); a Latin word of two letters or more is a word, not a value
VALUE_START = r"(?:\{|\d|\$|[−+×-](?=[\d{])|[A-Za-z](?![A-Za-z]))"
VALUE_END = r"(?:\}|\d|(?<![A-Za-z])[A-Za-z])"
SPACED = re.compile(rf"[{CJK}] +{VALUE_START}|{VALUE_END} +[{CJK}]")
# two fields side by side with a space between: what fills them is a value or a CJK word
# ('{kind} {output}' read 「食料 3」, '{side} {id} ${cost}' 「左 F04 $4」)
FIELDS = re.compile(r"\} +[{$]")

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
            if not key.startswith("@") and (SPACED.search(judged(key, text))
                                            or FIELDS.search(judged(key, text)))}


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
                "マーカー -{marker}/+{marker}", "$500/5マス ×{count}"):
        assert SPACED.search(judged("cli.header", bad)), bad
    for good in ("{0}を捨てますか？", "食料製造機 + 食料稼働", "コスト{0} → {1}：{2}",
                 "リクエストは JSON で送ってください", "μ − 3σ（OpenSkill）",
                 "（労働者{1}人 × ${2}）", "Discard {0}?", "{path} は通常のファイルではありません",
                 "--resume {path} で再開できます", "{path} 超過{most} MB：不是存檔",
                 "文字コードが UTF-8 ではありません"):
        assert not SPACED.search(judged("cli.err_not_file", good)), good
    for bad in ("{kind} {output}（{running}）", "{side} {id} ${cost}", "{seat:seat} {points}"):
        assert FIELDS.search(judged("fu.tui.run", bad)), bad
    assert not FIELDS.search(judged("cli.err_is_dir", "{what} {path} はディレクトリです"))
    # a command-line field is a word on the command line's messages only
    assert SPACED.search(judged("ne.tui.card", "{name} を"))
    assert SPACED.search(judged("cli.err_not_file", "{path} は {n} 行"))


# The terminal's tables, menus, logs and final ranking: the lines its renderers build of
# parts follow the same rule (a score part's name and figure 「建物16」, not 「建物 16」;
# 企業帝國's bank 「石油3、鉄鋼3」, not 「石油 3 鉄鋼 3」; Futuropia's generators 「食SF1」, not
# 「食 SF1」; a seat and its points 「1位はP1：27点」, not 「P1 27点」). Two CJK words are not
# side by side with a space either (「P1 黄 龍頭実業」). The layout stays: 企業帝國's board,
# drawn as a grid of cells, and the aligned columns of National Economy's workplaces.
CJK_WORDS = re.compile(rf"[{CJK}] +[{CJK}]")
WORKPLACE_ROW = re.compile(r"^ +\d+\. ")


def terminal_lines(game: str, lang: str, seed: int) -> list[str]:
    """What a terminal player reads in a random game of `game` (its tables without
    企業帝國's board), then the final ranking of a finished one, with and without who
    played each seat."""
    from tests.i18n.test_cjk_typography import lines_of_a_game

    lines = without_board(lines_of_a_game(game, lang, seed), lang)
    state = keizai.new_game(game, 3 if "progress" not in game else 1, seed=seed,
                            options={"max_turns": 40} if game == "enterprise-empire" else None)
    chooser = random.Random(seed)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    for seats in (None, ["human"] + ["random"] * (state.num_players - 1)):
        lines += final_ranking_text(state, seats, lang).splitlines()
    return lines


def without_board(lines: list[str], lang: str) -> list[str]:
    """`lines` without 企業帝國's board, the grid of cells drawn above its legend: rows of
    cells (a space's number and code, or a corner's number and letter: 「27［D］」) and rows
    of pawns (their colours' initials)."""
    legend = tr("ee.tui.legend", lang)
    pawns = "".join(tr(f"ee.pawn.{colour}", lang)[0] for colour in
                    ("blue", "green", "red", "yellow"))
    board_row = re.compile(rf"^(?: *\d+[ ［].*|[{pawns} ]*)$")
    keep = [True] * len(lines)
    for end, line in enumerate(lines):
        if line == legend:
            keep[end] = False
            row = end - 1
            while row >= 0 and board_row.match(lines[row]):
                keep[row] = False
                row -= 1
    return [line for line, kept in zip(lines, keep, strict=True) if kept]


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
@pytest.mark.parametrize("game", keizai.games())
def test_the_terminal_puts_no_latin_space_among_cjk_words(game: str, lang: str) -> None:
    lines = terminal_lines(game, lang, seed=3)
    assert len(lines) > 50
    bad = sorted({line for line in lines if SPACED.search(line)
                  or (CJK_WORDS.search(line) and not WORKPLACE_ROW.match(line))})
    assert not bad, bad[:8]
