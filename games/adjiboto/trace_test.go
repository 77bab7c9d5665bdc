package adjiboto

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// replay plays a trace on the board of the JSON form (places 0-9 the
// holes, 10+p player p's store), independently of the rules: a lift empties
// a place into the hand, a drop adds one seed from it, captures and
// transfers move seeds. It fails when seeds are made or lost on the way,
// and returns the board.
func replay(t *testing.T, board [Holes + 2]int, events []engine.Event) [Holes + 2]int {
	t.Helper()
	total := 0
	for _, c := range board {
		total += c
	}
	hand := 0
	for i, e := range events {
		switch e.Kind {
		case engine.Lift:
			board[e.From] -= e.N
			hand += e.N
		case engine.Drop:
			board[e.To]++
			hand--
		case engine.Capture, engine.Transfer:
			board[e.From] -= e.N
			board[e.To] += e.N
		case engine.Pass:
		default:
			t.Fatalf("event %d: Adji-Boto has no %v events", i, e.Kind)
		}
		sum := hand
		for _, c := range board {
			sum += c
			if c < 0 {
				t.Fatalf("event %d (%+v): a place holds %d seeds: %v", i, e, c, board)
			}
		}
		if sum != total || hand < 0 {
			t.Fatalf("event %d (%+v): %d seeds with %d in hand, want %d", i, e, sum, hand, total)
		}
	}
	if hand != 0 {
		t.Fatalf("%d seeds left in hand", hand)
	}
	return board
}

func boardOf(s *State) (b [Holes + 2]int) {
	for h := range Holes {
		b[h] = s.Hole(h)
	}
	b[10], b[11] = s.Store(0), s.Store(1)
	return b
}

// ApplyTraced leaves the full state Apply leaves, and replaying the trace
// gives the board the move leaves, for every move of random games under
// several option sets.
func TestTraceReplaysTheBoard(t *testing.T) {
	passes, captures := 0, 0
	for i, set := range [][]string{nil, {"chain-through-empty=true"}, {"capture-from=opponent", "skip-origin=true"}, {"opening=none", "seeds=3"}, {"seeds=14", "skip-origin=true"}, {"max-plies=30"}} {
		opts, err := engine.ParseOptions(Game{}, set)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 5))
		for range 30 {
			s, _ := New(opts)
			for !s.Terminal() {
				legal := s.Legal(s.ToMove(), nil)
				m := legal[rng.IntN(len(legal))]
				before := boardOf(s)
				plain := s.Clone()
				plain.Apply(m)
				ev := s.ApplyTraced([]engine.Move{m}, nil)
				if got, want := enginetest.Full(t, s), enginetest.Full(t, plain); got != want {
					t.Fatalf("%v move %d: ApplyTraced leaves\n%s\nApply leaves\n%s", set, m, got, want)
				}
				if got := replay(t, before, ev); got != boardOf(s) {
					t.Fatalf("%v move %d: the trace gives %v, the move %v\n%v", set, m, got, boardOf(s), ev)
				}
				for _, e := range ev {
					switch e.Kind {
					case engine.Pass:
						passes++
					case engine.Capture:
						captures++
					}
				}
			}
		}
	}
	if passes == 0 || captures == 0 {
		t.Errorf("%d passes and %d captures traced; want some of each", passes, captures)
	}
}

// Worked by hand: player 0 plays hole 6 (3 seeds): she lifts 2, leaving
// one, and drops them in 5 and 4; the chain after hole 4 takes hole 3 (1
// seed) and hole 2 (3 seeds), and stops at hole 1 (2 seeds).
func TestTraceWorkedMove(t *testing.T) {
	s := position(t, [Holes]uint8{5, 2, 3, 1, 0, 0, 3, 0, 0, 4}, [2]uint8{}, 0)
	got := s.ApplyTraced([]engine.Move{6}, nil)
	want := []engine.Event{
		{Kind: engine.Lift, Player: 0, Time: 0, From: 6, To: -1, N: 2},
		{Kind: engine.Drop, Player: 0, Time: 1, From: -1, To: 5, N: 1},
		{Kind: engine.Drop, Player: 0, Time: 2, From: -1, To: 4, N: 1},
		{Kind: engine.Capture, Player: 0, Time: 3, From: 3, To: 10, N: 1},
		{Kind: engine.Capture, Player: 0, Time: 4, From: 2, To: 10, N: 3},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("trace\n %v\nwant\n %v", got, want)
	}
	if s.Store(0) != 4 || s.Hole(6) != 1 || s.Hole(2) != 0 {
		t.Fatalf("board after the move:\n%s", s)
	}
}

// Worked by hand: player 1 plays hole 1 (2 seeds: she lifts 1) into hole
// 0; the chain after it takes hole 9 (1 seed) and stops at the empty hole
// 8. Then player 0 has no hole of two seeds: she passes, and player 1
// (hole 4, 2 seeds) goes on.
func TestTraceWorkedPass(t *testing.T) {
	s := position(t, [Holes]uint8{0, 2, 0, 0, 2, 1, 0, 0, 0, 1}, [2]uint8{}, 1)
	got := s.ApplyTraced([]engine.Move{1}, nil)
	want := []engine.Event{
		{Kind: engine.Lift, Player: 1, Time: 0, From: 1, To: -1, N: 1},
		{Kind: engine.Drop, Player: 1, Time: 1, From: -1, To: 0, N: 1},
		{Kind: engine.Capture, Player: 1, Time: 2, From: 9, To: 11, N: 1},
		{Kind: engine.Pass, Player: 0, Time: 3, From: -1, To: -1},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("trace\n %v\nwant\n %v", got, want)
	}
	if s.ToMove() != 1 {
		t.Fatalf("player %d to move, want 1", s.ToMove())
	}
}
