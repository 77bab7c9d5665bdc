package tamman_test

import (
	"slices"
	"strings"
	"testing"

	"tabula/games/tamman"
)

// The four seats' paths, written out by hand from the rule: anti-clockwise
// round the outer ring from the 'ayn to the square before it, left onto the
// inner ring, clockwise round it to the dafandaf, then habarti.
var wantPaths = [4]string{
	"c1 d1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a4 a3 a2 a1 b1 b2 b3 b4 c4 d4 d3 d2 c2 c3",
	"e3 e4 e5 d5 c5 b5 a5 a4 a3 a2 a1 b1 c1 d1 e1 e2 d2 c2 b2 b3 b4 c4 d4 d3 c3",
	"c5 b5 a5 a4 a3 a2 a1 b1 c1 d1 e1 e2 e3 e4 e5 d5 d4 d3 d2 c2 b2 b3 b4 c4 c3",
	"a3 a2 a1 b1 c1 d1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a4 b4 c4 d4 d3 d2 c2 b2 b3 c3",
}

func TestSeatPaths(t *testing.T) {
	for seat, want := range wantPaths {
		var got []string
		for _, q := range tamman.Path(seat) {
			got = append(got, q.String())
		}
		if strings.Join(got, " ") != want {
			t.Errorf("seat %d path:\n got %s\nwant %s", seat, strings.Join(got, " "), want)
		}
	}
}

func TestPathVisitsEverySquareOnceAndEndsThroughDafandaf(t *testing.T) {
	for seat := 0; seat < 4; seat++ {
		p := tamman.Path(seat)
		seen := map[tamman.Square]bool{}
		for _, q := range p {
			if seen[q] {
				t.Errorf("seat %d visits %s twice", seat, q)
			}
			seen[q] = true
		}
		if len(seen) != tamman.Squares {
			t.Errorf("seat %d visits %d squares", seat, len(seen))
		}
		if p[0] != tamman.Ayn[seat] || p[tamman.Home] != tamman.Habarti || p[tamman.Home-1] != tamman.Dafandaf[seat] {
			t.Errorf("seat %d: path %v does not go 'ayn ... dafandaf, habarti", seat, p)
		}
		// Each step goes to a neighbouring square (no jumps).
		for k := 1; k < len(p); k++ {
			a, b := int(p[k-1]), int(p[k])
			dx, dy := a%5-b%5, a/5-b/5
			if dx*dx+dy*dy != 1 {
				t.Errorf("seat %d: step %d jumps from %s to %s", seat, k, p[k-1], p[k])
			}
		}
	}
}

func TestSeatsByPlayerCount(t *testing.T) {
	for n, want := range map[string][]string{
		"players=2": {"c1", "c5"},
		"players=3": {"c1", "e3", "c5"},
		"players=4": {"c1", "e3", "c5", "a3"},
	} {
		s := start(t, n)
		var got []string
		for p := 0; p < s.NumPlayers(); p++ {
			got = append(got, s.Seat(p).String())
			if men := squares(s, p); !slices.Equal(men, []string{got[p], got[p], got[p], got[p]}) {
				t.Errorf("%s: player %d starts with men on %v", n, p, men)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: seats %v, want %v", n, got, want)
		}
		if s.Turn() != 0 || s.Phase() != tamman.ThrowPhase {
			t.Errorf("%s: player 0 does not start with a throw", n)
		}
	}
}

func TestNamedSquares(t *testing.T) {
	for _, q := range []string{"c1", "e3", "c5", "a3"} {
		if !sq(t, q).IsAyn() {
			t.Errorf("%s is not an 'ayn", q)
		}
	}
	for _, q := range []string{"c2", "d3", "c4", "b3", "c3", "a1", "e5"} {
		if sq(t, q).IsAyn() {
			t.Errorf("%s is an 'ayn", q)
		}
	}
	if tamman.Habarti.String() != "c3" {
		t.Errorf("habarti is %s", tamman.Habarti)
	}
	var d []string
	for _, q := range tamman.Dafandaf {
		d = append(d, q.String())
	}
	if strings.Join(d, " ") != "c2 d3 c4 b3" {
		t.Errorf("dafandaf %v", d)
	}
}

func sq(t *testing.T, name string) tamman.Square {
	t.Helper()
	for q := tamman.Square(0); q < tamman.Squares; q++ {
		if q.String() == name {
			return q
		}
	}
	t.Fatalf("no square %s", name)
	return 0
}
