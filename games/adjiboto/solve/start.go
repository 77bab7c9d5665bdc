package solve

import (
	"fmt"
	"slices"
	"time"

	"tabula/engine"
	"tabula/games/adjiboto"
)

// DefaultSearchLimit bounds the boards a Solver made by GameValue and
// GameMoves keeps beyond the table: about 40 bytes each.
const DefaultSearchLimit = 50_000_000

// A Solver gives the exact value of positions after the opening: from its
// table where the table covers them, and beyond its levels by the same
// search as a build (Tarjan's groups and the two bounds, build.go), from
// the position down to the table, keeping the values of the boards it
// solves in memory, at most limit of them. Captures only lower the seeds,
// so the boards it reaches are those the position can lead to, often far
// fewer than all boards of as many seeds. After an error (its limit
// reached), a solver must not be used again.
type Solver struct {
	t     *Table
	b     *builder
	st    Stats
	most  int
	rules []string
}

// NewSolver returns a solver on t for games under opts with at most most
// seeds on the board, searching at most limit boards beyond t.
func NewSolver(t *Table, opts engine.Options, most, limit int) (*Solver, error) {
	opts, err := checkOptions(opts, 0)
	if err != nil {
		return nil, err
	}
	if rules := rulesOf(opts); !slices.Equal(rules, t.rules) {
		return nil, fmt.Errorf("solve: the table is for %v, the game %v", t.rules, rules)
	}
	// Entries of one level are numbered in 40 bits (key).
	if most > 60 {
		return nil, fmt.Errorf("solve: %d seeds on the board: a search goes up to 60", most)
	}
	wide := *t
	wide.binom = binomials(max(most, t.k) + 10)
	v := &Solver{t: &wide, st: newStats(max(most, t.k)), most: most, rules: t.rules}
	v.b = &builder{t: &wide, opts: opts, st: &v.st, num: map[int64]int32{},
		n: t.levels, high: map[int64]int8{}, limit: limit}
	return v, nil
}

// Progress makes v tell f how far it got, every 2^20 boards it solves.
func (v *Solver) Progress(f func(st Stats)) { v.b.tick = f }

// Stats describes the search so far: its boards, groups and depth.
func (v *Solver) Stats() Stats {
	st := v.st
	st.Positions = int64(len(v.b.high))
	return st
}

// Value returns the best final margin the player to move in s can force
// from now on; s is a position after the opening, not over.
func (v *Solver) Value(s *adjiboto.State) (int, error) {
	if x, ok := v.t.Value(s); ok {
		return x, nil
	}
	if s.Terminal() || s.InOpening() {
		return 0, fmt.Errorf("solve: a value is for a position after the opening, not over")
	}
	if !slices.Equal(rulesOf(s.Options()), v.rules) {
		return 0, fmt.Errorf("solve: the position's rules are not the solver's")
	}
	holes, n := board(s)
	if n > v.most {
		return 0, fmt.Errorf("solve: a position has %d seeds on the board, the solver %d", n, v.most)
	}
	began := time.Now()
	defer func() { v.st.Took += time.Since(began) }()
	p := s.ToMove()
	if err := v.b.top(holes, n, p); err != nil {
		return 0, err
	}
	x, _ := v.b.known(n, v.t.entry(&holes, n, p))
	return x, nil
}

// GameValue returns the best final margin the player to move in s can
// force (s the start of a game, say), by GameMoves.
func (t *Table) GameValue(s *adjiboto.State) (int, error) {
	_, vals, err := t.GameMoves(s)
	if err != nil || len(vals) == 0 {
		return 0, err
	}
	return slices.Max(vals), nil
}

// GameMoves is a Solver's GameMoves, searching beyond t where needed, up
// to DefaultSearchLimit boards.
func (t *Table) GameMoves(s *adjiboto.State) ([]engine.Move, []int, error) {
	_, n := board(s)
	v, err := NewSolver(t, s.Options(), n, DefaultSearchLimit)
	if err != nil {
		return nil, nil, err
	}
	return v.GameMoves(s)
}

// GameMoves returns the legal moves in s with the best final margin each
// leads to for the player to move. The opening has no captures and no
// repetitions (its progress is part of the position), and the history
// starts afresh after it, as after a capture, so the values of the
// positions after the opening apply exactly; the opening itself, at most
// 5! x 5! lines, is searched in full.
func (v *Solver) GameMoves(s *adjiboto.State) ([]engine.Move, []int, error) {
	if s.Terminal() {
		return nil, nil, nil
	}
	p := s.ToMove()
	moves := s.Legal(p, nil)
	vals := make([]int, len(moves))
	for i, m := range moves {
		next := s.Clone().(*adjiboto.State)
		next.Apply(m)
		x := (next.Store(p) - s.Store(p)) - (next.Store(1-p) - s.Store(1-p))
		if !next.Terminal() {
			w, err := v.lineValue(next)
			if err != nil {
				return nil, nil, err
			}
			if next.ToMove() != p {
				w = -w
			}
			x += w
		}
		vals[i] = x
	}
	return moves, vals, nil
}

// lineValue is the value for the player to move in s, which is not over.
func (v *Solver) lineValue(s *adjiboto.State) (int, error) {
	if !s.InOpening() {
		return v.Value(s)
	}
	_, vals, err := v.GameMoves(s)
	if err != nil {
		return 0, err
	}
	return slices.Max(vals), nil
}
