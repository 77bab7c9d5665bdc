// Package enginetest is the conformance suite every game must pass: random
// games end, chance outcomes sum to 1, move text round-trips, clones are
// independent, records replay exactly (all compared by full state: the
// JSON form with its details, legal moves, chance outcomes, scores and
// returns), traces leave the state that Apply leaves, the game's declared
// facts (engine.Info) hold, and the fast path does not allocate.
package enginetest

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"tabula/engine"
)

// Config tunes the suite for one game.
type Config struct {
	// Options are settings for the states under test ("players=4").
	Options []string
	// Games is the number of random games to play (default 50; a quarter,
	// at least 5, with -short).
	Games int
	// MaxPlies bounds a random game; the suite fails if a game is longer.
	MaxPlies int
	// Seed is the seed of the first random game (then Seed+1, ...): a
	// second run of a game's suite plays other games than its first.
	Seed uint64
}

// Run plays the conformance suite on g.
func Run(t *testing.T, g engine.Game, cfg Config) {
	t.Helper()
	if cfg.Games == 0 {
		cfg.Games = 50
	}
	if cfg.MaxPlies == 0 {
		cfg.MaxPlies = 100000
	}
	// The quick suite plays a quarter of the games, and never fewer than
	// the five that checkFacts needs to expect chance or simultaneous
	// turns to show.
	cfg.Games = ShortOr(cfg.Games, max(5, cfg.Games/4))
	opts, err := engine.ParseOptions(g, cfg.Options)
	if err != nil {
		t.Fatalf("options %v: %v", cfg.Options, err)
	}
	reg, err := engine.Lookup(g.ID())
	if err != nil || reg.ID() != g.ID() {
		t.Errorf("game %s is not registered: %v", g.ID(), err)
	}
	info, err := engine.GameInfo(g, opts)
	if err != nil {
		t.Fatalf("Info(%v): %v", cfg.Options, err)
	}
	t.Run("RandomGames", func(t *testing.T) {
		var seen facts
		for i := 0; i < cfg.Games; i++ {
			randomGame(t, g, opts, cfg.Seed+uint64(i), cfg.MaxPlies, info, &seen)
		}
		checkFacts(t, info, cfg.Games, &seen)
	})
	t.Run("NoAllocs", func(t *testing.T) { noAllocs(t, g, opts) })
}

// randomGame plays one random game, checking every state on the way.
func randomGame(t *testing.T, g engine.Game, opts engine.Options, seed uint64, maxPlies int, info engine.Info, seen *facts) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 99))
	s, err := g.NewState(opts)
	if err != nil {
		t.Fatal(err)
	}
	if s.NumPlayers() != info.Players {
		t.Fatalf("%d players, Info declares %d", s.NumPlayers(), info.Players)
	}
	var record []string // the turns as text: a saved game
	var moves []engine.Move
	var before string // the full state at the start of the turn
	for step := 0; !s.Terminal(); step++ {
		if step > maxPlies {
			t.Fatalf("seed %d: random game still going after %d turns", seed, maxPlies)
		}
		if _, ok := s.Outcome(); ok {
			t.Fatalf("seed %d: outcome before the end", seed)
		}
		actors := s.Actors(nil)
		if len(actors) == 0 {
			t.Fatalf("seed %d: no actors but not terminal", seed)
		}
		seen.simultaneous = seen.simultaneous || len(actors) > 1
		seen.chance = seen.chance || actors[0] == engine.ChancePlayer
		if r := s.Returns(nil); len(r) != s.NumPlayers() || slices.ContainsFunc(r, func(x float64) bool { return x != 0 }) {
			t.Fatalf("seed %d: returns %v before the end, want %d zeros", seed, r, s.NumPlayers())
		}
		moves = moves[:0]
		if actors[0] == engine.ChancePlayer {
			outs := s.ChanceOutcomes(nil)
			sum := 0.0
			for _, o := range outs {
				if o.Prob < 0 {
					t.Fatalf("negative probability %v", o)
				}
				sum += o.Prob
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("seed %d: chance outcomes sum to %v", seed, sum)
			}
			u := rng.Float64()
			m := outs[len(outs)-1].Move
			for _, o := range outs {
				if u < o.Prob {
					m = o.Move
					break
				}
				u -= o.Prob
			}
			moves = append(moves, m)
		} else {
			if len(s.ChanceOutcomes(nil)) != 0 {
				t.Fatalf("seed %d: chance outcomes at a player's turn", seed)
			}
			for _, a := range actors {
				legal := s.Legal(a, nil)
				if len(legal) == 0 {
					t.Fatalf("seed %d: actor %d has no legal move", seed, a)
				}
				moves = append(moves, legal[rng.IntN(len(legal))])
			}
		}
		for i, a := range actors {
			text := s.MoveText(a, moves[i])
			back, err := s.ParseMove(a, text)
			if err != nil || back != moves[i] {
				t.Fatalf("seed %d: move %d of actor %d has text %q that parses to %d, %v", seed, moves[i], a, text, back, err)
			}
		}
		text := engine.TurnText(s, actors, moves)
		record = append(record, text)

		if before == "" {
			before = Full(t, s)
		}
		c := s.Clone()
		engine.ApplyTurn(c, moves)
		if got := Full(t, s); got != before {
			t.Fatalf("seed %d: applying %s to a clone changed the original:\n%s\nwas\n%s", seed, text, got, before)
		}
		var traced engine.State
		var events []engine.Event
		if tr, ok := s.Clone().(engine.Tracer); ok {
			events = tr.ApplyTraced(moves, nil)
			traced = tr.(engine.State)
		}
		engine.ApplyTurn(s, moves)
		after := Full(t, s)
		before = after // the next turn starts here
		if got := Full(t, c); got != after {
			t.Fatalf("seed %d: clone and original differ after %s:\n%s\n%s", seed, text, got, after)
		}
		if traced != nil {
			if got := Full(t, traced); got != after {
				t.Fatalf("seed %d: ApplyTraced(%s) leaves\n%s\nApply leaves\n%s", seed, text, got, after)
			}
			checkEvents(t, seed, text, events)
		}
		if l := info.MaxLength; l > 0 && s.Ply() > l {
			t.Fatalf("seed %d: ply %d beyond the declared MaxLength %d", seed, s.Ply(), l)
		}
	}
	o, ok := s.Outcome()
	if !ok {
		t.Fatalf("seed %d: terminal without outcome", seed)
	}
	if o.Winner >= s.NumPlayers() {
		t.Fatalf("seed %d: winner %d of %d players", seed, o.Winner, s.NumPlayers())
	}
	checkReturns(t, seed, s, info, seen)
	if len(s.Actors(nil)) != 0 {
		t.Fatalf("seed %d: actors after the end", seed)
	}
	if got := len(s.Scores(nil)); got != s.NumPlayers() {
		t.Fatalf("seed %d: %d scores for %d players", seed, got, s.NumPlayers())
	}
	saved, err := engine.ParseOptions(g, opts.Settings())
	if err != nil {
		t.Fatalf("seed %d: the options do not read back: %v", seed, err)
	}
	back, err := engine.Replay(g, saved, record)
	if err != nil {
		t.Fatalf("seed %d: record does not replay: %v", seed, err)
	}
	if got, want := Full(t, back), Full(t, s); got != want {
		t.Fatalf("seed %d: replayed record ends in another state:\n%s\nwant\n%s", seed, got, want)
	}
}

// noAllocs checks that Legal, Apply and CopyFrom do not allocate once the
// buffers have grown, over the first turns of a random game.
func noAllocs(t *testing.T, g engine.Game, opts engine.Options) {
	root, err := g.NewState(opts)
	if err != nil {
		t.Fatal(err)
	}
	s := root.Clone()
	moves := make([]engine.Move, 0, 512)
	joint := make([]engine.Move, 0, 8)
	actors := make([]int, 0, 8)
	outs := make([]engine.ChanceOutcome, 0, 64)
	rng := rand.New(rand.NewPCG(1, 2))
	playout := func() {
		s.CopyFrom(root)
		for n := 0; n < 200 && !s.Terminal(); n++ {
			actors = s.Actors(actors[:0])
			joint = joint[:0]
			if actors[0] == engine.ChancePlayer {
				outs = s.ChanceOutcomes(outs[:0])
				joint = append(joint, outs[rng.IntN(len(outs))].Move)
			} else {
				for _, a := range actors {
					moves = s.Legal(a, moves[:0])
					joint = append(joint, moves[rng.IntN(len(moves))])
				}
			}
			if len(joint) == 1 {
				s.Apply(joint[0])
			} else {
				s.ApplyJoint(joint)
			}
		}
	}
	for i := 0; i < 20; i++ {
		playout() // let the state's own buffers grow
	}
	if a := testing.AllocsPerRun(50, playout); a != 0 {
		t.Errorf("%s: a random playout with CopyFrom, Legal and Apply allocates %.1f times; the hot path must not", g.ID(), a)
	}
}

// ShortOr is n, or small with -short (the quick suite): the size of a
// test that plays many games.
func ShortOr(n, small int) int {
	if testing.Short() {
		return small
	}
	return n
}
