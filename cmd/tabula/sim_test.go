package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/view"
)

func runArgs(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestSimJSONSummary(t *testing.T) {
	code, out, errs := runArgs(t, "sim", "--game", "adji-boto", "--agents", "random,greedy", "--games", "12", "--json", "--threads", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if errs != "" {
		t.Errorf("stderr not empty without a terminal: %q", errs)
	}
	var sum map[string]any
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, out)
	}
	if sum["games"] != 12.0 {
		t.Errorf("games = %v", sum["games"])
	}
	wins, ok := sum["wins"].(map[string]any)
	if !ok || len(wins) != 2 {
		t.Fatalf("wins = %v", sum["wins"])
	}
	total := sum["draws"].(float64) + wins["random"].(float64) + wins["greedy"].(float64)
	if total != 12 {
		t.Errorf("wins and draws add up to %v, want 12", total)
	}
	if p, ok := sum["plies"].(float64); !ok || p <= 10 {
		t.Errorf("plies = %v", sum["plies"])
	}
	for _, k := range []string{"winRates", "seats", "pliesMedian", "pliesMax", "captures"} {
		if _, ok := sum[k]; !ok {
			t.Errorf("summary has no %q", k)
		}
	}
}

func TestSimSameResultsForAnyThreadCount(t *testing.T) {
	var sums []simSummary
	for _, threads := range []string{"1", "2", "3"} {
		code, out, errs := runArgs(t, "sim", "--game", "adji-boto", "--agents", "mcts:20,random", "--games", "70", "--seed", "9", "--json", "--threads", threads)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var s simSummary
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatal(err)
		}
		s.Seconds, s.GamesPerSecond, s.Threads = 0, 0, 0
		sums = append(sums, s)
	}
	a, _ := json.Marshal(sums[0])
	for _, s := range sums[1:] {
		if b, _ := json.Marshal(s); !bytes.Equal(a, b) {
			t.Errorf("results differ with the thread count:\n%s\n%s", a, b)
		}
	}
}

func TestSimRotatesSeatsAndWritesReplayableRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.jsonl")
	code, _, errs := runArgs(t, "sim", "--game", "adji-boto", "--agents", "greedy,random", "--games", "6", "--records", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d records, want 6", len(lines))
	}
	seat0 := map[string]int{}
	for i, line := range lines {
		rec, err := view.ParseRecord([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"greedy", "random"}
		if i%2 == 1 {
			want = []string{"random", "greedy"}
		}
		if !slices.Equal(rec.Players, want) {
			t.Errorf("game %d seats %v, want %v", i, rec.Players, want)
		}
		seat0[rec.Players[0]]++
		s, err := rec.Load()
		if err != nil {
			t.Fatalf("record %d does not replay: %v", i, err)
		}
		if o, _ := s.Outcome(); !s.Terminal() || rec.Result == nil || view.ResultOf(o) != *rec.Result {
			t.Errorf("record %d replays to %v, recorded %+v", i, o, rec.Result)
		}
	}
	if seat0["greedy"] != 3 || seat0["random"] != 3 {
		t.Errorf("seat 0 taken %v", seat0)
	}
	code, out, errs := runArgs(t, "replay", "--record", path, "--line", "4")
	if code != 0 || !strings.Contains(out, `"terminal":true`) {
		t.Errorf("replay --record: exit %d, %s %s", code, out, errs)
	}
}

func TestBadInputExitsTwoWithOneLine(t *testing.T) {
	cases := [][]string{
		{"sim", "--game", "adji-boto", "--agents", "random,wizard", "--games", "2"},
		{"sim", "--game", "adji-boto", "--agents", "random,random", "--games", "0"},
		{"sim", "--game", "adji-boto", "--agents", "random,random", "--games", "-3"},
		{"sim", "--game", "adji-boto", "--agents", "random,random", "--games", "x"},
		{"sim", "--game", "adji-boto", "--agents", "random,random", "--threads", "0"},
		{"sim", "--game", "adji-boto", "--agents", "random,random,random"},
		{"sim", "--game", "adji-boto", "--agents", "random"},
		{"sim", "--game", "adji-boto", "--agents", "mcts:huge,random"},
		{"sim", "--game", "adji-boto"},
		{"sim", "--game", "nosuchgame", "--agents", "random,random"},
		{"sim", "--agents", "random,random"},
		{"sim", "--game", "adji-boto", "--agents", "random,random", "--option", "seeds=999"},
		{"tournament", "--game", "adji-boto", "--agents", "random"},
		{"tournament", "--game", "adji-boto", "--agents", "random,bogus"},
		{"tournament", "--game", "adji-boto", "--agents", "random,greedy", "--games", "0"},
		{"play", "adji-boto", "--vs", "mcts:nope"},
		{"replay", "--record", "/nonexistent/file.jsonl"},
		{"sim", "--game", "adji-boto", "--agents", "random,random", "--records", "/nonexistent/dir/x.jsonl"},
	}
	for _, args := range cases {
		code, out, errs := runArgs(t, args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (stderr %q)", args, code, errs)
		}
		if strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%v: want one line on stderr and nothing on stdout, got %q / %q", args, errs, out)
		}
	}
}

func TestTournamentTable(t *testing.T) {
	code, out, errs := runArgs(t, "tournament", "--game", "adji-boto", "--agents", "random,greedy,mcts:30", "--games", "4", "--threads", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Elo", "95% interval", "mcts:30", "greedy", "random"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestEloFit(t *testing.T) {
	// Even results give equal ratings; 3 of 4 points is about +190 Elo
	// (less with the virtual draw).
	even := eloFit([][]float64{{0, 5}, {5, 0}}, [][]float64{{0, 10}, {10, 0}})
	if math.Abs(even[0]-even[1]) > 1e-6 || math.Abs(even[0]-1500) > 1e-6 {
		t.Errorf("even: %v", even)
	}
	r := eloFit([][]float64{{0, 750}, {250, 0}}, [][]float64{{0, 1000}, {1000, 0}})
	if d := r[0] - r[1]; d < 185 || d > 195 {
		t.Errorf("75%% score: difference %.1f, want about 191", d)
	}
	if got := combinations(4, 2); len(got) != 6 || !slices.Equal(got[5], []int{2, 3}) {
		t.Errorf("combinations(4,2) = %v", got)
	}
	if lo, hi := wilson(95, 100); lo < 0.88 || lo > 0.9 || hi < 0.97 || hi > 0.985 {
		t.Errorf("wilson(95,100) = %v, %v", lo, hi)
	}
}

func TestSimProgressGoesToStderrOnly(t *testing.T) {
	code, out, errs := runArgs(t, "sim", "--game", "adji-boto", "--agents", "random,random", "--games", "40", "--json", "--progress")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "40/40 games") {
		t.Errorf("no progress bar on stderr: %q", errs)
	}
	var sum simSummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil || sum.Games != 40 {
		t.Errorf("stdout is not the JSON summary: %v %q", err, out)
	}
}

func TestPlayComputerAgainstComputer(t *testing.T) {
	code, out, errs := runArgs(t, "play", "adji-boto", "--players", "greedy,mcts:20", "--seed", "4", "--threads", "1")
	if code != 0 || !strings.Contains(out, "Game over") {
		t.Errorf("exit %d: %s\n%s", code, errs, out)
	}
	code, out, errs = runArgs(t, "play", "tamman", "--vs", "easy", "--seed", "4")
	if code != 1 || !strings.Contains(errs, "input ended") || !strings.Contains(out, "player 1: easy") {
		t.Errorf("--vs easy: exit %d: %s\n%s", code, errs, out)
	}
}

// BenchmarkSimRandom measures `tabula sim --agents random,...` without
// output: games/s on one and on all threads, for every game.
func BenchmarkSimRandom(b *testing.B) {
	for _, g := range engine.Games() {
		for _, threads := range []int{1, 2} {
			b.Run(g.ID()+"/threads="+string(rune('0'+threads)), func(b *testing.B) {
				start, err := g.NewState(engine.DefaultOptions(g))
				if err != nil {
					b.Fatal(err)
				}
				specs := make([]string, start.NumPlayers())
				matches := make([]match, b.N)
				for i := range specs {
					specs[i] = "random"
				}
				for i := range matches {
					seats := make([]int, len(specs))
					for k := range seats {
						seats[k] = (k + i) % len(seats)
					}
					matches[i] = match{seats: seats}
				}
				sp := &selfPlay{start: start, specs: specs, seed: 1, threads: threads}
				b.ResetTimer()
				plies := 0
				if err := sp.run(matches, func(_ int, r gameResult) { plies += r.plies }, nil); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			})
		}
	}
}

func TestSimRotatesThreeSeatsInAChanceGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.jsonl")
	code, out, errs := runArgs(t, "sim", "--game", "tamman", "--option", "players=3", "--agents", "random,greedy,mcts:5",
		"--games", "6", "--records", path, "--json", "--threads", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum simSummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if len(sum.Seats) != 3 || !sum.Balanced {
		t.Errorf("seats %v balanced %v", sum.Seats, sum.Balanced)
	}
	data, _ := os.ReadFile(path)
	seatsOf := map[string][3]int{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		rec, err := view.ParseRecord([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rec.Load(); err != nil {
			t.Fatalf("record with throws does not replay: %v", err)
		}
		for seat, a := range rec.Players {
			c := seatsOf[a]
			c[seat]++
			seatsOf[a] = c
		}
	}
	for a, c := range seatsOf {
		if c != [3]int{2, 2, 2} {
			t.Errorf("%s sat in seats %v times, want 2 each", a, c)
		}
	}
}
