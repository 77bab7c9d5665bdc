#!/bin/bash
# usage: cmdbench.sh ROUNDS "label|command line" ...
# Prints, per round and entry, the CPU seconds (user + system, /usr/bin/time)
# of the whole command, on one pinned core when taskset is there; entries
# interleave within a round, so that each round compares them under the
# same load. A command line's words are split at blanks (no quoting); each
# command starts in an empty directory of its own, its output discarded.
# docs/lab/cli-speed.md compares `tabula sim` and `tabula analyze` with the
# engine's test binaries (as scripts/cpubench.sh runs them) this way.
rounds=$1; shift
pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 1); fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for r in $(seq "$rounds"); do
  for e in "$@"; do
    label=${e%%|*} cmd=${e#*|}
    rm -rf "$work/run" && mkdir "$work/run"
    if ! (cd "$work/run" && /usr/bin/time -o "$work/time" -f "%U %S" "${pin[@]}" $cmd >/dev/null 2>"$work/err"); then
      echo "cmdbench.sh: $label failed:" >&2
      cat "$work/err" >&2
      exit 1
    fi
    awk -v l="$label" -v r="$r" '{printf "round %d %-28s %6.2f s (cpu)\n", r, l, $1+$2}' "$work/time"
  done
done
