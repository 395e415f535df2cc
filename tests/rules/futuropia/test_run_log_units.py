"""A production run's log line says what it produced: food or energy, not a bare number.

Found in session 32's new player's pass (h205, Chromium, en/ja/zh-TW): the log said
"P2's power run produces 1." (ja 電力稼働で1を産出, zh-TW 電力生產運轉產出1) while P2's
energy went from 3 to 4; a power generator's run makes energy (the robots' energy run
spends it), which a new player cannot tell from "power"."""

from __future__ import annotations

import pytest

from tests.rules.futuropia.helpers import new, play

RUNS = {
    "en": ("P1's food run produces {food} food.", "P2's power run produces {energy} energy."),
    "ja": ("P1の製造機が食料{food}を産出。", "P2の製造機がエネルギー{energy}を産出。"),
    "zh-TW": ("P1的製造機產出{food}份食物。", "P2的製造機產出{energy}份電力。"),
}


@pytest.mark.parametrize("lang", list(RUNS))
def test_a_run_names_what_it_produced(lang: str) -> None:
    state = new(2)
    before = [dict(c) for c in state.view(None)["communities"]]
    play(state, "action:food", "buy:right", "action:power", "buy:none")
    after = state.view(None)["communities"]
    food = after[0]["food"] - before[0]["food"]
    energy = after[1]["energy"] - before[1]["energy"]
    assert food > 0 and energy > 0
    log = state.log(0, lang)
    food_line, energy_line = RUNS[lang]
    assert food_line.format(food=food) in log, log
    assert energy_line.format(energy=energy) in log, log
