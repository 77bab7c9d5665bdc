#!/bin/bash
# usage: scripts/pgo.sh [--sample] [OUT]
# Regenerates cmd/tabula/default.pgo (or writes OUT), the CPU profile that
# go build, go run and go test use for the tabula command (-pgo=auto, Go's
# default): one run of cmd/tabula's BenchmarkProfile (studies and self-play
# of the three games, random and greedy, the computer players' searches,
# replays), on one core, built without a profile so that the result does
# not depend on the one it replaces. --sample plays a hundredth of the mix
# (scripts' TestPGORegenerates; a profile to commit takes the whole).
# docs/lab/cli-speed.md ("Ninth pass") measures it.
set -eu
full=-profile.full
if [ "${1:-}" = --sample ]; then
  full=
  shift
fi
cd "$(dirname "$0")/.."
out=${1:-cmd/tabula/default.pgo}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -pgo=off -o "$tmp/tabula.test" ./cmd/tabula
(cd "$tmp" && ./tabula.test -test.run '^$' -test.bench '^BenchmarkProfile$' \
  -test.benchtime 1x -test.cpu 1 $full -test.cpuprofile "$tmp/cpu.pprof" >/dev/null)
cp "$tmp/cpu.pprof" "$out"
ls -l "$out"
