package research

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"tabula/engine"
)

// By hand: values 0.2, 0.5, 0.9, 0.8 range from 0.2 to 0.9; the top
// quarter starts at 0.2 + 0.75 · 0.7 = 0.725, above which lie 0.9 and
// 0.8: narrowness 2/4. Their mean is 0.6 and the variance (0.16 + 0.01 +
// 0.09 + 0.04) / 4 = 0.075.
func TestNarrownessAndClarity(t *testing.T) {
	vals := []float64{0.2, 0.5, 0.9, 0.8}
	n, ok := narrowness(vals)
	near(t, "narrowness", n, 0.5, 1e-12)
	near(t, "clarity", variance(vals), 0.075, 1e-12)
	if !ok {
		t.Error("narrowness not defined")
	}
	if _, ok := narrowness([]float64{0.5, 0.5}); ok {
		t.Error("equal values: narrowness is not defined")
	}
	if _, ok := narrowness([]float64{0.5}); ok {
		t.Error("one move: narrowness is not defined")
	}
}

// A game judged at five decisions, player 0 the winner. Player 1's values
// 0.5, 0.6, 0.45, 0.3, 0.1: threshold 0.6. Player 0's values 0.5, 0.4,
// 0.55, 0.7, 0.9: first above 0.6 at the fourth decision, so the last 2
// of 5 decisions are decisive (0.4).
func TestDecisiveness(t *testing.T) {
	values := [][]float64{{0.5, 0.5}, {0.4, 0.6}, {0.55, 0.45}, {0.7, 0.3}, {0.9, 0.1}}
	th, share := decisiveness(values, 0)
	near(t, "threshold", th, 0.6, 1e-12)
	near(t, "decisive", share, 0.4, 1e-12)
	// Player 1 never rises above player 0's highest, 0.9.
	if th, share := decisiveness(values, 1); th != 0.9 || share != 0 {
		t.Errorf("winner 1: threshold %g, share %g; want 0.9, 0", th, share)
	}
}

// Coverage by hand: a sowing lifts from 3 (not a placing) and drops in 4,
// 5 and the store 12; a capture moves seeds to 12; a set of 0 places
// nothing.
func TestPlaced(t *testing.T) {
	ev := []engine.Event{{Kind: engine.Lift, From: 3, To: -1}, {Kind: engine.Drop, To: 4}, {Kind: engine.Drop, To: 5},
		{Kind: engine.Drop, To: 12}, {Kind: engine.Capture, From: 7, To: 12}, {Kind: engine.Set, From: 9, N: 0}, {Kind: engine.Set, From: 10, N: 2}}
	got := placed(ev)
	if want := []int{4, 5, 12, 12, 10}; !slices.Equal(got, want) {
		t.Errorf("placed %v, want %v", got, want)
	}
}

// A run with --evaluate judges its first games: the measures are in
// range, the games are the same as without the probe, and the report
// shows them.
func TestEvaluateProbe(t *testing.T) {
	cfg := Config{Game: "adji-boto", Agents: []string{"greedy"}, Games: 4, Seed: 3}
	plain := mustRun(t, mustPlan(t, cfg), Whole, t.TempDir(), 1).Results()
	cfg.Evaluate, cfg.EvaluateGames = 30, 2
	p := mustPlan(t, cfg)
	rs := mustRun(t, p, Whole, t.TempDir(), 1).Results()
	for i, r := range rs {
		if r.Turns != plain[i].Turns || r.Winner != plain[i].Winner {
			t.Errorf("game %d differs with the probe: %+v against %+v", i, r, plain[i])
		}
		if (r.Eval != nil) != (r.Game < 2) {
			t.Errorf("game %d: judged %v", r.Game, r.Eval != nil)
		}
		if e := r.Eval; e != nil {
			if e.Positions < 10 || e.Coverage <= 0 || e.Coverage > 1 || e.Mobility < 1 || e.Narrowness < 0 || e.Narrowness > 1 {
				t.Errorf("game %d: %+v", r.Game, e)
			}
		}
	}
	rep := Analyze(p, rs)
	if rep.Stats[0].Eval == nil || rep.Stats[0].Eval.Games != 2 {
		t.Fatalf("eval stats %+v", rep.Stats[0].Eval)
	}
	var b bytes.Buffer
	rep.WriteText(&b)
	if !strings.Contains(b.String(), "State evaluation") || !strings.Contains(rep.Config.Command(), "--evaluate 30 --evaluate-games 2") {
		t.Errorf("report:\n%s", b.String())
	}
}
