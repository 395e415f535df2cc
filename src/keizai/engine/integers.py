"""An integer or a truth value as a caller holds it: Python's, or another type (NumPy's,
as a researcher's policy or sweep gives it), read as the Python int or bool it is."""

from __future__ import annotations

import operator


def as_integer(value: object) -> int | None:
    """`value` as a Python int if it is an integer (`operator.index`: an int, a NumPy
    integer, a 0-d integer array), else None. A bool is no integer here, Python's or
    NumPy's: NumPy before 2.0 still reads `np.True_` as 1 (with a DeprecationWarning), so
    a NumPy bool is told by its dtype, without importing NumPy."""
    if isinstance(value, bool) or _is_numpy_bool(value):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]  # TypeError if no integer
    except TypeError:  # a float, a string, a list, an array of several numbers
        return None


def as_truth(value: object) -> bool | None:
    """`value` as a Python bool if it is a truth value (a bool, a NumPy bool, a 0-d bool
    array), else None: a number (1, 0) is no truth value, nor an array of several."""
    if isinstance(value, bool):
        return value
    if _is_numpy_bool(value) and getattr(value, "ndim", None) == 0:
        return bool(value)  # a NumPy bool: its truth
    return None


def _is_numpy_bool(value: object) -> bool:
    """Whether `value` is a NumPy bool or bool array, told by its dtype without importing
    NumPy (the engine is standard library only)."""
    return getattr(getattr(value, "dtype", None), "kind", None) == "b"
