"""In 日本語 and 繁體中文 a value the page puts into its words — a card's name, a number, a
seat's label, an amount of money — meets those words with no space (「倉庫を捨てますか？」,
「あと2枚」, 「P2の手番」), as the log writes `{seat:seat}が`: the page said
「倉庫 を捨てますか？」, 「あと 2 枚」, 「P2 のプレイヤー」 (docs/i18n.md, Typography).
Spaced operators (" + ", " → ", " × ") and Latin words (JSON, OpenSkill) keep their
spaces."""

from __future__ import annotations

import re

import pytest

from keizai.i18n import catalogue

# CJK characters and full-width punctuation (（）：、。「」 …)
CJK = "\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
# a value: a template field, a number, money, a sign before a number, a name of one Latin
# letter (a side A, P1, L01); a Latin word of two letters or more is a word, not a value
VALUE_START = r"(?:\{|\d|\$|[−+](?=[\d{])|[A-Za-z](?![A-Za-z]))"
VALUE_END = r"(?:\}|\d|(?<![A-Za-z])[A-Za-z])"
SPACED = re.compile(rf"[{CJK}] +{VALUE_START}|{VALUE_END} +[{CJK}]")


def page_texts(lang: str) -> dict[str, str]:
    """The page's own texts: its flat ids, `web.*` (the server's refusals) and `error.*`
    (the text of an error code)."""
    return {key: text for key, text in catalogue(lang).items()
            if not key.startswith("@") and ("." not in key
                                            or key.startswith(("web.", "error.")))}


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_a_value_meets_the_cjk_words_beside_it_with_no_space(lang: str) -> None:
    texts = page_texts(lang)
    assert {"confirm_pay", "web.err.bot_seat", "error.bad_json"} <= set(texts)
    spaced = {key: text for key, text in texts.items() if SPACED.search(text)}
    assert not spaced, spaced


def test_the_check_catches_what_it_is_for() -> None:
    for bad in ("{0} を捨てますか？", "あと {0} 枚", "還需棄 2 張", "賃金 ${0}", "{seat:seat} の",
                "（A か B）", "以上で −{0}"):
        assert SPACED.search(bad), bad
    for good in ("{0}を捨てますか？", "食料製造機 + 食料稼働", "コスト{0} → {1}：{2}",
                 "リクエストは JSON で送ってください", "μ − 3σ（OpenSkill）",
                 "（労働者{1}人 × ${2}）", "Discard {0}?"):
        assert not SPACED.search(good), good
