package research

import (
	"math"
	"testing"
)

// By hand: games 0-3 won by the agent at the last budget 1, 0, 1, 1 and
// at the first 0, 0, 1, 0 (game 4 only at the first: not paired). The
// differences 1, 0, 0, 1 have mean 0.5 and standard deviation √(1/3);
// the interval is 0.5 ± t(0.975, 3) √(1/3) / 2, t = 3.182446305284263.
func TestTraceChange(t *testing.T) {
	mk := func(wins ...int) []game {
		var rs []game
		for g, w := range wins {
			rs = append(rs, game{Game: int32(g), Skill: true, Agent: int16(1 - w)})
		}
		return rs
	}
	c := change(mk(1, 0, 1, 1), mk(0, 0, 1, 0, 1), func(r game) (float64, bool) { return b2f(r.Agent == 0), true })
	half := 3.182446305284263 * math.Sqrt(1.0/3) / 2
	near(t, "diff", c.Diff.Value, 0.5, 1e-12)
	near(t, "low", c.Diff.Low, 0.5-half, 1e-12)
	near(t, "high", c.Diff.High, 0.5+half, 1e-12)
	if c.Diff.N != 4 {
		t.Errorf("paired games %d, want 4", c.Diff.N)
	}
	if got := ParseTrace(" mcts:100, ,mcts:1000 "); len(got) != 2 || got[1] != "mcts:1000" {
		t.Errorf("ParseTrace %q", got)
	}
}
