"""Each counted thing takes one counter in 繁體中文 and one in 日本語, wherever it is
counted: the game's lines (the catalogue) and the how-to-play read before it.

Found by session 33's pass (h222, h225): 繁體中文's terminal limited Futuropia's special
houses with 個 (「特殊房舍最多1個」, and the refusal 「每次選擇最多1個特殊房舍」) where the
how-to-play houses a player in 「1間3張床的房舍」; and the how-to-play of National Economy
counted a building in hand as a building card (「從手牌選1張建築物」, 「手札の建物を1枚選び」)
where the cards say 「興建1棟建築物」 / 「抽1張建築物卡」 and 「建物を1つ建てる」 /
「建物カードを1枚引く」.

A count is read as "number, counter" (1間, {n}個, 每張 …) and belongs to the noun right after
it (「1間房舍」, 「1棟資產價值10以下的建築物」; in 日本語 「3台の製造機」) or, when nothing
follows it in its clause, to the nearest noun before it (「特殊房舍最多1個」, 「借金を{n}件」).
Generic lines that name the thing through a parameter ({tag}: 「{tag}最多{n}個」) are read
with each value the catalogue gives it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from keizai.i18n import catalogue
from keizai.i18n.howto import texts

# each noun (the longest name wins: 建築物卡 is a card, 建築物 a building) and its counters
COUNTERS: dict[str, dict[str, str]] = {
    "zh-TW": {
        "房舍": "間", "特殊房舍": "間", "製造機": "部", "食物製造機": "部", "電力製造機": "部",
        "機器人": "部", "住民": "位人", "工人": "名", "貸款": "筆", "行動板": "塊",
        "資源": "份", "食物": "份", "電力": "份", "金錢": "份", "現金": "份", "床": "張",
        "床位": "張",
        "建築物": "棟", "建築物卡": "張", "消費財": "張", "勝利點數卡": "張", "欠薪卡": "張",
        "卡": "張", "牌": "張", "價格卡": "張", "公司卡": "張", "原料需求卡": "張",
        "公司": "家", "原料": "個", "代表物": "個", "機械人偶": "個", "人偶": "個",
        "臨時工人標記": "個", "職場": "個",
    },
    "ja": {
        "住宅": "つ", "特殊住宅": "つ", "製造機": "台", "食料製造機": "台", "電力製造機": "台",
        "ロボット": "体", "住民": "人", "労働者": "人", "借金": "件", "タイル": "枚",
        "アクションタイル": "枚",
        "資源": "つ", "食料": "つ", "エネルギー": "つ", "お金": "つ", "ベッド": "つ",
        "建物": "つ", "建物カード": "枚", "カード": "枚", "消費財": "枚", "勝利点カード": "枚",
        "価格カード": "枚", "会社カード": "枚", "会社": "社", "原料": "つ",
        "機械人形": "体", "職場": "つ", "臨時労働者トークン": "つ",
    },
}
# people, counted with several counters (每位玩家, 每個座位, プレイヤー1人): not checked, but
# a count next to them is theirs, not the next thing's (「每位玩家的行動板」)
PEOPLE = {"zh-TW": ("玩家", "座位"), "ja": ("プレイヤー",)}
# counters of things; a measure (格, マス, 次, 回, 輪, 点, 分, 種) counts something else than
# the noun next to it (「前進6格到原料需求格」, 「借金1件につき3点」) and is not read
THING_COUNTERS = {"zh-TW": "個間部位人名張份塊筆家棟台枚件", "ja": "つ個枚台体人件社軒棟"}
NUMBER = {"zh-TW": r"(?:\d+|\{[^{}]*\}|[一兩二三四五六七八九十]|幾|多少|每)",
          "ja": r"(?:\d+|\{[^{}]*\}|[一二三四五六七八九十]|何|いくつ)"}
CLAUSE_END = re.escape("，。、；：（）()「」？！,;:.\n·／/～")


def lines(lang: str) -> Iterator[tuple[str, str]]:
    """Every catalogue line and how-to-play paragraph, a {tag} line once with each tag."""
    words = catalogue(lang)
    tags = [text for key, text in words.items() if key.startswith("tdec.tag_")]
    for key, text in words.items():
        if key.startswith("@"):
            continue
        if re.search(r"\{tag(?::t)?\}", text):
            for tag in tags:
                yield key, re.sub(r"\{tag(?::t)?\}", tag, text)
        else:
            yield key, text
    for key, section in texts(lang).items():
        for text in (section["heading"], *section["text"]):
            yield f"how-to {key}", text


def counts(lang: str, text: str) -> Iterator[tuple[str, str]]:
    """(noun, counter) for each count in `text` of a thing in the table or of people."""
    nouns = "|".join(sorted(map(re.escape, [*COUNTERS[lang], *PEOPLE[lang]]), key=len,
                            reverse=True))
    count = f"{NUMBER[lang]}([{THING_COUNTERS[lang]}])"
    for m in re.finditer(count, text):
        clause = re.split(f"[{CLAUSE_END}]", text[m.end():], maxsplit=1)[0]
        if lang == "zh-TW":   # 「1間房舍」, 「1個該原料」, 「1棟資產價值10以下的建築物」
            after = re.search(nouns, clause)
            if after and not re.fullmatch(r"[該此這其]?|.{0,10}的", clause[:after.start()]):
                after = None
        else:                 # 「3台の製造機」
            after = re.match(f"の({nouns})", clause)
        if after and not re.search(count, clause[:after.start()]) \
                and m.group(1) != "人":  # 「1間3張床的房舍」: 3張床; 「每人需食物1」
            yield after.group().removeprefix("の"), m.group(1)
        elif not after and (not clause or lang == "ja"):  # 「特殊房舍最多1個」, 「借金を{n}件」
            before = re.split(f"[{CLAUSE_END}]", text[:m.start()])[-1]
            last = next(reversed(list(re.finditer(nouns, before))), None)
            if last and len(gap := before[last.end():]) <= 6 and not re.search(count, gap) \
                    and not re.search(f"{count}$", before[:last.start()]):  # 「每部機器人1份」
                yield last.group(), m.group(1)


def miscounted(lang: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for key, text in lines(lang):
        for noun, counter in counts(lang, text):
            if noun in COUNTERS[lang] and counter not in COUNTERS[lang][noun]:
                found.setdefault(key, []).append(f"{noun}: {counter}, not "
                                                 f"{COUNTERS[lang][noun]}  ({text})")
    return found


@pytest.mark.parametrize("lang", ["zh-TW", "ja"])
def test_every_counted_thing_takes_its_own_counter(lang: str) -> None:
    found = miscounted(lang)
    assert not found, found


@pytest.mark.parametrize("lang", ["zh-TW", "ja"])
def test_the_check_reads_the_counts_of_both_the_game_and_the_how_to(lang: str) -> None:
    read = [(key, noun) for key, text in lines(lang) for noun, _ in counts(lang, text)]
    assert len(read) > 150, len(read)
    assert sum(key.startswith("how-to") for key, _ in read) > 20
    assert {"製造機", "住民"} <= {noun for _, noun in read}


def test_the_check_reads_a_count_as_a_player_does() -> None:
    def read(lang: str, text: str) -> list[tuple[str, str]]:
        return list(counts(lang, text))

    assert read("zh-TW", "特殊房舍最多1個") == [("特殊房舍", "個")]
    assert read("zh-TW", "每次選擇最多{most}個特殊房舍（目前選了{n}個）") == [("特殊房舍", "個")]
    assert read("zh-TW", "從手牌選1張建築物，並棄掉") == [("建築物", "張")]
    assert read("zh-TW", "抽1張建築物卡。") == [("建築物卡", "張")]
    assert read("zh-TW", "開局時你有1間3張床的房舍") == [("床", "張")]
    assert read("zh-TW", "從手牌免費興建1棟資產價值10以下的建築物。") == [("建築物", "棟")]
    assert read("zh-TW", "每部機器人1份，加上每間房舍的消耗") == [("機器人", "部"), ("房舍", "間")]
    assert read("zh-TW", "前進6格到原料需求格") == []
    assert read("ja", "特殊住宅は{n}つまで") == [("特殊住宅", "つ")]
    assert read("ja", "3台の製造機（食料1、食料2、電力1）") == [("製造機", "台")]
    assert read("ja", "借金1件につき資源1つの利息を払い") == [("借金", "件"), ("資源", "つ")]
    assert read("ja", "手札の建物を1枚選び") == [("建物", "枚")]
