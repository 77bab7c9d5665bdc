package ai

import (
	"math"
	"strings"
	"testing"

	"tabula/engine"
)

// winOrHalf judges a tree's position for seat 0: 1 won, 0 lost, 1/2 not
// yet decided.
func winOrHalf(s engine.State) float64 {
	if o, ok := s.Outcome(); ok {
		return float64(b2f(o.Winner == 0))
	}
	return 0.5
}

func b2f(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A throw of chances 1/4, 1/2, 1/4 to a win, a loss and an open position
// (judged 1, 0 and 1/2) is expected to be worth 1/4 + 1/8 = 3/8: the win
// was 5/8 of luck, the loss -3/8, the open position 1/8.
func TestLuckIsTheOutcomesValueLessTheMean(t *testing.T) {
	b := build("luck", 2)
	open := b.turn(1, b.leaf(0), b.leaf(1))
	root := b.chance([]float64{0.25, 0.5, 0.25}, b.leaf(0), b.leaf(1), open)
	s, _ := b.game(root).NewState(engine.Options{})
	var l Luck
	for m, want := range []float64{0.625, -0.375, 0.125} {
		got, err := l.Of(s, engine.Move(m), winOrHalf)
		if err != nil || got != want {
			t.Errorf("outcome %d: luck %v, %v; want %v", m, got, err, want)
		}
	}
}

// winChances judges a position by the evaluation the game's level hard
// searches with where it has one (Tamman's learned network of win
// chances: the game's own Eval sees no throw to come), else by
// boundedEval.
func winChances(s engine.State, dst []float64) []float64 {
	if l, ok := tuned[AlphaBetaLeveller](s.Game()); ok {
		if _, eval, ok := l.AlphaBetaLevel("hard", s.Options()); ok {
			return eval(s, dst)
		}
	}
	return boundedEval(s, dst)
}

// Luck leaves the state it judges as it was.
func TestLuckLeavesTheStateAlone(t *testing.T) {
	var l Luck
	for _, s := range chanceStates(t, "tamman", nil, 20) {
		h, ply := s.Hash(), s.Ply()
		outs := s.ChanceOutcomes(nil)
		if _, err := l.Of(s, outs[len(outs)-1].Move, seatValue(winChances, 0)); err != nil {
			t.Fatal(err)
		}
		if s.Hash() != h || s.Ply() != ply {
			t.Fatalf("the state at ply %d changed", ply)
		}
	}
}

// A state that awaits no chance event has no luck to measure.
func TestLuckErrsWithoutAChanceEvent(t *testing.T) {
	b := build("no-chance", 2)
	s, _ := b.game(b.turn(0, b.leaf(0), b.leaf(1))).NewState(engine.Options{})
	var l Luck
	if _, err := l.Of(s, 0, winOrHalf); err == nil || !strings.Contains(err.Error(), "no chance event") {
		t.Errorf("err %v, want one saying no chance event is pending", err)
	}
}

// An outcome the event cannot have is refused, by its number.
func TestLuckErrsForAnOutcomeNotDrawable(t *testing.T) {
	b := build("two-outcomes", 2)
	s, _ := b.game(b.chance([]float64{0.5, 0.5}, b.leaf(0), b.leaf(1))).NewState(engine.Options{})
	var l Luck
	if _, err := l.Of(s, 2, winOrHalf); err == nil || !strings.Contains(err.Error(), "move 2 is not among the 2 chance outcomes") {
		t.Errorf("err %v, want one naming move 2", err)
	}
}

// The luck of a chance event's outcomes, weighted by their chances, sums
// to zero: on positions of random games of Tamman (throws) and of
// Agsinnoninka whose order of sowing is drawn, judged by the games'
// networks or evaluations as win chances (winChances), for each seat.
func TestLuckAveragesZeroOverTheOutcomes(t *testing.T) {
	for _, g := range []struct {
		id  string
		set []string
	}{{"tamman", nil}, {"tamman", []string{"mouth-up=0.3"}}, {"agsinnoninka", []string{"simultaneity=chance-order"}}} {
		states := chanceStates(t, g.id, g.set, 300)
		var l Luck
		spread := 0.0
		for _, s := range states {
			for seat := range 2 {
				v := seatValue(winChances, seat)
				sum := 0.0
				for _, o := range s.ChanceOutcomes(nil) {
					luck, err := l.Of(s, o.Move, v)
					if err != nil {
						t.Fatal(err)
					}
					sum += o.Prob * luck
					spread = max(spread, math.Abs(luck))
				}
				if math.Abs(sum) > 1e-12 {
					t.Fatalf("%s %v, ply %d, seat %d: the luck sums to %v", g.id, g.set, s.Ply(), seat, sum)
				}
			}
		}
		if spread < 0.01 {
			t.Errorf("%s %v: no outcome had luck above %v: nothing was tested", g.id, g.set, spread)
		}
	}
}

// Once its scratch state has grown, Luck allocates nothing.
func TestLuckDoesNotAllocate(t *testing.T) {
	s := chanceStates(t, "tamman", nil, 1)[0]
	m := s.ChanceOutcomes(nil)[0].Move
	v := seatValue(winChances, 1)
	var l Luck
	if n := testing.AllocsPerRun(100, func() { _, _ = l.Of(s, m, v) }); n != 0 {
		t.Errorf("%v allocations a measure", n)
	}
}

// chanceStates plays random games of the game id under the option
// settings set and returns count of their states that await a chance
// event, taken at random plies.
func chanceStates(t *testing.T, id string, set []string, count int) []engine.State {
	t.Helper()
	g, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	rnd := NewRandom(5)
	var out []engine.State
	for k := 0; len(out) < count && k < 20*count; k++ {
		s := setupOf(t, g, set)
		for i := 0; i < k%97 && !s.Terminal(); i++ {
			a := s.Actors(nil)
			if len(a) > 1 {
				ms := make([]engine.Move, len(a))
				for j, p := range a {
					ms[j] = rnd.Choose(s, p)
				}
				s.ApplyJoint(ms)
				continue
			}
			s.Apply(rnd.Choose(s, a[0]))
		}
		if a := s.Actors(nil); len(a) == 1 && a[0] == engine.ChancePlayer {
			out = append(out, s)
		}
	}
	if len(out) < count {
		t.Fatalf("%s %v: %d states await a chance event, want %d", id, set, len(out), count)
	}
	return out
}

// seatValue turns an evaluation of Config.Eval's kind (a value for each
// player) into a judge for Luck.Of: seat's value, in a reused buffer.
func seatValue(eval func(s engine.State, dst []float64) []float64, seat int) func(engine.State) float64 {
	var buf []float64
	return func(s engine.State) float64 {
		buf = eval(s, buf[:0])
		return buf[seat]
	}
}
