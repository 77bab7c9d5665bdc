package main

import (
	"strings"
	"testing"

	tammanlab "tabula/lab/tamman"
)

// 'tabula lab' runs a measurement that was a test flag once, with its
// settings as flags; help lists every measurement (issue #37).
func TestLabRunsAMeasurement(t *testing.T) {
	code, out, errOut := runTabula(t, "", "lab", "tamman-match", "--match", "greedy,random", "--match-games", "2")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"greedy against random (throws keyed, draws seeded, seed 0, play seed 0): 2 games", "game 1: the first variant in seat 1", "won "} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	// A second run in the same process starts from the defaults.
	games := tammanlab.Flags().Lookup("match-games")
	if games.Value.String() != "2" {
		t.Fatalf("--match-games %s after the run", games.Value)
	}
	runTabula(t, "", "lab", "tamman-match")
	if games.Value.String() != games.DefValue {
		t.Errorf("--match-games %s in a second run, want the default %s", games.Value, games.DefValue)
	}
	_, help, _ := runTabula(t, "", "help", "lab")
	for _, r := range labRuns {
		if !strings.Contains(help, "  "+r.name+" ") {
			t.Errorf("tabula help lab lacks %s:\n%s", r.name, help)
		}
	}
}

func TestLabRefusesWhatItCannotRun(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"lab"}, "name a measurement: level-times, level-game, horizon, tamman-match"},
		{[]string{"lab", "tamman-nothing"}, `unknown measurement "tamman-nothing"`},
		{[]string{"lab", "tamman-match"}, "tamman-match: give --match A,B"},
		{[]string{"lab", "tamman-match", "--matches", "x"}, "flag provided but not defined"},
	} {
		code, _, errOut := runTabula(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

// The computer players' measurements of every game (lab/ai) run as
// commands, each printing its figures, and refuse a level that is none.
func TestLabMeasuresTheLevels(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"level-times", "--measure-levels", "1", "--measure-level-game", "adji-boto", "--level-levels", "easy,hard"}, "adji-boto, 1 positions: easy "},
		{[]string{"level-game", "--level-game", "adji-boto", "--level-levels", "easy"}, "iterations a move"},
		{[]string{"horizon", "--horizon-game", "adji-boto", "--horizon-games", "2", "--horizon-iterations", "20"}, "against greedy: "},
	} {
		code, out, errOut := runTabula(t, "", append([]string{"lab"}, c.args...)...)
		if code != 0 || errOut != "" || !strings.Contains(out, c.want) {
			t.Errorf("tabula lab %v: exit %d, stderr %q, output %q; want %q", c.args, code, errOut, out, c.want)
		}
	}
	code, out, _ := runTabula(t, "", "lab", "level-game", "--level-game", "adji-boto", "--level-levels", "superhard")
	if code == 0 || !strings.Contains(out, "superhard") {
		t.Errorf("--level-levels superhard: exit %d, output %q", code, out)
	}
}
