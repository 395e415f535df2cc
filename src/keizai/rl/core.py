"""The per-step work of the Gymnasium environments, compiled with mypyc (setup.py): the
learner's action checked and applied, the opponents' replies, the reward, and the
observation and mask written into preallocated buffers that NumPy arrays view without a
copy. No NumPy here; `keizai.rl.gymnasium_env` is the thin Python shell around it
(seeding, agents, the Gymnasium API, the arrays).

`EnvCore` is one learner's game; `VecCore` steps the games of a `KeizaiVectorEnv` in one
loop. Rows of the buffers are written by difference (`Writer.show`, `show_mask`):
consecutive observations of one seat differ in a few entries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

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
                 illegal_reward: float, reward_kind: str) -> None:
        self.writer: Writer = writer
        self.size: int = size
        self.actions: int = actions
        self.lose: bool = lose
        self.illegal_reward: float = illegal_reward
        self.reward_kind: str = reward_kind
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
        if state is None or self.ended:
            raise RuntimeError("call reset() before step() (the episode is over)")
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
