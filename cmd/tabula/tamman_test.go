package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// promptedInput is a person at the terminal: each time tabula play reads a
// line, it answers the last prompt in the output with one of the moves the
// prompt lists, or now and then with a typo that must be refused.
type promptedInput struct {
	out    *bytes.Buffer
	rng    *rand.Rand
	lines  int
	wrongs int
}

func (p *promptedInput) Read(b []byte) (int, error) {
	text := p.out.String()
	i := strings.LastIndex(text, "your move (")
	if i < 0 {
		return 0, io.EOF
	}
	list := text[i+len("your move ("):]
	list = list[:strings.Index(list, ")")]
	moves := strings.Fields(list)
	p.lines++
	if p.lines > 20000 {
		return 0, io.EOF
	}
	line := moves[p.rng.IntN(len(moves))]
	if p.rng.IntN(10) == 0 {
		line = "z9+9" // a typo: the terminal must ask again
		p.wrongs++
	}
	return copy(b, line+"\n"), nil
}

func TestPlayTammanMixOfPeopleAndRandomMovers(t *testing.T) {
	for _, c := range []struct {
		players string
		opts    []string
	}{
		{"human,random", nil},
		{"random,human,random", []string{"--option", "players=3"}},
		{"human,random,human,random", []string{"--option", "players=4"}},
		{"human,human", []string{"--option", "capture-on-landing=true"}},
	} {
		t.Run(c.players, func(t *testing.T) {
			var out, errb bytes.Buffer
			in := &promptedInput{out: &out, rng: rand.New(rand.NewPCG(9, 9))}
			args := append([]string{"play", "tamman", "--players", c.players, "--seed", "11"}, c.opts...)
			code := run(args, in, &out, &errb)
			if code != 0 {
				t.Fatalf("exit %d: %s\n%s", code, errb.String(), tail(out.String()))
			}
			got := out.String()
			for _, want := range []string{"Game over: player ", "Record: t", "player 0 throws t", "the turn's throw", " c3 H", "your move ("} {
				if !strings.Contains(got, want) {
					t.Errorf("output lacks %q:\n%s", want, tail(got))
				}
			}
			if in.wrongs == 0 || !strings.Contains(got, `not "z9+9"`) {
				t.Errorf("%d wrong moves typed; none refused", in.wrongs)
			}
			// The record printed at the end replays to a finished game.
			rec := got[strings.LastIndex(got, "Record: ")+len("Record: "):]
			replayArgs := append([]string{"replay", "--game", "tamman"}, c.opts...)
			replayArgs = append(replayArgs, strings.Fields(rec)...)
			var rout, rerr bytes.Buffer
			if code := run(replayArgs, nil, &rout, &rerr); code != 0 {
				t.Fatalf("record does not replay: %s", rerr.String())
			}
			var st map[string]any
			if err := json.Unmarshal(rout.Bytes(), &st); err != nil || st["terminal"] != true {
				t.Errorf("replayed record: terminal %v, %v", st["terminal"], err)
			}
		})
	}
}

func tail(s string) string {
	if len(s) > 3000 {
		return "..." + s[len(s)-3000:]
	}
	return s
}

func TestPlayTammanRefusesWrongSeatCount(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"play", "tamman", "--option", "players=3", "--players", "human,random"}, strings.NewReader(""), &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "3 players") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}

func tammanJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(append([]string{"replay", "--game", "tamman"}, args...), nil, &out, &errb); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
	var d map[string]any
	if err := json.Unmarshal(out.Bytes(), &d); err != nil {
		t.Fatalf("%v: %v: %s", args, err, out.String())
	}
	return d
}

func TestReplayTammanJSON(t *testing.T) {
	d := tammanJSON(t, "--option", "players=4")
	if fmt.Sprint(d["toMove"]) != "[-1]" || fmt.Sprint(d["legal"]) != "map[-1:[t1 t2 t3 t4 t8]]" {
		t.Errorf("start: toMove %v legal %v", d["toMove"], d["legal"])
	}
	if d["phase"] != "throw" || d["thrower"] != 0.0 || len(d["chance"].([]any)) != 5 {
		t.Errorf("start: phase %v thrower %v chance %v", d["phase"], d["thrower"], d["chance"])
	}
	d = tammanJSON(t, "--option", "players=4", "t3")
	for f, want := range map[string]string{
		"toMove": "[0]",
		"legal":  "map[0:[c1+3]]",
		"pieces": "[[c1 c1 c1 c1] [e3 e3 e3 e3] [c5 c5 c5 c5] [a3 a3 a3 a3]]",
		"throws": "[3]",
		"phase":  "move",
		"scores": "[0 0 0 0]",
		"ply":    "1",
	} {
		if got := fmt.Sprint(d[f]); got != want {
			t.Errorf("after t3: %s = %s, want %s", f, got, want)
		}
	}
	if _, ok := d["thrower"]; ok {
		t.Errorf("thrower shown at a move")
	}
	d = tammanJSON(t, "--option", "players=4", "t3", "c1+3")
	if d["thrower"] != 1.0 || fmt.Sprint(d["pieces"].([]any)[0]) != "[c1 c1 c1 e2]" || fmt.Sprint(d["throws"]) != "[]" {
		t.Errorf("after t3 c1+3: thrower %v pieces %v throws %v", d["thrower"], d["pieces"], d["throws"])
	}
	d = tammanJSON(t, "t8", "t8", "t8")
	if d["zeroed"] != true || d["turn"] != 1.0 {
		t.Errorf("after 8 8 8: zeroed %v turn %v", d["zeroed"], d["turn"])
	}
}

func TestReplayTammanBadInputExitsTwo(t *testing.T) {
	for _, args := range [][]string{
		{"no-such-move"},
		{"t5"},
		{"t3", "c1+4"}, // legal form, illegal move
		{"t3", "c1+x"}, // malformed move
		{"c1+3"},       // a move when a throw is due
		{"t3", "t3"},   // a throw when a move is due
		{"--option", "players=5"},
		{"--option", "mouth-up=1"},
		{"--option", "no-such=1"},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"replay", "--game", "tamman"}, args...), nil, &out, &errb)
		e := errb.String()
		if code != 2 || out.Len() != 0 || !strings.HasPrefix(e, "tabula replay: ") || strings.Count(e, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out.String(), e)
		}
	}
}
