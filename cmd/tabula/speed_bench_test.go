package main

import (
	"io"
	"strings"
	"testing"
)

// BenchmarkSelfPlay runs `tabula sim` and `tabula analyze` with random
// players (and sim with greedy ones) on one thread, analyze with its
// throws drawn from a stream and keyed (its default), for profiles of the
// commands' own work (the figures in docs/lab/cli-speed.md are CPU times
// of the commands themselves).
func BenchmarkSelfPlay(b *testing.B) {
	for _, c := range []struct{ name, args string }{
		{"sim/tamman", "sim --game tamman --agents random,random --games 20000 --threads 1 --quiet"},
		{"sim/adji-boto", "sim --game adji-boto --agents random,random --games 20000 --threads 1 --quiet"},
		{"sim/tamman-greedy", "sim --game tamman --agents greedy,greedy --games 500 --threads 1 --quiet"},
		{"analyze/tamman", "analyze --game tamman --agents random --games 20000 --threads 1 --quiet --chance stream"},
		{"analyze/tamman-keyed", "analyze --game tamman --agents random --games 20000 --threads 1 --quiet"},
		{"analyze/tamman4-keyed", "analyze --game tamman --option players=4 --agents random --games 5000 --threads 1 --quiet"},
		{"analyze/adji-boto", "analyze --game adji-boto --agents random --games 20000 --threads 1 --quiet"},
	} {
		b.Run(c.name, func(b *testing.B) {
			args := strings.Fields(c.args)
			if args[0] == "analyze" {
				args = append(args, "--out", b.TempDir())
			}
			for b.Loop() {
				if args[0] == "analyze" {
					args[len(args)-1] = b.TempDir()
				}
				if code := run(args, nil, io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
