package agsinnoninka

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// readings are option sets that cover every reading of the source.
var readings = [][]string{
	nil,
	{"simultaneity=chance-order"},
	{"simultaneity=alternating"},
	{"simultaneity=player0-first", "end-hole=last"},
	{"conflict=both-stop", "cycle=capture"},
	{"skip-origin=true", "burnt-next=empty", "refill-order=right"},
	{"sow-stores=true"},
	{"sow-stores=true", "store-end=relay", "seeds=3"},
	{"match=false", "seeds=8", "max-steps=100000"},
	{"repetition=0", "max-turns=200", "seeds=2"},
}

// randomMatch plays a random match to its end and returns its last state
// and the number of turns. check runs after every turn.
func randomMatch(t testing.TB, settings []string, seed uint64, check func(*State)) (*State, int) {
	opts, err := engine.ParseOptions(Game{}, settings)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	var legal []engine.Move
	var joint [2]engine.Move
	turns := 0
	for !s.Terminal() {
		if s.Pending() {
			s.Apply(engine.Move(rng.IntN(2)))
		} else {
			for p := range joint {
				legal = s.Legal(p, legal[:0])
				joint[p] = legal[rng.IntN(len(legal))]
			}
			s.ApplyJoint(joint[:])
			turns++
		}
		if check != nil {
			check(s)
		}
		if turns > 1000000 {
			t.Fatalf("%v seed %d: a million turns", settings, seed)
		}
	}
	return s, turns
}

// checkSeeds fails unless the board holds all the seeds of the game and
// burnt holes are empty.
func checkSeeds(t testing.TB, s *State) {
	t.Helper()
	n := int(s.stores[0]) + int(s.stores[1])
	for h, c := range s.holes {
		n += int(c)
		if c > 0 && s.isBurnt(h) {
			t.Fatalf("burnt hole %d holds %d seeds\n%s", h, c, s)
		}
	}
	if n != s.total {
		t.Fatalf("%d seeds on the board, want %d\n%s", n, s.total, s)
	}
}

// Every random match ends: each round ends because a position can come
// back only so often (option repetition, over finitely many positions) or
// max-turns, and a match has at most max-rounds rounds.
func TestRandomMatchesEnd(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	maxTurns, rounds, ends := 0, 0, map[EndReason]int{}
	for seed := range uint64(n) {
		s, turns := randomMatch(t, nil, seed, nil)
		maxTurns = max(maxTurns, turns)
		rounds += s.Round()
		ends[s.End()]++
		if o, ok := s.Outcome(); !ok || (s.End() == Lost && o.Draw()) {
			t.Fatalf("seed %d: outcome %v %v", seed, o, ok)
		}
	}
	for _, r := range readings[1:] {
		for seed := range uint64(n / 10) {
			_, turns := randomMatch(t, r, seed, nil)
			maxTurns = max(maxTurns, turns)
		}
	}
	t.Logf("%d default matches: %.1f rounds on average, ends %v; longest match %d turns", n, float64(rounds)/float64(n), ends, maxTurns)
}

// The round-repetition rule: a round ends exactly when the position at the
// start of a turn occurs for the repetition-th time in it. Checked against
// a direct count in random matches: each turn is also played on a copy
// without the rule, which shows the position the turn led to.
func TestRoundRepetition(t *testing.T) {
	hits := 0
	for _, rep := range []int{2, 3, 4} {
		opts, _ := engine.ParseOptions(Game{}, []string{"repetition=" + strconv.Itoa(rep), "seeds=2"})
		for seed := range uint64(40) {
			s, _ := New(opts)
			free := *s.r
			free.repetition, free.maxTurns = 0, 1<<30
			seen := map[posKey]int{s.key(): 1}
			rng := rand.New(rand.NewPCG(seed, 5))
			var legal []engine.Move
			for !s.Terminal() {
				var j [2]engine.Move
				for p := range j {
					legal = s.Legal(p, legal[:0])
					j[p] = legal[rng.IntN(len(legal))]
				}
				c := s.Clone().(*State)
				c.r = &free
				c.ApplyJoint(j[:])
				round := s.Round()
				s.ApplyJoint(j[:])
				switch {
				case c.LastRound().Why == RowEmpty && c.LastRound().Round == uint16(round):
					if s.LastRound().Why != RowEmpty {
						t.Fatalf("row empty, round end %v", s.LastRound().Why)
					}
				case seen[c.key()]+1 >= rep:
					if s.LastRound().Why != Repetition || s.LastRound().Round != uint16(round) {
						t.Fatalf("position seen %d times and the round goes on\n%s", seen[c.key()]+1, s)
					}
					hits++
				default:
					if s.Round() != round || s.Terminal() || s.key() != c.key() {
						t.Fatalf("the round ended (%v) but the position was seen %d times", s.LastRound().Why, seen[c.key()]+1)
					}
					if c.stores != s.stores {
						t.Fatal("stores differ")
					}
					seen[s.key()]++
					continue
				}
				clear(seen)
				seen[s.key()] = 1
			}
		}
	}
	if hits == 0 {
		t.Error("no round ended by repetition")
	}
	t.Logf("%d rounds ended by repetition", hits)
}

// The cycle rule (Brent's algorithm and a replay, from one decision step
// to the next) gives the same turns as the oracle, which remembers every
// configuration, on the turns of random matches.
func TestCycleRuleRandomTurns(t *testing.T) {
	cuts := 0
	matches := uint64(30)
	if testing.Short() {
		matches = 8
	}
	for _, r := range [][]string{nil, {"skip-origin=true"}, {"conflict=both-stop", "end-hole=empty"}} {
		opts, _ := engine.ParseOptions(Game{}, r)
		for seed := range matches {
			s, _ := New(opts)
			rng := rand.New(rand.NewPCG(seed, 3))
			var legal []engine.Move
			for !s.Terminal() {
				var j [2]engine.Move
				for p := range j {
					legal = s.Legal(p, legal[:0])
					j[p] = legal[rng.IntN(len(legal))]
				}
				if oracleAgrees(t, s, j, -1) {
					cuts++
				}
				s.ApplyJoint(j[:])
			}
		}
	}
	if cuts == 0 {
		t.Error("no relay was cut")
	}
	t.Logf("%d cut relays agree", cuts)
}

// The engine's conformance suite, under every reading.
func TestConformance(t *testing.T) {
	for _, r := range readings {
		name := "default"
		if r != nil {
			name = r[0]
			for _, x := range r[1:] {
				name += "," + x
			}
		}
		t.Run(name, func(t *testing.T) {
			// These reach every statement of the package that 60 and 20
			// games reached (-cover), at 40% of the CPU.
			games := 10
			if r == nil {
				games = 20
			}
			enginetest.Run(t, Game{}, enginetest.Config{Options: r, Games: games})
		})
	}
}

// BenchmarkRandomMatch plays whole random matches, the way a playout of a
// search does: CopyFrom, Legal, ApplyJoint; under the default options and
// under end-hole=empty (the default before it changed, to compare).
func BenchmarkRandomMatch(b *testing.B) {
	for _, set := range []string{"end-hole=last", "end-hole=empty"} {
		b.Run(set, func(b *testing.B) {
			opts, _ := engine.ParseOptions(Game{}, []string{set})
			root, _ := New(opts)
			s := root.Clone().(*State)
			rng := rand.New(rand.NewPCG(1, 2))
			legal := make([]engine.Move, 0, 8)
			joint := make([]engine.Move, 2)
			turns := 0
			b.ReportAllocs()
			for b.Loop() {
				s.CopyState(root)
				for !s.Terminal() {
					for p := range 2 {
						legal = s.Legal(p, legal[:0])
						joint[p] = legal[rng.IntN(len(legal))]
					}
					s.ApplyJoint(joint)
					turns++
				}
			}
			b.ReportMetric(float64(turns)/float64(b.N), "turns/match")
		})
	}
}

// BenchmarkRandomPlayout plays whole random matches under the default
// options by the engine's playout (RandomPlayout, engine.Rand): the rate
// `tabula sim` and `tabula analyze` with random players are measured
// against (docs/lab/cli-speed.md).
func BenchmarkRandomPlayout(b *testing.B) {
	root, _ := New(engine.DefaultOptions(Game{}))
	s := root.Clone().(*State)
	r := engine.Rand{Src: rand.NewPCG(1, 2)}
	turns := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyState(root)
		turns += s.RandomPlayout(r, 1<<30)
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/match")
}
