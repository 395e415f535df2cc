"""Futuropia (富途共樂): build an efficient, self-sufficient community."""

from keizai.rules.futuropia.game import FuturopiaGame, futuropia

__all__ = ["FuturopiaGame", "futuropia"]
