package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabula/engine"
)

// Whatever people type, tabula play ends the game, quits (exit 0) or stops
// when the input runs out (exit 1, one line on stderr); it never panics or
// calls the input bad usage.
func FuzzPlayInput(f *testing.F) {
	f.Add("agsinnoninka", "x\n4\n7\n2\n8\n9\n0\nmoves\nquit\n")
	f.Add("adji-boto", "9\n4\nmoves\n\n12\n-1\n9\n")
	f.Add("tamman", "c1+3\nz9+9\npass\nt4\nq\n")
	f.Fuzz(func(t *testing.T, game, input string) {
		if _, err := engine.Lookup(game); err != nil {
			return
		}
		var out, errOut bytes.Buffer
		code := run([]string{"play", game, "--players", "human,human", "--seed", "1"}, strings.NewReader(input), &out, &errOut)
		switch {
		case code == 0 && errOut.Len() == 0:
		case code == 1 && strings.Count(errOut.String(), "\n") == 1:
		default:
			t.Fatalf("%s %q: exit %d, stderr %q", game, input, code, errOut.String())
		}
	})
}

// A record file given to --record is outside input: it resumes a game
// (exit 0 here, as the person quits at once) or is refused with exit 2
// and one line that says what is wrong.
func FuzzPlayRecordFile(f *testing.F) {
	f.Add(`{"game":"adji-boto","options":["seeds=6"],"moves":["9","4","8"],"players":["human","human"]}`)
	f.Add(`{"game":"tamman","options":["players=2"],"moves":["t3","c1+3"]}`)
	f.Add(`{"game":"agsinnoninka","options":[],"moves":["7,2"]}`)
	f.Add(`{"game":"adji-boto","moves":["9","9"]}`)
	f.Add(`{"game":"chess"}`)
	f.Add("not json\n")
	f.Fuzz(func(t *testing.T, content string) {
		path := filepath.Join(t.TempDir(), "game.jsonl")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		// --players human,human keeps agents named in the record out.
		code := run([]string{"play", "--record", path, "--players", "human,human"}, strings.NewReader("quit\n"), &out, &errOut)
		switch {
		case code == 0 && strings.Contains(out.String(), "Stopped after"):
		case code == 2 && strings.Count(errOut.String(), "\n") == 1:
		default:
			t.Fatalf("%q: exit %d, stdout %q, stderr %q", content, code, out.String(), errOut.String())
		}
	})
}
