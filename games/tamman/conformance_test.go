package tamman_test

import (
	"fmt"
	"testing"

	"tabula/engine/enginetest"
	"tabula/games/tamman"
)

// The games of TestConformance and TestConformanceOptions reach every
// statement of the package that 50 and 20 games a setting reached
// (-cover), at half the CPU.
func TestConformance(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("players=%d", n), func(t *testing.T) {
			enginetest.Run(t, tamman.Game{}, enginetest.Config{Options: []string{fmt.Sprintf("players=%d", n)}, Games: 20})
		})
	}
}

func TestConformanceOptions(t *testing.T) {
	for _, o := range [][]string{
		{"players=4", "exact-finish=false"},
		{"players=3", "capture-on-landing=true", "capture-at-start=true"},
		{"players=4", "safe-ayn=own"},
		{"players=2", "throw-use=total"},
		{"players=4", "throw-use=total", "capture-on-landing=true"},
		{"players=2", "triple-tamman=reset", "mouth-up=0.2"},
		{"players=3", "mouth-up=0.9", "turn-order=clockwise"},
		{"players=4", "may-pass=true", "turn-order=clockwise"},
		{"players=4", "use-most=true"},
		{"players=2", "use-most=true", "capture-on-landing=true"},
	} {
		t.Run(fmt.Sprint(o), func(t *testing.T) {
			enginetest.Run(t, tamman.Game{}, enginetest.Config{Options: o, Games: 8})
		})
	}
}
