"""keizai.rl.dataset: a tournament's records become (observation, action mask, action,
return) rows, the numbers the environments showed and gave the seat that decided."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import keizai
from keizai.cli import app
from keizai.engine import IllegalAction, InvalidSetup, Rng, UnknownGame
from keizai.rl.dataset import as_arrays, decision_rows, read_records
from keizai.rl.pettingzoo_env import KeizaiAECEnv

GAMES = [("national-economy/progress", 3), ("national-economy/glory", 2), ("futuropia", 2),
         ("enterprise-empire", 4)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_rows_are_what_the_environment_showed_each_seat_and_its_return(game: str,
                                                                      players: int) -> None:
    env = KeizaiAECEnv(game, players=players)
    env.reset(seed=5)
    rng = Rng(5)
    shown: list[tuple[int, np.ndarray, np.ndarray, int]] = []
    returns: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        agent = env.agent_selection
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[rng.randbelow(len(legal))])
        shown.append((int(agent.removeprefix("player_")), observation["observation"].copy(),
                      observation["action_mask"].copy(), action))
        env.step(action)
        for name, reward in env.rewards.items():
            returns[name] += reward
    record = json.loads(json.dumps(env.keizai_state.record()))  # as a file holds it

    rows = decision_rows(record)

    assert len(rows) == len(shown) == len(record["actions"])
    for step, (row, (seat, seen, mask, action)) in enumerate(zip(rows, shown, strict=True)):
        assert (row.step, row.seat, row.action) == (step, seat, action)
        np.testing.assert_array_equal(row.observation, seen)
        np.testing.assert_array_equal(row.action_mask, mask)
        assert row.return_ == returns[f"player_{seat}"]


def test_a_tournaments_records_become_arrays_of_the_seats_bots(tmp_path: Path) -> None:
    out = tmp_path / "run"
    done = CliRunner().invoke(app, ["sim", "--game", "national-economy/glory", "--players", "2",
                                    "--games", "4", "--agents", "heuristic,random",
                                    "--workers", "1", "--out", str(out), "--records",
                                    "--no-plots", "--seed", "3"])
    assert done.exit_code == 0, done.output
    records = list(read_records(out / "records.jsonl"))
    assert len(records) == 4

    rows = [row for record in records for row in decision_rows(record, reward="win_loss")]
    heuristic = [row for row in rows if row.agent == "heuristic"]
    data = as_arrays(heuristic)

    assert len(rows) == sum(len(record["actions"]) for record in records)
    assert {row.game for row in rows} == {0, 1, 2, 3}
    assert 0 < len(heuristic) < len(rows)
    # win_loss: +1 for the games the records say heuristic won, -1 for the others
    won = {r["index"] for r in records if r["scores"][r["seats"].index("heuristic")]
           == max(r["scores"])}
    assert all(row.return_ == (1.0 if row.game in won else -1.0) for row in heuristic)
    n, _ = data["observation"].shape
    assert n == len(heuristic) and data["observation"].dtype == np.float32
    assert data["action_mask"].shape == (n, 146)
    assert data["action_mask"][np.arange(n), data["action"]].all()   # every action legal
    assert data["return"].tolist() == [row.return_ for row in heuristic]


def finished_record(tmp_path: Path) -> dict[str, object]:
    env = KeizaiAECEnv("national-economy/progress", players=2)
    env.reset(seed=1)
    while env.agents:
        observation, _, terminated, truncated, _ = env.last()
        mask = None if terminated or truncated else observation["action_mask"]
        env.step(None if mask is None else int(np.flatnonzero(mask)[0]))
    return json.loads(json.dumps(env.keizai_state.record()))


def test_a_record_cut_short_or_edited_is_refused_with_the_reason(tmp_path: Path) -> None:
    record = finished_record(tmp_path)
    actions = record["actions"]
    assert isinstance(actions, list)
    with pytest.raises(ValueError, match="before the end of its game"):
        decision_rows({**record, "actions": actions[:-5]})
    with pytest.raises(IllegalAction, match=r"the record's 4th move \('place:nowhere'\)"):
        decision_rows({**record, "actions": [*actions[:3], "place:nowhere", *actions[4:]]})
    with pytest.raises(IllegalAction, match="game is over"):
        decision_rows({**record, "actions": [*actions, actions[-1]]})
    with pytest.raises(UnknownGame):
        decision_rows({**record, "game": "national-economy/nowhere"})
    with pytest.raises(InvalidSetup, match="seed"):
        decision_rows({**record, "seed": "1"})
    with pytest.raises(InvalidSetup, match="not a game record"):
        decision_rows([record])  # type: ignore[arg-type]  # a JSON file of a list


def test_a_record_whose_replay_ends_on_other_scores_is_refused(tmp_path: Path) -> None:
    record = finished_record(tmp_path)
    state = keizai.replay(record)
    totals = [row["total"] for row in state.scores()]
    assert len(decision_rows({**record, "scores": totals})) == len(state.history)
    with pytest.raises(ValueError, match="another version"):
        decision_rows({**record, "scores": [totals[0] + 1, totals[1]]})


def test_a_record_another_keizai_wrote_that_no_longer_replays_names_that_keizai(
        tmp_path: Path) -> None:
    """A researcher reading an older tournament's records is told which keizai wrote one
    that no longer replays here (docs/records.md), as `keizai.replay` tells it."""
    record = {**finished_record(tmp_path), "keizai": "0.0.1"}
    actions = record["actions"]
    assert isinstance(actions, list)
    with pytest.raises(IllegalAction) as moved:
        decision_rows({**record, "actions": [*actions[:3], "place:nowhere", *actions[4:]]})
    assert moved.value.message_id == "record.other_keizai"
    assert "0.0.1" in str(moved.value) and keizai.__version__ in str(moved.value)
    assert moved.value.params["why"]["id"] == "refuse.record_action"   # the move, as before
    with pytest.raises(InvalidSetup) as set_up:
        decision_rows({**record, "options": {"gone_option": 1}})
    assert set_up.value.message_id == "record.other_keizai"
    unversioned = {k: v for k, v in record.items() if k not in ("format", "keizai")}
    with pytest.raises(IllegalAction) as old:
        decision_rows({**unversioned, "actions": [*actions[:3], "place:nowhere"]})
    assert old.value.message_id == "record.unversioned"


def test_other_scores_in_a_record_another_keizai_wrote_name_that_keizai(
        tmp_path: Path) -> None:
    record = {**finished_record(tmp_path), "keizai": "0.0.1"}
    totals = [row["total"] for row in keizai.replay(record).scores()]
    with pytest.raises(ValueError, match=r"keizai 0\.0\.1") as caught:
        decision_rows({**record, "scores": [totals[0] + 1, totals[1]]})
    assert keizai.__version__ in str(caught.value)
    assert str([totals[0] + 1, totals[1]]) in str(caught.value) and str(totals) in str(
        caught.value)


def test_a_damaged_line_of_a_records_file_is_named(tmp_path: Path) -> None:
    record = finished_record(tmp_path)
    path = tmp_path / "records.jsonl"
    text = json.dumps(record)
    path.write_text(text + "\n\n" + text[:200] + "\n", encoding="utf-8")
    lines = read_records(path)
    assert next(lines) == record
    with pytest.raises(InvalidSetup, match=r"records\.jsonl, line 3: this is not a game record"):
        next(lines)
    save = tmp_path / "game.json"
    save.write_text(text, encoding="utf-8")
    assert list(read_records(save)) == [record]
