package main

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// runCmd runs one command line and returns the exit status and output.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// The JSON of `tabula replay --game agsinnoninka`: the engine's fields and
// the board's.
func TestReplayAgsinnoninkaJSON(t *testing.T) {
	code, out, errOut := runCmd(t, "", "replay", "--game", "agsinnoninka", "7,2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var v struct {
		Game    string              `json:"game"`
		Ply     int                 `json:"ply"`
		ToMove  []int               `json:"toMove"`
		Legal   map[string][]string `json:"legal"`
		Holes   []int               `json:"holes"`
		Stores  []int               `json:"stores"`
		Burnt   []bool              `json:"burnt"`
		Round   int                 `json:"round"`
		Scores  []float64           `json:"scores"`
		Outcome any                 `json:"outcome"`
		Options map[string]any      `json:"options"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	// Both sow 5 seeds in lockstep, symmetric under a half turn; each
	// relays six times, drops her last seed in her own row (9 and 4) and
	// finds the next hole empty: each captures the 13 seeds across (0, 5).
	wantHoles := []int{0, 0, 7, 0, 5, 0, 0, 7, 0, 5}
	if v.Game != "agsinnoninka" || v.Ply != 1 || len(v.ToMove) != 2 || v.ToMove[0] != 0 || v.ToMove[1] != 1 {
		t.Errorf("game %q ply %d toMove %v", v.Game, v.Ply, v.ToMove)
	}
	if strings.Join(v.Legal["0"], " ") != "9 7" || strings.Join(v.Legal["1"], " ") != "4 2" {
		t.Errorf("legal %v", v.Legal)
	}
	for h, c := range wantHoles {
		if v.Holes[h] != c {
			t.Fatalf("holes %v, want %v", v.Holes, wantHoles)
		}
	}
	if len(v.Stores) != 2 || v.Stores[0] != 13 || v.Stores[1] != 13 || len(v.Burnt) != 10 || v.Round != 1 || v.Outcome != nil || v.Scores[0] != 25 {
		t.Errorf("stores %v burnt %v round %d outcome %v scores %v", v.Stores, v.Burnt, v.Round, v.Outcome, v.Scores)
	}
	for _, b := range v.Burnt {
		if b {
			t.Errorf("burnt %v at the start", v.Burnt)
		}
	}
	if v.Options["seeds"] != 5.0 || v.Options["simultaneity"] != "lockstep" {
		t.Errorf("options %v", v.Options)
	}
}

// Bad input gives exit status 2, nothing on stdout and one line on stderr.
func TestReplayAgsinnoninkaErrors(t *testing.T) {
	for _, c := range []struct {
		moves []string
		want  string
	}{
		{[]string{"7"}, "want 2 moves"},            // one move for a joint turn
		{[]string{"7,2,1"}, "want 2 moves"},        // three moves
		{[]string{"x,2"}, "hole number"},           // malformed
		{[]string{"7;2"}, "want 2 moves"},          // malformed separator
		{[]string{"4,2"}, "not in player 0's row"}, // the other's hole
		{[]string{"7,2", "8,4"}, "not legal"},      // empty hole
		{[]string{"7,2", "9,3"}, "move 2"},         // empty hole, second turn
		{[]string{"no-such-move"}, "want 2 moves"}, // the contract check's probe
	} {
		args := append([]string{"replay", "--game", "agsinnoninka"}, c.moves...)
		code, out, errOut := runCmd(t, "", args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q (want %q)", c.moves, code, out, errOut, c.want)
		}
	}
	code, _, errOut := runCmd(t, "", "replay", "--game", "agsinnoninka", "--option", "repetition=1")
	if code != 2 || !strings.Contains(errOut, "repetition") {
		t.Errorf("bad option: exit %d, %q", code, errOut)
	}
}

// `tabula play agsinnoninka` with two people at one terminal: each chooses
// in secret; the play loop wipes the typed line, says only that she has
// chosen, and reveals both choices after the second.
func TestPlayAgsinnoninkaHidesChoices(t *testing.T) {
	code, out, _ := runCmd(t, "7\n2\nquit\n", "play", "agsinnoninka", "--players", "human,human")
	if code != 0 { // quit stops the game and prints its record
		t.Fatalf("exit %d\n%s", code, out)
	}
	marks := []string{
		"player 0, choose in secret (9 8 7 6 5): ",
		"\033[1A\033[2K\rplayer 0 has chosen.",
		"player 1, choose in secret (4 3 2 1 0): ",
		"\033[1A\033[2K\rplayer 1 has chosen.",
		"player 0 and player 1 reveal: 7,2",
	}
	inOrder(t, out, marks)
	// Nothing between player 0's choice and the reveal shows her hole.
	chosen := strings.Index(out, "player 0 has chosen.")
	reveal := strings.Index(out, "reveal: 7,2")
	if between := out[chosen:reveal]; strings.Contains(between, "played 7") || strings.Contains(between, "7,") {
		t.Errorf("player 0's choice shows before the reveal:\n%s", between)
	}
	// After the reveal, the narration tells what each did.
	if !strings.Contains(out[reveal:], "player 0 sowed from hole 7") {
		t.Errorf("no account of the turn after the reveal:\n%s", out[reveal:])
	}
}

// With simultaneity=chance-order the play loop draws who sows first after
// both have chosen, and says who it was.
func TestPlayAgsinnoninkaChanceOrder(t *testing.T) {
	_, out, _ := runCmd(t, "7\n2\nquit\n", "play", "agsinnoninka", "--players", "human,human",
		"--option", "simultaneity=chance-order", "--seed", "3")
	reveal := strings.Index(out, "reveal: 7,2")
	said := regexp.MustCompile(`\nplayer ([01]) sowed first\.\n`).FindStringSubmatchIndex(out)
	drawn := regexp.MustCompile(`"moves":\["7,2","([01])-first"\]`).FindStringSubmatch(out)
	if reveal < 0 || said == nil || said[0] < reveal || drawn == nil || out[said[2]:said[3]] != drawn[1] {
		t.Errorf("no draw of the order after the reveal:\n%s", out)
	}
}
