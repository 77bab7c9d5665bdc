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
	tables map[string]*Table
	loaded []*Table
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
func NewLazy(k int) *Lazy { return &Lazy{k: min(max(k, 0), MaxSeedsLeft), tables: map[string]*Table{}} }

// DefaultLazySeeds is the K of the tables the command builds on demand
// for the level max (about 4 million positions, 4 MB).
const DefaultLazySeeds = 14

// BestMove returns a best move from the table for s's rules, building it
// first when needed, and false when s is not a position such a table
// covers (or the table cannot be built for s's options).
func (l *Lazy) BestMove(s engine.State) (engine.Move, bool) {
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
	rules := rulesOf(s.Options())
	key := strings.Join(rules, " ")
	l.mu.Lock()
	t := l.tables[key]
	if t == nil {
		var err error
		if t, _, err = Build(s.Options(), l.k, nil); err != nil {
			l.mu.Unlock()
			return 0, false
		}
		l.tables[key] = t
	}
	l.mu.Unlock()
	return t.BestMove(s)
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
