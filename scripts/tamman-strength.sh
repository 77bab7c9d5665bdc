#!/usr/bin/env bash
# Regenerates the Tamman measurements of docs/ai.md: the ladder of the
# MCTS levels with two players (each level against the one below, and
# greedy last, so that one tournament gives hard against greedy too),
# hard against three greedy players, the levels at one four-player table,
# and the time per move of each level on one core.
#
#   scripts/tamman-strength.sh [OUTDIR]
#
# NEIGHBOURS (default 200) is the games of every pair of neighbours,
# FOUR (default 100) the four-player games of each kind. About 20 minutes
# of CPU with the defaults; run it under nice on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-tamman-out}
neighbours=${NEIGHBOURS:-200}
four=${FOUR:-100}
mkdir -p "$out"
go build -o "$out/tabula" ./cmd/tabula
began=$SECONDS
"$out/tabula" tournament --game tamman --agents mcts:easy,mcts:medium,mcts:hard,greedy \
	--games 2 --neighbours "$neighbours" --threads 1 --seed 21 --quiet | tee "$out/ladder-2.txt"
"$out/tabula" sim --game tamman --option players=4 --agents mcts:hard,greedy,greedy,greedy \
	--games "$four" --threads 1 --seed 22 --quiet | tee "$out/hard-4.txt"
"$out/tabula" tournament --game tamman --option players=4 --agents mcts:easy,mcts:medium,mcts:hard,greedy \
	--games "$four" --threads 1 --seed 24 --quiet | tee "$out/ladder-4.txt"
go test ./ai -run MeasureLevelTimes -count=1 -measure-levels 10 -measure-level-game tamman -v |
	tee "$out/times.txt"
echo "tamman-strength: $((SECONDS - began)) s" >&2
