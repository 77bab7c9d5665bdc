package tamman

import (
	"testing"

	"tabula/engine"
)

// TestGeometryTellsHowEachThrowFell: a throw of N shows N cowries mouth
// up, and a tamman (8) none, as the source counts them.
func TestGeometryTellsHowEachThrowFell(t *testing.T) {
	s, err := New(engine.DefaultOptions(Game{}))
	if err != nil {
		t.Fatal(err)
	}
	got := s.Board().MouthsUp
	want := map[int]int{1: 1, 2: 2, 3: 3, 4: 4, 8: 0}
	if len(got) != len(want) {
		t.Fatalf("mouths up %v, want %v", got, want)
	}
	for v, up := range want {
		if got[v] != up {
			t.Errorf("throw %d: %d mouths up, want %d", v, got[v], up)
		}
	}
}
