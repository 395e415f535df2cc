"""What a 日本語 or 繁體中文 reader sees keeps their typography: full-width brackets and
colons next to CJK words (「建物：倉庫（コスト2）」, not 「建物: 倉庫 (コスト2)」), no
English "(s)" plurals, no English word left in a translation, no Japanese forms in 繁體中文
and no Chinese forms in 日本語. Checked on every catalogue entry, on the terminal tables,
menus and logs of whole games, and on the page's code (no half-width punctuation baked
around catalogue texts)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import keizai
from keizai.i18n import catalogue

CJK = "\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff"
# a half-width bracket (round or square), colon or semicolon touching a CJK character
# (spaces between count): 「建物: 倉庫 (コスト2)」, National Economy's workplace table's
# 「[P3、P2、P1]」 and 「[空き]」, 企業帝國's 「石油[ ]」
HALF_WIDTH = re.compile(rf"[{CJK}] *[()\[\]:;]|[(\[:;] *[{CJK}]|[)\]] *[{CJK}]")
# the fields of a template are filled at run time; its own words are judged here
FIELD = re.compile(r"\{[^{}]*\}")
# what a player types or reads as it is: command-line options, file names, quoted input
VERBATIM = re.compile(r"--[\w-]+|\.jsonl|'[^']*'|\"[^\"]*\"|「[A-Za-z_]+」|\b\w+=")
ENGLISH = re.compile(r"[A-Za-z]{2,}")
# names and notations a Japanese or Chinese screen writes in Latin letters too
LATIN_OK = {"keizai", "JSON", "Enter", "ID", "UTF", "MB", "OpenSkill", "human", "seats",
            "actions", "game", "sim", "games",
            # the command line's help: software, formats and acronyms written so there too
            "SQLAlchemy", "SQLite", "PostgreSQL", "Ray", "URL", "PNG", "CPU", "MCTS", "Cookie"}
# forms of Japanese writing (kana; 新字体 such as 発 鉄 売 働 駅) that 繁體中文 does not use
JAPANESE_ONLY = re.compile(r"[\u3040-\u30ff]"
                           r"|[発鉄売働駅労払図済経転読円変気帰戦対広楽薬実県歳様声単営覧関検険継続]")
# Chinese forms (simplified, or traditional where Japanese writes 新字体) that 日本語 does not
# use; 企業帝國 is the game's own title
CHINESE_ONLY = re.compile(r"[们这说时为发过对开关长还进现电经实业东车产头员问门间级"
                          r"發經鐵實會來讀賣變氣戰對廣樂藥縣歲樣聲單營覽關檢險繼續]")


def texts(lang: str) -> dict[str, str]:
    return {key: FIELD.sub("0", value) for key, value in catalogue(lang).items()}


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_catalogue_uses_full_width_brackets_and_colons_next_to_cjk(lang: str) -> None:
    bad = {key: value for key, value in texts(lang).items() if HALF_WIDTH.search(value)}
    assert not bad, bad


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_catalogue_has_no_english_plurals_or_words(lang: str) -> None:
    plurals = {key for key, value in catalogue(lang).items() if "(s)" in value}
    assert not plurals, plurals
    words = {key: ENGLISH.findall(VERBATIM.sub("", value))
             for key, value in texts(lang).items()}
    # seat names (P1), tile ids (F04, L01), $ figures and VP-free numbers are no words
    left = {key: found for key, found in words.items() if set(found) - LATIN_OK}
    assert not left, left


def test_traditional_chinese_has_no_japanese_forms_and_japanese_no_chinese_forms() -> None:
    zh = {key: value for key, value in catalogue("zh-TW").items()
          if JAPANESE_ONLY.search(value)}
    assert not zh, zh
    ja = {key: value for key, value in catalogue("ja").items()
          if CHINESE_ONLY.search(value.replace("企業帝國", ""))}
    assert not ja, ja


# 繁體中文 separates the items of a list — a word and its figure, a figure and its unit
# ('$4', '2格', '產出4', '床位{beds}', '住民{n}（閒置{idle}）') — by 、 as every list
# (list.sep), and clauses by ，: Futuropia wrote 「（$4，2格，產出4）」, 「住民3，床位4」 and
# 「$5，電力1，分數-1」 beside 「$5、床位4、電力1、分數-1」.
HAN = "\u4e00-\u9fff"
FIGURE = r"\$?(?:\{[^{}]+\}|-?\d+)(?: → (?:\{[^{}]+\}|\d+))?"
ITEM = rf"[{HAN}]{{0,4}}{FIGURE}[{HAN}]{{0,3}}(?:（[^（）]*）)?"
LIST_COMMA = re.compile(rf"(?:^|(?<=[，、；：（ ]))({ITEM})，(?=({ITEM})(?:[，、；。）]|$))")
# a verb or a subject makes a part a clause (「只有1個，不能選2個」, 「你有{food}」); two
# fields alone are two words, not figures
CLAUSE = re.compile(r"[你我有為是選但需能讓]|不(?!足)|指定|輪到")
LONE_FIELD = re.compile(r"\{[^{}]+\}")


def list_commas(text: str) -> list[str]:
    """The pairs of list items in `text` joined by ，."""
    return [f"{a}，{b}" for a, b in (m.groups() for m in LIST_COMMA.finditer(text))
            if not CLAUSE.search(a + b)
            and not (LONE_FIELD.fullmatch(a) and LONE_FIELD.fullmatch(b))]


def test_traditional_chinese_separates_list_items_with_the_enumeration_comma() -> None:
    texts = catalogue("zh-TW")
    assert texts["list.sep"] == "、"
    found = {key: list_commas(value) for key, value in texts.items()
             if not key.startswith("@") and list_commas(value)}
    assert not found, found


def test_the_checks_catch_what_they_are_for() -> None:
    assert HALF_WIDTH.search("建物: 倉庫 (コスト2)")
    assert HALF_WIDTH.search("P1 (あなた)") and HALF_WIDTH.search("最大稼働: 食料 3")
    assert not HALF_WIDTH.search("建物：倉庫（コスト2、価値10）")
    assert not HALF_WIDTH.search("Warehouse (cost 2): P1")
    assert HALF_WIDTH.search("住宅：初期住宅; L08A $6")
    assert HALF_WIDTH.search("1. 鉱山  [P3、P2、P1]  建物カードを1枚引く。")
    assert HALF_WIDTH.search("4. 遺跡  [空き]") and HALF_WIDTH.search("石油[ ] 資金[x]")
    assert not HALF_WIDTH.search("1. 鉱山  ［P3、P2、P1］")
    assert not HALF_WIDTH.search("[A]～[D] = 角")
    assert JAPANESE_ONLY.search("食料発電機") and not JAPANESE_ONLY.search("食物製造機")
    assert CHINESE_ONLY.search("發電機") and not CHINESE_ONLY.search("発電機")
    for bad in ("食物製造機（$4，2格，產出4）", "住民{residents}，床位{beds}；供膳",
                "${price}，電力{energy}，分數{vp}", "{gen}價格${cost}（印刷${price}，剩{count}個）",
                "   住民{r}（閒置{i}），床位{b}"):
        assert list_commas(bad), bad
    for good in ("食物製造機（$4、2格、產出4）", "{what:m}：只有1個，不能選{n}個",
                 "供膳需要食物{need}，你有{food}", "現在輪到{current:seat}決定，不是{seat:seat}",
                 "{a}，{b}", "點擊貸款清償一筆，或保留。"):
        assert not list_commas(good), good


# A terminal table's heading, then ，/、 and a second label with its colon: Futuropia's
# 「食物市場，指示物：-1/+1」 read as two items of a list; a heading takes its figures in
# brackets (「食物市場（價格指示物：-1/+1）」).
HEADING_THEN_LABEL = re.compile(r"^[^：，、（）{}]{2,}[，、][^：，、（）{}。]{1,8}：")


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_a_terminal_heading_takes_its_figures_in_brackets(lang: str) -> None:
    found = {key: value for key, value in catalogue(lang).items()
             if ".tui." in key and HEADING_THEN_LABEL.search(value)}
    assert not found, found
    assert HEADING_THEN_LABEL.search("食料市場、マーカー：-{marker}/+{marker}")
    assert not HEADING_THEN_LABEL.search("食物市場（價格指示物：-{marker}/+{marker}）")


def lines_of_a_game(game: str, lang: str, seed: int) -> list[str]:
    """Every table, menu line and log line a terminal player reads in a random game."""
    state = keizai.new_game(game, 2, seed=seed)
    rules = keizai.get_game(game)
    chooser = random.Random(seed)
    lines: list[str] = []
    for step in range(600):
        if state.is_over:
            break
        seat = state.current_player
        legal = state.legal_actions()
        if step % 5 == 0:
            view = state.view(seat)
            lines += rules.render_text(view, lang).splitlines()
            lines += [rules.describe_action(view, action, lang) for action in legal]
        state.apply(chooser.choice(legal))
    lines += rules.render_text(state.view(None), lang).splitlines()
    lines += state.log(None, lang) + state.log(0, lang)
    return lines


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
@pytest.mark.parametrize("game", keizai.games())
def test_the_terminal_of_a_whole_game_keeps_the_typography(game: str, lang: str) -> None:
    lines = lines_of_a_game(game, lang, seed=3)
    assert len(lines) > 50
    bad = sorted({line for line in lines if HALF_WIDTH.search(line) or "(s)" in line})
    assert not bad, bad[:8]


STATIC = Path(keizai.__file__).parent / "web" / "static"
# a catalogue text put in half-width brackets or before a half-width colon by the page's
# code: `(${t("you")})`, `${t("error")}: ...`, h("b", {}, name), ": ", ...
BAKED = re.compile(r"""\(\$\{(?:t|tr|errorText|entry|playerName)\("""
                   r"""|\$\{(?:t|tr|entry)\([^`]*?\)\}: |\),\s*": ",""")


def test_the_page_puts_no_half_width_punctuation_around_catalogue_texts() -> None:
    assert BAKED.search('` (${t("you")})`') and BAKED.search('`${t("error")}: ${text}`')
    assert BAKED.search('h("b", {}, who), ": ", text')
    found = {path.name: BAKED.findall(path.read_text(encoding="utf-8"))
             for path in STATIC.rglob("*.js")}
    assert not {name: hits for name, hits in found.items() if hits}, found
    # the two texts the page uses instead
    for lang in ("ja", "zh-TW"):
        assert catalogue(lang)["paren"] == "（{0}）" and catalogue(lang)["colon"] == "："
    assert catalogue("en")["paren"] == " ({0})" and catalogue("en")["colon"] == ": "


# a page template the page fills with a seat's label: t("waiting", seatName(…)), the
# winners' names (one's own marked "P1（你）") …
SEAT_FILLED = re.compile(r"""\bt\(([^,()]*),\s*(?:seatName\(|names\b)""")


def test_the_page_writes_a_seat_label_next_to_its_words() -> None:
    """In 日本語 and 中文 a seat's label meets the word beside it with no space, as the log
    writes it ({seat:seat}が): the page marks one's own seat with the full-width
    「（你）」, which needs none ("P1（你） 獲勝" was the winner line)."""
    ids = {key for path in STATIC.rglob("*.js")
           for first in SEAT_FILLED.findall(path.read_text(encoding="utf-8"))
           for key in re.findall(r'"([\w.]+)"', first)}
    assert {"game_over_winner", "game_over_shared", "waiting"} <= ids, ids
    spaced = {(lang, key): catalogue(lang)[key] for lang in ("ja", "zh-TW") for key in ids
              if re.search(r" \{0\}|\{0\} ", catalogue(lang)[key])}
    assert not spaced, spaced
