"""The `rl` extra's lower bounds allow no version that lacks what keizai.rl uses.

`pip install 'keizai[rl]'` took gymnasium>=1.0, and with Gymnasium 1.0.0 importing
keizai.rl.gymnasium_env failed: "cannot import name 'AutoresetMode' from
'gymnasium.vector'" (it arrived in 1.1.0). Found by installing each bound beside the
checkout (session 27): with Gymnasium 1.1.0 and PettingZoo 1.24.0,
tests/rl/test_gymnasium_env.py and test_pettingzoo_env.py pass."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

gymnasium = pytest.importorskip("gymnasium")

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"

# what keizai.rl uses of a library, and the first version that has it
NEEDS = {"gymnasium": ((1, 1), "gymnasium.vector.AutoresetMode")}


def lower_bounds() -> dict[str, tuple[int, ...]]:
    extra = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]["rl"]
    bounds = {}
    for requirement in extra:
        name, version = re.fullmatch(r"([\w.-]+)>=([\d.]+)", requirement).groups()  # type: ignore[union-attr]
        bounds[name] = tuple(int(part) for part in version.split("."))
    return bounds


def test_the_rl_extra_asks_for_versions_that_have_what_keizai_rl_uses() -> None:
    bounds = lower_bounds()
    for name, (first, uses) in NEEDS.items():
        assert bounds[name] >= first, f"keizai.rl uses {uses}, which {name} has from {first}"


def test_what_the_bounds_are_for_is_used() -> None:
    """The table above names what keizai.rl imports: were it dropped, the bound could be
    lowered again."""
    source = (Path(__file__).parents[2] / "src" / "keizai" / "rl" / "gymnasium_env.py"
              ).read_text(encoding="utf-8")
    assert "from gymnasium.vector import AutoresetMode" in source
    assert hasattr(gymnasium.vector, "AutoresetMode")


def dev_bounds() -> dict[str, tuple[int, ...]]:
    extra = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]["dev"]
    bounds = {}
    for requirement in extra:
        found = re.fullmatch(r"([\w.-]+)>=([\d.]+)", requirement)
        if found:
            bounds[found[1]] = tuple(int(part) for part in found[2].split("."))
    return bounds


# what tests/rl checks of a library that older versions of it lack or get wrong, and the
# first version that passes (each found by running tests/rl at the `rl` extra's floors,
# session 29; keizai.rl itself runs at those floors)
TESTS_NEED = {
    "pettingzoo": ((1, 24, 2), "parallel_seed_test(num_cycles=...)"),
    "open_spiel": ((1, 6), "the cached_tree game transform (test_openspiel_cpp_side)"),
    "gymnasium": ((1, 4), "vector wrappers right on same-step autoreset, and "
                          "Discrete[np.int64] typed (test_vector_wrappers, "
                          "test_typed_interfaces)"),
    "numpy": ((2, 3), "ndarray's type parameters with defaults, so a bare np.ndarray "
                      "passes mypy --strict (test_typed_interfaces)"),
}


def test_the_dev_extra_asks_for_versions_the_rl_tests_pass_on() -> None:
    bounds = dev_bounds()
    for name, (first, needs) in TESTS_NEED.items():
        assert bounds.get(name, (0,)) >= first, (
            f"tests/rl need {needs}, which {name} has from {first}")
