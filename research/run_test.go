package research

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	_ "tabula/games/all"
)

// smallConfig is a quick run: two readings of Tamman (chance, so seeds
// matter) with skill games.
func smallConfig() Config {
	return Config{Game: "tamman", Vary: []Vary{{Name: "throw-use", Values: []string{"all"}}},
		Agents: []string{"greedy", "random"}, Skill: "greedy", Games: 12, Seed: 7}
}

func mustPlan(t *testing.T, cfg Config) *Plan {
	t.Helper()
	p, err := NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustRun(t *testing.T, p *Plan, sh Shard, dir string, threads int) *Played {
	t.Helper()
	pl, err := Run(context.Background(), p, sh, dir, Options{Threads: threads})
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

func reportJSON(t *testing.T, rep *Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := rep.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// noLeads gives results without their lead curves, which a run sums by
// reading instead of keeping (Played): what two runs' results must share.
func noLeads(rs []Result) []Result {
	out := slices.Clone(rs)
	for i := range out {
		out[i].Lead = nil
	}
	return out
}

func TestSameNumbersWhateverThreads(t *testing.T) {
	p := mustPlan(t, smallConfig())
	one := mustRun(t, p, Whole, t.TempDir(), 1)
	two := mustRun(t, p, Whole, t.TempDir(), 2)
	if len(one.Results()) != p.Units() {
		t.Fatalf("%d results, want %d", len(one.Results()), p.Units())
	}
	if !reflect.DeepEqual(one, two) {
		t.Error("results differ between 1 and 2 threads")
	}
	if reportJSON(t, one.Analyze(p)) != reportJSON(t, two.Analyze(p)) {
		t.Error("reports differ between 1 and 2 threads")
	}
}

func TestMergedShardsEqualWholeRun(t *testing.T) {
	p := mustPlan(t, smallConfig())
	whole := mustRun(t, p, Whole, t.TempDir(), 2)
	var dirs []string
	for i := range 3 {
		d := t.TempDir()
		mustRun(t, p, Shard{Index: i, Count: 3}, d, 1)
		dirs = append(dirs, d)
	}
	// Merge takes the shards in any order.
	out := filepath.Join(t.TempDir(), "merged")
	mp, merged, err := Merge([]string{dirs[2], dirs[0], dirs[1]}, out)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(noLeads(whole.Results()), noLeads(merged)) {
		t.Fatal("merged results differ from the whole run")
	}
	// The whole run summed its lead curves as it played, the merged one
	// reads them from the shards' games: the same reports.
	if reportJSON(t, whole.Analyze(p)) != reportJSON(t, Analyze(mp, merged)) {
		t.Error("merged report differs from the whole run's")
	}
	var h1, h2 bytes.Buffer
	whole.Analyze(p).WriteHTML(&h1)
	Analyze(mp, merged).WriteHTML(&h2)
	if !bytes.Equal(h1.Bytes(), h2.Bytes()) {
		t.Error("merged HTML report differs from the whole run's")
	}
	// The merged directory is a whole run that loads again.
	_, sh, again, err := LoadRun(out)
	if err != nil || sh != Whole || !reflect.DeepEqual(again, merged) {
		t.Errorf("reloaded merged run: shard %v, err %v, equal %v", sh, err, reflect.DeepEqual(again, merged))
	}
	// A missing shard is an error that names it.
	if _, _, err := Merge(dirs[:2], ""); err == nil || !strings.Contains(err.Error(), "[2]") {
		t.Errorf("merge without shard 2: err %v", err)
	}
	if _, _, err := Merge([]string{dirs[0], dirs[0], dirs[1]}, ""); err == nil {
		t.Error("merging a shard twice is not an error")
	}
}

func TestResumeAfterInterruption(t *testing.T) {
	p := mustPlan(t, smallConfig())
	whole := mustRun(t, p, Whole, t.TempDir(), 2)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Run(ctx, p, Whole, dir, Options{Threads: 2, Progress: func(pr Progress) {
		if pr.Done == 10 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: err %v, want context.Canceled", err)
	}
	// A line cut off in the middle, as a killed process leaves it.
	f, _ := os.OpenFile(filepath.Join(dir, gamesFile), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"r":0,"g":11,"w`)
	f.Close()
	_, _, kept, err := LoadRun(dir)
	if err != nil || len(kept) < 10 || len(kept) >= p.Units() {
		t.Fatalf("interrupted run: kept %d of %d games, err %v", len(kept), p.Units(), err)
	}
	resumed := mustRun(t, p, Whole, dir, 1)
	if !reflect.DeepEqual(noLeads(whole.Results()), noLeads(resumed.Results())) {
		t.Error("resumed run differs from the whole run")
	}
	// The resumed run keeps the curves of the games it read and sums
	// those it played: the report of the whole run.
	if reportJSON(t, whole.Analyze(p)) != reportJSON(t, resumed.Analyze(p)) {
		t.Error("resumed run's report differs from the whole run's")
	}
	// A different run in the same directory is refused.
	other := smallConfig()
	other.Seed = 8
	if _, err := Run(context.Background(), mustPlan(t, other), Whole, dir, Options{Threads: 1}); err == nil {
		t.Error("another run in the same directory is not refused")
	}
}

func TestRunDirectoryIsChecked(t *testing.T) {
	p := mustPlan(t, smallConfig())
	dir := t.TempDir()
	mustRun(t, p, Whole, dir, 2)
	// A line from another run: a reading out of range.
	f, _ := os.OpenFile(filepath.Join(dir, gamesFile), os.O_APPEND|os.O_WRONLY, 0)
	line, _ := json.Marshal(Result{Reading: 9, Game: 1})
	f.Write(append(line, '\n'))
	f.Close()
	want := fmt.Sprintf(":%d:", p.Units()+1)
	if _, _, _, err := LoadRun(dir); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("bad last line: err %v, want one that names it (%s)", err, want)
	}
	// A count the reports' games cannot hold (no run writes one: a game
	// ends at maxPlies plies), or a winner beyond any seat.
	for _, bad := range []string{`{"r":0,"g":1,"w":0,"a":0,"plies":3000000000,"turns":1}`, `{"r":0,"g":1,"w":70000,"a":0,"plies":1,"turns":1}`} {
		data, _ := os.ReadFile(filepath.Join(dir, gamesFile))
		lines := strings.SplitAfter(string(data), "\n")
		os.WriteFile(filepath.Join(dir, gamesFile), []byte(strings.Join(lines[:p.Units()], "")+bad+"\n"), 0o644)
		if _, _, _, err := LoadRun(dir); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("%s: err %v, want one that names line %s and the range", bad, err, want)
		}
	}
}

func TestStallsAndRounds(t *testing.T) {
	// Adji-Boto with a cap of 30 moves: every game stalls.
	p := mustPlan(t, Config{Game: "adji-boto", Options: []string{"max-plies=30"}, Agents: []string{"random"}, Games: 6, Seed: 1})
	rep := mustRun(t, p, Whole, t.TempDir(), 1).Analyze(p)
	s := rep.Stats[0]
	if s.Stalled != 6 || s.StallBy["max-plies"] != 6 || s.Stall.Value != 1 {
		t.Errorf("capped Adji-Boto: %d stalled %v, want all 6 by max-plies", s.Stalled, s.StallBy)
	}
	// Agsinnoninka is played in rounds; a one-round cap stalls matches
	// that no player lost in the first round.
	p = mustPlan(t, Config{Game: "agsinnoninka", Options: []string{"max-rounds=1"}, Agents: []string{"random"}, Games: 4, Seed: 1})
	rep = mustRun(t, p, Whole, t.TempDir(), 1).Analyze(p)
	s = rep.Stats[0]
	if s.RoundsMedian.Value != 1 || s.StallBy["max-rounds"] == 0 {
		t.Errorf("one-round Agsinnoninka: rounds %v, stalls %v", s.RoundsMedian, s.StallBy)
	}
	// A run of one reading (one row of the heat map) draws too.
	if err := rep.WriteHTML(io.Discard); err != nil {
		t.Error(err)
	}
}

// editedRun plays the small run into a directory and replaces old by new
// in its run.json, as if it had been played by an older workbench.
func editedRun(t *testing.T, p *Plan, old, new string) string {
	t.Helper()
	dir := t.TempDir()
	mustRun(t, p, Whole, dir, 1)
	path := filepath.Join(dir, runFile)
	data, _ := os.ReadFile(path)
	edited := bytes.Replace(data, []byte(old), []byte(new), 1)
	if bytes.Equal(edited, data) {
		t.Fatalf("run.json lacks %s:\n%s", old, data)
	}
	os.WriteFile(path, edited, 0o644)
	return dir
}

// A run whose game changed its defaults since is refused, not relabelled.
func TestChangedDefaultsAreRefused(t *testing.T) {
	p := mustPlan(t, smallConfig())
	// As if the run had been played when safe-ayn defaulted to own.
	dir := editedRun(t, p, `"safe-ayn=all"`, `"safe-ayn=own"`)
	if _, _, _, err := LoadRun(dir); err == nil || !strings.Contains(err.Error(), "options changed") {
		t.Errorf("changed defaults: err %v", err)
	}
}

// Drawing throws by players' turn keeps two readings' throws together
// after their games part, which a stream in order does not: game lengths
// of the base and throw-use=total, exact-finish=false correlate more
// (1,500 games: with 400 the sum of the two ranges 0.54 to 0.77 by seed).
func TestChanceByTurnPairsReadingsBetter(t *testing.T) {
	corr := func(chance string) float64 {
		p := mustPlan(t, Config{Game: "tamman", Design: Each, Agents: []string{"random"}, Games: 1500, Seed: 3, Chance: chance,
			Vary: []Vary{{Name: "throw-use", Values: []string{"all"}}, {Name: "exact-finish", Values: []string{"all"}}}})
		sum := 0.0
		for _, c := range mustRun(t, p, Whole, t.TempDir(), 2).Analyze(p).Comparisons {
			if c.Metric == "turns" {
				sum += c.Corr
			}
		}
		return sum
	}
	byTurn, stream := corr(ChanceTurn), corr(ChanceStream)
	t.Logf("summed correlation of lengths: %.2f by turn, %.2f by stream", byTurn, stream)
	if byTurn <= stream+0.1 {
		t.Errorf("summed correlation of lengths: %.2f by turn, %.2f by stream; want the turn's clearly higher", byTurn, stream)
	}
}

// A run directory from before runs named their chance draws was played
// from a stream: it loads as such, and a new run does not resume it.
func TestOldRunsWereDrawnFromAStream(t *testing.T) {
	p := mustPlan(t, smallConfig())
	dir := editedRun(t, p, `,
    "chance": "turn",
    "chanceHash": "splitmix"`, "")
	lp, _, _, err := LoadRun(dir)
	if err != nil || lp.Config.Chance != ChanceStream {
		t.Fatalf("old run: err %v, chance %q", err, lp.Config.Chance)
	}
	if _, err := Run(context.Background(), p, Whole, dir, Options{Threads: 1}); err == nil {
		t.Error("a run by turn resumed a run drawn from a stream")
	}
}

// A run directory by turn from before runs named their chance hash drew
// its throws by SHA-256: a run with those draws resumes it, played to the
// same games and file as a whole run of them, and it loads so; a new run
// (splitmix, other games) does not resume it.
func TestOldKeyedRunsResumeWithTheirDraws(t *testing.T) {
	cfg := smallConfig()
	cfg.Agents = []string{"random"}
	cfg.ChanceHash = HashSHA256
	old := mustPlan(t, cfg)
	wholeDir := t.TempDir()
	whole := mustRun(t, old, Whole, wholeDir, 1)
	wholeGames, _ := os.ReadFile(filepath.Join(wholeDir, gamesFile))
	head, _ := os.ReadFile(filepath.Join(wholeDir, runFile))

	// The old run: its run.json without the hash, half its games.
	dir := t.TempDir()
	oldHead := bytes.Replace(head, []byte(`,
    "chanceHash": "sha256"`), nil, 1)
	if bytes.Equal(oldHead, head) || bytes.Contains(oldHead, []byte("chanceHash")) {
		t.Fatalf("run.json:\n%s", head)
	}
	lines := bytes.SplitAfter(wholeGames, []byte("\n"))
	os.WriteFile(filepath.Join(dir, runFile), oldHead, 0o644)
	os.WriteFile(filepath.Join(dir, gamesFile), bytes.Join(lines[:len(lines)/2], nil), 0o644)

	if h := KeptChanceHash(dir); h != HashSHA256 {
		t.Fatalf("the old run's hash is %q, want %q", h, HashSHA256)
	}
	cfg.ChanceHash = ""
	fresh := mustPlan(t, cfg)
	if _, err := Run(context.Background(), fresh, Whole, dir, Options{Threads: 1}); err == nil {
		t.Fatal("a run by splitmix resumed a run by SHA-256")
	}
	if other := mustRun(t, fresh, Whole, t.TempDir(), 1); reflect.DeepEqual(other.Results(), whole.Results()) {
		t.Fatal("splitmix and SHA-256 draws played the same games")
	}
	cfg.ChanceHash = KeptChanceHash(dir) // as tabula analyze does
	resumed := mustRun(t, mustPlan(t, cfg), Whole, dir, 1)
	if !reflect.DeepEqual(noLeads(resumed.Results()), noLeads(whole.Results())) {
		t.Fatal("the resumed old run played other games than a whole run by SHA-256")
	}
	got, _ := os.ReadFile(filepath.Join(dir, gamesFile))
	if !bytes.Equal(got, wholeGames) {
		t.Fatal("the resumed old run's games.jsonl differs from the whole run's")
	}
	if h, _ := os.ReadFile(filepath.Join(dir, runFile)); !bytes.Equal(h, oldHead) {
		t.Fatal("resuming rewrote the old run's run.json")
	}
	lp, _, rs, err := LoadRun(dir)
	if err != nil || lp.Config.ChanceHash != HashSHA256 || !reflect.DeepEqual(noLeads(rs), noLeads(whole.Results())) {
		t.Fatalf("loading the old run: err %v, hash %q, same results %v", err, lp.Config.ChanceHash, reflect.DeepEqual(noLeads(rs), noLeads(whole.Results())))
	}
}

// A games.jsonl from outside (edited, cut, another program's) loads or is
// refused with an error, and what loads reports: never a panic.
func FuzzLoadRun(f *testing.F) {
	f.Add(`{"r":0,"g":1,"w":0,"a":0,"plies":30,"turns":30,"dec":30,"choices":20,"options":60,"leadChanges":2,"secure":0.5,"margin":3,"lead":[0,1,2,3,4,5,6,7,8,9,10]}`)
	f.Add(`{"r":0,"g":0,"w":1,"a":1,"stall":"max-plies","plies":3,"turns":3,"lead":[1,2,3,4,5,6,7,8,9,10,11,12,13]}`)
	f.Add(`{"r":0,"g":2,"w":5,"a":-1,"plies":-3,"turns":1}`)
	f.Fuzz(func(t *testing.T, line string) {
		p := mustPlan(t, Config{Game: "adji-boto", Agents: []string{"random"}, Games: 4, Seed: 1})
		dir := t.TempDir()
		head, _ := json.MarshalIndent(newHeader(p, Whole), "", "  ")
		os.WriteFile(filepath.Join(dir, runFile), append(head, '\n'), 0o644)
		os.WriteFile(filepath.Join(dir, gamesFile), []byte(line+"\n"), 0o644)
		lp, _, rs, err := LoadRun(dir)
		if err != nil {
			return
		}
		rep := Analyze(lp, rs)
		if err := rep.WriteJSON(io.Discard); err != nil {
			t.Log(err) // a value JSON cannot write is an error, not a panic
		}
	})
}

// The time left is this run's rate over the games still to play: the
// games resumed from an earlier run took none of its time.
func TestProgressLeftIsThisRunsRate(t *testing.T) {
	p := Progress{Done: 30, Total: 100, Resumed: 20}
	if got, want := p.leftAfter(5*time.Second), 35*time.Second; got != want {
		t.Errorf("10 games played in 5 s, 70 to go: left %v, want %v", got, want)
	}
	if got := (Progress{Done: 20, Total: 100, Resumed: 20}).leftAfter(time.Second); got != 0 {
		t.Errorf("no game played yet: left %v, want 0", got)
	}
	if got := (Progress{Done: 100, Total: 100}).leftAfter(time.Second); got != 0 {
		t.Errorf("all played: left %v, want 0", got)
	}
	if el := (Progress{began: time.Now().Add(-time.Hour)}).Elapsed(); el < time.Hour {
		t.Errorf("began an hour ago: elapsed %v", el)
	}
}
