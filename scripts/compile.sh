#!/usr/bin/env bash
# Compile the engine's hot modules with mypyc (not the Game classes: games in plain
# Python subclass Game with class attributes, which compiled classes would not see), in place (the .so files sit next to the
# .py files and take precedence on import). `scripts/compile.sh --clean` removes them and
# goes back to plain Python. The plain-Python code is the reference: the test suite runs
# on it, and .ci/run also runs the rules tests on a compiled copy.
#   usage: scripts/compile.sh [--clean] [SRC_DIR]   (SRC_DIR defaults to ./src)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ "${1:-}" = "--clean" ]; then
  shift
  src="${1:-$root/src}"
  find "$src/keizai" -name '*.so' -delete
  rm -rf "$src/build"
  exit 0
fi
src="${1:-$root/src}"
python="${PYTHON:-$root/.venv/bin/python}"
"$python" -m pip install -q "mypy>=1.10"
cd "$src"
"$python" -m mypyc \
  keizai/engine/action.py keizai/engine/rng.py keizai/engine/state.py \
  keizai/rules/national_economy/actions.py \
  keizai/rules/national_economy/cards.py keizai/rules/national_economy/scoring.py \
  keizai/rules/national_economy/state.py keizai/rules/national_economy/text.py \
  keizai/rules/national_economy/view.py keizai/rules/national_economy/workplaces.py \
  > "$src/build-mypyc.log" 2>&1 || { tail -n 30 "$src/build-mypyc.log"; exit 1; }
rm -rf "$src/build" "$src/build-mypyc.log"
echo "compiled: $(find "$src/keizai" -name '*.so' | wc -l) modules"
