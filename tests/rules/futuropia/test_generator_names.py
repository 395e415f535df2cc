"""A player reads a Futuropia generator by what it is, as the rulebook names it (the $4
food generator, the starting food generator of output 1), never by its tile id: P06, P07
… read like the seats P1, P2. The ids stay in the actions, so records and saves keep
them."""

from __future__ import annotations

import random
import re

import pytest

from keizai.i18n import LANGUAGES, tr
from keizai.rules.futuropia.data import components
from keizai.rules.futuropia.state import FuturopiaState
from tests.rules.futuropia.helpers import names, new, play, set_gens

IDS = re.compile(r"\b(" + "|".join(g.id for g in components().generators) + r")\b")


def _seen(state: FuturopiaState, lang: str, width: int) -> str:
    """Everything the terminal shows of the position: the table, the menu and the log."""
    view = state.view(state.current_player)
    menu = [state.game.describe_action(view, a, lang) for a in state.legal_actions()]
    return "\n".join([state.game.render_text(view, lang, width), *menu,
                      *state.log(lang=lang)])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_generator_is_shown_by_its_tile_id(lang: str) -> None:
    state = new(2)
    set_gens(state, 0, ["SF1", "SF2", "SP1", "P08", "P09", "P10", "P11"])
    play(state, "action:food", "buy:left")  # an eighth: a generator to discard
    assert "discard:SF1" in names(state)  # the record keeps the id
    seen = [_seen(state, lang, 80)]
    play(state, "discard:SF1")
    seen.append(_seen(state, lang, 50))
    rng = random.Random(7)
    other = new(4, seed=7)
    for step in range(240):  # stacks sold out and moved, last stacks, the final phase
        other.apply(rng.choice(other.legal_actions()))
        if step % 20 == 0:
            seen.append(_seen(other, lang, 80))
    seen.append(_seen(other, lang, 80))
    text = "\n".join(seen)
    assert IDS.search(text) is None, IDS.findall(text)[:10]
    # the names say what the tiles are, in the reader's words
    words = {"en": ("$4 food", "starting food 2"), "ja": ("食料$4", "初期食料2"),
             "zh-TW": ("食物$4", "初始食物2")}[lang]
    for word in words:
        assert word in text
    assert tr("fu.gen.P06", lang) != tr("fu.gen.P07", lang)


def test_the_log_names_the_generator_bought_and_discarded() -> None:
    state = new(2)
    set_gens(state, 0, ["SF1", "SF2", "SP1", "P08", "P09", "P10", "P11"])
    play(state, "action:food", "buy:left", "discard:SF1")
    log = state.log(lang="en")
    assert "P1 buys the cheap $4 food generator for $4." in log
    assert "P1 discards the starting food generator 1." in log
