"""Without the `rl` extra, importing keizai.rl or one of its adapters says which extra to
install, not only which package is missing deep inside."""

from __future__ import annotations

import subprocess
import sys

import pytest

# the adapter, and the package it needs that the `rl` extra installs
CASES = [
    ("keizai.rl", "numpy"),
    ("keizai.rl.gymnasium_env", "gymnasium"),
    ("keizai.rl.pettingzoo_env", "pettingzoo"),
    ("keizai.rl.openspiel_game", "pyspiel"),
]

SCRIPT = """
import importlib, sys
sys.modules[{missing!r}] = None  # imports of it fail as a package not installed does
try:
    importlib.import_module({module!r})
except ImportError as error:
    cause = error.__cause__
    print(type(error).__name__, error.name, type(cause).__name__, getattr(cause, 'name', None))
    print(error)
else:
    print('imported')
"""


@pytest.mark.parametrize(("module", "missing"), CASES)
def test_a_missing_package_names_the_rl_extra(module: str, missing: str) -> None:
    run = subprocess.run([sys.executable, "-c", SCRIPT.format(module=module, missing=missing)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    kind, message = run.stdout.splitlines()
    # still a ModuleNotFoundError for that package, the original chained to it
    assert kind == f"ModuleNotFoundError {missing} ModuleNotFoundError {missing}"
    assert "keizai.rl needs the 'rl' extra" in message
    assert "pip install 'keizai[rl]'" in message
    assert missing in message
