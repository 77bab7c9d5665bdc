#!/usr/bin/env bash
# Regenerates the ladder of docs/ai.md: for each game (Tamman with 2 and
# with 4 players), a round robin of random, greedy and every level of each
# search, with Bradley-Terry Elo ratings and 95% intervals, most games
# between neighbouring levels.
#
#   scripts/ladder.sh [OUTDIR]
#
# GAMES (default 20) is the games of every group of agents, NEIGHBOURS
# (default 300) the extra games of every group of neighbours, which is
# what intervals narrower than 100 Elo between neighbours need; THREADS
# (default 1) the games played at once. With the defaults it runs for days
# on one core (the max level thinks up to 9 s a move, and an Agsinnoninka
# match is some 280 turns): docs/ai.md says which table came from how many
# games. Results are reproducible for the seed wherever the levels'
# iteration budgets, not their time caps, end the searches.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-ladder-out}
games=${GAMES:-20}
neighbours=${NEIGHBOURS:-300}
threads=${THREADS:-1}
mkdir -p "$out"
go build -o "$out/tabula" ./cmd/tabula
mcts=random,greedy,mcts:easy,mcts:medium,mcts:hard,mcts:max
alphabeta=random,greedy,alphabeta:easy,alphabeta:medium,alphabeta:hard,alphabeta:max
run() {
	local name=$1
	shift
	echo "== $name" >&2
	local began=$SECONDS
	"$out/tabula" tournament "$@" --games "$games" --neighbours "$neighbours" --threads "$threads" --seed 1 --quiet \
		>"$out/$name.txt"
	echo "$name: $((SECONDS - began)) s" | tee -a "$out/times.txt" >&2
}
run adji-boto-mcts --game adji-boto --agents "$mcts"
run adji-boto-alphabeta --game adji-boto --agents "$alphabeta"
run tamman-2-mcts --game tamman --agents "$mcts"
run tamman-2-alphabeta --game tamman --agents "$alphabeta"
run tamman-4-mcts --game tamman --option players=4 --agents "$mcts"
run agsinnoninka-mcts --game agsinnoninka --agents "$mcts"
cat "$out"/*.txt
