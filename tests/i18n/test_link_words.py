"""What the table page says when its address does not open a game or a seat, in a
player's words: "This link's token is wrong for that seat (wrong token)", 「このリンクの
トークンは…」, 「這個連結的代碼…」 and "an unknown or mistyped game id" (「誤ったゲームID」)
named the parts of the address a program reads. Found reading the page's refusals in three
languages."""

from __future__ import annotations

import re

import pytest

from keizai.i18n import LANGUAGES, catalogue

PROGRAMMERS = {"en": re.compile(r"\b(token|id|ids|ID)\b"), "ja": re.compile(r"トークン|ID"),
               "zh-TW": re.compile(r"代碼|代號|ID")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_link_is_refused_in_a_players_words(lang: str) -> None:
    for key in ("refused_token", "not_found"):
        text = catalogue(lang)[key]
        assert not PROGRAMMERS[lang].search(text), (key, text)
