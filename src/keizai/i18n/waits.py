"""How long to wait, as a person reads it: "12 s", "5 min", "4 h 48 min" (a refusal's
"try again in …"), never "17280.0 s".

A wait is rounded up, so that coming back when told is never too early: to whole seconds
under a minute, to whole minutes from a minute on (3599 s reads "1 h"), and never 0. It
is given as a nested catalogue message ({"id", "params"}, the `{wait:m}` field of a
template), so the page renders it in its own language from the refusal it gets.
"""

from __future__ import annotations

import math
from typing import Any


def whole_seconds(wait: float) -> int:
    """A wait in whole seconds, rounded up and at least 1 (a `Retry-After` header)."""
    return max(1, math.ceil(wait))


def wait_message(wait: float) -> dict[str, Any]:
    """The wait of `wait` seconds as a nested message: "59 s", "1 min", "1 h", "4 h 48 min"."""
    seconds = whole_seconds(wait)
    if seconds < 60:
        return {"id": "web.wait.s", "params": {"s": seconds}}
    hours, minutes = divmod((seconds + 59) // 60, 60)
    if not hours:
        return {"id": "web.wait.min", "params": {"min": minutes}}
    if not minutes:
        return {"id": "web.wait.h", "params": {"h": hours}}
    return {"id": "web.wait.h_min", "params": {"h": hours, "min": minutes}}
