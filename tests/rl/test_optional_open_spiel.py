"""open_spiel is an optional dependency (the `rl` extra): without it the OpenSpiel tests
are skipped with the reason, not a collection error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_openspiel_tests_skip_without_open_spiel(tmp_path: Path) -> None:
    # modules that shadow the installed ones and fail to import as a missing package does
    blocked = tmp_path / "blocked"
    (blocked / "open_spiel").mkdir(parents=True)
    for name, path in (("pyspiel", blocked / "pyspiel.py"),
                       ("open_spiel", blocked / "open_spiel" / "__init__.py")):
        path.write_text(f'raise ModuleNotFoundError("No module named {name!r}", name={name!r})\n')
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(blocked), str(ROOT), os.environ.get("PYTHONPATH", "")]))
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
         "-n", "0", "tests/rl/test_openspiel_game.py"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    # 5: pytest ran no test (the module was skipped); a collection error is 2
    assert run.returncode == 5, run.stdout + run.stderr
    assert "SKIPPED" in run.stdout and "open_spiel is not installed" in run.stdout, run.stdout
