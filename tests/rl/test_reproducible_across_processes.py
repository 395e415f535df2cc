"""The same seed gives the same episode in every interface in another process (another
hash seed) and in the other build (compiled or `KEIZAI_PURE=1`): observations, rewards,
the learner's seat, the chance outcomes and the record. In-process `reset(seed)` twice
is checked beside each environment (tests/rl/test_gymnasium_env.py and the others)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

# One episode of each interface, random legal actions from a seeded generator, digested.
EPISODES = r'''
import hashlib, json, sys
import numpy as np
import keizai._build
from keizai.rl.gymnasium_env import KeizaiGymEnv, KeizaiVectorEnv
from keizai.rl.pettingzoo_env import KeizaiAECEnv

game, players = sys.argv[1], int(sys.argv[2])


def digest(*parts):
    h = hashlib.sha256()
    for part in parts:
        h.update(part.tobytes() if isinstance(part, np.ndarray) else repr(part).encode())
    return h


def gym():
    env = KeizaiGymEnv(game, players=players, opponents=["heuristic:epsilon=0.3"])
    obs, info = env.reset(seed=5)
    rng, h = np.random.default_rng(1), digest(info["seat"])
    done = False
    while not done:
        legal = info["legal_actions"]
        obs, reward, terminated, truncated, info = env.step(legal[rng.integers(len(legal))])
        h.update(obs["observation"].tobytes() + repr(reward).encode())
        done = terminated or truncated
    return h.hexdigest(), env.state.record()


def aec():
    env = KeizaiAECEnv(game, players=players)
    env.reset(seed=7)
    rng, h = np.random.default_rng(2), digest()
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        h.update(obs["observation"].tobytes() + repr((agent, reward)).encode())
        legal = env.legal_actions(agent)
        env.step(None if terminated or truncated else legal[rng.integers(len(legal))])
    return h.hexdigest(), env.keizai_state.record()


def vector():
    venv = KeizaiVectorEnv(game, num_envs=3, players=players, opponents=["random"],
                           final_records=True)
    obs, infos = venv.reset(seed=3)
    rng, h, records = np.random.default_rng(3), digest(infos["seat"]), []
    for _ in range(150):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in obs["action_mask"]])
        obs, rewards, terminated, truncated, infos = venv.step(actions)
        h.update(obs["observation"].tobytes() + rewards.tobytes() + infos["seat"].tobytes())
        records += [r for r, ended in zip(infos.get("final_record", ()),
                                          infos.get("_final_record", ())) if ended]
    return h.hexdigest(), records


def openspiel():
    import pyspiel
    from open_spiel.python import rl_environment

    import keizai.rl.openspiel_game  # noqa: F401  (registers the games)
    name = "keizai_" + game.replace("/", "_").replace("-", "_")
    env = rl_environment.Environment(
        pyspiel.load_game(name, {"players": players}),
        chance_event_sampler=rl_environment.ChanceEventSampler(seed=9))
    step = env.reset()
    rng, h = np.random.default_rng(4), digest()
    while not step.last():
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        h.update(repr((player, step.observations["info_state"][player])).encode())
        step = env.step([legal[rng.integers(len(legal))]])
    return h.hexdigest(), env.get_state.history()


print(json.dumps({"build": keizai._build.describe(), "gym": gym(), "aec": aec(),
                  "vector": vector(), "openspiel": openspiel()}))
'''


def episodes(game: str, players: int, pure: bool, hash_seed: str) -> dict[str, object]:
    environ = {k: v for k, v in os.environ.items() if k != "KEIZAI_PURE"}
    environ["PYTHONHASHSEED"] = hash_seed
    if pure:
        environ["KEIZAI_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", EPISODES, game, str(players)],
                          capture_output=True, text=True, env=environ, timeout=600)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize(("game", "players"), [("national-economy/progress", 3),
                                               ("enterprise-empire", 2),
                                               ("futuropia", 2)])
def test_a_seed_gives_the_same_episode_in_another_process_and_build(game: str,
                                                                    players: int) -> None:
    compiled = episodes(game, players, pure=False, hash_seed="1")
    again = episodes(game, players, pure=False, hash_seed="2")
    pure = episodes(game, players, pure=True, hash_seed="3")
    assert pure.pop("build") == "plain Python (KEIZAI_PURE=1)"
    build = compiled.pop("build")
    assert again.pop("build") == build
    if build == "plain Python (KEIZAI_PURE=1)":
        pytest.fail("KEIZAI_PURE leaked into the compiled run")
    assert again == compiled
    assert pure == compiled
    vector_records = compiled["vector"]
    assert isinstance(vector_records, list) and vector_records[1], "no episode ended"


# the `keizai` command, as its installed script runs it
ENTRY = "import sys; from keizai_entry import main; sys.exit(main())"


def test_an_environments_record_is_what_keizai_replay_shows(tmp_path: Path) -> None:
    """An episode saved as its record (JSON) replays with the command line, to its end;
    the actions an environment took as NumPy integers are plain integers in it."""
    import numpy as np

    import keizai
    from keizai.rl.gymnasium_env import KeizaiGymEnv
    from keizai.rl.pettingzoo_env import KeizaiAECEnv

    gym = KeizaiGymEnv("national-economy/mecenat", players=2, opponents=["heuristic"])
    obs, _ = gym.reset(seed=12)
    rng, done = np.random.default_rng(0), False
    while not done:
        obs, _, terminated, truncated, _ = gym.step(
            rng.choice(np.flatnonzero(obs["action_mask"])))
        done = terminated or truncated
    aec = KeizaiAECEnv("enterprise-empire", players=3)
    aec.reset(seed=4)
    for _agent in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        mask = observation["action_mask"]
        aec.step(None if terminated or truncated else rng.choice(np.flatnonzero(mask)))
    for name, state in [("gym", gym.state), ("aec", aec.keizai_state)]:
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(state.record()), encoding="utf-8")
        shown = subprocess.run([sys.executable, "-c", ENTRY, "replay", str(path), "--all"],
                               capture_output=True, text=True, timeout=300)
        assert shown.returncode == 0, shown.stderr
        replayed = keizai.replay(json.loads(path.read_text(encoding="utf-8")))
        assert replayed.is_over and replayed.scores() == state.scores()
        assert replayed.view(None) == state.view(None)
