package rooms

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync/atomic"
	"tabula/internal/wire"
	"testing"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/internal/compute"
)

// fakeThinker is a pool that records the jobs asked for: busy refuses
// every one (no worker in time), fits says which fit the deadline.
type fakeThinker struct {
	busy bool
	fits func(compute.Job, time.Duration) bool
	jobs chan compute.Job
}

func (f *fakeThinker) Do(ctx context.Context, j compute.Job, run func(context.Context)) error {
	f.jobs <- j
	if f.busy {
		return fmt.Errorf("%w: no worker free in time", compute.ErrBusy)
	}
	run(ctx)
	return nil
}

func (f *fakeThinker) Fits(j compute.Job, d time.Duration) bool { return f.fits == nil || f.fits(j, d) }

// specOfCost is the MCTS level whose time is cost.
func specOfCost(cost time.Duration) string {
	for level, d := range ai.LevelTime {
		if d == cost {
			return "mcts:" + level
		}
	}
	return ""
}

// byLevel is an agent that plays the first legal move, or the last at
// the level easy, so that a test sees which level moved.
type byLevel struct{ easy bool }

func (byLevel) Name() string { return "by-level" }

func (a byLevel) Choose(s engine.State, p int) engine.Move {
	legal := s.Legal(p, nil)
	if a.easy {
		return legal[len(legal)-1]
	}
	return legal[0]
}

// thinkManager is a manager whose computer seats are byLevel agents on
// th; asked gets the spec of every agent made.
func thinkManager(t *testing.T, th Thinker) (m *Manager, asked chan string) {
	asked = make(chan string, 100)
	m = NewManager(Config{
		Store: testStore(t),
		Think: th,
		Agents: func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
			asked <- spec
			_, level := ai.SpecLevel(spec)
			return byLevel{easy: level == "easy"}, nil
		},
		Offered: func(engine.Game, engine.Options) []string { return []string{"mcts:max", "alphabeta:max"} },
		Log:     slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	t.Cleanup(m.Close)
	return m, asked
}

// A search that gets no worker before its deadline plays the move of
// its kind's easiest level, not a random one.
func TestSearchWithoutAWorkerPlaysTheEasyLevel(t *testing.T) {
	th := &fakeThinker{busy: true, jobs: make(chan compute.Job, 10)}
	m, asked := thinkManager(t, th)
	r, c := create(t, m, "adji-boto", nil, []SeatSpec{{Kind: Computer, Agent: "alphabeta:max"}, {Kind: Person}})
	// The computer may have moved before the join: ask for every event
	// since version 0.
	s, err := r.Join(c.Tokens[1], 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Leave(s) })
	var e wire.Event
	if w := next(t, s, "welcome"); len(w.Missed) > 0 {
		e = w.Missed[0]
	} else {
		e = next(t, s, "event").Event
	}
	if got := []string{<-asked, <-asked}; got[0] != "alphabeta:max" || got[1] != "alphabeta:easy" {
		t.Errorf("agents made %v, want alphabeta:max then alphabeta:easy", got)
	}
	g, _ := engine.Lookup("adji-boto")
	start, _ := g.NewState(engine.DefaultOptions(g))
	legal := engine.LegalTexts(start, 0)
	if e.Kind != wire.KindTurn || e.Move != legal[len(legal)-1] {
		t.Errorf("event %+v, want the easy level's move %s", e, legal[len(legal)-1])
	}
}

// A level whose fair part of the processors would not give it more time
// than the level below has alone is lowered for the move, and the room is
// told.
func TestLevelIsLoweredWhenTheSearchDoesNotFit(t *testing.T) {
	th := &fakeThinker{jobs: make(chan compute.Job, 10), fits: func(j compute.Job, d time.Duration) bool {
		// Each level is weighed against the whole time of the level below.
		lower, _ := ai.Lower(specOfCost(j.Cost))
		if d != ai.SpecTime(lower) {
			t.Errorf("Fits(%v, %v): want the time of %s", j.Cost, d, lower)
		}
		return j.Cost <= ai.LevelTime["medium"]
	}}
	m, asked := thinkManager(t, th)
	r, c := create(t, m, "adji-boto", nil, []SeatSpec{{Kind: Person}, {Kind: Computer, Agent: "mcts:max"}})
	s := join(t, r, c.Tokens[0])
	mustMove(t, r, s, 0, engine.LegalTexts(r.state, 0)[0])
	if note := next(t, s, "note"); note.Code != "level-lowered" || note.Seat != 1 || note.Agent != "mcts:max" || note.Played != "mcts:medium" {
		t.Errorf("note %+v, want mcts:max lowered to mcts:medium for seat 1", note)
	}
	if spec := <-asked; spec != "mcts:medium" {
		t.Errorf("agent made %s, want mcts:medium", spec)
	}
	if j := <-th.jobs; j.Cost != ai.LevelTime["medium"] {
		t.Errorf("job cost %v, want medium's %v", j.Cost, ai.LevelTime["medium"])
	}
}

// The computer's search is charged to the address of the person whose
// move asked for it, and queued under the room.
func TestSearchIsChargedToTheMover(t *testing.T) {
	th := &fakeThinker{jobs: make(chan compute.Job, 10)}
	m, _ := thinkManager(t, th)
	r, c := create(t, m, "adji-boto", nil, []SeatSpec{{Kind: Person}, {Kind: Computer, Agent: "mcts:max"}})
	s := join(t, r, c.Tokens[0])
	if _, err := r.Move(compute.WithAddr(bg, "198.51.100.7"), s, 0, engine.LegalTexts(r.state, 0)[0]); err != nil {
		t.Fatal(err)
	}
	j := <-th.jobs
	if j.Addr != "198.51.100.7" || j.Room != r.ID || j.Cost != ai.LevelTime["max"] {
		t.Errorf("job %+v, want the mover's address, room %s and max's time", j, r.ID)
	}
}

// turnstile is an agent that counts the searches inside it at once and
// waits for a release before it moves.
type turnstile struct {
	entered, release chan struct{}
	inside, most     *atomic.Int32
}

func (turnstile) Name() string { return "turnstile" }

func (a turnstile) Choose(s engine.State, p int) engine.Move {
	n := a.inside.Add(1)
	for m := a.most.Load(); n > m && !a.most.CompareAndSwap(m, n); m = a.most.Load() {
	}
	a.entered <- struct{}{}
	<-a.release
	a.inside.Add(-1)
	return s.Legal(p, nil)[0]
}

// Cheap moves played when no worker is free take turns for the
// manager's slots: with one slot, never two at once.
func TestCheapMovesTakeTurns(t *testing.T) {
	const rooms = 3
	th := &fakeThinker{busy: true, jobs: make(chan compute.Job, 10)}
	gate := turnstile{entered: make(chan struct{}, rooms), release: make(chan struct{}), inside: new(atomic.Int32), most: new(atomic.Int32)}
	easy := make(chan string, rooms)
	m := NewManager(Config{
		Store: testStore(t),
		Think: th,
		Agents: func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
			if _, level := ai.SpecLevel(spec); level == "easy" {
				easy <- spec
				return gate, nil
			}
			return byLevel{}, nil
		},
		Offered:    func(engine.Game, engine.Options) []string { return []string{"alphabeta:max"} },
		Log:        slog.New(slog.NewTextHandler(io.Discard, nil)),
		cheapSlots: 1,
	})
	t.Cleanup(m.Close)
	for range rooms {
		create(t, m, "adji-boto", nil, []SeatSpec{{Kind: Computer, Agent: "alphabeta:max"}, {Kind: Person}})
	}
	for range rooms {
		<-easy // every room is past making its cheap agent
	}
	<-gate.entered
	for i := range rooms {
		gate.release <- struct{}{}
		if i < rooms-1 {
			<-gate.entered
		}
	}
	if most := gate.most.Load(); most != 1 {
		t.Fatalf("%d cheap moves searched at once, want 1 (one slot)", most)
	}
}
