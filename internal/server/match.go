package server

import (
	"context"
	crand "crypto/rand"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"tabula/ai"
	"tabula/engine"
	"tabula/view"
)

// Human is the seat name of a person playing at the device.
const Human = "human"

// maxAutoTurns bounds the turns the server plays by itself in one request
// (chance events and computer moves), so that no request runs for ever.
const maxAutoTurns = 10000

// Match is one game being played: the rules, who sits in each seat, the
// turns so far and the current state. Its methods are safe for concurrent
// use: changes take turns under mu, and readers see the last published
// snapshot without waiting for a computer player that is thinking.
type Match struct {
	ID string

	mu        sync.Mutex
	game      engine.Game
	opts      engine.Options
	seats     []string // Human or an agent spec, one per player
	searches  bool     // some seat is a computer player that searches
	state     engine.State
	turns     []turn
	turnBytes int        // memory of turns, roughly
	board     any        // the board's geometry (fixed by the options)
	seed      uint64     // chance events, from the seed the client may give
	throws    int        // chance events so far: the next is throw number throws
	choices   *rand.Rand // seeds of the computer's searches, from a secret
	newAg     AgentFunc
	resigned  int // 1 + the player who resigned; 0: nobody (see resign.go)

	snap atomic.Pointer[snapshot]
}

// snapshot is what readers of a match see: the match after its last
// change. Its turns slice is never written again (undo copies).
type snapshot struct {
	turns   []turn
	state   json.RawMessage
	canUndo bool
	result  string
	over    bool
	bytes   int
	// resigned is the player who resigned, or nil.
	resigned *int
}

// turn is one applied turn: who acted and its text.
type turn struct {
	Actors []int  `json:"actors"`
	Move   string `json:"move"`
}

// size is the memory a turn takes, roughly.
func (t turn) size() int { return 64 + len(t.Move) + 8*len(t.Actors) }

// step is one turn applied during a request, with its trace and the state
// after it, so that the browser can animate it.
type step struct {
	turn
	Trace []view.EventView `json:"trace"`
	State json.RawMessage  `json:"state"`
}

// nonNil gives an empty trace rather than null (a game without traces).
func nonNil(trace []view.EventView) []view.EventView {
	if trace == nil {
		return []view.EventView{}
	}
	return trace
}

// newMatch starts a game of g under opts with the given seats (each a
// person or an offered agent), then plays the moves (a loaded record),
// then lets chance and the computer act until a person must move, within
// ctx.
func newMatch(ctx context.Context, g engine.Game, opts engine.Options, seats []string, moves []string, seed uint64, newAg AgentFunc) (*Match, []step, error) {
	if err := checkTurns(len(moves)); err != nil {
		return nil, nil, err
	}
	info, err := engine.GameInfo(g, opts)
	if err != nil {
		return nil, nil, badRequest("%v", err)
	}
	seats, err = checkSeats(g, opts, info.Players, seats)
	if err != nil {
		return nil, nil, err
	}
	// The computer's choices are seeded from a secret the client can
	// neither set nor see, so that its hidden move in a simultaneous turn
	// cannot be learnt in advance by replaying with the same seed.
	var secret [32]byte
	crand.Read(secret[:])
	m := &Match{game: g, opts: opts, seats: seats, newAg: newAg,
		seed: seed, choices: rand.New(rand.NewChaCha8(secret))}
	for i, name := range seats {
		if name == Human {
			continue
		}
		m.searches = m.searches || searches(name)
		if _, err := newAg(g, opts, name, 1); err != nil {
			return nil, nil, badRequest("seat %d: %v", i, err)
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.state, err = replay(ctx, g, opts, moves, nil, func(i int, _ engine.State, t turn, _ []view.EventView) error {
		if i > 0 {
			m.addTurn(t)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	m.board = view.Board(m.state)
	steps, err := m.advance(ctx)
	if err != nil {
		return nil, nil, err
	}
	return m, steps, m.publish()
}

// checkSeats returns the seats of a new match of n players: a person and
// random players when none are given. Each must be a person or an agent
// the server offers, and one at least a person.
func checkSeats(g engine.Game, opts engine.Options, n int, seats []string) ([]string, error) {
	if len(seats) == 0 {
		seats = []string{Human}
		for len(seats) < n {
			seats = append(seats, "random")
		}
	}
	if len(seats) != n {
		return nil, badRequest("this game has %d players, got %d seats", n, len(seats))
	}
	offered := offeredAgents(g, opts)
	for i, name := range seats {
		if err := checkSeat(i, name, offered); err != nil {
			return nil, err
		}
	}
	if !slices.Contains(seats, Human) {
		return nil, badRequest("at least one seat must be %q (a person at this device)", Human)
	}
	return slices.Clone(seats), nil
}

// isHuman reports whether player p is a person.
func (m *Match) isHuman(p int) bool { return p >= 0 && p < len(m.seats) && m.seats[p] == Human }

// addTurn appends t to the turns.
func (m *Match) addTurn(t turn) {
	m.turns = append(m.turns, t)
	m.turnBytes += t.size()
	if len(t.Actors) > 0 && t.Actors[0] == engine.ChancePlayer {
		m.throws++
	}
}

// throw draws the pending chance event of the match as the next one of
// its own stream: the n-th chance event of a match always gets the n-th
// number drawn from its seed, so taking back a move brings the same
// throws again and a person cannot fish for better ones.
func (m *Match) throw() engine.Move {
	u := rand.New(rand.NewPCG(m.seed, 0x5eed^uint64(m.throws)<<16)).Float64()
	return ai.SampleChance(m.state.ChanceOutcomes(nil), u)
}

// apply plays one turn given in Actors order and returns its step.
func (m *Match) apply(actors []int, moves []engine.Move) (step, error) {
	if len(m.turns) >= MaxTurns {
		return step{}, errTooLong
	}
	text := engine.TurnText(m.state, actors, moves)
	trace, _ := view.ApplyTraced(m.state, moves)
	t := turn{Actors: actors, Move: text}
	m.addTurn(t)
	js, err := view.StateTold(m.state)
	if err != nil {
		return step{}, err
	}
	return step{turn: t, Trace: nonNil(trace), State: js}, nil
}

// choose asks seat p's computer player for its move within ctx. The agent
// is made for this move and dropped after it, so that no match keeps a
// search tree between moves.
func (m *Match) choose(ctx context.Context, p int) (engine.Move, error) {
	a, err := m.newAg(m.game, m.opts, m.seats[p], m.choices.Uint64())
	if err != nil {
		return 0, fmt.Errorf("seat %d: %w", p, err)
	}
	return ai.ChooseContext(ctx, a, m.state, p), nil
}

// advance rolls chance and plays the computer's turns until a person must
// act, the game is over or the match reaches MaxTurns.
func (m *Match) advance(ctx context.Context) ([]step, error) {
	var steps []step
	for range maxAutoTurns {
		if m.state.Terminal() || len(m.turns) >= MaxTurns {
			break
		}
		actors := m.state.Actors(nil)
		var moves []engine.Move
		if actors[0] == engine.ChancePlayer {
			moves = []engine.Move{m.throw()}
		} else {
			if slices.ContainsFunc(actors, m.isHuman) {
				break
			}
			for _, a := range actors {
				mv, err := m.choose(ctx, a)
				if err != nil {
					return steps, err
				}
				moves = append(moves, mv)
			}
		}
		st, err := m.apply(actors, moves)
		if err != nil {
			return steps, err
		}
		steps = append(steps, st)
	}
	return steps, nil
}

// play applies a person's turn, then lets chance and the computer act
// within ctx. In a simultaneous turn where some actors are computer
// seats, text holds only the people's moves (in Actors order, joined by
// commas) and the computer chooses the others without seeing them.
//
// If ply is not nil it must be the state's ply: a move chosen in an older
// state (sent twice, or from another tab) is refused with 409.
func (m *Match) play(ctx context.Context, text string, ply *int) ([]step, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if ply != nil && *ply != m.state.Ply() {
		return nil, &httpError{http.StatusConflict, fmt.Sprintf("the move was chosen at ply %d but the game is at ply %d", *ply, m.state.Ply())}
	}
	if m.state.Terminal() || m.resigned > 0 {
		return nil, badRequest("the game is over")
	}
	if len(m.turns) >= MaxTurns {
		return nil, errTooLong
	}
	actors := m.state.Actors(nil)
	var humans []int
	for _, a := range actors {
		if m.isHuman(a) {
			humans = append(humans, a)
		}
	}
	if len(humans) == 0 {
		return nil, badRequest("it is not a person's turn")
	}
	full := text
	if len(humans) < len(actors) {
		parts := strings.Split(text, ",")
		if len(parts) != len(humans) {
			return nil, badRequest("%q: want the moves of players %v joined by commas", text, humans)
		}
		all := make([]string, len(actors))
		k := 0
		for i, a := range actors {
			if m.isHuman(a) {
				all[i] = strings.TrimSpace(parts[k])
				k++
				continue
			}
			mv, err := m.choose(ctx, a)
			if err != nil {
				return nil, err
			}
			all[i] = m.state.MoveText(a, mv)
		}
		full = strings.Join(all, ",")
	}
	moves, err := engine.ParseTurn(m.state, full)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	st, err := m.apply(actors, moves)
	if err != nil {
		return nil, err
	}
	more, err := m.advance(ctx)
	steps := append([]step{st}, more...)
	m.publishState(steps[len(steps)-1].State)
	return steps, err
}

// lastHumanTurn is the index of the last turn in which a person acted, or -1.
func (m *Match) lastHumanTurn() int {
	for i := len(m.turns) - 1; i >= 0; i-- {
		if slices.ContainsFunc(m.turns[i].Actors, m.isHuman) {
			return i
		}
	}
	return -1
}

// undo takes back the last turn in which a person acted, and every turn
// after it (the computer's replies and chance events).
func (m *Match) undo(ctx context.Context) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.resigned > 0 {
		return badRequest("the game is over")
	}
	i := m.lastHumanTurn()
	if i < 0 {
		return badRequest("there is no move of a person to take back")
	}
	texts := make([]string, i)
	for k := range i {
		texts[k] = m.turns[k].Move
	}
	s, err := replay(ctx, m.game, m.opts, texts, nil, nil)
	if err != nil {
		return fmt.Errorf("undo: replaying the record: %w", err)
	}
	m.state = s
	// A copy: snapshots share the old slice, and appends must not
	// overwrite the turns they show.
	kept := m.turns[:i]
	m.turns, m.turnBytes, m.throws = make([]turn, 0, i), 0, 0
	for _, t := range kept {
		m.addTurn(t)
	}
	return m.publish()
}

// publish makes the match as it is now what readers see. It runs under mu.
func (m *Match) publish() error {
	js, err := view.StateTold(m.state)
	if err != nil {
		return err
	}
	m.publishState(js)
	return nil
}

// publishState is publish with the state's JSON at hand (a step's).
func (m *Match) publishState(js json.RawMessage) {
	sn := &snapshot{turns: m.turns[:len(m.turns):len(m.turns)], state: js,
		canUndo: m.lastHumanTurn() >= 0, bytes: 1024 + len(js) + m.turnBytes}
	if o, ok := m.state.Outcome(); ok {
		sn.result, sn.over = o.String(), true
	}
	if m.resigned > 0 {
		p := m.resigned - 1
		sn.result, sn.over, sn.canUndo, sn.resigned = resignedResult(p), true, false, &p
	}
	m.snap.Store(sn)
}

// finished reports whether the game is over.
func (m *Match) finished() bool {
	sn := m.snap.Load()
	return sn != nil && sn.over
}

// turnCount is the number of turns played.
func (m *Match) turnCount() int {
	if sn := m.snap.Load(); sn != nil {
		return len(sn.turns)
	}
	return 0
}

// size is the memory the match takes, roughly: its turns and state.
func (m *Match) size() int {
	if sn := m.snap.Load(); sn != nil {
		return sn.bytes
	}
	return 1024
}

// record returns the match as a saved game.
func (m *Match) record() engine.Record {
	sn := m.snap.Load()
	r := engine.NewRecord(m.game, m.opts)
	r.Moves = make([]string, len(sn.turns))
	for i, t := range sn.turns {
		r.Moves[i] = t.Move
	}
	r.Players = slices.Clone(m.seats)
	r.Result = sn.result
	return r
}

// matchView is the JSON form of a match.
type matchView struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Options []string        `json:"options"`
	Seats   []string        `json:"seats"`
	Board   any             `json:"board"`
	Turns   []turn          `json:"turns"`
	State   json.RawMessage `json:"state"`
	Steps   []step          `json:"steps"`
	CanUndo bool            `json:"canUndo"`
	Result  string          `json:"result,omitempty"`
	// Resigned is the player who resigned, if one did.
	Resigned *int `json:"resigned,omitempty"`
}

// view returns the match's JSON form with the given steps.
func (m *Match) view(steps []step) matchView {
	sn := m.snap.Load()
	if steps == nil {
		steps = []step{}
	}
	v := matchView{ID: m.ID, Game: m.game.ID(), Options: m.opts.Settings(), Seats: m.seats, Board: m.board,
		Turns: sn.turns, State: sn.state, Steps: steps, CanUndo: sn.canUndo, Result: sn.result,
		Resigned: sn.resigned}
	if v.Turns == nil {
		v.Turns = []turn{}
	}
	return v
}
