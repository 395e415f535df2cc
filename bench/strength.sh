#!/bin/sh
# The tournaments behind docs/strength.md. Each writes results.json, games.csv,
# summary.txt and PNG plots into $OUT/<name>/, the JSON summary into $OUT/<name>.json
# and the table into $OUT/<name>.log. Run from the repository root (about 2 hours of
# one core; the results do not depend on WORKERS):
#   nice -n 10 sh bench/strength.sh
set -e
KEIZAI=${KEIZAI:-.venv/bin/keizai}
OUT=${OUT:-strength-runs}
WORKERS=${WORKERS:-2}
run() {
  name=$1; shift
  [ -s "$OUT/$name.json" ] && return 0  # done already
  "$KEIZAI" sim --no-progress --table --workers "$WORKERS" --out "$OUT/$name" "$@" \
    > "$OUT/$name.json" 2> "$OUT/$name.log" || true
}
mkdir -p "$OUT"
NE="progress mecenat glory"
# heuristic against random, and the heuristic alone in solo
for g in $NE; do
  run "$g-2p-heuristic-random" --game national-economy/$g --players 2 --games 400 --seed 1 --agents heuristic,random
  run "$g-4p-heuristic-random" --game national-economy/$g --players 4 --games 200 --seed 1 --agents heuristic,random,random,random
  run "$g-1p-heuristic" --game national-economy/$g --players 1 --games 200 --seed 1 --agents heuristic
done
for g in enterprise-empire futuropia; do
  run "$g-2p-heuristic-random" --game $g --players 2 --games 200 --seed 1 --agents heuristic,random
  run "$g-4p-heuristic-random" --game $g --players 4 --games 100 --seed 1 --agents heuristic,random,random,random
done
# hard (MCTS) against the heuristic: the costly part (about 15 s of one core per game and seat)
for g in $NE; do
  run "$g-2p-hard-heuristic" --game national-economy/$g --players 2 --games 60 --seed 1 --agents hard,heuristic
done
# Glory was the close call: 120 games (the first 60 are the games of the run above)
run "glory-2p-hard-heuristic-120" --game national-economy/glory --players 2 --games 120 --seed 1 --agents hard,heuristic
for g in enterprise-empire futuropia; do
  run "$g-2p-hard-heuristic" --game $g --players 2 --games 20 --seed 1 --agents hard,heuristic
done
# solo: the best bot against the rulebook's target
for g in $NE; do
  run "$g-1p-hard" --game national-economy/$g --players 1 --games 6 --seed 1 --agents hard
done
for g in $NE enterprise-empire futuropia; do
  gid=$g; case $g in enterprise-empire|futuropia) ;; *) gid=national-economy/$g ;; esac
  run "$g-4p-hard-heuristic" --game $gid --players 4 --games 8 --seed 1 --agents hard,heuristic,heuristic,heuristic
done
