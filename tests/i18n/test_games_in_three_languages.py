"""A complete game of every title, read in Japanese and in Traditional Chinese: the log,
the action labels and the card texts hold no English word (seat names P1-P4, numbers and
the $ sign are not words)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import keizai
from keizai.i18n import action_label, family, render, tr

OPTIONS: dict[str, dict[str, Any]] = {"futuropia": {"advanced": True, "expert_tiles": "random"}}


def flipped(game: str) -> dict[str, Any]:
    """Every yes/no rule option of `game` the other way round (their events differ)."""
    options = dict(OPTIONS.get(game, {}))
    for key, value in keizai.get_game(game).default_options().items():
        if isinstance(value, bool):
            options[key] = not value
    return options
SEAT = re.compile(r"(?<![A-Za-z])P[1-4](?![0-9])")
# 企業帝國's corners by the letters the board prints: 角A (日本語), 角落A (中文)
CORNER = re.compile(r"(?<=[角落])[A-D](?![A-Za-z])")
WORD = re.compile(r"[A-Za-z]+")


def english_words(text: str) -> list[str]:
    return WORD.findall(CORNER.sub("", SEAT.sub("", text)))


def card_keys(game: str, node: Any) -> set[str]:
    """The catalogue keys of every card, tile and space a view shows (name and text)."""
    prefix = family(game)
    found: set[str] = set()
    if isinstance(node, list):
        for item in node:
            found |= card_keys(game, item)
    elif isinstance(node, dict):
        if prefix == "ne" and "id" in node and "text" in node:
            found |= {f"ne.card.{node['id']}", f"ne.text.{node['id']}"}
        if prefix == "ee" and "materials" in node and "id" in node:
            found |= {f"ee.card.{node['id']}", f"ee.text.{node['id']}"}
        if prefix == "fu" and "output" in node and "id" in node:
            found.add(f"fu.gen.{node['id']}")
        if prefix == "fu" and "change" in node:
            found |= {f"fu.card.{node['id']}", f"fu.text.{node['id']}"}
        for key, value in node.items():
            if prefix == "ee" and key == "board":
                found |= {f"ee.space.{kind}" for kind in value}
            elif prefix == "ee" and key == "group":
                found.add(f"ee.group.{value}")
            else:
                found |= card_keys(game, value)
    return found


@pytest.mark.parametrize("flip", [False, True], ids=["default-options", "flipped-options"])
@pytest.mark.parametrize("game", keizai.games())
def test_a_whole_game_reads_without_english(game: str, flip: bool) -> None:
    players = 3
    options = flipped(game) if flip else OPTIONS.get(game, {})
    state = keizai.new_game(game, players, seed=11, options=options)
    chooser = random.Random(5)
    labels: set[str] = set()
    cards: set[str] = set()
    while not state.is_over:
        legal = state.legal_actions()
        labels |= {a.name for a in legal}
        cards |= card_keys(game, state.view(state.current_player))
        state.apply(chooser.choice(legal))
    cards |= card_keys(game, state.view(None))
    assert cards and labels
    for lang in ("ja", "zh-TW"):
        texts = [*(state.log(seat, lang) for seat in (None, *range(players)))]
        lines = [line for log in texts for line in log]
        lines += [action_label(game, name, lang) for name in labels]
        lines += [tr(key, lang) for key in cards]
        bad = {line for line in lines if english_words(line)}
        assert not bad, (lang, sorted(bad)[:5])
    english = state.log(0, "en")
    assert any(english_words(line) for line in english)
    assert english == [render(e, "en") for e in state.events(0)]


def test_another_hand_never_shows_in_any_language() -> None:
    """The card names a seat draws are in its own log only, in every language."""
    state = keizai.new_game("national-economy/mecenat", 3, seed=4)
    chooser = random.Random(2)
    drawn: list[str] = []
    while not drawn:
        seat = state.current_player
        state.apply(chooser.choice(state.legal_actions()))
        drawn = [card for e in state.events(seat) if not isinstance(e, str)
                 and e[0] == "ne.log.draws_cards" for card in e[1]["cards"]]
    others = [s for s in (None, 0, 1, 2) if s != seat]
    for other in others:
        assert all(isinstance(e, str) or e[0] != "ne.log.draws_cards"
                   for e in state.events(other))
    for lang in ("en", "ja", "zh-TW"):
        name = tr(f"ne.card.{drawn[0]}", lang)
        assert any(name in line for line in state.log(seat, lang))
        mine = state.log(seat, lang)
        for other in others:
            theirs = state.log(other, lang)
            assert len(theirs) == len(mine)
            assert not any(name in line for line in theirs if line not in mine)


def test_no_event_is_kept_when_logging_is_off() -> None:
    state = keizai.new_game("national-economy/glory", 2, seed=1)
    state.log_enabled = False
    before = len(state.events(0))
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    assert len(state.events(0)) == before
