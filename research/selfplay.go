package research

import (
	"math/rand/v2"

	"tabula/ai"
	"tabula/engine"
)

// This file holds the one self-play loop: `tabula sim` and `tournament`
// play their games through it as the workbench's runs (`tabula analyze`)
// do; each watches the games for what it reports.

// Watcher sees a game as SelfPlay plays it.
type Watcher interface {
	// Decision is called for each actor's decision, with the number of
	// its legal moves, when SelfPlay.CountLegal is set.
	Decision(legal int)
	// Turn is called before a turn is applied, with its actors and their
	// moves (chance's one move when chance acts), when SelfPlay.Moves is
	// set.
	Turn(s engine.State, actors []int, moves []engine.Move)
	// Applied is called after a turn is applied; chance says whether it
	// was a chance event, over whether the game has ended. It returns
	// true to stop a game that has not ended (a cap the watcher keeps);
	// the loop still closes a players' turn first.
	Applied(s engine.State, chance, over bool) (stop bool)
	// TurnEnded is called when a players' turn ends (see Turner), when
	// SelfPlay.Turns is set.
	TurnEnded(s engine.State)
}

// Tallier is a Watcher that can take a game played by the game itself
// (engine.RandomRunner) as one tally instead of turn by turn: when
// SelfPlay.Tally is set and the game would play its turns itself anyway
// (see Play), SelfPlay calls Tallied after each run of at most TallyTurns
// turns instead of Applied after each turn.
type Tallier interface {
	Watcher
	// TallyTurns returns the most turns to play before Tallied.
	TallyTurns() int
	// Tallied is told the turns played, their tally and whether the game
	// is over; it returns true to stop a game that has not ended.
	Tallied(turns int, t engine.TurnTally, over bool) (stop bool)
}

// StandingsTallier is a Watcher that can take players' turns played by
// the game itself with their standings (engine.StandingsPlayer): when
// SelfPlay.Turns is set, the game would play its turns itself anyway (see
// Play) and Standings says so, SelfPlay calls StandingsTallied after each
// run of turns, ended by the game's end or by MovesLeft moves, instead of
// Decision, Applied and TurnEnded (chance events are not told).
type StandingsTallier interface {
	Watcher
	// MovesLeft returns the most moves to play before StandingsTallied.
	MovesLeft() int
	// Standings returns the standings so far, which the game appends to,
	// and whether the watcher takes them so.
	Standings() ([]float64, bool)
	// StandingsTallied is told the standings (with those of the turns
	// played appended), the players' turns ended, the moves played and
	// whether the game is over; it returns true to stop a game that has
	// not ended.
	StandingsTallied(stand []float64, turns int, t engine.MoveTally, over bool) (stop bool)
}

// Draw says how a game's chance events are drawn: Mode is ChanceTurn,
// ChancePly or ChanceStream, Hash ChanceTurn's hash (Config.ChanceHash),
// Seed the game's chance seed (Seed(run, game, -1)). NoChance says that
// the game has none (engine.Info.Chance), so that every mode plays the
// same games.
type Draw struct {
	Mode, Hash string
	Seed       uint64
	NoChance   bool
}

// mixed says whether d's draws are engine.KeyedChance's.
func (d Draw) mixed() bool { return d.Mode == ChanceTurn && d.Hash == HashSplitMix }

// SelfPlay plays games between agents on one goroutine, reusing its
// buffers and generators from game to game. The zero value is ready.
type SelfPlay struct {
	// CountLegal has the watcher told each decision's count of legal
	// moves (Decision), Moves each turn's moves (Turn), Turns the end of
	// each players' turn (TurnEnded).
	CountLegal, Moves, Turns bool
	// Tally lets a Tallier watcher take the game as tallies (Tallier).
	Tally bool
	// ShareDraws keeps the keyed draws of a game's seed for the next game
	// of the same seed (another reading of it), which draws the same
	// throws at the same keys.
	ShareDraws bool

	pcg    *rand.PCG          // the draws of ChanceStream
	keyed  keyedDraws         // the draws by SHA-256 (ChancePly, ChanceTurn by HashSHA256)
	mix    engine.KeyedChance // the draws of ChanceTurn by HashSplitMix
	actors []int
	moves  []engine.Move
	legal  []engine.Move
	outs   []engine.ChanceOutcome
	pick   []ai.Picker // each seat's agent if it picks from the list
	rands  []engine.Rand
	tally  engine.TurnTally // Tallier's, here as it would escape
	// moveTally is the StandingsTallier's, here as it would escape.
	moveTally engine.MoveTally
}

// Play plays s, set to a game's start, to its end (or until the watcher
// stops it), the agent in seat k choosing for player k, and returns the
// players' turns played when it counts them (Turns, or ChanceTurn's draws
// key on them). A players' turn is Turner's, or each ply that is
// not chance's in a game without it.
func (sp *SelfPlay) Play(s engine.State, seats []ai.Agent, d Draw, w Watcher) (turns int) {
	if sp.pcg == nil {
		sp.pcg = rand.NewPCG(0, 0)
	}
	if d.Mode == ChanceStream {
		sp.pcg.Seed(d.Seed, 0x63686e63)
	}
	stream := engine.Rand{Src: sp.pcg}
	chance := engine.Chance{Src: sp.pcg}
	if d.mixed() {
		sp.mix.Reset(d.Seed)
		chance.Keyed = &sp.mix
	}
	sp.keyed.share = sp.ShareDraws
	sp.pick = sp.pick[:0]
	sp.rands = sp.rands[:0]
	for _, a := range seats {
		p, _ := a.(ai.Picker)
		sp.pick = append(sp.pick, p)
		if r, ok := a.(ai.RandomMover); ok {
			sp.rands = append(sp.rands, r.Source())
		}
	}
	// When every player moves at random, chance draws from a stream or by
	// splitmix (or never acts) and nobody needs the moves, the game may
	// play its turns itself.
	fast, _ := s.(engine.RandomTurner)
	streamed := d.Mode == ChanceStream || d.NoChance
	if len(sp.rands) < len(seats) || (!streamed && !d.mixed()) || sp.Moves {
		fast = nil
	}
	if run, ok := fast.(engine.RandomRunner); ok && streamed && sp.Tally && !sp.CountLegal && !sp.Turns {
		if tw, ok := w.(Tallier); ok {
			for over := s.Terminal(); !over; {
				sp.tally = engine.TurnTally{}
				var n int
				n, over = run.RandomTurns(chance, sp.rands, tw.TallyTurns(), &sp.tally)
				if tw.Tallied(n, sp.tally, over) {
					break
				}
			}
			return 0
		}
	}
	if gp, ok := fast.(engine.StandingsPlayer); ok && sp.Turns {
		if tw, ok := w.(StandingsTallier); ok {
			if stand, ok := tw.Standings(); ok {
				return sp.playStandings(s, gp, chance, tw, stand)
			}
		}
	}
	inTurn := 0 // chance events so far in this players' turn
	countTurns := sp.Turns || d.Mode == ChanceTurn
	turner, hasTurner := s.(Turner)
	turnOf := -1
	if hasTurner && countTurns {
		turnOf = turner.Turn()
	}
	for over := s.Terminal(); !over; {
		var byChance bool
		if fast != nil {
			sp.mix.Turn, sp.mix.At = turns, inTurn
			var actor, n int
			actor, n, over = fast.RandomTurn(chance, sp.rands)
			byChance = actor == engine.ChancePlayer
			if !byChance && sp.CountLegal {
				w.Decision(n)
			}
		} else {
			byChance = sp.turn(s, seats, d, stream, turns, inTurn, w)
			over = s.Terminal()
		}
		if byChance {
			inTurn++
		}
		stop := w.Applied(s, byChance, over)
		if countTurns {
			ended := false
			switch {
			case !hasTurner:
				ended = !byChance
			case turner.Turn() != turnOf || over:
				turnOf = turner.Turn()
				ended = true
			}
			if ended {
				turns++
				inTurn = 0
				if sp.Turns {
					w.TurnEnded(s)
				}
			}
		}
		if stop {
			break
		}
	}
	return turns
}

// playStandings plays the game's players' turns by the game itself with
// their standings (engine.StandingsPlayer) for tw, and returns the
// players' turns played.
func (sp *SelfPlay) playStandings(s engine.State, gp engine.StandingsPlayer, chance engine.Chance, tw StandingsTallier, stand []float64) (turns int) {
	for over := s.Terminal(); !over; {
		sp.moveTally = engine.MoveTally{}
		var n int
		stand, n, over = gp.RandomPlayersTurns(chance, sp.rands, tw.MovesLeft(), &sp.moveTally, stand)
		turns += n
		if tw.StandingsTallied(stand, n, sp.moveTally, over) {
			break
		}
	}
	return turns
}

// turn plays one turn through the State interface, drawing a chance event
// as d says (turns and inTurn key ChanceTurn's draws), and reports
// whether it was chance's.
func (sp *SelfPlay) turn(s engine.State, seats []ai.Agent, d Draw, stream engine.Rand, turns, inTurn int, w Watcher) (chance bool) {
	sp.actors = s.Actors(sp.actors[:0])
	sp.moves = sp.moves[:0]
	chance = sp.actors[0] == engine.ChancePlayer
	if chance {
		sp.outs = s.ChanceOutcomes(sp.outs[:0])
		var m engine.Move
		switch d.Mode {
		case ChanceStream:
			m = ai.SampleChance(sp.outs, stream.Float64())
		case ChancePly:
			m = ai.ChanceBy(sp.outs, sp.keyed.uniform(d.Seed, s.Ply()))
		default: // ChanceTurn
			if d.mixed() {
				sp.mix.Turn, sp.mix.At = turns, inTurn
				m = ai.SampleChance(sp.outs, engine.Chance{Keyed: &sp.mix}.Float64())
				break
			}
			m = ai.ChanceBy(sp.outs, sp.keyed.uniform(d.Seed, turns<<32|inTurn))
		}
		sp.moves = append(sp.moves, m)
	} else {
		for _, a := range sp.actors {
			p := sp.pick[a]
			if p == nil && !sp.CountLegal {
				sp.moves = append(sp.moves, seats[a].Choose(s, a))
				continue
			}
			sp.legal = s.Legal(a, sp.legal[:0])
			if sp.CountLegal {
				w.Decision(len(sp.legal))
			}
			if p != nil {
				sp.moves = append(sp.moves, p.Pick(sp.legal))
			} else {
				sp.moves = append(sp.moves, seats[a].Choose(s, a))
			}
		}
	}
	if sp.Moves {
		w.Turn(s, sp.actors, sp.moves)
	}
	engine.ApplyTurn(s, sp.moves)
	return chance
}

// Agents keeps one goroutine's agents by a key of the caller's (an agent
// and its seat), made once and reseeded for each game.
type Agents[K comparable] map[K]ai.Agent

// Get returns the agent under key, reseeded with cfg.Seed, or makes it
// from spec when it is new or cannot be reseeded.
func (m Agents[K]) Get(key K, g engine.Game, spec string, cfg ai.Config) (ai.Agent, error) {
	a := m[key]
	made, err := reseeded(&a, g, spec, cfg)
	if err != nil {
		return nil, err
	}
	if made {
		m[key] = a
	}
	return a, nil
}

// reseeded reseeds *slot's agent with cfg.Seed or, when the slot is empty
// or its agent cannot be reseeded, puts there one made from spec, and
// says whether it made one.
func reseeded(slot *ai.Agent, g engine.Game, spec string, cfg ai.Config) (made bool, err error) {
	if r, can := (*slot).(ai.Reseeder); can {
		r.Reseed(cfg.Seed)
		return false, nil
	}
	a, err := ai.New(g, spec, cfg)
	if err != nil {
		return false, err
	}
	*slot = a
	return true, nil
}
