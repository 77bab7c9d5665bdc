package view_test

import (
	"encoding/json"
	"testing"

	"tabula/engine"
	"tabula/view"
)

func TestApplyTracedGivesTheTurnAndItsEvents(t *testing.T) {
	s := replay(t, "adji-boto", []string{"seeds=3"})
	plain := s.Clone()
	m, err := plain.ParseMove(0, "9")
	if err != nil {
		t.Fatal(err)
	}
	plain.Apply(m)
	trace, ok := view.ApplyTraced(s, []engine.Move{m})
	if !ok || s.Hash() != plain.Hash() {
		t.Fatalf("traced %v, hash %x, want %x", ok, s.Hash(), plain.Hash())
	}
	b, _ := json.Marshal(trace)
	want := `[{"kind":"lift","player":0,"time":0,"from":9,"to":-1,"n":2},` +
		`{"kind":"drop","player":0,"time":1,"from":-1,"to":8,"n":1},{"kind":"drop","player":0,"time":2,"from":-1,"to":7,"n":1}]`
	if string(b) != want {
		t.Errorf("trace of 9 from 3 seeds a hole:\n%s\nwant\n%s", b, want)
	}
	if b, _ := json.Marshal(view.Trace(nil)); string(b) != "[]" {
		t.Errorf("an empty trace is %s, want []", b)
	}
}

// untraced hides the Tracer of a state.
type untraced struct{ engine.State }

func TestApplyTracedWithoutATracerStillApplies(t *testing.T) {
	s := replay(t, "adji-boto", nil)
	before := s.Hash()
	trace, ok := view.ApplyTraced(untraced{s}, []engine.Move{9})
	if ok || trace != nil || s.Hash() == before {
		t.Errorf("ok %v, trace %v, state changed %v", ok, trace, s.Hash() != before)
	}
}
