#!/bin/bash
# usage: cpubench.sh ROUNDS "label|binary|bench regexp|iterations" ...
# Prints, per round and entry, the CPU microseconds per op (user+sys of the
# whole process over a fixed number of iterations, single-threaded).
# Go matches a -bench pattern level by level (split at '/'), so a pattern
# naming fewer levels than a benchmark has also runs every sub-benchmark
# below it: name each level (…/tamman/players=2), or the figure is a sum.
rounds=$1; shift
for r in $(seq $rounds); do
  for e in "$@"; do
    IFS='|' read label bin bench n <<<"$e"
    s=$( { /usr/bin/time -f "%U %S" $bin -test.run XXX -test.bench "^$bench\$" -test.benchtime ${n}x -test.cpu 1 >/dev/null; } 2>&1 | tail -1)
    awk -v l="$label" -v s="$s" -v n=$n -v r=$r 'BEGIN{split(s,a," "); printf "round %d %-28s %9.2f us/op (cpu)  %8.0f op/cpu-s\n", r, l, (a[1]+a[2])*1e6/n, n/(a[1]+a[2])}'
  done
done
