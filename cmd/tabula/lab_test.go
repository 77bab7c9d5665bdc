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
	for _, want := range []string{"greedy against random (throws keyed, draws seeded): 2 games", "game 1: the first variant in seat 1", "won "} {
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
		{[]string{"lab"}, "name a measurement: tamman-match"},
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
