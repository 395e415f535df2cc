"""The table `keizai play` draws fits the terminal, 40 to 80 columns wide, in every game and
language: a line wider than the terminal is folded again by the terminal itself, inside a
card's figures or a word (a 60-column terminal showed 'Head Office Building (cost 5, value
20, F, no sale)  —' in 62 columns; 企業帝國's board was 57-59 columns whatever the width).
A wide (East Asian) character takes two columns, as keizai.rules.folding counts them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import keizai
from keizai.rules.folding import columns

LANGS = ["en", "ja", "zh-TW"]


def positions(game_id: str, seed: int) -> Iterator[dict[str, Any]]:
    """Views of a seeded game of `game_id` played at random to its end: every 8th
    position as its player and a spectator see it, and the final table."""
    rng = random.Random(seed)
    game = keizai.new_game(game_id, 2, seed=seed).game
    state = keizai.new_game(game_id, rng.randint(game.min_players, game.max_players),
                            seed=seed)
    while not state.is_over and len(state.history) < 500:
        if len(state.history) % 8 == 0:
            yield state.view(state.current_player)
            yield state.view(None)
        state.apply(rng.choice(state.legal_actions()))
    yield state.view(None)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", sorted(keizai.games()))
def test_every_line_of_the_table_fits_the_terminal(game_id: str, lang: str) -> None:
    game = keizai.new_game(game_id, 2, seed=1).game
    rng = random.Random(f"{game_id} {lang}")
    too_wide = []
    for seed in (1, 2, 3):
        for view in positions(game_id, seed):
            for width in (40, rng.randint(41, 80)):
                too_wide += [f"{width}: {columns(line)} columns: {line!r}"
                             for line in game.render_text(view, lang, width).splitlines()
                             if columns(line) > width]
    assert not too_wide, "\n".join(too_wide[:20])
