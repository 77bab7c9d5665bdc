package enginetest

import (
	"testing"

	"tabula/engine"
)

// Each wrong declaration is found; right ones pass.
func TestFactProblems(t *testing.T) {
	right := engine.WinLossInfo(engine.Info{Players: 2, MinPlayers: 2, MaxPlayers: 4, Simultaneous: true, Chance: true})
	seen := &facts{simultaneous: true, chance: true, sums: []float64{0, 0}}
	if p := factProblems(right, 50, seen); len(p) != 0 {
		t.Fatalf("right facts: %v", p)
	}
	for name, c := range map[string]struct {
		info engine.Info
		seen facts
	}{
		"players out of range": {engine.Info{Players: 5, MinPlayers: 2, MaxPlayers: 4, Simultaneous: true, Chance: true}, *seen},
		"utility bounds":       {engine.Info{Players: 2, MinPlayers: 2, MaxPlayers: 2, MinUtility: 1, MaxUtility: -1, Simultaneous: true, Chance: true}, *seen},
		"undeclared joint":     {engine.Info{Players: 2, MinPlayers: 2, MaxPlayers: 2, Chance: true}, *seen},
		"joint never seen":     {right, facts{chance: true}},
		"undeclared chance":    {engine.Info{Players: 2, MinPlayers: 2, MaxPlayers: 2, Simultaneous: true}, *seen},
		"chance never seen":    {right, facts{simultaneous: true}},
		"sums differ":          {engine.Info{Players: 2, MinPlayers: 2, MaxPlayers: 2, Utility: engine.ConstantSum, Simultaneous: true, Chance: true}, facts{simultaneous: true, chance: true, sums: []float64{1, 2}}},
	} {
		if p := factProblems(c.info, 50, &c.seen); len(p) != 1 {
			t.Errorf("%s: problems %v, want one", name, p)
		}
	}
}
