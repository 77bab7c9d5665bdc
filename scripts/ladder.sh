#!/usr/bin/env bash
# Regenerates the ladders of docs/lab/ladder.md: Bradley-Terry Elo ratings with 95%
# intervals (`tabula tournament`), most games between agents next to each
# other in the list, and the steps between them.
#
#   scripts/ladder.sh [OUTDIR]
#
# A level that wins 95% of its games against the one below cannot be rated
# to within 100 Elo by direct games, so the Adji-Boto ladders put bridges
# between the levels: fixed MCTS budgets and alpha-beta depths, each about
# 70-80% against the one below. NEIGHBOURS (default 1000) is the games of
# every pair of neighbours, GAMES (default 20, 10 for the MCTS ladders; 0 for
# the neighbours alone) of
# every other pair, THREADS
# (default 1) the games played at once. Times on one core of a 2-core
# machine shared with other work: the alpha-beta ladder about 20 minutes,
# the one with the MCTS levels about two hours (a game of mcts:hard costs
# about 4 s), Agsinnoninka's about an hour. Tamman has its own script
# (scripts/tamman-strength.sh); Agsinnoninka's medium and hard are
# measured by the direct matches listed in docs/lab/agsinnoninka-search.md.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-ladder-out}
neighbours=${NEIGHBOURS:-1000}
threads=${THREADS:-1}
mkdir -p "$out"
# TABULA: a tabula binary to run (the tests give theirs); else one is built.
tabula=${TABULA:-$out/tabula}
[ -n "${TABULA:-}" ] || go build -o "$tabula" ./cmd/tabula
run() {
	local name=$1 game=$2 games=${GAMES:-$3}
	shift 3
	echo "== $name" >&2
	local began=$SECONDS
	"$tabula" tournament --game "$game" "$@" --games "$games" --neighbours "$neighbours" --threads "$threads" --quiet \
		>"$out/$name.txt"
	echo "$name: $((SECONDS - began)) s" | tee -a "$out/times.txt" >&2
}
low=random,mcts:7,mcts:10,mcts:20,greedy,mcts:60
run adji-boto-alphabeta adji-boto 20 --seed 31 --agents \
	"$low,alphabeta:easy,alphabeta:3,alphabeta:4,alphabeta:medium,alphabeta:6,alphabeta:7,alphabeta:8,alphabeta:9,alphabeta:hard"
run adji-boto-mcts adji-boto 10 --seed 71 --agents \
	"random,mcts:7,mcts:20,greedy,mcts:60,mcts:150,mcts:easy,mcts:1000,mcts:medium,mcts:8000,mcts:hard"
run adji-boto-all adji-boto 20 --seed 41 --agents \
	"$low,alphabeta:easy,alphabeta:3,mcts:easy,alphabeta:4,alphabeta:medium,alphabeta:6,mcts:medium,alphabeta:7,alphabeta:8,alphabeta:9,mcts:hard,alphabeta:hard"
# Agsinnoninka up to easy (medium and hard play to their time caps: see
# docs/lab/agsinnoninka-search.md for why they are measured by direct matches).
run agsinnoninka agsinnoninka 10 --seed 81 --agents \
	"random,mcts:3,mcts:4,mcts:5,mcts:10,mcts:14,mcts:20,greedy,mcts:50,mcts:100,mcts:easy"
cat "$out"/adji-boto-*.txt "$out"/agsinnoninka.txt
