package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// runTabula runs the command line in-process and returns its exit status,
// stdout and stderr.
func runTabula(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func replayJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, out, errOut := runTabula(t, "", append([]string{"replay"}, args...)...)
	if code != 0 {
		t.Fatalf("replay %v: exit %d: %s", args, code, errOut)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("replay %v: %v in %s", args, err, out)
	}
	return m
}

func TestGamesListsOptionsWithDefaults(t *testing.T) {
	code, out, _ := runTabula(t, "", "games")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"adji-boto", "chain-through-empty=false", "seeds=10", "repetition=3"} {
		if !strings.Contains(out, want) {
			t.Errorf("games output lacks %q:\n%s", want, out)
		}
	}
}

func TestReplayAdjiBotoStartFields(t *testing.T) {
	m := replayJSON(t, "--game", "adji-boto")
	if m["game"] != "adji-boto" || m["ply"] != 0.0 || m["terminal"] != false || m["phase"] != "opening" {
		t.Errorf("start: %v", m)
	}
	if o, ok := m["outcome"]; ok && o != nil {
		t.Errorf("outcome %v before the end", o)
	}
	holes := m["holes"].([]any)
	if len(holes) != 10 || holes[0] != 10.0 {
		t.Errorf("holes %v", holes)
	}
	if tm := m["toMove"].([]any); len(tm) != 1 || tm[0] != 0.0 {
		t.Errorf("toMove %v", tm)
	}
	legal := m["legal"].(map[string]any)["0"].([]any)
	if len(legal) != 5 || legal[0] != "9" {
		t.Errorf("legal %v", legal)
	}
	opts := m["options"].(map[string]any)
	if opts["chain-through-empty"] != false || opts["seeds"] != 10.0 || opts["capture-from"] != "any" {
		t.Errorf("options %v", opts)
	}
}

func TestReplayAppliesOptionsAndMoves(t *testing.T) {
	m := replayJSON(t, "--game", "adji-boto", "--option", "seeds=4", "--option=chain-through-empty=true",
		"9", "4", "8", "3", "7", "2", "6", "1", "5", "0")
	if m["ply"] != 10.0 || m["phase"] != "main" {
		t.Errorf("ply %v phase %v", m["ply"], m["phase"])
	}
	if m["options"].(map[string]any)["seeds"] != 4.0 {
		t.Errorf("options %v", m["options"])
	}
	sum := 0.0
	for _, h := range m["holes"].([]any) {
		sum += h.(float64)
	}
	for _, s := range m["stores"].([]any) {
		sum += s.(float64)
	}
	if sum != 40 {
		t.Errorf("%v seeds, want 40", sum)
	}
}

func TestReplayFinishedGameHasOutcome(t *testing.T) {
	// Play random games through the CLI's own play loop, then replay the
	// record it prints.
	code, out, errOut := runTabula(t, "", "play", "adji-boto", "--players", "random,random", "--seed", "3")
	if code != 0 {
		t.Fatalf("play: exit %d %s", code, errOut)
	}
	i := strings.LastIndex(out, "Record: ")
	moves := strings.Fields(out[i+len("Record: "):])
	m := replayJSON(t, append([]string{"--game", "adji-boto"}, moves...)...)
	if m["terminal"] != true || m["outcome"] == nil {
		t.Fatalf("terminal %v outcome %v", m["terminal"], m["outcome"])
	}
	if len(m["toMove"].([]any)) != 0 || len(m["legal"].(map[string]any)) != 0 {
		t.Errorf("toMove %v legal %v after the end", m["toMove"], m["legal"])
	}
	o := m["outcome"].(map[string]any)
	sc := m["scores"].([]any)
	switch {
	case sc[0].(float64) > sc[1].(float64):
		if o["winner"] != 0.0 {
			t.Errorf("scores %v outcome %v", sc, o)
		}
	case sc[0].(float64) < sc[1].(float64):
		if o["winner"] != 1.0 {
			t.Errorf("scores %v outcome %v", sc, o)
		}
	default:
		if o["draw"] != true {
			t.Errorf("scores %v outcome %v", sc, o)
		}
	}
}

func TestReplayBadInputExitsTwoWithOneLine(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--game", "adji-boto", "9", "x"}, "move 2"},
		{[]string{"--game", "adji-boto", "9", "9"}, "move 2"},
		{[]string{"--game", "adji-boto", "9", "4", "9"}, "move 3"},
		{[]string{"--game", "adji-boto", "12"}, "move 1"},
		{[]string{"--game", "no-such-game"}, "unknown game"},
		{[]string{"--game", "adji-boto", "--option", "nope=1"}, "option nope"},
		{[]string{"--game", "adji-boto", "--option", "seeds=99"}, "option seeds"},
		{[]string{"--game", "adji-boto", "--option", "seeds"}, "seeds"},
		{[]string{"--game", "adji-boto", "--option", "repetition=0"}, "option repetition"},
		{[]string{"--bogus"}, "bogus"},
		{[]string{}, "--game"},
	}
	for _, c := range cases {
		code, out, errOut := runTabula(t, "", append([]string{"replay"}, c.args...)...)
		if code != 2 || out != "" {
			t.Errorf("%v: exit %d, stdout %q", c.args, code, out)
		}
		if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: stderr %q, want one line with %q", c.args, errOut, c.want)
		}
	}
}

func TestPlayTwoPeopleAtOneKeyboard(t *testing.T) {
	// Ten opening moves, a wrong entry that is refused, then quit.
	in := "9\n4\n8\n3\n7\n2\n6\n1\n5\n0\n4\nmoves\nquit\n"
	code, out, errOut := runTabula(t, in, "play", "adji-boto", "--players", "human,human")
	if code != 0 || errOut != "" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"player 0, your move (9 8 7 6 5)", "player 1 plays 0", "hole 4 is not in player 0's row",
		"moves: 9 4 8 3 7 2 6 1 5 0", "player 0's store (boto)", "Stopped after 10 moves"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

func TestPlayAgainstRandomShowsCaptures(t *testing.T) {
	code, out, errOut := runTabula(t, "", "play", "adji-boto", "--vs", "random", "--seed", "5")
	if code != 1 || !strings.Contains(errOut, "input ended") {
		t.Errorf("exit %d, stderr %q: end of input must stop the game with an error", code, errOut)
	}
	if !strings.Contains(out, "player 1: random") {
		t.Errorf("output lacks the seats:\n%s", out)
	}
	code, out, _ = runTabula(t, "", "play", "adji-boto", "--players", "random,random", "--seed", "5")
	if code != 0 || !strings.Contains(out, "captured") || !strings.Contains(out, "Game over") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}

func TestPlayBadSeatsExitTwo(t *testing.T) {
	for _, args := range [][]string{
		{"play"}, {"play", "adji-boto", "--players", "human"}, {"play", "adji-boto", "--players", "human,robot"},
		{"play", "chess"}, {"play", "adji-boto", "--vs", "random", "--players", "human,human"},
	} {
		if code, _, _ := runTabula(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func FuzzReplayArgs(f *testing.F) {
	f.Add("--game adji-boto 9 4 8")
	f.Add("--game adji-boto --option seeds=2 5")
	f.Add("--game agsinnoninka 7,2")
	f.Add("--game tamman --option players=3 t8 t8 t8")
	f.Add("--game adji-boto -h")
	f.Fuzz(func(t *testing.T, line string) {
		var out, errOut bytes.Buffer
		code := run(append([]string{"replay"}, strings.Fields(line)...), strings.NewReader(""), &out, &errOut)
		switch code {
		case 0:
			if strings.HasPrefix(out.String(), "tabula replay: ") && strings.Contains(out.String(), "\nFlags:\n") {
				return // -h or --help among the arguments
			}
			if !json.Valid(out.Bytes()) || errOut.Len() != 0 {
				t.Fatalf("%q: exit 0 with stdout %q stderr %q", line, out.String(), errOut.String())
			}
		case 2:
			if out.Len() != 0 || strings.Count(errOut.String(), "\n") != 1 {
				t.Fatalf("%q: exit 2 with stdout %q stderr %q", line, out.String(), errOut.String())
			}
		default:
			t.Fatalf("%q: exit %d: %s", line, code, errOut.String())
		}
	})
}
