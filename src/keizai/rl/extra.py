"""The error a researcher meets when a package of the `rl` extra is not installed."""

from __future__ import annotations


def needs_rl_extra(error: ModuleNotFoundError) -> ModuleNotFoundError:
    """`error` (numpy, gymnasium, pettingzoo or open_spiel not found) said again with the
    extra that installs it; raise it `from error`. It stays a ModuleNotFoundError with the
    same `name`, so code that catches ImportError for an optional import still does."""
    return ModuleNotFoundError(
        f"keizai.rl needs the 'rl' extra ({error}): pip install 'keizai[rl]'",
        name=error.name, path=error.path)
