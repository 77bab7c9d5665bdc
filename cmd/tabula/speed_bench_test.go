package main

import (
	"flag"
	"io"
	"slices"
	"strconv"
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

// profileFull has BenchmarkProfile play its whole mix (some 15 CPU-s),
// as scripts/pgo.sh asks; without it a hundredth of the games (the
// replays' record aside), as the suite runs every benchmark once.
var profileFull = flag.Bool("profile.full", false, "BenchmarkProfile: the whole mix of cmd/tabula/default.pgo")

// BenchmarkProfile runs what people run, in the proportions of
// cmd/tabula/default.pgo's profile (scripts/pgo.sh collects it from one
// run of this benchmark with -profile.full): studies and self-play of
// the three games with random and greedy players, the server's computer
// players' searches (mcts and alphabeta against random, as a room's bot
// plays) and a few replays of a record.
func BenchmarkProfile(b *testing.B) {
	for b.Loop() {
		dir := b.TempDir()
		records := dir + "/records.jsonl"
		for _, args := range []string{
			"analyze --game tamman --agents random --games 400000",
			"analyze --game adji-boto --agents random --games 400000",
			"analyze --game tamman --option players=4 --agents random --games 40000",
			"analyze --game tamman --agents greedy --games 6000",
			"analyze --game adji-boto --agents greedy --games 20000",
			"analyze --game agsinnoninka --agents random --games 400",
			"sim --game tamman --agents random,random --games 400000",
			"sim --game adji-boto --agents random,random --games 400000",
			"sim --game tamman --agents greedy,random --games 6000",
			"sim --game adji-boto --agents greedy,greedy --games 20000",
			"sim --game agsinnoninka --agents random,random --games 300",
			"sim --game agsinnoninka --agents greedy,random --games 30",
			"sim --game tamman --agents mcts:medium,random --games 40",
			"sim --game adji-boto --agents mcts:medium,random --games 6",
			"sim --game tamman --agents alphabeta:4,random --games 10",
			"sim --game tamman --agents random,random --games 20 --records " + records,
		} {
			a := strings.Fields(args)
			if i := slices.Index(a, "--games"); !*profileFull && !slices.Contains(a, "--records") {
				n, _ := strconv.Atoi(a[i+1])
				a[i+1] = strconv.Itoa(max(n/100, 1))
			}
			a = append(a, "--threads", "1", "--quiet")
			if a[0] == "analyze" {
				a = append(a, "--out", b.TempDir())
			}
			if code := run(a, nil, io.Discard, io.Discard); code != 0 {
				b.Fatalf("%s: exit %d", args, code)
			}
		}
		for line := 1; line <= 20; line++ {
			a := []string{"replay", "--record", records, "--line", strconv.Itoa(line)}
			if code := run(a, nil, io.Discard, io.Discard); code != 0 {
				b.Fatalf("%v: exit %d", a, code)
			}
		}
	}
}
