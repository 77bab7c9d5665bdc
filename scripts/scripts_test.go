package scripts_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"tabula/internal/pgtest"
	"tabula/internal/servetest"
)

// TestMain: one build of tabula for the scripts that run it. With
// smallTabula set in its environment, the test binary is that tabula
// with its agents' budgets cut (runSmall).
func TestMain(m *testing.M) {
	if bin := os.Getenv(smallTabula); bin != "" {
		runSmall(bin)
	}
	os.Exit(servetest.Run(m))
}

// smallTabula names, in the environment of a script, the tabula that the
// test binary standing for it runs.
const smallTabula = "TABULA_SMALL_OF"

// runSmall runs the tabula bin with the command line of the test binary,
// the budgets of a tournament's --agents cut (servetest.SmallBudgets): a
// script's round robins are checked for what they run and write, not for
// their figures, at a fraction of the CPU (mcts:hard, some 4 s a game of
// Adji-Boto, plays at easy's budget). Other commands run as given.
func runSmall(bin string) {
	args := slices.Clone(os.Args)
	args[0] = bin
	round := len(args) > 1 && args[1] == "tournament"
	for i, a := range args {
		switch {
		case !round:
		case a == "--agents" && i+1 < len(args):
			args[i+1] = servetest.SmallBudgets(args[i+1])
		case strings.HasPrefix(a, "--agents="):
			args[i] = "--agents=" + servetest.SmallBudgets(strings.TrimPrefix(a, "--agents="))
		}
	}
	env := slices.DeleteFunc(os.Environ(), func(v string) bool { return strings.HasPrefix(v, smallTabula+"=") })
	err := syscall.Exec(bin, args, env)
	fmt.Fprintln(os.Stderr, err)
	os.Exit(2)
}

// small is the environment of a script that runs tabula (TABULA) with
// small budgets.
func small(t *testing.T) []string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return []string{"TABULA=" + exe, smallTabula + "=" + servetest.Build(t)}
}

// TestPGLoadRuns runs scripts/pgload.sh, the PostgreSQL load run of
// docs/lab/server-load-postgres.md, as the docs show it, with a load bounded
// to four rooms for two seconds on loopback: a fresh cluster in a
// directory of its own, two instances sharing its database, the load
// test's summary and the statistics the page quotes. The script starts
// its cluster as the system user postgres, which only root can do.
func TestPGLoadRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster")
	}
	if os.Geteuid() != 0 {
		t.Skip("scripts/pgload.sh runs its cluster through su postgres: run as root")
	}
	pgbin, err := pgtest.BinDir()
	if err != nil {
		t.Fatalf("PostgreSQL not found (scripts/test.sh installs it): %v", err)
	}
	bin := servetest.Build(t)
	// Not t.TempDir: its parent is private to root, and the cluster runs
	// as postgres.
	dir, err := os.MkdirTemp("", "pgload-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stop := exec.Command("su", "postgres", "-s", "/bin/sh", "-c",
			filepath.Join(pgbin, "pg_ctl")+" -D "+filepath.Join(dir, "data")+" stop -m fast")
		if out, err := stop.CombinedOutput(); err != nil {
			t.Logf("stopping the cluster: %v\n%s", err, out)
		}
		os.RemoveAll(dir)
	})

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "pgload.sh", bin, "2", "check",
		"--rooms", "4", "--duration", "2s", "--think", "200ms")
	// The data directory internal/pgtest's initdb made, copied, as the
	// same initdb's would be.
	template, err := pgtest.Template()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Env = append(os.Environ(), "PGLOAD_DIR="+dir, "PGLOAD_TEMPLATE="+template)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("pgload.sh: %v\n%s", err, out)
	}
	text := string(out)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`4 rooms of adji-boto for \d+\.\ds .* 0 errors`), // 2.0s but on a busy machine
		regexp.MustCompile(`stored: every acknowledged move is stored once \(4 rooms, \d+ moves read back\)`),
		regexp.MustCompile(`(?m)^log flushes \d+, \d+ ms$`),
		regexp.MustCompile(`(?m)^postgres: \d+ ticks$`),
	} {
		if !want.MatchString(text) {
			t.Errorf("pgload.sh output lacks %q:\n%s", want, text)
		}
	}
	if n := len(regexp.MustCompile(`(?m)^serve \d+: \d+ ticks$`).FindAllString(text, -1)); n != 2 {
		t.Errorf("pgload.sh reported the ticks of %d servers, want 2:\n%s", n, text)
	}
	stmts, err := os.ReadFile(filepath.Join(dir, "out", "check", "statements.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.ToUpper(string(stmts)), "INSERT") {
		t.Errorf("statements.txt names no INSERT (pg_stat_statements):\n%s", stmts)
	}
}

// TestCPUBenchRuns runs scripts/cpubench.sh, by which docs/lab/playout-speed.md measures
// speed, on a benchmark of Adji-Boto's test binary: two rounds of two
// entries, each line the CPU time an op and the ops a CPU second.
func TestCPUBenchRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test binary")
	}
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		t.Fatal("cpubench.sh measures with /usr/bin/time (Debian's time; scripts/test.sh installs it)")
	}
	bin := filepath.Join(t.TempDir(), "adjiboto.test")
	if out, err := exec.Command("go", "test", "-c", "-o", bin, "../games/adjiboto").CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	out, err := exec.Command("bash", "cpubench.sh", "2",
		"legal|"+bin+"|BenchmarkLegal|2000000", "apply|"+bin+"|BenchmarkApply|2000000").CombinedOutput()
	if err != nil {
		t.Fatalf("cpubench.sh: %v\n%s", err, out)
	}
	checkRounds(t, "cpubench.sh", out, `(legal|apply) +[0-9.]+ us/op \(cpu\) +[0-9]+ op/cpu-s`, "legal", "apply")
}

// checkRounds fails unless a timing script's output is two rounds of a
// line for each label, in order, each line "round R " and then entry
// (a pattern whose first group is the label).
func checkRounds(t *testing.T, script string, out []byte, entry string, labels ...string) {
	t.Helper()
	line := regexp.MustCompile(`(?m)^round ([12]) ` + entry + `$`)
	got := line.FindAllStringSubmatch(string(out), -1)
	var want [][2]string
	for _, r := range []string{"1", "2"} {
		for _, l := range labels {
			want = append(want, [2]string{r, l})
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%s printed %d lines of figures, want %d:\n%s", script, len(got), len(want), out)
	}
	for i, w := range want {
		if got[i][1] != w[0] || got[i][2] != w[1] {
			t.Errorf("line %d is round %s %s, want round %s %s", i, got[i][1], got[i][2], w[0], w[1])
		}
	}
}

// TestCmdBenchRuns runs scripts/cmdbench.sh, by which
// docs/lab/cli-speed.md times the commands: two rounds of two commands,
// each line the CPU seconds of one; a failing command fails the script.
func TestCmdBenchRuns(t *testing.T) {
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		t.Fatal("cmdbench.sh measures with /usr/bin/time (Debian's time; scripts/test.sh installs it)")
	}
	bin := servetest.Build(t)
	out, err := exec.Command("bash", "cmdbench.sh", "2",
		"sim|"+bin+" sim --game adji-boto --agents random,random --games 20 --threads 1 --quiet",
		"analyze|"+bin+" analyze --game adji-boto --agents random --games 20 --threads 1 --quiet --out study").CombinedOutput()
	if err != nil {
		t.Fatalf("cmdbench.sh: %v\n%s", err, out)
	}
	checkRounds(t, "cmdbench.sh", out, `(sim|analyze) +[0-9.]+ s \(cpu\)`, "sim", "analyze")
	if out, err := exec.Command("bash", "cmdbench.sh", "1", "bad|"+bin+" sim --game nonesuch").CombinedOutput(); err == nil {
		t.Errorf("cmdbench.sh succeeded with a failing command:\n%s", out)
	}
}

// step is a line of a ladder's steps (tabula tournament): an agent's
// rating over the one before it, the interval, and the verdict.
var step = regexp.MustCompile(`(?m)^ +\S+ +over +\S+ +[+-]\d+ +[+-]?\d+\.\.[+-]?\d+ +(stronger|weaker|not significant)$`)

// runScript runs a script of scripts/ with the sizes in env and fails the
// test when it fails.
func runScript(t *testing.T, script, out string, env ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", script, out)
	cmd.Env = append(os.Environ(), env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", script, err, b)
	}
}

// checkSteps fails unless the ladder in file has a step for each agent
// after the first.
func checkSteps(t *testing.T, file string, agents int) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(step.FindAll(b, -1)); n != agents-1 {
		t.Errorf("%s has %d steps, want %d (one for each of %d agents after the first):\n%s", filepath.Base(file), n, agents-1, agents, b)
	}
}

// TestLadderRuns runs scripts/ladder.sh, which regenerates the ladders of
// docs/lab/ladder.md, with one game for each pair of neighbours and none
// for the other pairs (its NEIGHBOURS and GAMES), the agents at small
// budgets (runSmall): each of its four round robins writes its steps, one
// for each level over the one before it.
func TestLadderRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("plays four round robins")
	}
	out := t.TempDir()
	runScript(t, "ladder.sh", out, append(small(t), "GAMES=0", "NEIGHBOURS=1", "THREADS=2")...)
	for name, agents := range map[string]int{"adji-boto-alphabeta": 15, "adji-boto-mcts": 11, "adji-boto-all": 18, "agsinnoninka": 11} {
		checkSteps(t, filepath.Join(out, name+".txt"), agents)
	}
}

// TestTammanStrengthRuns runs scripts/tamman-strength.sh, which
// regenerates Tamman's tables of docs/lab/tamman-strength.md, with one game
// for each pair and group of neighbours (none for the others; the round
// robins at small budgets, runSmall), one game of
// hard against three greedy players and one position a level: both ladders' steps, the game, and the levels' times for two,
// three and four players.
func TestTammanStrengthRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two round robins")
	}
	out := t.TempDir()
	runScript(t, "tamman-strength.sh", out, append(small(t), "GAMES=0", "GAMES4=0", "NEIGHBOURS=1", "NEIGHBOURS4=1", "FOUR=1", "POSITIONS=1", "THREADS=2")...)
	checkSteps(t, filepath.Join(out, "ladder-2.txt"), 6)
	checkSteps(t, filepath.Join(out, "ladder-4.txt"), 5)
	b, err := os.ReadFile(filepath.Join(out, "hard-4.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^tamman, 1 games \(players=4 `).Match(b) || !regexp.MustCompile(`(?m)^ +mcts:hard +[01] `).Match(b) {
		t.Errorf("hard-4.txt is not one four-player game with mcts:hard:\n%s", b)
	}
	if b, err = os.ReadFile(filepath.Join(out, "times.txt")); err != nil {
		t.Fatal(err)
	}
	for _, players := range []string{"2", "3", "4"} {
		if !regexp.MustCompile(`tamman/players=` + players + `, 1 positions: easy .*; hard .*`).Match(b) {
			t.Errorf("times.txt lacks the levels' times with %s players:\n%s", players, b)
		}
	}
}

// TestPGORegenerates runs scripts/pgo.sh, which regenerates the tabula
// command's profile (cmd/tabula/default.pgo), on a hundredth of its mix
// into a file of the test's: a gzipped CPU profile of the benchmark it
// runs (cmd/tabula's TestProfileIsOfWhatPeopleRun checks the committed
// one in full).
func TestPGORegenerates(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cmd/tabula's test binary")
	}
	out := filepath.Join(t.TempDir(), "sample.pgo")
	if b, err := exec.Command("bash", "pgo.sh", "--sample", out).CombinedOutput(); err != nil {
		t.Fatalf("pgo.sh: %v\n%s", err, b)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("pgo.sh wrote no CPU profile: %v", err)
	}
	raw, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte("tabula/cmd/tabula.BenchmarkProfile")) {
		t.Error("pgo.sh's profile has no sample of cmd/tabula's BenchmarkProfile")
	}
}
