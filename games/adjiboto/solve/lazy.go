package solve

import (
	"slices"
	"strings"
	"sync"

	"tabula/engine"
	"tabula/games/adjiboto"
)

// Lazy is a set of tables of K seeds, one for each set of rule options,
// each built the first time a position it would cover is asked about, and
// any larger tables loaded from files (Add), which answer first. It is
// safe for concurrent use.
type Lazy struct {
	k      int
	mu     sync.Mutex
	tables map[string]*lazyTable
	loaded []*Table
}

// lazyTable is the table of one set of rules, built once; done is closed
// when it is built (or failed: t is nil).
type lazyTable struct {
	once sync.Once
	done chan struct{}
	t    *Table
}

// Add makes l answer from t wherever t covers a position, before any table
// l builds itself: a table read from a file, usually of more seeds than l
// builds on demand.
func (l *Lazy) Add(t *Table) {
	l.mu.Lock()
	defer l.mu.Unlock()
	// The largest table first: it covers every position a smaller one of
	// the same rules does.
	l.loaded = append(l.loaded, t)
	slices.SortStableFunc(l.loaded, func(a, b *Table) int { return b.k - a.k })
}

// NewLazy returns tables of k seeds, none built yet. DefaultLazySeeds is
// a size that builds in about two seconds.
func NewLazy(k int) *Lazy {
	return &Lazy{k: min(max(k, 0), MaxSeedsLeft), tables: map[string]*lazyTable{}}
}

// DefaultLazySeeds is the K of the tables the command builds on demand
// for the level max (about 4 million positions, 4 MB).
const DefaultLazySeeds = 14

// BestMove returns a best move from the table for s's rules, building it
// first when needed (a caller that asks while another builds it waits for
// that build), and false when s is not a position such a table covers (or
// the table cannot be built for s's options).
func (l *Lazy) BestMove(s engine.State) (engine.Move, bool) {
	return l.bestMove(s, true)
}

// BestMoveBuilt is BestMove from the tables built already: where s's
// table is still to be built it answers false at once, and has the table
// built in a goroutine of its own (once), for the positions asked later
// (engine.EndgameBuilt).
func (l *Lazy) BestMoveBuilt(s engine.State) (engine.Move, bool) {
	return l.bestMove(s, false)
}

func (l *Lazy) bestMove(s engine.State, wait bool) (engine.Move, bool) {
	if t := l.loadedFor(s); t != nil {
		return t.BestMove(s)
	}
	a, ok := s.(*adjiboto.State)
	if !ok || a.Terminal() || a.InOpening() || a.Options().Int(adjiboto.OptMaxPlies) > 0 {
		return 0, false
	}
	if _, n := board(a); n > l.k {
		return 0, false
	}
	opts := s.Options()
	key := strings.Join(rulesOf(opts), " ")
	l.mu.Lock()
	e := l.tables[key]
	if e == nil {
		e = &lazyTable{done: make(chan struct{})}
		l.tables[key] = e
	}
	l.mu.Unlock()
	build := func() {
		e.once.Do(func() {
			defer close(e.done)
			if t, _, err := Build(opts, l.k, nil); err == nil {
				e.t = t
			}
		})
	}
	select {
	case <-e.done:
	default:
		if !wait {
			go build()
			return 0, false
		}
		build()
	}
	if e.t == nil {
		return 0, false
	}
	return e.t.BestMove(s)
}

// loadedFor returns the first added table that covers s, or nil.
func (l *Lazy) loadedFor(s engine.State) *Table {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, t := range l.loaded {
		if t.Covers(s) {
			return t
		}
	}
	return nil
}

// Load adds the table in the file name (made by 'tabula solve'), mapped
// read-only: its pages are read as positions need them and shared with
// every process that maps the same file.
func (l *Lazy) Load(name string) error {
	t, err := Open(name)
	if err != nil {
		return err
	}
	l.Add(t)
	return nil
}

// The level max of Adji-Boto plays from tables built on first use up to
// DefaultLazySeeds seeds, and from larger ones loaded from files
// (engine.LoadEndgame).
func init() { engine.RegisterEndgame(adjiboto.ID, NewLazy(DefaultLazySeeds)) }
