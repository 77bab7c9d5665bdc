package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAnalyzeWritesReportsAndMerges(t *testing.T) {
	tmp := t.TempDir()
	whole := filepath.Join(tmp, "whole")
	args := []string{"analyze", "--game", "adji-boto", "--vary", "capture-from=all", "--agents", "random",
		"--skill", "greedy", "--games", "6", "--seed", "3", "--threads", "2"}
	code, out, errs := runArgs(t, append(args, "--out", whole)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"capture-from=opponent", "seat wins %", "skill win %", "report.{html,csv,json}"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, f := range []string{"run.json", "games.jsonl", "report.json", "report.csv", "report.html"} {
		if _, err := os.Stat(filepath.Join(whole, f)); err != nil {
			t.Error(err)
		}
	}
	var dirs []string
	for _, sh := range []string{"0/2", "1/2"} {
		d := filepath.Join(tmp, "shard"+sh[:1])
		code, out, errs := runArgs(t, append(args, "--out", d, "--shard", sh)...)
		if code != 0 || !strings.Contains(out, "shard "+sh+" done") {
			t.Fatalf("shard %s: exit %d: %s%s", sh, code, out, errs)
		}
		dirs = append(dirs, d)
	}
	merged := filepath.Join(tmp, "merged")
	code, mergedOut, errs := runArgs(t, append([]string{"analyze", "merge", "--json", "--out", merged}, dirs...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errs)
	}
	code, wholeOut, errs := runArgs(t, "analyze", "report", "--json", whole)
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, errs)
	}
	if mergedOut != wholeOut {
		t.Error("the merged report differs from the whole run's")
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(wholeOut), &rep); err != nil || len(rep["readings"].([]any)) != 2 {
		t.Errorf("report JSON: %v, %v", err, rep["readings"])
	}
}

func TestAnalyzeBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "adji-boto", "--agents", "random", "--vary", "seeds"}, "want name=v1,v2"},
		{[]string{"--game", "adji-boto", "--agents", "random", "--vary", "seeds=99"}, "out of range"},
		{[]string{"--game", "adji-boto", "--agents", "random", "--shard", "2/2"}, "0-based"},
		{[]string{"--agents", "random"}, "--game is required"},
		{[]string{"--game", "tamman", "--agents", "random,random,random"}, "give 1 or 2 agents"},
	} {
		code, _, errs := runArgs(t, append([]string{"analyze", "--out", t.TempDir()}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", c.args, code, errs, c.want)
		}
	}
	if code, _, errs := runArgs(t, "analyze", "report", filepath.Join(t.TempDir(), "none")); code != 1 || errs == "" {
		t.Errorf("report of a missing run: exit %d, %q", code, errs)
	}
}

// --replicate 1 plays the design again on another seed beside the run and
// the report says, for each finding, whether it replicated.
func TestAnalyzeReplicate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	args := []string{"analyze", "--game", "adji-boto", "--design", "each", "--vary", "capture-from=all", "--agents", "random",
		"--games", "60", "--seed", "3", "--threads", "2", "--replicate", "1", "--out", dir}
	code, out, errs := runArgs(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "Replication on seeds") || !strings.Contains(out, "capture-from=opponent: turns") {
		t.Errorf("no replication of the length finding in:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "replicate-1", "games.jsonl")); err != nil {
		t.Error(err)
	}
	// The kept run reports the same, replication included.
	code, again, errs := runArgs(t, "analyze", "report", dir)
	if code != 0 || again != out {
		t.Errorf("report of the kept run: exit %d %s, same output %v", code, errs, again == out)
	}
	if code, _, errs := runArgs(t, append(args, "--shard", "0/2")...); code != 2 || !strings.Contains(errs, "--replicate") {
		t.Errorf("--replicate with shards: exit %d, %q", code, errs)
	}
}

// A complete run whose replication was interrupted reports: the findings
// are marked pending and the report names the unfinished replication.
func TestAnalyzeReportWithUnfinishedReplication(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	args := []string{"analyze", "--game", "adji-boto", "--design", "each", "--vary", "capture-from=all", "--agents", "random",
		"--games", "60", "--seed", "3", "--threads", "1", "--replicate", "1", "--out", dir, "--quiet"}
	if code, _, errs := runArgs(t, args...); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	games := filepath.Join(dir, "replicate-1", "games.jsonl")
	data, err := os.ReadFile(games)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	if err := os.WriteFile(games, []byte(strings.Join(lines[:50], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runArgs(t, "analyze", "report", dir)
	if code != 0 {
		t.Fatalf("report with an unfinished replication: exit %d, %s", code, errs)
	}
	if !strings.Contains(out, "replication 1 (seed ") || !strings.Contains(out, "is unfinished: 50 of 120 games") ||
		!strings.Contains(out, "pending") {
		t.Errorf("the report does not say the replication is unfinished:\n%s", out)
	}
	js, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil || !strings.Contains(string(js), `"unfinished"`) {
		t.Errorf("report.json has no unfinished replication (%v)", err)
	}
}

// --skill-trace plays each reading at each budget, against itself and
// against random players, beside the run; the report traces the win
// rate, the length and the first seat's edge, with a plot per reading,
// and `analyze report` reads the trace again.
func TestAnalyzeSkillTrace(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, out, errs := runArgs(t, "analyze", "--game", "adji-boto", "--design", "each", "--vary", "capture-from=all", "--agents", "random",
		"--games", "10", "--seed", "3", "--threads", "1", "--skill-trace", "greedy,mcts:20", "--trace-games", "12", "--out", dir, "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Skill trace", "capture-from=opponent  mcts:20", "From greedy to mcts:20, paired by game:"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	var rep struct {
		SkillTrace struct {
			Agents   []string `json:"agents"`
			Readings []struct {
				Points []struct {
					Win struct{ N int } `json:"win"`
				} `json:"points"`
			} `json:"readings"`
		} `json:"skillTrace"`
	}
	js, _ := os.ReadFile(filepath.Join(dir, "report.json"))
	if err := json.Unmarshal(js, &rep); err != nil || len(rep.SkillTrace.Readings) != 2 || len(rep.SkillTrace.Readings[1].Points) != 2 ||
		rep.SkillTrace.Readings[1].Points[1].Win.N != 12 {
		t.Errorf("report.json skillTrace %+v (%v)", rep.SkillTrace, err)
	}
	html, _ := os.ReadFile(filepath.Join(dir, "report.html"))
	if !strings.Contains(string(html), `id="trace-1"`) {
		t.Error("no skill trace plot for R1 in report.html")
	}
	if code, again, _ := runArgs(t, "analyze", "report", dir); code != 0 || again != out {
		t.Errorf("analyze report: exit %d, same %v", code, again == out)
	}
}

// A run directory by turn from before runs named their chance hash
// resumes, by the same command, with its own SHA-256 draws: the games of a
// whole run with --chance-hash sha256. A new run draws by splitmix.
func TestAnalyzeResumesAnOldKeyedRun(t *testing.T) {
	tmp := t.TempDir()
	args := []string{"analyze", "--game", "tamman", "--agents", "random", "--games", "40", "--seed", "5", "--threads", "1", "--quiet"}
	sha, old, fresh := filepath.Join(tmp, "sha"), filepath.Join(tmp, "old"), filepath.Join(tmp, "new")
	if code, _, errs := runArgs(t, append(args, "--chance-hash", "sha256", "--out", sha)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	head, _ := os.ReadFile(filepath.Join(sha, "run.json"))
	games, _ := os.ReadFile(filepath.Join(sha, "games.jsonl"))
	oldHead := strings.Replace(string(head), ",\n    \"chanceHash\": \"sha256\"", "", 1)
	lines := strings.SplitAfter(string(games), "\n")
	os.MkdirAll(old, 0o755)
	os.WriteFile(filepath.Join(old, "run.json"), []byte(oldHead), 0o644)
	os.WriteFile(filepath.Join(old, "games.jsonl"), []byte(strings.Join(lines[:15], "")), 0o644)
	if strings.Contains(oldHead, "chanceHash") || len(lines) < 40 {
		t.Fatalf("run.json %s, %d games", oldHead, len(lines))
	}
	for _, dir := range []string{old, fresh} {
		if code, _, errs := runArgs(t, append(args, "--out", dir)...); code != 0 {
			t.Fatalf("%s: exit %d: %s", dir, code, errs)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(old, "games.jsonl")); string(got) != string(games) {
		t.Error("the resumed old run's games differ from a run with --chance-hash sha256")
	}
	got, _ := os.ReadFile(filepath.Join(fresh, "games.jsonl"))
	newHead, _ := os.ReadFile(filepath.Join(fresh, "run.json"))
	if string(got) == string(games) || !strings.Contains(string(newHead), `"chanceHash": "splitmix"`) {
		t.Errorf("a new run drew as the old one, or does not name its hash:\n%s", newHead)
	}
}
