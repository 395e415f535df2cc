"""Taking the subsidy is one event for the player, and the log tells it in one line:
it read 「P3が「補助金を受け取る」を行う。」 then 「P3が補助金$12を受け取る。」 (and "P3 takes the
action tile “Take the subsidy”." then "P3 takes a subsidy of $12."), found playing
Futuropia against bots in the terminal (ja) and in the browser."""

from __future__ import annotations

import pytest

from keizai.i18n import LANGUAGES, tr
from tests.rules.futuropia.helpers import new, play


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_subsidy_is_one_line_with_its_amount(lang: str) -> None:
    state = new(3, seed=3)
    amount = state.subsidy_value()
    before = len(state.log(None, lang))
    play(state, "action:subsidy")
    lines = state.log(None, lang)[before:]
    assert lines == [tr("fu.log.subsidy", lang, seat=0, amount=amount)]


def test_every_other_tile_still_names_the_tile_taken() -> None:
    state = new(3, seed=3)
    before = len(state.events())
    play(state, "action:food")
    assert state.events()[before] == ("fu.log.tile", {"seat": 0, "tile": "food"})
