package rows

import (
	"fmt"
	"strings"
	"testing"
)

// Player 1's row reads 0-4 left to right on top, player 0's 9-5 below,
// each store on its own player's side.
func TestDrawPlacesHolesAndStores(t *testing.T) {
	var b strings.Builder
	Draw(&b, "hole", func(p int) string { return fmt.Sprintf("store %d", p) },
		func(h int) string { return fmt.Sprintf("[h%2d]", h) })
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	want := []string{
		"            store 1",
		"   hole     0     1     2     3     4",
		"  p1 <-   [h 0] [h 1] [h 2] [h 3] [h 4]",
		"  p0 ->   [h 9] [h 8] [h 7] [h 6] [h 5]",
		"   hole     9     8     7     6     5",
		"            store 0",
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), b.String())
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d: %q, want %q", i, lines[i], want[i])
		}
	}
}
