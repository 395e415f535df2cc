"""The suite keeps Python's bytecode caches (tests/conftest.py says why): its processes,
and the processes they start, write them even where the environment says not to."""

from __future__ import annotations

import subprocess
import sys


def test_the_tests_and_the_processes_they_start_write_bytecode_caches() -> None:
    assert not sys.dont_write_bytecode
    started = subprocess.run([sys.executable, "-c", "import sys; print(sys.dont_write_bytecode)"],
                             capture_output=True, text=True, check=True)
    assert started.stdout.strip() == "False"
