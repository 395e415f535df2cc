"""A Gymnasium single-agent environment: the learner in one seat, keizai agents in the
others.

Observations are {"observation": encoder vector, "action_mask": legal action indices};
the mask is also in `info["action_mask"]` and returned by `action_masks()` (the method
maskable-PPO trainers call). Actions are the game's fixed action indices. The reward is
zero until the game ends, then the learner's `final_rewards` of the chosen kind.

An illegal action either ends the episode with `illegal_reward` (the default "lose",
which keeps `gymnasium.utils.env_checker.check_env` and unmasked trainers working) or
raises `keizai.IllegalAction` ("raise").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np

import keizai
from keizai.agents import Agent, make_agent
from keizai.engine import Rng, State
from keizai.rl.actions import action_mask
from keizai.rl.observations import encoder_for
from keizai.rl.rewards import check_reward_kind, final_rewards
from keizai.rl.seeding import SeedStream
from keizai.rl.spaces import action_space, observation_space

ILLEGAL_MODES = ("lose", "raise")


class KeizaiGymEnv(gym.Env):
    """`KeizaiGymEnv("national-economy/progress", players=2, opponents=["random"])`.

    `opponents`: one agent name (or `Agent`) per other seat, or a single one for all;
    agents named by a string are rebuilt at every reset with a seed drawn from the
    episode's seed, so a seeded reset replays the same episode. `seat`: the learner's
    seat, or None for a seat drawn at every reset.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"]}

    def __init__(self, game_id: str, players: int = 2,
                 opponents: Sequence[str | Agent] = ("random",), seat: int | None = None,
                 reward: str = "score_diff", options: dict[str, Any] | None = None,
                 illegal: str = "lose", illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        self.game = keizai.get_game(game_id)
        self.game.check_players(players)
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be in 0..{players - 1}, not {seat}")
        if len(opponents) == 1:
            opponents = list(opponents) * (players - 1)
        if len(opponents) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, "
                             f"not {len(opponents)}")
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be one of {ILLEGAL_MODES}, not {illegal!r}")
        self.encoder = encoder_for(game_id)
        self.players = players
        self.opponent_specs = list(opponents)
        self.fixed_seat = seat
        self.reward_kind = check_reward_kind(reward)
        self.game_options = dict(options or {})
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = observation_space(self.encoder, self.game)
        self.action_space = action_space(self.game)
        self._seeds = SeedStream()
        self.state: State | None = None
        self.seat = 0
        self._agents: dict[int, Agent] = {}

    # ----- Gymnasium API -------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict]:
        super().reset(seed=seed)
        episode = Rng(self._seeds.next_seed(seed))
        self.seat = (self.fixed_seat if self.fixed_seat is not None
                     else episode.randbelow(self.players))
        others = [s for s in range(self.players) if s != self.seat]
        self._agents = {
            s: make_agent(spec, episode.next64() >> 1) if isinstance(spec, str) else spec
            for s, spec in zip(others, self.opponent_specs, strict=True)}
        self.state = keizai.new_game(self.game.id, self.players, episode.next64() >> 1,
                                     self.game_options)
        self.state.log_enabled = self.render_mode is not None
        self._play_opponents()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict]:
        if self.state is None or self.state.is_over:
            raise RuntimeError("call reset() before step() (the episode is over)")
        index = int(action)
        if self.illegal == "lose" and index not in self.state.legal_indices():
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), float(self.illegal_reward), True, False, info
        self.state.apply(index)
        self._play_opponents()
        reward = 0.0
        if self.state.is_over:
            reward = final_rewards(self.state, self.reward_kind)[self.seat]
        return self._observe(), reward, self.state.is_over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner now, as booleans (sb3-contrib's MaskablePPO)."""
        return action_mask(self.state, self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return self.game.render_text(self.state.view(self.seat))

    # ----- internals -----------------------------------------------------------------
    def _play_opponents(self) -> None:
        state = self.state
        while not state.is_over and state.current_player != self.seat:
            state.apply(self._agents[state.current_player].choose(state))

    def _observe(self) -> dict[str, np.ndarray]:
        return {"observation": self.encoder.observe(self.state, self.seat),
                "action_mask": action_mask(self.state, self.seat)}

    def _info(self) -> dict[str, Any]:
        return {"action_mask": action_mask(self.state, self.seat), "seat": self.seat}


def gymnasium_id(game_id: str) -> str:
    """The Gymnasium id of a game, e.g. "keizai/national-economy-progress-v0"."""
    return f"keizai/{game_id.replace('/', '-')}-v0"


def register_envs() -> list[str]:
    """Register every game that has an observation encoder with `gymnasium.make`
    (keyword arguments of `KeizaiGymEnv` pass through `make`); returns the ids."""
    from keizai.rl.observations import supported_games

    ids = []
    for game_id in supported_games():
        env_id = gymnasium_id(game_id)
        if env_id not in gym.registry:
            gym.register(env_id, entry_point=KeizaiGymEnv, kwargs={"game_id": game_id})
        ids.append(env_id)
    return ids
