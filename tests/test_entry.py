"""The `keizai` command's entry point (pyproject.toml's [project.scripts]): a Ctrl-C while
keizai is still starting up ends it quietly, as one later on does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# What the installed `keizai` script does with the entry point (import it, then
# sys.exit(entry())), with a Ctrl-C arriving as module AT starts to import or as Typer's
# function AT is called: the process sends itself SIGINT then (deterministic, where a
# timed kill would be flaky).
SCRIPT = """
import importlib, os, signal, sys, tomllib

AT, PYPROJECT = sys.argv[1:]

def ctrl_c():
    os.kill(os.getpid(), signal.SIGINT)

class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == AT:
            sys.meta_path.remove(self)
            ctrl_c()
        return None

def profile(frame, event, arg):
    if (event == "call" and frame.f_code.co_name == AT
            and frame.f_globals.get("__name__") == "typer.main"):
        sys.setprofile(None)
        ctrl_c()

# Python's own handler, as in a terminal (a job started in the background ignores SIGINT)
signal.signal(signal.SIGINT, signal.default_int_handler)
with open(PYPROJECT, "rb") as file:
    entry = tomllib.load(file)["project"]["scripts"]["keizai"]
module, _, name = entry.partition(":")
sys.meta_path.insert(0, CtrlC())
sys.setprofile(profile)
sys.argv = ["keizai", "--help"]
sys.exit(getattr(importlib.import_module(module), name)())
"""


def _keizai(interrupt_at: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", SCRIPT, interrupt_at,
                           str(ROOT / "pyproject.toml")],
                          capture_output=True, text=True, timeout=120)


# importing the keizai package (its build's choice, the engine, the games) and keizai.cli
# (Typer, Rich, the bots); Typer building the command line from it
@pytest.mark.parametrize("interrupt_at", ["keizai", "keizai.rules", "typer", "get_command"])
def test_a_ctrl_c_while_keizai_starts_ends_it_quietly(interrupt_at: str) -> None:
    run = _keizai(interrupt_at)
    assert run.returncode == 130, run.stderr
    assert "Traceback" not in run.stderr and "KeyboardInterrupt" not in run.stderr, run.stderr
    assert run.stdout == ""


def test_the_entry_point_runs_keizai() -> None:
    run = _keizai("no such module")
    assert run.returncode == 0, run.stderr
    assert "sim" in run.stdout and "play" in run.stdout
