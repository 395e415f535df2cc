"""Every keizai game as an OpenSpiel Python game (`pyspiel`), so OpenSpiel's algorithms
run on it.

Registered names are "keizai_" + the game id with "/" and "-" as "_", e.g.
`pyspiel.load_game("keizai_national_economy_progress", {"players": 3, "seed": 7})`.

Choices, and why:
- Chance is *sampled stochastic*: a keizai state owns its seeded RNG and resolves
  shuffles and draws inside `apply`, so there are no explicit chance nodes. Each
  `new_initial_state()` starts a game with the next seed of a stream seeded by the
  game's "seed" parameter (reproducible, yet every game differs).
- Information is imperfect, except for games that declare none hidden
  (`Game.has_hidden_information`, e.g. Futuropia: perfect information). Observations
  (tensor and string) come from the seat's view only: the tensor is the game's
  observation encoder (its fields are the observation's `dict`), the string is the view
  as JSON. No information-state (perfect-recall) observation is provided.
  `resample_from_infostate` is the engine's `determinize`, so search can sample worlds
  consistent with what a seat knows.
- Utility is win/loss (`keizai.rl.rewards`): winners share +1, the others share -1
  (zero-sum); solo: +1 for a win, -1 for a loss (general-sum, the only player).
- `max_game_length` is a generous bound (20,000 decisions), not a proven one.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import keizai
from keizai.engine import Rng, State
from keizai.rl.observations import ObservationEncoder, encoder_for, supported_games
from keizai.rl.rewards import final_rewards

# No game bounds its length through the engine contract; this is far above any game
# seen (random 4-player 企業帝國 games take about 1,000 decisions).
MAX_GAME_LENGTH = 20_000


def openspiel_name(game_id: str) -> str:
    return "keizai_" + game_id.replace("/", "_").replace("-", "_")


def _game_type(game_id: str, solo: bool) -> pyspiel.GameType:
    game = keizai.get_game(game_id)
    return pyspiel.GameType(
        short_name=openspiel_name(game_id),
        long_name=f"keizai {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION
                     if game.has_hidden_information
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.GENERAL_SUM if solo
                 else pyspiel.GameType.Utility.ZERO_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": max(2, game.min_players), "seed": 0},
    )


class KeizaiSpielGame(pyspiel.Game):
    """One keizai game with a player count ("players") and a seed stream ("seed")."""

    game_id: str  # set by the subclass `register_all` makes per game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_game_type(self.game_id, False).parameter_specification, **(params or {})}
        players = int(params["players"])
        self.keizai_game = keizai.get_game(self.game_id)
        self.keizai_game.check_players(players)
        self.players = players
        self.encoder = encoder_for(self.game_id)
        self._seeds = Rng(int(params["seed"]))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.keizai_game.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None if players == 1 else 0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(self.game_id, players == 1), info, params)

    def new_initial_state(self) -> KeizaiSpielState:
        state = keizai.new_game(self.game_id, self.players, self._seeds.next64() >> 1)
        state.log_enabled = False
        return KeizaiSpielState(self, state)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> KeizaiObserver:
        if iig_obs_type is not None and (
                iig_obs_type.perfect_recall or not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("keizai games provide only the seat's observation "
                             "(imperfect recall, public and own private information)")
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return KeizaiObserver(self.encoder)


class _Engine:
    """Holds the keizai state of an OpenSpiel state. pyspiel clones a Python state by
    deep-copying its `__dict__`; this makes that copy the engine's cheap `clone()`
    instead of a deep copy of the whole game (card data included)."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.state.clone())


class KeizaiSpielState(pyspiel.State):
    """An OpenSpiel state wrapping a keizai state."""

    def __init__(self, game: KeizaiSpielGame, state: State) -> None:
        super().__init__(game)
        self._engine = _Engine(state)

    @property
    def keizai_state(self) -> State:
        return self._engine.state

    def current_player(self) -> int:
        if self.keizai_state.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.keizai_state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return sorted(self.keizai_state.legal_indices())

    def _apply_action(self, action: int) -> None:
        self.keizai_state.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.keizai_state.game.decode(action).name

    def is_terminal(self) -> bool:
        return self.keizai_state.is_over

    def returns(self) -> list[float]:
        if not self.keizai_state.is_over:
            return [0.0] * self.keizai_state.num_players
        return final_rewards(self.keizai_state, "win_loss")

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KeizaiSpielState:
        """A state `player_id` cannot tell from this one: hidden cards and future chance
        resampled by the engine's `determinize`, seeded from `probability_sampler()`."""
        seed = int(probability_sampler() * (1 << 62))
        return KeizaiSpielState(self.get_game(),
                                self.keizai_state.determinize(player_id, Rng(seed)))

    def __str__(self) -> str:
        state = self.keizai_state
        return state.game.render_text(state.view(None))


class KeizaiObserver:
    """OpenSpiel's PyObserver: `tensor` (and its named `dict` pieces) and a string, both
    from `view(player)`."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {f.name: self.tensor[f.slice] for f in encoder.fields}

    def set_from(self, state: KeizaiSpielState, player: int) -> None:
        self.tensor[:] = self.encoder.observe(state.keizai_state, player)

    def string_from(self, state: KeizaiSpielState, player: int) -> str:
        return json.dumps(state.keizai_state.view(player), sort_keys=True, ensure_ascii=False)


def register_all() -> list[str]:
    """Register every game that has an observation encoder with pyspiel (idempotent);
    returns the OpenSpiel names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in supported_games():
        name = openspiel_name(game_id)
        if name not in registered:
            cls = type(f"KeizaiSpielGame_{name}", (KeizaiSpielGame,), {"game_id": game_id})
            pyspiel.register_game(_game_type(game_id, False), cls)
        names.append(name)
    return names


__all__ = ["KeizaiObserver", "KeizaiSpielGame", "KeizaiSpielState", "openspiel_name",
           "register_all"]
