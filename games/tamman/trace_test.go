package tamman_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
	"tabula/games/tamman"
)

// menOn counts each player's men on each square (numbered as
// tamman.Square), the board of the JSON form's "pieces".
type menOn [][tamman.Squares]int

func menOf(s *tamman.State) menOn {
	b := make(menOn, s.NumPlayers())
	for p := range b {
		for _, q := range s.Men(p) {
			b[p][q]++
		}
	}
	return b
}

// replayMen plays a trace on the men, independently of the rules: a step
// moves one of the player's men from a square to the next one, a send-back
// moves N men of the player, throws and passes move nothing. It fails on a
// step from a square where the player has no man, or of more than one
// square, and returns the men and the throws.
func replayMen(t *testing.T, b menOn, events []engine.Event) (menOn, []int) {
	t.Helper()
	b = slices.Clone(b)
	var throws []int
	for i, e := range events {
		switch e.Kind {
		case engine.Step:
			dx, dy := e.To%5-e.From%5, e.To/5-e.From/5
			if dx*dx+dy*dy != 1 {
				t.Fatalf("event %d (%+v): a step from %v to %v is not to a neighbour", i, e, tamman.Square(e.From), tamman.Square(e.To))
			}
			b[e.Player][e.From] -= e.N
			b[e.Player][e.To] += e.N
		case engine.SendBack:
			b[e.Player][e.From] -= e.N
			b[e.Player][e.To] += e.N
		case engine.Throw:
			throws = append(throws, e.N)
		case engine.Pass:
		default:
			t.Fatalf("event %d: Tamman has no %v events", i, e.Kind)
		}
		if b[e.Player][max(e.From, 0)] < 0 {
			t.Fatalf("event %d (%+v): player %d has no man on %v", i, e, e.Player, tamman.Square(e.From))
		}
	}
	return b, throws
}

// ApplyTraced leaves the full state Apply leaves, and replaying the trace
// gives the men the move leaves, for every move and throw of random games
// under several option sets; a throw's trace is the throw.
func TestTraceReplaysTheMen(t *testing.T) {
	counts := map[engine.EventKind]int{}
	for i, set := range [][]string{nil, {"players=3"}, {"players=4", "capture-on-landing=true", "capture-at-start=true"}, {"players=4", "triple-tamman=reset", "mouth-up=0.1"}, {"throw-use=total", "exact-finish=false"}, {"may-pass=true", "safe-ayn=own", "turn-order=clockwise", "players=3"}} {
		opts := options(t, set...)
		rng := rand.New(rand.NewPCG(uint64(i), 9))
		for range enginetest.ShortOr(20, 4) {
			s, _ := tamman.New(opts)
			for n := 0; !s.Terminal() && n < 3000; n++ {
				a := s.Actors(nil)[0]
				var m engine.Move
				if a == engine.ChancePlayer {
					m = s.SampleThrow(rng.Float64())
				} else {
					legal := s.Legal(a, nil)
					m = legal[rng.IntN(len(legal))]
				}
				before := menOf(s)
				plain := s.Clone()
				plain.Apply(m)
				ev := s.ApplyTraced([]engine.Move{m}, nil)
				if got, want := enginetest.Full(t, s), enginetest.Full(t, plain); got != want {
					t.Fatalf("%v %s: ApplyTraced leaves\n%s\nApply leaves\n%s", set, s.MoveText(a, m), got, want)
				}
				got, throws := replayMen(t, before, ev)
				if !slices.Equal(got, menOf(s)) {
					t.Fatalf("%v %s: the trace gives other men than the move\n%v\n%v", set, s.MoveText(a, m), ev, s)
				}
				if a == engine.ChancePlayer && (len(throws) != 1 || throws[0] != int(m)) {
					t.Fatalf("throw %d traced as %v", m, ev)
				}
				for _, e := range ev {
					counts[e.Kind]++
				}
			}
		}
	}
	for _, k := range []engine.EventKind{engine.Step, engine.SendBack, engine.Throw, engine.Pass} {
		if counts[k] == 0 {
			t.Errorf("no %v event traced", k)
		}
	}
}

// Worked by hand: player 0's man on d1 (step 1 of the c1 path) moves 3:
// e1, e2, e3, passing player 1's man on e2 (sent back to c5, her 'ayn) and
// landing on e3, an 'ayn, where player 1's other man is safe.
func TestTraceWorkedMove(t *testing.T) {
	s := setup(t, tamman.Position{Turn: 0, Men: [][]string{{"d1", "c1", "c1", "c1"}, {"e2", "e3", "c5", "c5"}}, Throws: []int{3}})
	m, err := s.ParseMove(0, "d1+3")
	if err != nil {
		t.Fatal(err)
	}
	got := s.ApplyTraced([]engine.Move{m}, nil)
	sq := func(name string) int {
		for q := range tamman.Squares {
			if tamman.Square(q).String() == name {
				return q
			}
		}
		t.Fatalf("no square %s", name)
		return -1
	}
	want := []engine.Event{
		{Kind: engine.Step, Player: 0, Time: 0, From: sq("d1"), To: sq("e1"), N: 1},
		{Kind: engine.Step, Player: 0, Time: 1, From: sq("e1"), To: sq("e2"), N: 1},
		{Kind: engine.Step, Player: 0, Time: 2, From: sq("e2"), To: sq("e3"), N: 1},
		{Kind: engine.SendBack, Player: 1, Time: 3, From: sq("e2"), To: sq("c5"), N: 1},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("trace\n %v\nwant\n %v", got, want)
	}
	// A capture throw is due: its trace is the throw alone.
	if got := s.ApplyTraced([]engine.Move{2}, nil); !slices.Equal(got, []engine.Event{{Kind: engine.Throw, Player: 0, Time: 0, From: -1, To: -1, N: 2}}) {
		t.Fatalf("capture throw traced as %v", got)
	}
}
