"""Staffing and production runs (rulebook 生產運轉測試; reference §5 fill rule)."""

from __future__ import annotations

from keizai.rules.futuropia.data import FOOD, POWER, components
from keizai.rules.futuropia.staffing import best_output, best_staffing, workers_on_spaces
from tests.rules.futuropia.helpers import gen, new, play, set_gens

TABLE = components().generators


def test_a_generator_with_an_empty_work_space_produces_nothing() -> None:
    """Rulebook: a generator produces only when every work space on it is filled."""
    assert best_output([gen("F04")], TABLE, FOOD, 1) == 0
    assert best_output([gen("F04")], TABLE, FOOD, 2) == 4


def test_best_staffing_is_not_the_biggest_generator() -> None:
    """Reference §5: the player re-arranges before each run and picks which generator
    stays short. With 4 workers, F10 (3 spaces, 9 food) plus a short F06 gives 9, but two
    F06 (2 spaces, 5 food each) give 10: the obvious choice is not the best."""
    gens = [gen("F10"), gen("F06"), gen("F06")]
    assert best_output(gens, TABLE, FOOD, 4) == 10
    output, running = best_staffing(gens, TABLE, FOOD, 4)
    assert output == 10 and sorted(running) == [1, 2]


def test_food_run_uses_the_best_staffing() -> None:
    """Rulebook 食物生產運轉測試: each fully staffed food generator produces; the run in
    play takes the best staffing (two F06, F10 stays short; the power generator idles)."""
    state = new(3)
    set_gens(state, 0, ["F10", "F06", "F06", "SP1"])
    state.residents[0] = 4
    state.mk_left[FOOD] = state.mk_right[FOOD] = -1  # nothing to buy: straight to the run
    play(state, "action:food")
    assert state.res[0][1] == 3 + 10
    view = state.view(0)["communities"][0]["best_runs"]
    assert view["food"] == {"output": 10, "running": ["F06", "F06"]}
    assert view["power"] == {"output": 1, "running": ["SP1"]}


def test_robots_take_work_spaces_first_and_count_as_workers() -> None:
    """Rulebook 領取機器人: robots go on work spaces (a resident moves to a bed); robots
    without a free space wait beside the community."""
    gens = [gen("SF1"), gen("SF2"), gen("SP1")]
    assert workers_on_spaces(gens, TABLE, 2, 3) == (2, 1)  # two idle residents
    assert workers_on_spaces(gens, TABLE, 5, 3) == (3, 0)  # two robots wait
    assert best_output(gens, TABLE, POWER, 1) == 1


def test_power_run_adds_energy() -> None:
    """Rulebook 電力生產運轉測試: same as food, for power generators and energy."""
    state = new(2)
    play(state, "action:power", "buy:left")  # P06: 1 space, 5 energy
    # In a power run the food generators may stand short: 3 workers run SP1 and P06.
    assert state.res[0][2] == 3 + 1 + 5


def test_a_remembered_staffing_cannot_be_changed_through_its_answer() -> None:
    """The view's staffings are remembered between calls (bots read views by the
    thousand): the list handed out is the caller's own, so editing it changes no later
    answer, and an equal community with another workforce gets its own answer."""
    gens = [gen("F10"), gen("F06"), gen("F06")]
    _, running = best_staffing(gens, TABLE, FOOD, 4)
    running.append(0)
    output, again = best_staffing(list(gens), TABLE, FOOD, 4)
    assert output == 10 and sorted(again) == [1, 2]
    assert best_staffing(gens, TABLE, FOOD, 3) == (9, [0])
