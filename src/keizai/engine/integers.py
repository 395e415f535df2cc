"""An integer as a caller holds it: Python's, or another integer type (NumPy's, as a
researcher's policy or sweep gives it), read as the Python int it is."""

from __future__ import annotations

import operator


def as_integer(value: object) -> int | None:
    """`value` as a Python int if it is an integer (`operator.index`: an int, a NumPy
    integer, a 0-d integer array), else None. A bool is no integer here, Python's or
    NumPy's: NumPy before 2.0 still reads `np.True_` as 1 (with a DeprecationWarning), so
    a NumPy bool is told by its dtype, without importing NumPy."""
    if isinstance(value, bool) or getattr(getattr(value, "dtype", None), "kind", None) == "b":
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]  # TypeError if no integer
    except TypeError:  # a float, a string, a list, an array of several numbers
        return None
