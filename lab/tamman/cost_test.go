package tammanlab

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tabula/lab"
)

// SearchCost prints a line for each variant, with the positions it
// visited; the first variant's move never differs from its own, and the
// same depth with the rare throws a ply shallower visits fewer positions.
func TestSearchCostReportsEachVariant(t *testing.T) {
	*costVariants, *costPositions = "alphabeta:3/net,alphabeta:3/net/r0.1", 4
	defer func() { *costVariants, *costPositions = "", 60 }()
	var out strings.Builder
	if err := lab.Run(&out, func() (string, error) { return t.TempDir(), nil }, SearchCost); err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^(\S+): (\d+) positions visited a search .* in (\d+) of 4 positions$`)
	got := line.FindAllStringSubmatch(out.String(), -1)
	if len(got) != 2 || got[0][1] != "alphabeta:3/net" || got[1][1] != "alphabeta:3/net/r0.1" {
		t.Fatalf("want a line for each variant, got:\n%s", out.String())
	}
	if got[0][3] != "0" {
		t.Errorf("the first variant differs from itself in %s positions", got[0][3])
	}
	full, _ := strconv.Atoi(got[0][2])
	reduced, _ := strconv.Atoi(got[1][2])
	if reduced >= full {
		t.Errorf("the rare throws a ply shallower visited %d positions a search, the full search %d", reduced, full)
	}
}

// The positions are the same in every run, each a choice of several moves.
func TestCostPositionsAreChoicesAndRepeat(t *testing.T) {
	a, b := costPositionsOf(t, 5), costPositionsOf(t, 5)
	if len(a) != 5 || len(b) != 5 {
		t.Fatalf("%d and %d positions, want 5", len(a), len(b))
	}
	for i := range a {
		if a[i].Hash() != b[i].Hash() {
			t.Errorf("position %d differs between runs", i)
		}
		if a[i].Terminal() || len(a[i].Legal(a[i].Actors(nil)[0], nil)) < 2 {
			t.Errorf("position %d is no choice", i)
		}
	}
}
