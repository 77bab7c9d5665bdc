package tammanlab

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tabula/lab"
)

var update = flag.Bool("update", false, "rewrite testdata/loops/*.txt from the measurements' output")

// loopRuns are tiny runs of the measurements that play games on the
// shared play and worker loops (Match, SharedThrows, MatchMulti,
// DualBound, DualFit), with their flags. Their outputs in
// testdata/loops were written by the code before the loops were merged
// into one (playGames, playGame): the merge changed no line. Runs on two
// goroutines end their games in any order, so their lines are compared
// sorted.
var loopRuns = []struct {
	name   string
	run    func(TB)
	flags  map[string]string
	sorted bool
}{
	{"match", Match, map[string]string{"match": "greedy,greedy/net", "match-games": "4", "match-procs": "1"}, false},
	{"match-keyed", Match, map[string]string{"match": "mcts:40,greedy", "match-games": "4", "match-procs": "1", "match-draws": "keyed", "match-seed": "3"}, false},
	{"match-stream", Match, map[string]string{"match": "greedy/learned,random", "match-games": "4", "match-procs": "1", "match-throws": "stream", "match-play-seed": "2"}, false},
	{"match-procs", Match, map[string]string{"match": "greedy,random", "match-games": "6", "match-procs": "2"}, true},
	{"shared", SharedThrows, map[string]string{"match-shared": "greedy,greedy/net", "match-games": "4"}, false},
	{"multi-3", MatchMulti, map[string]string{"multi-players": "3", "multi-match": "easy/net,easy/race", "multi-games": "3"}, false},
	{"multi-4", MatchMulti, map[string]string{"multi-players": "4", "multi-match": "greedy,random", "multi-games": "8", "multi-procs": "2", "multi-seed": "5"}, true},
	{"dual", DualBound, map[string]string{"dual-games": "3", "dual-v": "none,net", "dual-policy": "greedy", "dual-free": "home:3"}, false},
	{"dual-procs", DualBound, map[string]string{"dual-games": "4", "dual-from": "2", "dual-v": "none,net", "dual-policy": "greedy", "dual-free": "home:3", "dual-procs": "2"}, true},
	{"dual-fit", DualFit, map[string]string{"dual-fit": "6", "dual-seed": "7"}, false},
}

// times are the durations in a measurement's lines (Go's, and "%.1fs"):
// they differ from run to run.
var times = regexp.MustCompile(`\b[0-9][0-9.]*(h|m|s|ms|µs|ns)([0-9][0-9.]*(m|s|ms|µs|ns))*\b`)

// The measurements print for the same flags what they printed before
// their play and worker loops were merged, times aside.
func TestLoopsKeepTheirOutput(t *testing.T) {
	for _, r := range loopRuns {
		t.Run(r.name, func(t *testing.T) {
			for name, v := range r.flags {
				f := flags.Lookup(name)
				if f == nil {
					t.Fatalf("no flag -%s", name)
				}
				if err := flags.Set(name, v); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { flags.Set(name, f.DefValue) })
			}
			var out bytes.Buffer
			if err := lab.Run(&out, func() (string, error) { return t.TempDir(), nil }, r.run); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			got := times.ReplaceAllString(out.String(), "TIME")
			if r.sorted {
				lines := strings.SplitAfter(got, "\n")
				slices.Sort(lines)
				got = strings.Join(lines, "")
			}
			path := filepath.Join("testdata", "loops", r.name+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("output changed:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
