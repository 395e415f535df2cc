"""Every log line reads as a sentence, as National Economy's always did: Futuropia's and
企業帝國's ended with no full stop ("P1 takes 1 loan", 「P1が1件借金する」) in all three
languages."""

from __future__ import annotations

import json
import random
from importlib import resources
from typing import Any

import pytest

import keizai

# how a sentence ends in each language (docs/i18n.md: full-width punctuation in CJK)
STOP = {"en": ".", "ja": "。", "zh-TW": "。"}
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("futuropia", {}),
    ("futuropia", {"advanced": True, "expert_tiles": "random", "houses": "B",
                   "loans_when_cash_short": True, "refresh_on_credit": True}),
    ("enterprise-empire", {}),
    ("enterprise-empire", {"choose_corners": False, "demand_stays": True, "max_turns": 30}),
    ("national-economy/glory", {}),
]


def _catalogue(lang: str) -> dict[str, str]:
    return json.loads(resources.files("keizai.i18n").joinpath(f"{lang}.json").read_text("utf-8"))


def _unfinished(lines: list[str], lang: str) -> list[str]:
    return sorted({line for line in lines if not line.endswith(STOP[lang])})


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_line_of_random_games_ends_as_a_sentence(game: str, options: dict) -> None:
    for players in (2, 3, 4):
        state = keizai.new_game(game, players, seed=players, options=options)
        chooser = random.Random(players)
        while not state.is_over:
            state.apply(chooser.choice(state.legal_actions()))
        for lang in STOP:
            lines = [line for seat in (None, 0) for line in state.log(seat, lang)]
            assert len(lines) > 20
            assert not _unfinished(lines, lang), (game, players, lang,
                                                  _unfinished(lines, lang)[:5])


@pytest.mark.parametrize("lang", list(STOP))
def test_every_log_template_ends_as_a_sentence(lang: str) -> None:
    """The rare events too (a turn cap, the last generator stack, an empty price pile),
    which random games seldom reach."""
    catalogue = _catalogue(lang)
    logs = {k: v for k, v in catalogue.items() if k.startswith(("ne.log.", "fu.log.", "ee.log."))}
    assert {k.split(".")[0] for k in logs} == {"ne", "fu", "ee"}
    bad = {k: v for k, v in logs.items() if not v.endswith(STOP[lang])}
    assert not bad, sorted(bad.items())[:5]
