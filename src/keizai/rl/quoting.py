"""How the RL interfaces' refusals quote the value they were given: as the engine's do
(`keizai.engine.errors.shown`: true, false and null as JSON spells them, cut short), with
a NumPy scalar or 0-d array quoted by the value it holds. `np.int64(0)`, `np.True_` and
`array(2.5)` are NumPy's reprs, not what a researcher wrote (a count taken from an array,
a config file's true) nor what NumPy prints for them."""

from __future__ import annotations

from typing import Any

import numpy as np

from keizai.engine.errors import shown


def given(value: Any) -> str:
    """`value` as a refusal quotes it, after '(given: '."""
    if isinstance(value, np.generic) or (isinstance(value, np.ndarray) and value.ndim == 0):
        value = value.item()
    return shown(value)


def render_mode_refused(modes: list[str], render_mode: Any) -> str:
    """The refusal of a `render_mode` that is none of an environment's `modes`."""
    return (f"render_mode must be None, {', '.join(map(repr, modes[:-1]))} or "
            f"{modes[-1]!r} (given: {given(render_mode)})")
