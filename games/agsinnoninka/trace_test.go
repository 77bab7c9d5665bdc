package agsinnoninka

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// places is the board of the JSON form: places 0-9 the holes, 10+p
// player p's store.
type places [Holes + 2]int

func placesOf(s *State) (b places) {
	for h := range Holes {
		b[h] = s.Hole(h)
	}
	b[10], b[11] = s.Store(0), s.Store(1)
	return b
}

// replayTrace plays a trace on the board, independently of the rules: a
// lift empties a place into the player's hand, a drop adds one seed from
// it, captures and transfers move seeds, a set gives a place or a hand its
// count. Seeds are neither made nor lost at any event (outside a run of
// sets), no count goes below zero, and a burnt hole is empty. It returns
// the board and the most events with the same Time.
func replayTrace(t *testing.T, b places, events []engine.Event) (places, int) {
	t.Helper()
	total := 0
	for _, c := range b {
		total += c
	}
	var hand [2]int
	widest, run := 0, 0
	for i, e := range events {
		switch e.Kind {
		case engine.Lift:
			b[e.From] -= e.N
			hand[e.Player] += e.N
		case engine.Drop:
			b[e.To]++
			hand[e.Player]--
		case engine.Capture, engine.Transfer:
			b[e.From] -= e.N
			b[e.To] += e.N
		case engine.Set:
			if e.From < 0 {
				hand[e.Player] = e.N
			} else {
				b[e.From] = e.N
			}
			continue
		case engine.Burn:
			if b[e.From] != 0 {
				t.Fatalf("event %d: burnt hole %d holds %d seeds", i, e.From, b[e.From])
			}
		case engine.Stop, engine.Throw:
		default:
			t.Fatalf("event %d: Agsinnoninka has no %v events", i, e.Kind)
		}
		if i > 0 && e.Time == events[i-1].Time {
			run++
		} else {
			run = 1
		}
		widest = max(widest, run)
		sum := hand[0] + hand[1]
		for _, c := range b {
			sum += c
			if c < 0 {
				t.Fatalf("event %d (%+v): a place holds %d seeds: %v", i, e, c, b)
			}
		}
		if sum != total || hand[0] < 0 || hand[1] < 0 {
			t.Fatalf("event %d (%+v): %d seeds with %v in hand, want %d", i, e, sum, hand, total)
		}
	}
	if hand != [2]int{} {
		t.Fatalf("seeds left in hand: %v", hand)
	}
	return b, widest
}

// traceSets are option sets for the trace tests: every reading, and
// safeguards that cut.
var traceSets = [][]string{
	nil,
	{"simultaneity=chance-order"},
	{"simultaneity=alternating", "end-hole=empty"},
	{"simultaneity=player0-first", "max-steps=300"},
	{"conflict=both-stop", "cycle=capture"},
	{"skip-origin=true", "burnt-next=empty", "refill-order=right"},
	{"sow-stores=true"},
	{"sow-stores=true", "store-end=relay", "seeds=3"},
	{"match=false", "seeds=8", "max-steps=100000"},
	{"repetition=0", "max-turns=200", "seeds=2"},
	{"max-steps=700", "cycle=capture", "end-hole=empty"},
}

// Replaying the trace of every turn of random matches, under every option
// set, gives the board the turn leaves, seeds conserved at every event;
// turns too long to show step by step have Set events and a bounded trace.
func TestTraceReplaysTheBoard(t *testing.T) {
	matches := 6
	if testing.Short() {
		matches = 2
	}
	counts := map[engine.EventKind]int{}
	longest := 0
	for i, set := range traceSets {
		opts, err := engine.ParseOptions(Game{}, set)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 17))
		for range matches {
			s, _ := New(opts)
			var legal []engine.Move
			for n := 0; !s.Terminal() && n < 400; n++ {
				var ms []engine.Move
				if s.Pending() {
					ms = []engine.Move{engine.Move(rng.IntN(2))}
				} else {
					for p := range 2 {
						legal = s.Legal(p, legal[:0])
						ms = append(ms, legal[rng.IntN(len(legal))])
					}
				}
				before := placesOf(s)
				ev := s.ApplyTraced(ms, nil)
				got, widest := replayTrace(t, before, ev)
				if got != placesOf(s) {
					t.Fatalf("%v turn %v: the trace gives %v, the turn %v\n%v", set, ms, got, placesOf(s), s)
				}
				if len(ev) > 4*(traceHead+traceTail)+64 {
					t.Fatalf("%v turn %v: %d events for a turn of %d steps", set, ms, len(ev), s.last.Steps)
				}
				if widest > 2*(Holes+2)+4 {
					t.Fatalf("%v turn %v: %d events at once", set, ms, widest)
				}
				for _, e := range ev {
					counts[e.Kind]++
				}
				longest = max(longest, int(s.last.Steps))
			}
		}
	}
	for _, k := range []engine.EventKind{engine.Lift, engine.Drop, engine.Capture, engine.Stop, engine.Burn, engine.Transfer, engine.Set, engine.Throw} {
		if counts[k] == 0 {
			t.Errorf("no %v event traced", k)
		}
	}
	t.Logf("events %v; longest turn %d steps", counts, longest)
}

// Worked by hand, the board of TestLockstepRelay under end-hole=empty:
// both lift (time 0); step 1 drops player 0's seed in 4 and player 1's in
// 3, and player 0, her hand empty, lifts hole 3; step 2 drops both in 2,
// both find hole 1 empty and stop there, and player 1, in her own row,
// takes the 4 seeds of hole 8.
func TestTraceWorkedTurn(t *testing.T) {
	s := setup(t, []string{"end-hole=empty"}, [Holes]int{0, 0, 0, 0, 2, 1, 0, 0, 4, 3}, [2]int{})
	got := s.ApplyTraced([]engine.Move{5, 4}, nil)
	want := []engine.Event{
		{Kind: engine.Lift, Player: 0, Time: 0, From: 5, To: -1, N: 1},
		{Kind: engine.Lift, Player: 1, Time: 0, From: 4, To: -1, N: 2},
		{Kind: engine.Drop, Player: 0, Time: 1, From: -1, To: 4, N: 1},
		{Kind: engine.Drop, Player: 1, Time: 1, From: -1, To: 3, N: 1},
		{Kind: engine.Lift, Player: 0, Time: 2, From: 3, To: -1, N: 1},
		{Kind: engine.Drop, Player: 0, Time: 3, From: -1, To: 2, N: 1},
		{Kind: engine.Drop, Player: 1, Time: 3, From: -1, To: 2, N: 1},
		{Kind: engine.Stop, Player: 0, Time: 4, From: 1, To: -1, N: StopEmpty},
		{Kind: engine.Stop, Player: 1, Time: 4, From: 1, To: -1, N: StopEmpty},
		{Kind: engine.Capture, Player: 1, Time: 4, From: 8, To: 11, N: 4},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("trace\n %v\nwant\n %v", got, want)
	}
}

// Worked by hand, the cycling board of TestCyclingRelayIsCut: the
// configuration after step 6 is the one after step 1, so the cycle rule
// cuts both at time 12, each with a Stop of code StopCycle at the hole she
// was about to lift... and under end-hole=last, at the hole of her last
// seed.
func TestTraceWorkedCut(t *testing.T) {
	s := setup(t, nil, [Holes]int{1, 0, 1, 0, 1, 1, 0, 1, 0, 1}, [2]int{})
	got := s.ApplyTraced([]engine.Move{9, 4}, nil)
	var stops []engine.Event
	lifts := 0
	for _, e := range got {
		switch e.Kind {
		case engine.Stop:
			stops = append(stops, e)
		case engine.Lift:
			lifts++
		}
	}
	want := []engine.Event{
		{Kind: engine.Stop, Player: 0, Time: 12, From: 8, To: -1, N: StopCycle},
		{Kind: engine.Stop, Player: 1, Time: 12, From: 3, To: -1, N: StopCycle},
	}
	if !slices.Equal(stops, want) || lifts != 2+10 {
		t.Fatalf("stops %v, %d lifts; want %v, 12 lifts\n%v", stops, lifts, want, got)
	}
}

// From random positions with random burnt holes, under every option set:
// ApplyTraced leaves the full state ApplyJoint (or Apply) leaves, and its
// trace replays to the board the turn leaves.
func TestTraceFromRandomPositions(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 20
	}
	for i, set := range traceSets {
		opts, err := engine.ParseOptions(Game{}, set)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 23))
		for range n {
			s := randomPosition(t, opts, rng)
			for k := 0; k < 2 && !s.Terminal(); k++ {
				j, first := randomTurn(s, rng)
				ms := j[:]
				if s.Pending() {
					ms = []engine.Move{engine.Move(first)}
				}
				plain := s.Clone().(*State)
				engine.ApplyTurn(plain, ms)
				before := placesOf(s)
				ev := s.ApplyTraced(ms, nil)
				if got, want := enginetest.Full(t, s), enginetest.Full(t, plain); got != want {
					t.Fatalf("%v turn %v: ApplyTraced leaves\n%s\nthe turn leaves\n%s", set, ms, got, want)
				}
				if got, _ := replayTrace(t, before, ev); got != placesOf(s) {
					t.Fatalf("%v turn %v: the trace gives %v, the turn %v", set, ms, got, placesOf(s))
				}
			}
		}
	}
}
