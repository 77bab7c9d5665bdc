package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"

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
// use.
type Match struct {
	ID string

	mu     sync.Mutex
	game   engine.Game
	opts   engine.Options
	seats  []string   // Human or an agent spec, one per player
	agents []ai.Agent // nil for a human seat
	state  engine.State
	turns  []turn
	seed   uint64
	// throws counts the chance events in turns: the next one is throw
	// number throws of the match's stream (see throw).
	throws int
	newAg  AgentFunc
}

// turn is one applied turn: who acted and its text.
type turn struct {
	Actors []int  `json:"actors"`
	Move   string `json:"move"`
}

// step is one turn applied during a request, with its trace and the state
// after it, so that the browser can animate it.
type step struct {
	turn
	Trace []view.EventView `json:"trace"`
	State json.RawMessage  `json:"state"`
}

// newMatch starts a game of g under opts with the given seats, then plays
// the moves (a loaded record), then lets chance and the computer act until
// a person must move.
func newMatch(g engine.Game, opts engine.Options, seats []string, moves []string, seed uint64, newAg AgentFunc) (*Match, []step, error) {
	s, err := g.NewState(opts)
	if err != nil {
		return nil, nil, badRequest("%v", err)
	}
	n := s.NumPlayers()
	if len(seats) == 0 {
		seats = []string{Human}
		for len(seats) < n {
			seats = append(seats, "random")
		}
	}
	if len(seats) != n {
		return nil, nil, badRequest("this game has %d players, got %d seats", n, len(seats))
	}
	m := &Match{game: g, opts: opts, seats: seats, agents: make([]ai.Agent, n), state: s,
		seed: seed, newAg: newAg}
	humans := 0
	for i, name := range seats {
		if name == Human {
			humans++
			continue
		}
		a, err := newAg(g, opts, name, seed+uint64(i)+1)
		if err != nil {
			return nil, nil, badRequest("seat %d: %v", i, err)
		}
		m.agents[i] = a
	}
	if humans == 0 {
		return nil, nil, badRequest("at least one seat must be %q (a person at this device)", Human)
	}
	for i, text := range moves {
		actors := s.Actors(nil)
		if err := engine.Play(s, text); err != nil {
			return nil, nil, badRequest("%v", &engine.MoveError{Index: i + 1, Text: text, Err: err})
		}
		m.addTurn(turn{Actors: actors, Move: text})
	}
	steps, err := m.advance()
	if err != nil {
		return nil, nil, err
	}
	return m, steps, nil
}

// isHuman reports whether player p is a person.
func (m *Match) isHuman(p int) bool { return p >= 0 && p < len(m.seats) && m.seats[p] == Human }

// apply plays one turn given in Actors order and returns its step.
func (m *Match) apply(actors []int, moves []engine.Move) (step, error) {
	text := engine.TurnText(m.state, actors, moves)
	trace, _ := view.ApplyTraced(m.state, moves)
	t := turn{Actors: actors, Move: text}
	m.addTurn(t)
	js, err := view.State(m.state)
	if err != nil {
		return step{}, err
	}
	return step{turn: t, Trace: nonNil(trace), State: js}, nil
}

// addTurn records an applied turn, counting the chance events.
func (m *Match) addTurn(t turn) {
	m.turns = append(m.turns, t)
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

// advance rolls chance and plays the computer's turns until a person must
// act or the game is over.
func (m *Match) advance() ([]step, error) {
	var steps []step
	for range maxAutoTurns {
		if m.state.Terminal() {
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
				moves = append(moves, m.agents[a].Choose(m.state, a))
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

// play applies a person's turn, then lets chance and the computer act.
// In a simultaneous turn where some actors are computer seats, text holds
// only the people's moves (in Actors order, joined by commas) and the
// computer chooses the others without seeing them.
//
// If ply is not nil it must be the state's ply: a move chosen in an older
// state (sent twice, or from another tab) is refused with 409.
func (m *Match) play(text string, ply *int) ([]step, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if ply != nil && *ply != m.state.Ply() {
		return nil, &httpError{http.StatusConflict, fmt.Sprintf("the move was chosen at ply %d but the game is at ply %d", *ply, m.state.Ply())}
	}
	if m.state.Terminal() {
		return nil, badRequest("the game is over")
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
			} else {
				all[i] = m.state.MoveText(a, m.agents[a].Choose(m.state, a))
			}
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
	more, err := m.advance()
	return append([]step{st}, more...), err
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
func (m *Match) undo() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.lastHumanTurn()
	if i < 0 {
		return badRequest("there is no move of a person to take back")
	}
	texts := make([]string, i)
	for k := range i {
		texts[k] = m.turns[k].Move
	}
	s, err := engine.Replay(m.game, m.opts, texts)
	if err != nil {
		return fmt.Errorf("undo: replaying the record: %w", err)
	}
	m.state = s
	kept := m.turns[:i]
	m.turns, m.throws = nil, 0
	for _, t := range kept {
		m.addTurn(t)
	}
	return nil
}

// record returns the match as a saved game.
func (m *Match) record() engine.Record {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.recordLocked()
}

func (m *Match) recordLocked() engine.Record {
	r := engine.NewRecord(m.game, m.opts)
	for _, t := range m.turns {
		r.Moves = append(r.Moves, t.Move)
	}
	r.Players = slices.Clone(m.seats)
	if o, ok := m.state.Outcome(); ok {
		r.Result = o.String()
	}
	return r
}

// nonNil gives an empty trace rather than null (a game without traces).
func nonNil(trace []view.EventView) []view.EventView {
	if trace == nil {
		return []view.EventView{}
	}
	return trace
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
}

// view returns the match's JSON form with the given steps.
func (m *Match) view(steps []step) (matchView, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	js, err := view.State(m.state)
	if err != nil {
		return matchView{}, err
	}
	if steps == nil {
		steps = []step{}
	}
	v := matchView{ID: m.ID, Game: m.game.ID(), Options: m.opts.Settings(), Seats: m.seats, Board: view.Board(m.state),
		Turns: slices.Clone(m.turns), State: js, Steps: steps, CanUndo: m.lastHumanTurn() >= 0}
	if v.Turns == nil {
		v.Turns = []turn{}
	}
	if o, ok := m.state.Outcome(); ok {
		v.Result = o.String()
	}
	return v, nil
}

// replayStates returns the state before the first turn of r and after each
// of its turns, with the turns.
func replayStates(r engine.Record) (statesView, error) {
	g, err := engine.Lookup(r.Game)
	if err != nil {
		return statesView{}, notFound("%v", err)
	}
	opts, err := engine.ParseOptions(g, r.Options)
	if err != nil {
		return statesView{}, badRequest("%v", err)
	}
	s, err := g.NewState(opts)
	if err != nil {
		return statesView{}, badRequest("%v", err)
	}
	v := statesView{Game: g.ID(), Board: view.Board(s), Turns: []turn{}, Traces: [][]view.EventView{}}
	js, err := view.State(s)
	if err != nil {
		return v, err
	}
	v.States = append(v.States, js)
	for i, text := range r.Moves {
		actors := s.Actors(nil)
		moves, err := engine.ParseTurn(s, text)
		if err != nil {
			return v, badRequest("%v", &engine.MoveError{Index: i + 1, Text: text, Err: err})
		}
		trace, _ := view.ApplyTraced(s, moves)
		v.Turns = append(v.Turns, turn{Actors: actors, Move: text})
		v.Traces = append(v.Traces, nonNil(trace))
		js, err := view.State(s)
		if err != nil {
			return v, err
		}
		v.States = append(v.States, js)
	}
	return v, nil
}

// statesView is a replay: States[0] is the start, States[i] the state after
// Turns[i-1], which Traces[i-1] shows step by step; Board is the board's
// geometry.
type statesView struct {
	Game   string             `json:"game"`
	Board  any                `json:"board"`
	Turns  []turn             `json:"turns"`
	Traces [][]view.EventView `json:"traces"`
	States []json.RawMessage  `json:"states"`
}
