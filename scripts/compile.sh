#!/usr/bin/env bash
# Rebuild the mypyc-compiled modules of this checkout's editable install (what
# `pip install -e .` does at set-up: setup.py compiles the engine core and the three games,
# the .so files sit next to the .py files). Run it after editing a compiled module: until
# then keizai notices the edited source and runs plain Python, with a warning.
# `scripts/compile.sh --clean` removes the compiled modules (plain Python from then on).
#   usage: scripts/compile.sh [--clean]        (PYTHON defaults to ./.venv/bin/python)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ "${1:-}" = "--clean" ]; then
  find "$root/src" -name '*.so' -delete
  rm -f "$root/src/keizai/_compiled.json"
  rm -rf "$root/build/mypyc"
  exit 0
fi
python="${PYTHON:-$root/.venv/bin/python}"
"$python" -m pip install -q --no-deps -e "$root"
"$python" -c "import keizai; from keizai.sim.bench import engine_build; print(engine_build())"
