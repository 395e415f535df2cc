"""Small statistics for tournament results (standard library only)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (good near 0 and 1, unlike p ± 2se).
    `successes` may be fractional (a shared win counts 1/k, see sim.tournament)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: list[float], z: float = Z95) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal confidence interval."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, math.nan)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, z * math.sqrt(var / n))


def binomial_p_greater(successes: int, n: int, p0: float = 0.5) -> float:
    """One-sided exact binomial p-value of P(X >= successes) when the true rate is p0."""
    if n == 0:
        return 1.0
    total = 0.0
    for k in range(successes, n + 1):
        total += math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
                          + k * math.log(p0) + (n - k) * math.log1p(-p0))
    return min(1.0, total)
