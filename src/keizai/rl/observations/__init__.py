"""Observation encoders, one module per game, found by game id.

A game without an encoder fails with `UnsupportedGame` naming what is missing, rather
than silently giving a meaningless vector.
"""

from __future__ import annotations

import importlib

from keizai.rl.observations.base import Field, FieldLayout, ObservationEncoder

# game id -> "module:factory"; the factory takes the game id and returns an encoder.
_REGISTRY: dict[str, str] = {
    "national-economy/progress": "keizai.rl.observations.national_economy:NationalEconomyEncoder",
    "national-economy/mecenat": "keizai.rl.observations.national_economy:NationalEconomyEncoder",
    "national-economy/glory": "keizai.rl.observations.national_economy:NationalEconomyEncoder",
    "enterprise-empire": "keizai.rl.observations.enterprise_empire:EnterpriseEmpireEncoder",
    "futuropia": "keizai.rl.observations.futuropia:FuturopiaEncoder",
}
_cache: dict[str, ObservationEncoder] = {}


class UnsupportedGame(ValueError):
    """A game that has no observation encoder yet."""


def supported_games() -> list[str]:
    """Ids of the games that have an observation encoder."""
    return sorted(_REGISTRY)


def encoder_for(game_id: str) -> ObservationEncoder:
    """The (cached) observation encoder of a game."""
    encoder = _cache.get(game_id)
    if encoder is None:
        target = _REGISTRY.get(game_id)
        if target is None:
            raise UnsupportedGame(
                f"no observation encoder for {game_id!r}: add a module under "
                f"keizai/rl/observations/ and register it there (games with one: "
                f"{', '.join(supported_games())})")
        module_name, _, factory = target.partition(":")
        encoder = _cache[game_id] = getattr(importlib.import_module(module_name), factory)(
            game_id)
    return encoder


__all__ = ["Field", "FieldLayout", "ObservationEncoder", "UnsupportedGame", "encoder_for",
           "supported_games"]
