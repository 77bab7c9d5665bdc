package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"testing"
)

// default.pgo, the profile go build applies to the command (-pgo=auto),
// is a CPU profile (gzipped protocol buffers) of what people run: it
// names the hot code of the three games, of the self-play loop and of
// the computer players, so that a profile of something else (or an empty
// one) fails here rather than slowing the command silently.
func TestProfileIsOfWhatPeopleRun(t *testing.T) {
	f, err := os.Open("default.pgo")
	if err != nil {
		t.Fatalf("%v (bash scripts/pgo.sh makes it)", err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("default.pgo is not a CPU profile: %v", err)
	}
	raw, err := io.ReadAll(z)
	if err != nil {
		t.Fatalf("default.pgo: %v", err)
	}
	for _, fn := range []string{
		"tabula/games/tamman.(*State).moveFrom",
		"tabula/games/adjiboto.(*State).randomMove",
		"tabula/games/agsinnoninka.(*State)",
		"tabula/research.(*SelfPlay).Play",
		"tabula/ai.(*Greedy).Choose",
		"tabula/ai.(*MCTS).Choose",
		"tabula/ai.(*AlphaBeta).Choose",
	} {
		if !bytes.Contains(raw, []byte(fn)) {
			t.Errorf("default.pgo has no sample of %s: regenerate it with bash scripts/pgo.sh", fn)
		}
	}
}
