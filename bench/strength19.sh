#!/bin/sh
# The tournaments of issue #19 (docs/strength.md, "Issue 19"): the `expert` level
# against `hard`, and in solo. Long runs are cut into small chunks (2-player: 2 games,
# one deal on both seat orders, chunk k deals seed 1+k; solo: 5 deals, seeds 1+5k ..
# 5+5k), each its own run, so an interrupted run resumes at the next missing chunk and
# the chunks add up to one series (CHUNKS chunks: 50 = 100 games).
# Tournament bots use fixed iteration budgets: `expert` without its 2 s cap, so the
# results do not depend on the machine's load. One process (WORKERS=1) under nice:
#   nice -n 10 sh bench/strength19.sh [solo|progress-2p-expert-hard|progress-1p-expert|...]
# `expert-ladder` runs, in one process, the 2-player series of every edition (Progress,
# then Mecenat, then Glory) and then `progress-4p-expert-hard` (expert against three
# `hard`, one deal on the four seat orders per chunk; CHUNKS4 chunks, 10 = 40 games).
set -e
KEIZAI=${KEIZAI:-.venv/bin/keizai}
OUT=${OUT:-strength-runs}
WORKERS=${WORKERS:-1}
CHUNKS=${CHUNKS:-50}
# `expert` (agents/base.py LEVELS) without its cap; the first round's `expert` (6000
# iterations) ran as series named without the `12k` below
EXPERT="mcts:iterations=12000:depth=6:c=0.4"
# the same budget with the evaluation fitted on self-play (bench/ne_value_fit.py): the
# `expert` of agents/base.py LEVELS since branch expert-eval, run by `learned-ladder`
LEARNED="$EXPERT:evaluation=learned"
run() {
  name=$1; shift
  [ -s "$OUT/$name.json" ] && return 0  # done already
  "$KEIZAI" sim --no-progress --table --no-plots --workers "$WORKERS" --out "$OUT/$name" "$@" \
    > "$OUT/$name.json" 2> "$OUT/$name.log" || true
}
chunked() {  # name game players games-per-chunk agents (run() sets $name: other names)
  series=$1; cgame=$2; cplayers=$3; per=$4; lineup=$5
  k=0
  while [ "$k" -lt "$CHUNKS" ]; do
    run "$series-c$k" --game "$cgame" --players "$cplayers" --games "$per" \
      --seed $((1 + k * per / cplayers)) --agents "$lineup"
    k=$((k + 1))
  done
}
mkdir -p "$OUT"
what=${1:-all}
for g in progress mecenat glory; do
  case $what in all|expert-ladder|$g-2p-expert12k-hard)
    chunked "$g-2p-expert12k-hard" "national-economy/$g" 2 2 "$EXPERT,hard" ;; esac
  case $what in all|$g-1p-expert)
    CHUNKS=$((CHUNKS / 2)) chunked "$g-1p-expert" "national-economy/$g" 1 5 "$EXPERT" ;; esac
done
case $what in all|expert-ladder|progress-4p-expert12k-hard)
  CHUNKS=${CHUNKS4:-10} chunked progress-4p-expert12k-hard national-economy/progress 4 4 \
    "$EXPERT,hard,hard,hard" ;; esac
# `learned-ladder`: the same series for the learned `expert` (Progress, Mecenat, Glory,
# then 4 players in each edition), series named `...-learned12k-hard`; one edition: `progress-learned`
for g in progress mecenat glory; do
  case $what in all|learned-ladder|$g-learned)
    chunked "$g-2p-learned12k-hard" "national-economy/$g" 2 2 "$LEARNED,hard" ;; esac
done
for g in progress mecenat glory; do
  case $what in all|learned-ladder|$g-4p-learned)
    CHUNKS=${CHUNKS4:-10} chunked "$g-4p-learned12k-hard" "national-economy/$g" 4 4 \
      "$LEARNED,hard,hard,hard" ;; esac
done
# Futuropia and 企業帝國 against the scripted baselines of bench/scripted.py (2 players,
# rotated seats); each line also gives the row for bench/strength_pairs.csv
scripted() {  # game agent games
  name="$1-2p-$2-scripted"
  [ -s "$OUT/$name.txt" ] && return 0
  "${PYTHON:-.venv/bin/python}" bench/scripted.py "$1" "$2" "$3" > "$OUT/$name.txt" || true
}
case $what in all|scripted)
  scripted enterprise-empire heuristic 200
  scripted enterprise-empire hard 20
  scripted futuropia heuristic 20
  scripted futuropia hard 4 ;; esac
case $what in all|futuropia-old)
  [ -s "$OUT/futuropia-2p-heuristic-before-19.txt" ] || "${PYTHON:-.venv/bin/python}" \
    bench/futuropia_old_heuristic.py 10 > "$OUT/futuropia-2p-heuristic-before-19.txt" ;; esac
# National Economy solo: the first `solo` level without its clock (2 heuristic rollouts
# per action) and the heuristic on the same deals (seeds 1..SOLO_DEALS); then the current
# `solo` level without its clock (fast policy, 48 rollouts per action by halving) on
# fresh deals 201..200+SOLO_DEALS (the policy was tuned on 1001..1040); bench/solo19.py
# skips the deals already in its CSV, so a rerun resumes (raise SOLO_DEALS to extend)
case $what in all|solo)
  for g in progress mecenat glory; do
    "${PYTHON:-.venv/bin/python}" bench/solo19.py "$g" heuristic 1 100 \
      "$OUT/solo-$g-heuristic.csv" >> "$OUT/solo.txt"
    "${PYTHON:-.venv/bin/python}" bench/solo19.py "$g" solo:rollouts=2 1 "${SOLO_DEALS:-100}" \
      "$OUT/solo-$g-solo_rollouts2.csv" >> "$OUT/solo.txt"
    "${PYTHON:-.venv/bin/python}" bench/solo19.py "$g" solo:policy=fast:rollouts=48:halving=1 \
      201 "$((200 + ${SOLO_DEALS:-100}))" \
      "$OUT/solo-$g-solo_policyfast_rollouts48_halving1.csv" >> "$OUT/solo.txt"
  done ;; esac
# the `solo` level from branch solo-value to glory-rollouts (fast policy judged by the
# learned solo value, 16 rollouts per action by halving), without its clock, on the same
# fresh deals
case $what in all|solo|solo-learned)
  for g in progress mecenat glory; do
    "${PYTHON:-.venv/bin/python}" bench/solo19.py "$g" \
      solo:policy=fast:rollouts=16:halving=1:evaluation=learned 201 "$((200 + ${SOLO_DEALS:-100}))" \
      "$OUT/solo-$g-solo_learned16.csv" >> "$OUT/solo.txt"
  done ;; esac
# the `solo` level since branch glory-rollouts: 48 rollouts per action, at most 20,000
# rollout moves per decision, without its clock
case $what in all|solo|solo-limit48)
  for g in progress mecenat glory; do
    "${PYTHON:-.venv/bin/python}" bench/solo19.py "$g" \
      solo:policy=fast:rollouts=48:halving=1:evaluation=learned:limit=20000 \
      201 "$((200 + ${SOLO_DEALS:-100}))" \
      "$OUT/solo-$g-solo_limit48.csv" >> "$OUT/solo.txt"
  done ;; esac
