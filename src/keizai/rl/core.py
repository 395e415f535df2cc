"""The per-step work of the research environments, compiled with mypyc (setup.py): the
learner's action checked and applied, the opponents' replies, the reward, the
bookkeeping of the APIs, and the observation and mask written into preallocated buffers
that NumPy arrays view without a copy. No NumPy here (the arrays' copies are made through
their own `copy` method, a generic call); `keizai.rl.gymnasium_env` and
`keizai.rl.pettingzoo_env` are the thin Python shells around it (seeding, agents, the
APIs' classes, the arrays).

`EnvCore` is one learner's game (`EnvCore.step` a whole Gymnasium step); `VecCore` steps
the games of a `KeizaiVectorEnv` in one loop; `AECCore` is the per-step work of a
`KeizaiAECEnv` (PettingZoo). Rows of the buffers are written by difference
(`Writer.show`, `show_mask`): consecutive observations of one seat differ in a few
entries.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Final, cast

from keizai.engine import Rng, State
from keizai.rl.observations.writers import MaskRow, Shown, Writer, show_mask
from keizai.rl.rewards import final_rewards

# What `EnvCore.advance` returns.
RUNNING: Final = 0
ENDED: Final = 1  # the game is over
ILLEGAL: Final = 2  # an illegal action ended the episode ("lose" mode)

# An opponent that is not a random agent: (state, its seat) -> what `State.apply` takes.
Decide = Callable[[State, int], object]


class EnvCore:
    """One learner seat in one game, with its observation and mask rows.

    `opponents[seat]` for every other seat: an `Rng` (a random agent: a uniformly random
    legal index, the choice `RandomAgent.choose` makes with that generator) or a
    `Decide` callable. `writer` writes the learner's observation; the rows are `obs`
    (a flat float32 memoryview) at `obs_base` and `mask` (a bytearray) at `mask_base`,
    both zero when attached.
    """

    def __init__(self, writer: Writer, size: int, actions: int, lose: bool,
                 illegal_reward: float, reward_kind: str,
                 reset_needed: Callable[[str], Exception] = RuntimeError) -> None:
        self.writer: Writer = writer
        self.size: int = size
        self.actions: int = actions
        self.lose: bool = lose
        self.illegal_reward: float = illegal_reward
        self.reward_kind: str = reward_kind
        # what a step without a running episode raises (the environment's error, a
        # RuntimeError: `keizai.rl.gymnasium_env.ResetNeeded`)
        self.reset_needed: Callable[[str], Exception] = reset_needed
        self.state: State | None = None
        self.seat: int = 0
        self.ended: bool = True
        self.reward: float = 0.0
        self.rngs: list[Rng | None] = []
        self.deciders: list[Decide | None] = []
        self.obs: memoryview | None = None
        self.obs_base: int = 0
        self.shown: Shown = Shown(size)
        self.mask: bytearray = bytearray()
        self.mask_base: int = 0
        self.mask_row: MaskRow = MaskRow(actions)
        self.every_action: tuple[int, ...] = tuple(range(actions))
        # of `step`: the NumPy arrays over the rows, and what turns an action that is
        # not an int into an action index (`keizai.rl.actions.action_index`)
        self.obs_array: Any = None
        self.mask_array: Any = None
        self.to_index: Callable[[object], int] | None = None

    def attach(self, obs: memoryview, obs_base: int, mask: bytearray, mask_base: int) -> None:
        """Write into these rows from now on (zero there)."""
        self.obs, self.obs_base = obs, obs_base
        self.mask, self.mask_base = mask, mask_base
        self.shown = Shown(self.size)
        self.mask_row = MaskRow(self.actions)

    def begin(self, state: State, seat: int, rngs: list[Rng | None],
              deciders: list[Decide | None]) -> None:
        """A new episode: the opponents play until the learner's turn (or the end)."""
        self.state = state
        self.seat = seat
        self.rngs = rngs
        self.deciders = deciders
        self.reward = 0.0
        self.play_opponents()
        self.ended = state.is_over

    def advance(self, index: int) -> int:
        """Apply the learner's action index and the opponents' replies: RUNNING, ENDED or
        ILLEGAL (`reward` is the step's reward). An illegal index ends the episode in
        "lose" mode, else raises IllegalAction with the state unchanged."""
        state = self.state
        if state is None:
            raise self.reset_needed("call reset() before step()")
        if self.ended:
            raise self.reset_needed("the episode is over: call reset() before step()")
        if self.lose:
            if index not in state.legal_indices():
                self.ended = True
                self.reward = self.illegal_reward
                return ILLEGAL
            state.apply_index(index)  # checked just above
        else:
            state.apply(index)  # IllegalAction (state unchanged) if not legal
        self.play_opponents()
        if state.is_over:
            self.ended = True
            scores = self.writer.final_scores(state)  # shared with the last observation
            self.reward = final_rewards(state, self.reward_kind, scores)[self.seat]
            return ENDED
        self.reward = 0.0
        return RUNNING

    def play_opponents(self) -> None:
        state = self.state
        assert state is not None
        seat = self.seat
        rngs = self.rngs
        while not state.is_over:
            current = state.current_player
            if current is None or current == seat:
                return
            rng = rngs[current]
            if rng is not None:
                legal = state.legal_indices()
                state.apply_index(legal[rng.randbelow(len(legal))])
            else:
                decide = self.deciders[current]
                assert decide is not None
                state.apply(decide(state, current))

    def observe(self) -> None:
        """Write the learner's observation and mask (all ones once the game is over)."""
        state = self.state
        obs = self.obs
        assert state is not None and obs is not None
        self.writer.show(state, self.seat, obs, self.obs_base, self.shown)
        show_mask(state, self.seat, self.mask, self.mask_base, self.mask_row, True)


    def arrays(self, obs: Any, mask: Any, to_index: Callable[[object], int]) -> None:
        """The NumPy arrays over the attached rows (what `step` hands out copies of), and
        the conversion of an action that is not an int."""
        self.obs_array, self.mask_array, self.to_index = obs, mask, to_index

    def step(self, action: object, seat: object) -> tuple[dict[str, Any], float, bool, bool,
                                                          dict[str, Any]]:
        """`KeizaiGymEnv.step`: advance, observe, and the step's (observation, reward,
        terminated, truncated, info), with copies of the arrays (`arrays`): the
        observation's mask and the info's are two copies, as a caller may change one."""
        if type(action) is int:
            index: int = action
        else:
            to_index = self.to_index
            assert to_index is not None
            index = to_index(action)
        result = self.advance(index)
        self.observe()
        mask = self.mask_array
        info: dict[str, Any] = {"action_mask": mask.copy(), "seat": seat,
                                "legal_actions": self.legal_actions()}
        if result == ILLEGAL:
            info["illegal_action"] = True
        return ({"observation": self.obs_array.copy(), "action_mask": mask.copy()},
                self.reward, result != RUNNING, False, info)

    def legal_actions(self) -> tuple[int, ...]:
        """The learner's legal action indices, the nonzero entries of its mask (every
        action once the game is over): the engine's list as a tuple, so that no caller
        can change the list the state keeps (and checks actions against)."""
        state = self.state
        assert state is not None
        if state.is_over:
            return self.every_action
        if state.current_player != self.seat:
            return ()
        return tuple(state.legal_indices())


class VecCore:
    """The games of a vector environment, stepped in one loop; each `EnvCore` attached
    to its row of the batch buffers. `limit`: learner steps before an episode is
    truncated (0: never)."""

    def __init__(self, cores: list[EnvCore], limit: int) -> None:
        self.cores: list[EnvCore] = cores
        self.limit: int = limit
        self.steps: list[int] = [0] * len(cores)
        # of the last `step`: per environment RUNNING, ENDED or ILLEGAL, and whether
        # truncated; the reward of each
        self.status: list[int] = [RUNNING] * len(cores)
        self.truncated: list[bool] = [False] * len(cores)
        self.rewards: list[float] = [0.0] * len(cores)

    def step(self, actions: list[int]) -> list[int]:
        """Advance every game by its learner's action and write its row; returns the
        environments whose episode ended or was truncated (their rows show the last
        observation: the caller resets them and writes the rows again)."""
        cores = self.cores
        steps = self.steps
        status = self.status
        truncated = self.truncated
        rewards = self.rewards
        limit = self.limit
        done: list[int] = []
        for i in range(len(cores)):
            core = cores[i]
            result = core.advance(actions[i])
            status[i] = result
            rewards[i] = core.reward
            steps[i] += 1
            cut = result == RUNNING and limit > 0 and steps[i] >= limit
            truncated[i] = cut
            core.observe()
            if result != RUNNING or cut:
                done.append(i)
                steps[i] = 0
        return done


class AECCore:
    """The per-step work of a `KeizaiAECEnv` (PettingZoo's AEC API): `observe`, `last`,
    `agent_iter` and the live steps of `step`, compiled.

    The core holds PettingZoo's bookkeeping, which `KeizaiAECEnv` shows as its attributes
    (properties: `agents`, `agent_selection`, `rewards`, `_cumulative_rewards`,
    `terminations`, `truncations`, `infos`), so PettingZoo's helpers and tests read,
    change and rebind them on the environment as on any `AECEnv`, and the core reads
    them as its own fields (an attribute of the environment would be a dict lookup per
    read). Unset until the environment's `reset`, as on `AECEnv` (AttributeError).

    Each seat has its own observation and mask rows (`obs[seat]` a float32 memoryview,
    `masks[seat]` a bytearray), updated by difference at each `observe`; `obs_arrays` and
    `mask_arrays` are the NumPy arrays over them, which `observe` hands out copies of."""

    # the environment's bookkeeping (`KeizaiAECEnv`'s properties), `AECEnv`'s attributes:
    # `agents`, `agent_selection`, `rewards`, `_cumulative_rewards`, `terminations`,
    # `truncations`, `infos` (typed Any: a caller may rebind any of them to any mapping)
    live: Any
    selection: Any
    rewards: Any
    cumulative: Any
    terminations: Any
    truncations: Any
    infos: Any

    def __init__(self, env: Any, writer: Writer, size: int, actions: int, agents: list[str],
                 obs: list[memoryview], obs_arrays: list[Any], masks: list[bytearray],
                 mask_arrays: list[Any], to_index: Callable[[object], int],
                 reward_kind: str) -> None:
        self.env: Any = env
        self.writer: Writer = writer
        self.agents: list[str] = agents  # the possible agents, by seat
        self.seat_of: dict[str, int] = {agent: seat for seat, agent in enumerate(agents)}
        self.obs: list[memoryview] = obs
        self.obs_arrays: list[Any] = obs_arrays
        self.shown: list[Shown] = [Shown(size) for _ in agents]
        self.masks: list[bytearray] = masks
        self.mask_arrays: list[Any] = mask_arrays
        self.mask_rows: list[MaskRow] = [MaskRow(actions) for _ in agents]
        self.to_index: Callable[[object], int] = to_index
        self.reward_kind: str = reward_kind
        self.state: State | None = None

    def observe(self, agent: str) -> dict[str, Any]:
        """`agent`'s observation and mask (copies of its rows, brought up to date)."""
        seat = self.seat_of[agent]
        state = self.state
        assert state is not None
        self.writer.show(state, seat, self.obs[seat], 0, self.shown[seat])
        show_mask(state, seat, self.masks[seat], 0, self.mask_rows[seat], False)
        return {"observation": self.obs_arrays[seat].copy(),
                "action_mask": self.mask_arrays[seat].copy()}

    def agent_iter(self, max_iter: int) -> Iterator[str]:
        """`KeizaiAECEnv.agent_iter`: the agent to act (`agent_selection`) until no agent
        is left, at most `max_iter` times (a compiled generator: resuming one is cheaper
        than resuming a Python one)."""
        while self.live and max_iter > 0:
            max_iter -= 1
            yield self.selection

    def legal_actions(self, agent: object) -> tuple[int, ...]:
        """`KeizaiAECEnv.legal_actions`: `agent`'s legal indices (None: the selected
        agent's), a tuple of the engine's list; empty when another seat acts or the game
        is over."""
        state = self.state
        if state is None:
            raise RuntimeError("call reset() first")
        seat = self.seat_of[cast(str, self.selection if agent is None else agent)]
        if state.is_over or state.current_player != seat:
            return ()
        return tuple(state.legal_indices())

    def last(self, observe: bool) -> tuple[Any, Any, Any, Any, Any]:
        """`AECEnv.last`: the selected agent's observation (or None), cumulative reward,
        termination, truncation and info."""
        agent = self.selection
        return (self.observe(agent) if observe else None, self.cumulative[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: object) -> bool:
        """`AECEnv.step` for a live agent: False (nothing done) if the selected agent is
        terminated or truncated, for the environment's `_was_dead_step`. Else the action
        applied (IllegalAction, state unchanged, if not legal), the rewards and
        terminations set at the game's end, the next agent selected."""
        agent = self.selection
        if self.terminations[agent] or self.truncations[agent]:
            return False
        self.cumulative[agent] = 0.0
        state = self.state
        assert state is not None
        state.apply(action if type(action) is int else self.to_index(action))
        if state.is_over:
            # the scores shared with the seats' last observations
            rewards = final_rewards(state, self.reward_kind, self.writer.final_scores(state))
            agents = self.live
            self.rewards = dict(zip(agents, rewards, strict=True))
            self.terminations = dict.fromkeys(agents, True)
            self.env._accumulate_rewards()
            self.selection = agents[0]
        else:
            current = state.current_player
            assert current is not None
            self.selection = self.agents[current]
        return True
