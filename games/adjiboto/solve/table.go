package solve

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"tabula/engine"
	"tabula/games/adjiboto"
)

// Covers reports whether the table knows s: an Adji-Boto position after
// the opening, with at most K seeds on the board, in a game whose rules
// after the opening are the table's and which has no limit on the moves.
func (t *Table) Covers(s engine.State) bool {
	a, ok := s.(*adjiboto.State)
	if !ok || a.Terminal() || a.InOpening() {
		return false
	}
	if _, n := board(a); n > t.k {
		return false
	}
	opts := s.Options()
	return slices.Equal(rulesOf(opts), t.rules) && opts.Int(adjiboto.OptMaxPlies) == 0
}

// Value returns the best final margin the player to move in s can force
// from now on (seeds she wins minus seeds her opponent wins), and false
// when the table does not cover s.
func (t *Table) Value(s engine.State) (int, bool) {
	if !t.Covers(s) {
		return 0, false
	}
	a := s.(*adjiboto.State)
	holes, n := board(a)
	return int(t.vals[t.index(&holes, n, a.ToMove())]), true
}

// MoveValues returns the legal moves of the player to move in s with the
// margin each one leads to for her, and false when the table does not
// cover s.
func (t *Table) MoveValues(s engine.State) ([]engine.Move, []int, bool) {
	if !t.Covers(s) {
		return nil, nil, false
	}
	a := s.(*adjiboto.State)
	p := a.ToMove()
	moves := a.Legal(p, nil)
	vals := make([]int, len(moves))
	next := a.Clone().(*adjiboto.State)
	for i, m := range moves {
		next.CopyState(a)
		next.Apply(m)
		gain := (next.Store(p) - a.Store(p)) - (next.Store(1-p) - a.Store(1-p))
		vals[i] = gain
		if next.Terminal() {
			continue
		}
		holes, n := board(next)
		q := next.ToMove()
		w := int(t.vals[t.index(&holes, n, q)])
		if q != p {
			w = -w
		}
		vals[i] += w
	}
	return moves, vals, true
}

// BestMove returns a move of the best margin for the player to move in s
// (the first in Legal's order among equals), and false when the table
// does not cover s.
func (t *Table) BestMove(s engine.State) (engine.Move, bool) {
	moves, vals, ok := t.MoveValues(s)
	if !ok {
		return 0, false
	}
	best := 0
	for i, v := range vals {
		if v > vals[best] {
			best = i
		}
	}
	return moves[best], true
}

// fileMagic opens every table file.
const fileMagic = "tabula adji-boto endgame table 1"

// WriteTo writes the table: a text header of two lines (the magic, then K
// and the rule options), then one signed byte per entry.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	head := fmt.Sprintf("%s\nk=%d %s\n", fileMagic, t.k, strings.Join(t.rules, " "))
	n, err := io.WriteString(w, head)
	if err != nil {
		return int64(n), err
	}
	buf := make([]byte, len(t.vals))
	for i, v := range t.vals {
		buf[i] = byte(v)
	}
	m, err := w.Write(buf)
	return int64(n + m), err
}

// ErrBadTable is wrapped by the errors of Read.
var ErrBadTable = errors.New("not an adji-boto endgame table")

// Read reads a table written by WriteTo, checking its header, its size and
// every value.
func Read(r io.Reader) (*Table, error) {
	br := bufio.NewReader(r)
	// Header lines are short: read at most 200 bytes of each.
	line := func(what string) (string, error) {
		var sb strings.Builder
		for sb.Len() <= 200 {
			c, err := br.ReadByte()
			if err != nil {
				break
			}
			if c == '\n' {
				return sb.String(), nil
			}
			sb.WriteByte(c)
		}
		return "", fmt.Errorf("%w: no %s line (of at most 200 bytes)", ErrBadTable, what)
	}
	magic, err := line("first")
	if err != nil {
		return nil, err
	}
	if magic != fileMagic {
		return nil, fmt.Errorf("%w: first line %q, want %q", ErrBadTable, magic, fileMagic)
	}
	head, err := line("second")
	if err != nil {
		return nil, err
	}
	fields := strings.Fields(head)
	if len(fields) != 1+len(ruleOptions) || !strings.HasPrefix(fields[0], "k=") {
		return nil, fmt.Errorf("%w: second line %q, want k=K and the options %s", ErrBadTable, head, strings.Join(ruleOptions, ", "))
	}
	k, err := strconv.Atoi(fields[0][2:])
	if err != nil || k < 0 || k > MaxSeedsLeft {
		return nil, fmt.Errorf("%w: %s: want k=0 to k=%d", ErrBadTable, fields[0], MaxSeedsLeft)
	}
	opts, err := engine.ParseOptions(adjiboto.Game{}, fields[1:])
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadTable, err)
	}
	if rules := rulesOf(opts); !slices.Equal(rules, fields[1:]) {
		return nil, fmt.Errorf("%w: options %q, want %s in that order", ErrBadTable, fields[1:], strings.Join(ruleOptions, ", "))
	}
	t := newTable(k, fields[1:])
	// Grow the table as entries arrive, so a short file costs no more
	// memory than it holds.
	size := int(t.offset[k+1])
	t.vals = make([]int8, 0, min(size, 1<<20))
	buf := make([]byte, 1<<16)
	for len(t.vals) < size {
		n, err := io.ReadFull(br, buf[:min(len(buf), size-len(t.vals))])
		for _, b := range buf[:n] {
			v := int8(b)
			if v < -int8(k) || v > int8(k) {
				return nil, fmt.Errorf("%w: entry %d holds %d, beyond ±%d", ErrBadTable, len(t.vals), v, k)
			}
			t.vals = append(t.vals, v)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %d entries, want %d for k=%d", ErrBadTable, len(t.vals), size, k)
		}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%w: more than the %d entries of k=%d", ErrBadTable, size, k)
	}
	return t, nil
}
