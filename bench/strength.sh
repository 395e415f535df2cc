#!/bin/sh
# The tournaments behind docs/strength.md. Each writes results.json, games.csv,
# summary.txt and PNG plots into $OUT/<name>/ and the JSON summary into $OUT/<name>.json.
# Run from the repository root:   nice -n 10 sh bench/strength.sh
set -e
KEIZAI=${KEIZAI:-.venv/bin/keizai}
OUT=${OUT:-strength-runs}
WORKERS=${WORKERS:-2}
run() { name=$1; shift; "$KEIZAI" sim --no-progress --table --workers "$WORKERS" --out "$OUT/$name" "$@" > "$OUT/$name.json" 2> "$OUT/$name.log" || true; }
mkdir -p "$OUT"
for g in progress mecenat glory; do
  run "$g-2p-heuristic-random" --game national-economy/$g --players 2 --games 400 --seed 1 --agents heuristic,random
  run "$g-4p-heuristic-random" --game national-economy/$g --players 4 --games 200 --seed 1 --agents heuristic,random,random,random
  run "$g-1p-heuristic" --game national-economy/$g --players 1 --games 200 --seed 1 --agents heuristic
done
for g in mecenat progress glory; do
  run "$g-2p-hard-heuristic" --game national-economy/$g --players 2 --games 100 --seed 1 --agents hard,heuristic
done
for g in mecenat progress glory; do
  run "$g-4p-hard-heuristic" --game national-economy/$g --players 4 --games 24 --seed 1 --agents hard,heuristic,heuristic,heuristic
done
for g in mecenat progress glory; do
  run "$g-1p-hard" --game national-economy/$g --players 1 --games 20 --seed 1 --agents hard
done
