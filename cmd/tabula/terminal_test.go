package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// Tests of what the terminal says and how the command line answers, one
// defect of issue 21 (point 7) each.

// Ctrl-D ends the input: the game stops with the record line that
// --record resumes, as after 'quit', and exits 1 with one line on stderr.
func TestPlayEndOfInputPrintsTheRecord(t *testing.T) {
	code, out, errOut := runTabula(t, "9\n4\n", "play", "adji-boto", "--players", "human,human")
	if code != 1 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "input ended") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var rec struct {
		Game  string   `json:"game"`
		Moves []string `json:"moves"`
	}
	if err := json.Unmarshal([]byte(quitRecord(t, out)), &rec); err != nil || rec.Game != "adji-boto" || strings.Join(rec.Moves, " ") != "9 4" {
		t.Errorf("record %+v, %v", rec, err)
	}
}
