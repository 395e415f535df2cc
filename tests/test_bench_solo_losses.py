"""bench/solo_losses.py reads recorded solo games as the game itself tells them: replaying
a game's actions from its seed gives its final score, and the buildings it counts as sold
at a payday are the sales the game's own event log reports (rulebook, Payday: short of
wages, a building is sold; solo: at half its asset value)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

import keizai
from keizai.agents.solo_policy import SoloPolicy
from keizai.rules.national_economy import state as ne

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location("bench_solo_losses",
                                                  BENCH / "solo_losses.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # its dataclasses look it up
    spec.loader.exec_module(module)
    return module


def record(seed: int) -> tuple[dict, list[tuple[str, dict]], dict]:
    """A Glory solo game played by the fast policy with its event log: the recorded line
    (as bench/solo_planner_games.py writes it), its sale events and its final score."""
    s = keizai.new_game("national-economy/glory", 1, seed=seed)
    policy = SoloPolicy(learned=True)
    actions = []
    while not s.is_over:
        index = policy.choose_index(s)
        actions.append(index)
        s.apply_index(index)
    sales = [e for e in s.events() if not isinstance(e, str) and e[0] == "ne.log.sells"]
    return {"seed": seed, "actions": actions}, sales, s.scores()[0]


def test_a_replayed_game_counts_the_sales_its_event_log_reports(
        monkeypatch: pytest.MonkeyPatch) -> None:
    losses = load(monkeypatch)
    dealt = keizai.new_game("national-economy/glory", 1, seed=1)
    assert isinstance(dealt, ne.NationalEconomyState)
    cards, values = dealt.cards.by_id, dealt.cards.buildings
    sold_somewhere = 0
    for seed in (1, 2, 3, 4):
        line, sales, score = record(seed)
        game = losses.replay("glory", json.loads(json.dumps(line)))
        assert game.parts["total"] == score["total"]
        assert sum(game.parts[k] for k in losses.PARTS[1:]) == score["total"]
        assert game.sold == len(sales)
        assert game.sold_value == sum(values[cards[e[1]["card"]]].value for e in sales)
        assert len(game.rounds) == 9
        sold_somewhere += game.sold
    assert sold_somewhere  # the deals hold sales to count


def test_the_report_compares_the_games_that_reach_the_victory_score(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    losses = load(monkeypatch)
    games = [losses.replay("glory", record(seed)[0]) for seed in (1, 2, 3)]
    games[0].parts["total"] = 100  # one game at the victory score, the others below
    losses.report("glory", games)
    out = capsys.readouterr().out
    assert "3 games, 1 reach 100" in out
    assert "100 or more: 1 games" in out and "under 100: 2 games" in out
