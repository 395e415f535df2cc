"""Research interfaces: observation encoders, PettingZoo, Gymnasium and OpenSpiel.

Needs the optional extra `keizai[rl]` (numpy, gymnasium, pettingzoo, open_spiel); the
core package never imports this one. Every adapter talks to games only through the
engine contract, and builds observations only from `state.view(seat)`.

    from keizai.rl.pettingzoo_env import KeizaiAECEnv
    from keizai.rl.gymnasium_env import KeizaiGymEnv
    from keizai.rl.openspiel_game import register_all    # pyspiel.load_game("keizai_…")
"""

from keizai.rl.extra import needs_rl_extra

try:  # numpy, imported by these
    from keizai.rl.actions import action_mask
    from keizai.rl.observations import ObservationEncoder, UnsupportedGame, encoder_for
    from keizai.rl.rewards import REWARD_KINDS, final_rewards
except ModuleNotFoundError as error:
    raise needs_rl_extra(error) from error

__all__ = [
    "REWARD_KINDS",
    "ObservationEncoder",
    "UnsupportedGame",
    "action_mask",
    "encoder_for",
    "final_rewards",
]
