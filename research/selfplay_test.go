package research

import (
	"reflect"
	"slices"
	"testing"

	"tabula/ai"
	"tabula/engine"
)

// logWatcher keeps what the loop told it.
type logWatcher struct {
	legal   []int
	turns   [][]engine.Move
	applied int
	ended   int
	stopAt  int // stop after this many applied turns (0: never)
}

func (w *logWatcher) Decision(n int) { w.legal = append(w.legal, n) }
func (w *logWatcher) Turn(s engine.State, actors []int, moves []engine.Move) {
	w.turns = append(w.turns, append([]engine.Move(nil), moves...))
}
func (w *logWatcher) Applied(s engine.State, chance, over bool) bool {
	w.applied++
	return w.applied == w.stopAt
}
func (w *logWatcher) TurnEnded(engine.State) { w.ended++ }

// The loop plays legal moves, tells the watcher each decision's count of
// legal moves before the move and each turn before it is applied, counts
// Tamman's players' turns (a throw and the moves it allows are one), and
// stops where the watcher says.
func TestSelfPlayTellsTheWatcher(t *testing.T) {
	start := mustPlan(t, Config{Game: "tamman", Agents: []string{"random"}, Games: 1}).Readings[0].start
	seats := []ai.Agent{ai.NewRandom(1), ai.NewRandom(2)}
	var w logWatcher
	sp := SelfPlay{CountLegal: true, Moves: true, Turns: true}
	s := start.Clone()
	turns := sp.Play(s, seats, Draw{Mode: ChanceStream, Seed: 3}, &w)
	if !s.Terminal() {
		t.Fatal("the game did not end")
	}
	if turns != w.ended || turns == 0 {
		t.Errorf("Play returned %d turns, TurnEnded was called %d times", turns, w.ended)
	}
	if len(w.turns) != w.applied || w.applied != s.Ply() {
		t.Errorf("%d turns told, %d applied, the state's ply is %d", len(w.turns), w.applied, s.Ply())
	}
	// Replay the told moves: each is legal where it was played, and the
	// decisions' counts are the lists' lengths.
	r := start.Clone()
	d := 0
	for i, moves := range w.turns {
		actors := r.Actors(nil)
		var legal []engine.Move
		if actors[0] == engine.ChancePlayer {
			for _, o := range r.ChanceOutcomes(nil) {
				legal = append(legal, o.Move)
			}
		} else {
			legal = r.Legal(actors[0], nil)
			if w.legal[d] != len(legal) {
				t.Fatalf("turn %d: told %d legal moves, there are %d", i, w.legal[d], len(legal))
			}
			d++
		}
		if len(moves) != 1 || !slices.Contains(legal, moves[0]) {
			t.Fatalf("turn %d: %v is not one of %v", i, moves, legal)
		}
		engine.ApplyTurn(r, moves)
	}
	if d != len(w.legal) {
		t.Errorf("%d decisions told, %d made", len(w.legal), d)
	}

	w2 := logWatcher{stopAt: 7}
	s = start.Clone()
	sp.Play(s, []ai.Agent{ai.NewRandom(1), ai.NewRandom(2)}, Draw{Mode: ChanceStream, Seed: 3}, &w2)
	if s.Ply() != 7 || w2.applied != 7 {
		t.Errorf("stopped at 7: ply %d, %d applied", s.Ply(), w2.applied)
	}
	for i := range w2.turns {
		if !slices.Equal(w2.turns[i], w.turns[i]) {
			t.Fatalf("turn %d differs between two plays of one seed: %v, %v", i, w2.turns[i], w.turns[i])
		}
	}
}

// hashWatcher logs, after each turn, the state's hash, whether chance
// acted and whether the game is over, and each decision's legal moves.
type hashWatcher struct{ log []uint64 }

func (w *hashWatcher) Decision(n int)                          { w.log = append(w.log, uint64(n)<<32) }
func (w *hashWatcher) Turn(engine.State, []int, []engine.Move) {}
func (w *hashWatcher) Applied(s engine.State, chance, over bool) bool {
	flags := uint64(0)
	if chance {
		flags |= 1
	}
	if over {
		flags |= 2
	}
	w.log = append(w.log, s.Hash(), flags)
	return false
}
func (w *hashWatcher) TurnEnded(s engine.State) { w.log = append(w.log, 3) }

// Random players' games played by the game itself (engine.RandomTurner,
// the loop's fast path) are the games the loop plays through Legal and
// Apply: the same state after every turn, the same counts of legal moves,
// the same turns, in setups that change the move lists and the throws,
// with throws from a stream and keyed by splitmix.
func TestRandomTurnsPlayTheGeneralGames(t *testing.T) {
	setups := []Config{
		{Game: "tamman"},
		{Game: "tamman", Options: []string{"players=3", "capture-at-start=true", "safe-ayn=own"}},
		{Game: "tamman", Options: []string{"players=4", "use-most=true"}},
		{Game: "tamman", Options: []string{"throw-use=total", "capture-on-landing=true", "mouth-up=0.3"}},
		{Game: "tamman", Options: []string{"exact-finish=false", "may-pass=true", "triple-tamman=reset"}},
		{Game: "adji-boto"},
		{Game: "adji-boto", Options: []string{"opening=none", "chain-through-empty=true", "skip-origin=true"}},
	}
	for _, cfg := range setups {
		cfg.Agents, cfg.Games = []string{"random"}, 1
		start := mustPlan(t, cfg).Readings[0].start
		if _, ok := start.(engine.RandomTurner); !ok {
			t.Fatalf("%s: no engine.RandomTurner", cfg.Game)
		}
		n := start.NumPlayers()
		fast, general := SelfPlay{CountLegal: true, Turns: true}, SelfPlay{CountLegal: true, Turns: true, Moves: true}
		for seed := range uint64(60) {
			d := fastDraws[seed%2]
			var logs [2]hashWatcher
			for i, sp := range []*SelfPlay{&fast, &general} {
				seats := make([]ai.Agent, n)
				for k := range seats {
					seats[k] = ai.NewRandom(Seed(seed, 0, k))
				}
				s := start.Clone()
				sp.Play(s, seats, Draw{Mode: d.Mode, Hash: d.Hash, Seed: Seed(seed, 0, -1)}, &logs[i])
			}
			if !slices.Equal(logs[0].log, logs[1].log) {
				i := 0
				for i < min(len(logs[0].log), len(logs[1].log)) && logs[0].log[i] == logs[1].log[i] {
					i++
				}
				t.Fatalf("%s %v seed %d %+v: the games part at entry %d of %d and %d", cfg.Game, cfg.Options, seed, d, i, len(logs[0].log), len(logs[1].log))
			}
		}
	}
}

// tallyWatcher counts turns and captures, turn by turn (Applied) or as
// tallies of at most chunk turns (Tallier), and stops a game at cap turns.
type tallyWatcher struct {
	chunk, cap, turns, calls int
	t                        engine.TurnTally
}

func (w *tallyWatcher) Decision(int)                            {}
func (w *tallyWatcher) Turn(engine.State, []int, []engine.Move) {}
func (w *tallyWatcher) TurnEnded(engine.State)                  {}
func (w *tallyWatcher) Applied(s engine.State, chance, over bool) bool {
	if c := s.(interface{ Captured() int }).Captured(); !chance && c > 0 {
		w.t.Captures++
		w.t.Captured += c
	}
	w.turns++
	return w.turns >= w.cap
}
func (w *tallyWatcher) TallyTurns() int { return min(w.chunk, w.cap-w.turns) }
func (w *tallyWatcher) Tallied(turns int, t engine.TurnTally, over bool) bool {
	w.calls++
	w.t.Captures += t.Captures
	w.t.Captured += t.Captured
	w.turns += turns
	return w.turns >= w.cap
}

// A game taken as tallies (engine.RandomRunner) is the game played turn
// by turn: the same end state, turns and captures, whole or stopped at a
// cap, in runs of one turn or many.
func TestTalliesCountTheTurns(t *testing.T) {
	for _, cfg := range []Config{
		{Game: "tamman"},
		{Game: "tamman", Options: []string{"players=4", "use-most=true", "capture-on-landing=true"}},
		{Game: "adji-boto"},
		{Game: "adji-boto", Options: []string{"opening=none", "chain-through-empty=true"}},
	} {
		cfg.Agents, cfg.Games = []string{"random"}, 1
		start := mustPlan(t, cfg).Readings[0].start
		if _, ok := start.(engine.RandomRunner); !ok {
			t.Fatalf("%s: no engine.RandomRunner", cfg.Game)
		}
		for seed := range uint64(40) {
			for _, lim := range []struct{ chunk, cap int }{{1 << 30, 1 << 30}, {7, 1 << 30}, {1 << 30, 50}, {13, 31}} {
				var ws [2]tallyWatcher
				var hashes [2]uint64
				for i, sp := range []SelfPlay{{}, {Tally: true}} {
					seats := make([]ai.Agent, start.NumPlayers())
					for k := range seats {
						seats[k] = ai.NewRandom(Seed(seed, 0, k))
					}
					s := start.Clone()
					ws[i] = tallyWatcher{chunk: lim.chunk, cap: lim.cap}
					sp.Play(s, seats, Draw{Mode: ChanceStream, Seed: Seed(seed, 0, -1)}, &ws[i])
					hashes[i] = s.Hash()
				}
				turn, tally := ws[0], ws[1]
				if tally.calls == 0 {
					t.Fatalf("%s: the game was not taken as tallies", cfg.Game)
				}
				if hashes[0] != hashes[1] || turn.turns != tally.turns || turn.t != tally.t {
					t.Fatalf("%s %v seed %d %+v: turn by turn %d turns %+v, as tallies %d turns %+v (same state: %v)",
						cfg.Game, cfg.Options, seed, lim, turn.turns, turn.t, tally.turns, tally.t, hashes[0] == hashes[1])
				}
				if turn.t.Captures == 0 && lim.cap > 1000 {
					t.Fatalf("%s seed %d: no capture in a whole game", cfg.Game, seed)
				}
			}
		}
	}
}

// movesWatcher counts moves, choices, options and players' turns move
// by move (Decision, TurnEnded), stopping a game at cap moves, and keeps
// the standings after each players' turn.
type movesWatcher struct {
	cap, turns, calls int
	t                 engine.MoveTally
	stand             []float64 // the standings after each players' turn
}

func (w *movesWatcher) Decision(n int)                          { w.t.Add(n) }
func (w *movesWatcher) Turn(engine.State, []int, []engine.Move) {}
func (w *movesWatcher) Applied(s engine.State, chance, over bool) bool {
	return !chance && w.t.Moves >= w.cap
}
func (w *movesWatcher) TurnEnded(s engine.State) {
	w.turns++
	w.stand = s.(Leader).Standing(w.stand)
}

// fastDraws are the draws under which random players' games may be played
// by the game itself.
var fastDraws = []Draw{{Mode: ChanceStream}, {Mode: ChanceTurn, Hash: HashSplitMix}}

// standingsWatcher is a movesWatcher that takes runs of players' turns
// with their standings (StandingsTallier).
type standingsWatcher struct{ movesWatcher }

func (w *standingsWatcher) MovesLeft() int               { return w.cap - w.t.Moves }
func (w *standingsWatcher) Standings() ([]float64, bool) { return w.stand, true }
func (w *standingsWatcher) StandingsTallied(stand []float64, turns int, t engine.MoveTally, over bool) bool {
	w.stand = stand
	w.turns += turns
	w.calls++
	w.t.Moves += t.Moves
	w.t.Choices += t.Choices
	w.t.Options += t.Options
	return w.t.Moves >= w.cap
}

// A game taken in runs of players' turns with their standings
// (engine.StandingsPlayer) is the game played move by move: the same
// state at the end, the same moves, choices and options, the same players'
// turns and standings after each, whole or stopped at a cap of moves,
// with throws from a stream and keyed by splitmix (keyed on the turn, so
// the turns cut by a cap must keep their keys).
func TestPlayersTurnsCountTheMoves(t *testing.T) {
	for _, cfg := range []Config{
		{Game: "tamman"},
		{Game: "tamman", Options: []string{"players=3", "capture-at-start=true", "safe-ayn=own"}},
		{Game: "tamman", Options: []string{"players=4", "use-most=true", "capture-on-landing=true"}},
		{Game: "tamman", Options: []string{"exact-finish=false", "may-pass=true", "triple-tamman=reset"}},
		{Game: "adji-boto"},
		{Game: "adji-boto", Options: []string{"opening=none", "chain-through-empty=true"}},
	} {
		cfg.Agents, cfg.Games = []string{"random"}, 1
		start := mustPlan(t, cfg).Readings[0].start
		if _, ok := start.(engine.StandingsPlayer); !ok {
			t.Fatalf("%s: no engine.StandingsPlayer", cfg.Game)
		}
		for seed := range uint64(40) {
			for _, cap := range []int{1 << 30, 1, 30, 57} {
				d := fastDraws[(seed+uint64(cap))%2]
				var ws [2]standingsWatcher
				var turns [2]int
				var hashes [2]uint64
				var over [2]bool
				for i := range ws {
					seats := make([]ai.Agent, start.NumPlayers())
					for k := range seats {
						seats[k] = ai.NewRandom(Seed(seed, 0, k))
					}
					s := start.Clone()
					ws[i] = standingsWatcher{movesWatcher{cap: cap}}
					var w Watcher = &ws[i]
					if i == 0 {
						w = struct{ Watcher }{w} // move by move
					}
					sp := SelfPlay{CountLegal: true, Turns: true}
					turns[i] = sp.Play(s, seats, Draw{Mode: d.Mode, Hash: d.Hash, Seed: Seed(seed, 0, -1)}, w)
					hashes[i], over[i] = s.Hash(), s.Terminal()
				}
				byMove, byRun := ws[0], ws[1]
				if byRun.calls == 0 {
					t.Fatalf("%s: the game was not taken in runs of players' turns", cfg.Game)
				}
				if hashes[1] != hashes[0] || turns[1] != turns[0] || over[1] != over[0] || byRun.turns != byMove.turns || byRun.t != byMove.t || !slices.Equal(byRun.stand, byMove.stand) {
					t.Fatalf("%s %v seed %d cap %d %+v: move by move %d turns %+v, in runs of turns (%d calls) %d turns %+v (same state: %v, same standings: %v)",
						cfg.Game, cfg.Options, seed, cap, d, byMove.turns, byMove.t, byRun.calls, byRun.turns, byRun.t, hashes[0] == hashes[1], slices.Equal(byRun.stand, byMove.stand))
				}
				if (cap < 1<<30 && !over[0] && byMove.t.Moves != cap) || byMove.t.Moves > cap {
					t.Fatalf("%s seed %d: stopped at %d moves, not the cap %d", cfg.Game, seed, byMove.t.Moves, cap)
				}
			}
		}
	}
}

// A study's measures are the same whether the loop tells them each ply or
// each players' turn at once.
func TestMeasuresByTurnAndByPly(t *testing.T) {
	for _, cfg := range []Config{
		{Game: "tamman", Chance: ChanceStream},
		{Game: "tamman", Options: []string{"players=4"}, Chance: ChanceStream},
		{Game: "adji-boto", Chance: ChanceStream},
		{Game: "tamman"}, // keyed by splitmix
		{Game: "tamman", Options: []string{"players=3"}},
	} {
		cfg.Agents, cfg.Games, cfg.Seed = []string{"random"}, 50, 5
		p := mustPlan(t, cfg)
		byTurn, byPly := newPlayer(p), newPlayer(p)
		byPly.plyByPly = true
		for g := range cfg.Games {
			a, err := byTurn.play(unit{game: g})
			if err != nil {
				t.Fatal(err)
			}
			b, err := byPly.play(unit{game: g})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s %v game %d: by turn %+v, by ply %+v", cfg.Game, cfg.Options, g, a, b)
			}
		}
	}
}

// A game without chance plays the same games by the game's own turns
// under keyed draws (Draw.NoChance) as through Legal and Apply.
func TestNoChancePlaysTheGeneralGames(t *testing.T) {
	for _, cfg := range []Config{
		{Game: "adji-boto"},
		{Game: "adji-boto", Options: []string{"opening=none", "skip-origin=true"}},
	} {
		cfg.Agents, cfg.Games = []string{"random"}, 1
		rd := mustPlan(t, cfg).Readings[0]
		if !rd.noChance {
			t.Fatalf("%s: the plan says it has chance", cfg.Game)
		}
		for seed := range uint64(30) {
			var logs [2]hashWatcher
			for i, noChance := range []bool{true, false} {
				seats := []ai.Agent{ai.NewRandom(Seed(seed, 0, 0)), ai.NewRandom(Seed(seed, 0, 1))}
				sp := SelfPlay{CountLegal: true, Turns: true}
				sp.Play(rd.start.Clone(), seats, Draw{Mode: ChanceTurn, Seed: seed, NoChance: noChance}, &logs[i])
			}
			if !slices.Equal(logs[0].log, logs[1].log) {
				t.Fatalf("%s %v seed %d: the games differ", cfg.Game, cfg.Options, seed)
			}
		}
	}
	if mustPlan(t, Config{Game: "tamman", Agents: []string{"random"}, Games: 1}).Readings[0].noChance {
		t.Fatal("tamman: the plan says it has no chance")
	}
}
