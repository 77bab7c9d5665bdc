package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabula/games/adjiboto/solve"
)

func TestSolveWritesATableThatReadsBack(t *testing.T) {
	out := filepath.Join(t.TempDir(), "k6.tab")
	code, stdout, stderr := runTabula(t, "", "solve", "--game", "adji-boto", "--option", "skip-origin=true", "--seeds-left", "6", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "; exact") {
		t.Errorf("a table below 16 seeds is exact, the report says:\n%s", stdout)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tab, err := solve.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	if tab.K() != 6 || !strings.Contains(strings.Join(tab.Rules(), " "), "skip-origin=true") {
		t.Errorf("table of K=%d with %v, want K=6 with skip-origin=true", tab.K(), tab.Rules())
	}
}

func TestSolveBadInputExitsTwo(t *testing.T) {
	for _, args := range [][]string{
		{"--game", "tamman", "--seeds-left", "4"},
		{"--game", "adji-boto"},
		{"--game", "adji-boto", "--seeds-left", "99"},
		{"--game", "adji-boto", "--seeds-left", "4", "--option", "max-plies=10"},
		{"--game", "adji-boto", "--seeds-left", "4", "--from-start"},
		{"--game", "adji-boto", "--seeds-left", "4", "--option", "nonsense=1"},
	} {
		code, _, stderr := runTabula(t, "", append([]string{"solve"}, args...)...)
		if code != 2 || !strings.HasPrefix(stderr, "tabula solve: ") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line", args, code, stderr)
		}
	}
}

func TestSolveAuditFindsNoLossForTheTablesOwnMoves(t *testing.T) {
	code, stdout, stderr := runTabula(t, "", "solve", "--game", "adji-boto", "--seeds-left", "6", "--audit", "random,max", "--positions", "20")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "audit: 20 positions") {
		t.Fatalf("no 20 positions audited:\n%s", stdout)
	}
	// max plays the table (built on demand, K=14 covers 6 seeds).
	if !strings.Contains(stdout, "max              lost value in  0.0%") {
		t.Errorf("max lost value:\n%s", stdout)
	}
}

// --endgame loads a table 'tabula solve' wrote; a missing or broken file
// is bad input (exit 2, one line saying which file).
func TestEndgameFlagLoadsTables(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "k4.tab")
	if code, _, stderr := runTabula(t, "", "solve", "--game", "adji-boto", "--seeds-left", "4", "--out", good); code != 0 {
		t.Fatalf("solve: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runTabula(t, "", "sim", "--game", "adji-boto", "--agents", "random,greedy", "--games", "2", "--endgame", good); code != 0 {
		t.Fatalf("sim with a good table: exit %d: %s", code, stderr)
	}
	broken := filepath.Join(dir, "broken.tab")
	os.WriteFile(broken, []byte("not a table\n"), 0o644)
	if code, _, stderr := runTabula(t, "", "solve", "--game", "adji-boto", "--seeds-left", "4", "--audit", "max", "--positions", "5", "--endgame", good); code != 0 {
		t.Fatalf("solve --audit with a good table: exit %d: %s", code, stderr)
	}
	for _, file := range []string{filepath.Join(dir, "missing.tab"), broken} {
		for _, args := range [][]string{
			{"sim", "--game", "adji-boto", "--agents", "random,greedy"},
			{"tournament", "--game", "adji-boto", "--agents", "random,greedy"},
			{"solve", "--game", "adji-boto", "--seeds-left", "4", "--audit", "max"},
		} {
			cmd := args[0]
			code, _, stderr := runTabula(t, "", append(args, "--endgame", file)...)
			if code != 2 || !strings.Contains(stderr, filepath.Base(file)) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%s --endgame %s: exit %d, stderr %q; want 2 and one line naming the file", cmd, file, code, stderr)
			}
		}
	}
}

// --query prints the exact value of a board and of each move, one line
// each; from a table built now or one made before (--table).
func TestSolveQuery(t *testing.T) {
	// Player 0 plays 9: one seed stays, one goes to 8; nobody can move
	// and each sweeps her side: 2 against 1.
	want := "value 1 for player 0, in seeds: what she takes from here on less what player 1 takes, with best play on both sides (each move below: the same after it)\nmove 9 1\n"
	code, stdout, stderr := runTabula(t, "", "solve", "--game", "adji-boto", "--seeds-left", "4", "--query", "1 0 0 0 0 0 0 0 0 2", "--to-move", "0")
	if code != 0 || !strings.HasSuffix(stdout, want) {
		t.Fatalf("exit %d, stdout:\n%s\nwant it to end with:\n%s%s", code, stdout, want, stderr)
	}
	file := filepath.Join(t.TempDir(), "k4.tab")
	if code, _, stderr := runTabula(t, "", "solve", "--game", "adji-boto", "--seeds-left", "4", "--out", file); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	code, stdout, _ = runTabula(t, "", "solve", "--game", "adji-boto", "--table", file, "--query", "1 0 0 0 0 0 0 0 0 2")
	if code != 0 || !strings.HasSuffix(stdout, want) {
		t.Fatalf("--table: exit %d, stdout:\n%s", code, stdout)
	}
	for _, args := range [][]string{
		{"--query", "1 0 0 0 0 0 0 0 2"},
		{"--query", "1 0 0 0 0 0 0 0 0 x"},
		{"--query", "1 0 0 0 0 0 0 0 3 2"},
		{"--query", "1 0 0 0 0 0 0 0 0 2", "--to-move", "2"},
		{"--query", "1 0 0 0 0 0 0 0 0 2", "--option", "skip-origin=true"},
	} {
		code, _, stderr := runTabula(t, "", append([]string{"solve", "--game", "adji-boto", "--table", file}, args...)...)
		if code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line", args, code, stderr)
		}
	}
}

// --upto builds a file in parts; the next run goes on where it stopped.
func TestSolveBuildsInParts(t *testing.T) {
	file := filepath.Join(t.TempDir(), "k6.tab")
	code, stdout, stderr := runTabula(t, "", "solve", "--game", "adji-boto", "--seeds-left", "6", "--out", file, "--upto", "3")
	if code != 0 || !strings.Contains(stdout, "levels 0 to 3 of 6 done") {
		t.Fatalf("first part: exit %d, stdout:\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runTabula(t, "", "solve", "--game", "adji-boto", "--seeds-left", "6", "--out", file)
	if code != 0 || !strings.Contains(stdout, "written to") || strings.Contains(stderr, " 3 seeds done") || !strings.Contains(stderr, " 4 seeds done") {
		t.Fatalf("second part: exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if _, err := solve.Open(file); err != nil {
		t.Fatal(err)
	}
}

// --from-start searches the boards beyond the table that the game reaches,
// within its limit. With the ordered opening, 2 seeds a hole, player 0
// wins by 16 (docs/lab/adjiboto-endgames.md; found from the table of 20 seeds too).
func TestSolveFromStartSearchesBeyondTheTable(t *testing.T) {
	args := []string{"solve", "--seeds-left", "10", "--option", "seeds=2", "--option", "opening=ordered", "--from-start"}
	code, stdout, stderr := runTabula(t, "", args...)
	if code != 0 || !strings.Contains(stdout, "searched beyond the table") || !strings.Contains(stdout, "player 0 wins by 16 with best play") {
		t.Fatalf("exit %d, stdout:\n%s%s", code, stdout, stderr)
	}
	code, _, stderr = runTabula(t, "", append(args, "--search", "3")...)
	if code != 1 || !strings.Contains(stderr, "reached 3 boards, its limit") {
		t.Fatalf("a search limit of 3 boards: exit %d, stderr %q", code, stderr)
	}
}

// --unfinished takes the levels a build in parts has written so far;
// without it, such a file is refused.
func TestSolveUnfinishedTable(t *testing.T) {
	out := filepath.Join(t.TempDir(), "k8.tab")
	if code, _, stderr := runTabula(t, "", "solve", "--seeds-left", "8", "--upto", "4", "--out", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	query := []string{"solve", "--table", out, "--query", "1 0 0 0 1 1 0 0 0 1", "--to-move", "0"}
	if code, _, _ := runTabula(t, "", query...); code != 2 {
		t.Fatalf("an unfinished table without --unfinished: exit %d, want 2", code)
	}
	code, stdout, stderr := runTabula(t, "", append(query, "--unfinished")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "unfinished: levels 0 to 4") || !strings.Contains(stdout, "value ") {
		t.Fatalf("want the levels and a value:\n%s", stdout)
	}
}
