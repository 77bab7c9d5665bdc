package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Adji-Boto: a player who cannot move passes, and the other moves again.
// The message must come exactly when one player moves twice in a row, and
// in the main phase the passing player must indeed have no hole of two or
// more seeds (the source: a move lifts all seeds but one).
func TestPlayAdjiBotoSaysWhoPasses(t *testing.T) {
	playRe := regexp.MustCompile(`^player (\d) plays (\d)$`)
	passRe := regexp.MustCompile(`^player (\d) cannot move and passes\.$`)
	passes := 0
	for seed := 1; seed <= 6; seed++ {
		code, out, errOut := runTabula(t, "", "play", "adji-boto", "--players", "random,random", "--seed", strconv.Itoa(seed))
		if code != 0 {
			t.Fatalf("seed %d: exit %d: %s", seed, code, errOut)
		}
		var moves []string
		last, passer := -1, -1
		for _, line := range strings.Split(out, "\n") {
			if m := passRe.FindStringSubmatch(line); m != nil {
				passer, _ = strconv.Atoi(m[1])
				if passer != 1-last {
					t.Fatalf("seed %d: player %s passes after player %d moved", seed, m[1], last)
				}
				passes++
				checkCannotMove(t, moves, passer)
				continue
			}
			m := playRe.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			p, _ := strconv.Atoi(m[1])
			switch {
			case last >= 0 && passer < 0 && p == last:
				t.Fatalf("seed %d: player %d moves twice without a pass being said, after %v", seed, p, moves)
			case passer >= 0 && p != last:
				t.Fatalf("seed %d: player %d passed, but player %d did not move again", seed, passer, last)
			}
			moves = append(moves, m[2])
			last, passer = p, -1
		}
	}
	if passes == 0 {
		t.Fatal("no pass in six games; the test checks nothing")
	}
}

// checkCannotMove replays moves and checks that, after the opening, the
// player's row has no hole with two or more seeds.
func checkCannotMove(t *testing.T, moves []string, player int) {
	t.Helper()
	st := replayJSON(t, append([]string{"--game", "adji-boto"}, moves...)...)
	if st["phase"] != "main" {
		return
	}
	holes := st["holes"].([]any)
	for h := 5 - 5*player; h < 10-5*player; h++ {
		if holes[h].(float64) >= 2 {
			t.Fatalf("player %d passes after %v, but hole %d holds %v seeds", player, moves, h, holes[h])
		}
	}
}

// Tamman: every throw says who threw and why. The reasons are checked
// against the source's rule on the sequence of throws alone: a 4 as the
// turn's first throw earns one extra throw, an 8 two, and 8, 8, 8 scores
// nothing; extra throws come before any move.
func TestPlayTammanSaysWhoThrowsAndWhy(t *testing.T) {
	// A throw is announced with its reason, then told with its value.
	dueRe := regexp.MustCompile(`^player (\d) throws the cowries: (.+)\.$`)
	thrownRe := regexp.MustCompile(`^player (\d) threw (\d) \((\w+)\)\.$`)
	const zeroed = "Three times tamman (8): the turn scores nothing."
	names := map[string]string{"1": "wahid", "2": "tinteyn", "3": "talad", "4": "waraq", "8": "tamman"}
	// mouth-up=0.05 makes 8 (no mouth up) the common throw, so that
	// 8, 8, 8 happens often; 0.95 makes 4 the common one.
	var lines []string
	for _, mouthUp := range []string{"0.05", "0.5", "0.95"} {
		code, out, errOut := runTabula(t, "", "play", "tamman", "--players", "random,random", "--seed", "1", "--option", "mouth-up="+mouthUp)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		lines = append(lines, strings.Split(out, "\n")...)
	}
	var expect []string // the reasons the next throws must give
	expectPlayer := -1
	lastMover, zeroes, captures := -1, 0, 0
	extras := map[string]int{}
	var turnThrows []string
	due, dueBy := "", -1
	for i, line := range lines {
		if m := dueRe.FindStringSubmatch(line); m != nil {
			due, dueBy = m[2], int(m[1][0]-'0')
			continue
		}
		if strings.HasPrefix(line, "player ") && strings.Contains(line, " plays ") {
			if len(expect) > 0 {
				t.Fatalf("line %d: a move while extra throws %v are due", i, expect)
			}
			lastMover, _ = strconv.Atoi(line[len("player "):strings.Index(line, " plays")])
			continue
		}
		if line == zeroed {
			if strings.Join(turnThrows, " ") != "8 8 8" {
				t.Fatalf("line %d: 8, 8, 8 said after the throws %v", i, turnThrows)
			}
			zeroes++
			continue
		}
		m := thrownRe.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		p, _ := strconv.Atoi(m[1])
		v, reason := m[2], due
		if p != dueBy {
			t.Fatalf("line %d: player %d threw, player %d was due", i, p, dueBy)
		}
		if names[v] != m[3] {
			t.Fatalf("line %d: throw %s named %s", i, v, m[3])
		}
		switch {
		case len(expect) > 0:
			if reason != expect[0] || p != expectPlayer {
				t.Fatalf("line %d: %q, want player %d: %s", i, line, expectPlayer, expect[0])
			}
			expect = expect[1:]
			turnThrows = append(turnThrows, v)
			extras[reason]++
			if len(turnThrows) == 3 && strings.Join(turnThrows, " ") == "8 8 8" && lines[i+1] != zeroed {
				t.Fatalf("line %d: 8, 8, 8 not said", i)
			}
		case reason == "the turn's throw":
			turnThrows = []string{v}
			expectPlayer = p
			switch v {
			case "4":
				expect = []string{"an extra throw for a 4"}
			case "8":
				expect = []string{"the first of two extra throws for an 8", "the second extra throw for an 8"}
			}
		case strings.HasPrefix(reason, "a capture throw"):
			if p != lastMover {
				t.Fatalf("line %d: player %d makes a capture throw after player %d moved", i, p, lastMover)
			}
			captures++
		default:
			t.Fatalf("line %d: unexpected %q", i, line)
		}
	}
	if zeroes == 0 || len(extras) != 3 || captures == 0 {
		t.Errorf("8-8-8 said %d times, extra throws %v, %d capture throws: the games showed too little", zeroes, extras, captures)
	}
}

// Agsinnoninka: each round's end is said once, when it happens, and the
// number of rounds said to end is the round the match ended in.
func TestPlayAgsinnoninkaSaysEachRoundEndOnce(t *testing.T) {
	code, out, errOut := runTabula(t, "", "play", "agsinnoninka", "--players", "random,random", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	ends := regexp.MustCompile(`(?m)^Round (\d+) is over \(`).FindAllStringSubmatch(out, -1)
	for i, m := range ends {
		if m[1] != strconv.Itoa(i+1) {
			t.Fatalf("round end %d says round %s", i+1, m[1])
		}
	}
	rec := strings.Fields(out[strings.LastIndex(out, "Record: ")+len("Record: "):])
	final := replayJSON(t, append([]string{"--game", "agsinnoninka"}, rec...)...)
	if final["terminal"] != true || float64(len(ends)) != final["round"].(float64) {
		t.Errorf("%d round ends said; the match ended in round %v (terminal %v)", len(ends), final["round"], final["terminal"])
	}
}

// Agsinnoninka at one keyboard: "player N has chosen" comes only once the
// choice is checked; a refused choice is asked again without showing the
// hole to the other player.
func TestPlayAgsinnoninkaChosenOnlyAfterCheck(t *testing.T) {
	// Turn 1: player 0 types a malformed move and a hole of the other row
	// first. Turn 2: hole 8 is empty, so 8 is refused.
	in := "x\n4\n7\n2\n8\n9\n2\nquit\n"
	code, out, errOut := runTabula(t, in, "play", "agsinnoninka", "--players", "human,human")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	marks := []string{
		"player 0, choose in secret (9 8 7 6 5): ", "a move is a hole number",
		"player 0, choose in secret (9 8 7 6 5): ", "hole 4 is not in player 0's row",
		"player 0, choose in secret (9 8 7 6 5): ", "player 0 has chosen.",
		"player 1, choose in secret", "player 1 has chosen.", "reveal: 7,2",
		"player 0, choose in secret (9 7): ", "that move is not legal now",
		"player 0, choose in secret (9 7): ", "player 0 has chosen.", "reveal: 9,2",
	}
	inOrder(t, out, marks)
	if n := strings.Count(out, "player 0 has chosen."); n != 2 {
		t.Errorf("player 0 has chosen %d times in two turns", n)
	}
	if strings.Contains(out, "8 is not legal") {
		t.Error("the refused hole is shown to the other player")
	}
}

// quitRecord returns the record line printed by 'quit'.
func quitRecord(t *testing.T, out string) string {
	t.Helper()
	const mark = "tabula play --record FILE':\n"
	i := strings.LastIndex(out, mark)
	if i < 0 {
		t.Fatalf("no record after quit in\n%s", out)
	}
	return strings.TrimSpace(out[i+len(mark):])
}

func writeRecord(t *testing.T, line string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.jsonl")
	if err := os.WriteFile(path, []byte(line+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// 'quit' exits 0 with the record so far; --record resumes the same game,
// the same state and the same seats, and a later quit extends the record.
func TestPlayQuitAndResume(t *testing.T) {
	code, out, errOut := runTabula(t, "9\n4\n8\nquit\n", "play", "adji-boto", "--players", "human,human", "--option", "seeds=6")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	line := quitRecord(t, out)
	var rec struct {
		Game    string   `json:"game"`
		Options []string `json:"options"`
		Moves   []string `json:"moves"`
		Players []string `json:"players"`
	}
	if err := json.Unmarshal([]byte(line), &rec); err != nil {
		t.Fatalf("%v: %s", err, line)
	}
	if rec.Game != "adji-boto" || strings.Join(rec.Moves, " ") != "9 4 8" || strings.Join(rec.Players, ",") != "human,human" ||
		!strings.Contains(strings.Join(rec.Options, " "), "seeds=6") {
		t.Fatalf("record %+v", rec)
	}
	path := writeRecord(t, line)
	// The saved record replays to the state the game was quit in.
	saved := replayJSON(t, "--record", path)
	direct := replayJSON(t, "--game", "adji-boto", "--option", "seeds=6", "9", "4", "8")
	if a, b := mustJSON(t, saved), mustJSON(t, direct); a != b {
		t.Errorf("record replays to\n%s\nnot\n%s", a, b)
	}
	code, out, errOut = runTabula(t, "3\nquit\n", "play", "--record", path)
	if code != 0 || errOut != "" {
		t.Fatalf("resume: exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"seeds=6", "player 1: human", "Resumed after 3 moves: 9 4 8", "player 1, your move (3 2 1 0)", "player 1 plays 3"} {
		if !strings.Contains(out, want) {
			t.Errorf("resumed game lacks %q:\n%s", want, out)
		}
	}
	if err := json.Unmarshal([]byte(quitRecord(t, out)), &rec); err != nil || strings.Join(rec.Moves, " ") != "9 4 8 3" {
		t.Errorf("second record: moves %v, %v", rec.Moves, err)
	}
}

// A Tamman game quit after its throws resumes at the same move, with the
// computer still in its seat.
func TestPlayTammanQuitAfterThrowsResumes(t *testing.T) {
	code, out, _ := runTabula(t, "quit\n", "play", "tamman", "--players", "human,random", "--seed", "4")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	prompt := regexp.MustCompile(`player 0, your move \(([^)]*)\)`)
	first := prompt.FindStringSubmatch(out)
	line := quitRecord(t, out)
	if first == nil || !strings.Contains(line, `"moves":["t`) {
		t.Fatalf("prompt %v, record %s", first, line)
	}
	code, out, errOut := runTabula(t, "quit\n", "play", "--record", writeRecord(t, line))
	again := prompt.FindStringSubmatch(out)
	if code != 0 || again == nil || again[1] != first[1] || !strings.Contains(out, "player 1: random") {
		t.Errorf("resume: exit %d %s, prompt %v, want %v\n%s", code, errOut, again, first, out)
	}
	if quitRecord(t, out) != line {
		t.Errorf("quitting at once changed the record:\n%s\n%s", quitRecord(t, out), line)
	}
}

func TestPlayRecordOfAFinishedGameIsRefused(t *testing.T) {
	_, out, _ := runTabula(t, "", "play", "adji-boto", "--players", "random,random", "--seed", "2")
	moves := strings.Fields(out[strings.LastIndex(out, "Record: ")+len("Record: "):])
	b, _ := json.Marshal(map[string]any{"game": "adji-boto", "options": []string{}, "moves": moves})
	code, _, errOut := runTabula(t, "", "play", "--record", writeRecord(t, string(b)))
	if code != 2 || !strings.Contains(errOut, "the game is over") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// inOrder fails the test unless out holds the marks in this order.
func inOrder(t *testing.T, out string, marks []string) {
	t.Helper()
	at := 0
	for _, m := range marks {
		i := strings.Index(out[at:], m)
		if i < 0 {
			t.Fatalf("missing %q after offset %d in\n%s", m, at, out)
		}
		at += i + len(m)
	}
}

// An unknown agent is blamed on the flag that named it (issue #37).
func TestPlayBlamesTheFlagThatNamedTheAgent(t *testing.T) {
	for _, c := range []struct {
		args      []string
		want, not string
	}{
		{[]string{"play", "tamman", "--vs", "superhard"}, "tabula play: --vs: ", "--players"},
		{[]string{"play", "tamman", "--players", "human,superhard"}, "tabula play: --players: seat 1: ", "--vs"},
	} {
		code, _, errOut := runTabula(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Contains(errOut, c.not) || !strings.Contains(errOut, "superhard") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

// The German terminal names the kind of a person's seat in German
// (issue #37: it said "Spieler 0: human"); an agent keeps its spec.
func TestPlayGermanNamesTheSeats(t *testing.T) {
	code, out, errOut := runTabula(t, "quit\n", "play", "tamman", "--lang", "de", "--vs", "random", "--seed", "1")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "Spieler 0: Mensch") || !strings.Contains(out, "Spieler 1: random") || strings.Contains(out, ": human") {
		t.Errorf("German seats:\n%s", out)
	}
}
