#!/usr/bin/env bash
# Regenerates the Tamman measurements of docs/lab/tamman-strength.md: the ladder of the
# levels with two players (each level against the one below, max
# included), hard against three greedy players, the levels at one
# four-player table, and the time per move of each level on one core.
#
#   scripts/tamman-strength.sh [OUTDIR]
#
# NEIGHBOURS (default 400) is the games of every pair of neighbours in the
# two-player round robin, GAMES (default 20) of every other pair,
# NEIGHBOURS4 (default 300) of every group of four neighbours in the
# four-player one, GAMES4 (default 60) of every other group, FOUR (default
# 100) the games of hard against three greedy players, POSITIONS (default
# 10) the positions each level's time is measured on, THREADS (default 2)
# the games played at once. About 30 minutes on 2 idle cores with the
# defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-tamman-out}
neighbours=${NEIGHBOURS:-400}
neighbours4=${NEIGHBOURS4:-300}
threads=${THREADS:-2}
four=${FOUR:-100}
games=${GAMES:-20}
games4=${GAMES4:-60}
positions=${POSITIONS:-10}
mkdir -p "$out"
# TABULA: a tabula binary to run (the tests give theirs); else one is built.
tabula=${TABULA:-$out/tabula}
[ -n "${TABULA:-}" ] || go build -o "$tabula" ./cmd/tabula
began=$SECONDS
"$tabula" tournament --game tamman --agents random,greedy,mcts:easy,mcts:medium,mcts:hard,mcts:max \
	--games "$games" --neighbours "$neighbours" --threads "$threads" --seed 61 --quiet | tee "$out/ladder-2.txt"
"$tabula" sim --game tamman --option players=4 --agents mcts:hard,greedy,greedy,greedy \
	--games "$four" --threads 1 --seed 22 --quiet | tee "$out/hard-4.txt"
"$tabula" tournament --game tamman --option players=4 --agents random,greedy,mcts:easy,mcts:medium,mcts:hard \
	--games "$games4" --neighbours "$neighbours4" --threads "$threads" --seed 62 --quiet | tee "$out/ladder-4.txt"
"$tabula" lab level-times --measure-levels "$positions" --measure-level-game tamman | tee "$out/times.txt"
echo "tamman-strength: $((SECONDS - began)) s" >&2
