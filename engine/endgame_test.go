package engine

import (
	"errors"
	"strings"
	"testing"
)

// fileTables is an endgame that reads the tables whose file names start
// with its prefix.
type fileTables struct {
	prefix string
	loaded []string
}

func (*fileTables) BestMove(State) (Move, bool) { return 0, false }

func (f *fileTables) Load(name string) error {
	if !strings.HasPrefix(name, f.prefix) {
		return errors.New(f.prefix + ": not my table")
	}
	f.loaded = append(f.loaded, name)
	return nil
}

// A table file goes to the endgame that reads it; a file no endgame reads
// is refused with what each said.
func TestLoadEndgameGivesAFileToTheEndgameThatReadsIt(t *testing.T) {
	a, b := &fileTables{prefix: "a-"}, &fileTables{prefix: "b-"}
	RegisterEndgame("load-test-a", a)
	RegisterEndgame("load-test-b", b)
	defer func() {
		endgamesMu.Lock()
		delete(endgames, "load-test-a")
		delete(endgames, "load-test-b")
		endgamesMu.Unlock()
	}()
	if EndgameOf("load-test-b") != b {
		t.Fatal("EndgameOf does not return the registered endgame")
	}
	if err := LoadEndgame("b-1.tab"); err != nil {
		t.Fatal(err)
	}
	if len(a.loaded) != 0 || len(b.loaded) != 1 {
		t.Errorf("loaded a %v, b %v; want only b to read b-1.tab", a.loaded, b.loaded)
	}
	err := LoadEndgame("c-1.tab")
	if err == nil || !strings.Contains(err.Error(), "a-: not my table") || !strings.Contains(err.Error(), "b-: not my table") {
		t.Errorf("a file nobody reads: got %v, want both refusals", err)
	}
}
