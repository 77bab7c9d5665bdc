package tamman_test

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// This file is a second implementation of Tamman, written from
// docs/rules/tamman.md for the default readings (and throw-use=total), to
// check the golden files: the perft counts beyond the depths counted by
// hand, and the seeded playthrough, state by state. It shares no code with
// the package: its own paths, its own men, throws and captures.

// mPath is the c1 path as the rules page lists it.
var mPath = strings.Fields("c1 d1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a4 a3 a2 a1 b1 b2 b3 b4 c4 d4 d3 d2 c2 c3")

// mSquare turns "c1" into (x, y) = (2, 0).
func mSquare(name string) [2]int { return [2]int{int(name[0] - 'a'), int(name[1] - '1')} }

// mSeatPath is the path of a seat (0 c1, 1 e3, 2 c5, 3 a3): the c1 path
// turned by 90 degrees anti-clockwise per seat, (x, y) -> (4-y, x).
func mSeatPath(seat int) [25][2]int {
	var p [25][2]int
	for k, name := range mPath {
		q := mSquare(name)
		for range seat {
			q = [2]int{4 - q[1], q[0]}
		}
		p[k] = q
	}
	return p
}

func mSafe(q [2]int) bool {
	switch q {
	case [2]int{2, 0}, [2]int{4, 2}, [2]int{2, 4}, [2]int{0, 2}, [2]int{2, 2}: // the 'ayn and habarti
		return true
	}
	return false
}

type model struct {
	paths            [][25][2]int
	men              [][4]int // steps along the man's path, 0 the 'ayn, 24 habarti
	pool             []int
	turn             int
	throwing         bool
	seq, due, capDue int
	winner           int
	total            bool
}

func newModel(players int, total bool) *model {
	seats := map[int][]int{2: {0, 2}, 3: {0, 1, 2}, 4: {0, 1, 2, 3}}[players]
	m := &model{throwing: true, due: 1, winner: -1, total: total}
	for _, s := range seats {
		m.paths = append(m.paths, mSeatPath(s))
		m.men = append(m.men, [4]int{})
	}
	return m
}

func (m *model) clone() *model {
	c := *m
	c.men = slices.Clone(m.men)
	c.pool = slices.Clone(m.pool)
	return &c
}

func (m *model) over() bool { return m.winner >= 0 }

// moves are the player's (from step, throw) pairs: one per square with a
// man not on habarti and per throw value that lands him on or before it.
func (m *model) moves() [][2]int {
	var out [][2]int
	for _, k := range m.men[m.turn] {
		for _, v := range m.pool {
			if k < 24 && k+v <= 24 && !slices.Contains(out, [2]int{k, v}) {
				out = append(out, [2]int{k, v})
			}
		}
	}
	return out
}

func (m *model) endTurn() {
	m.pool = nil
	m.turn = (m.turn + 1) % len(m.men)
	m.throwing, m.seq, m.due = true, 0, 1
}

// startMoves: once no throw is due, the player moves, or her turn ends
// when no man can use a throw.
func (m *model) startMoves() {
	m.seq, m.due = 0, 0
	if m.total && len(m.pool) > 1 {
		sum := 0
		for _, v := range m.pool {
			sum += v
		}
		m.pool = []int{sum}
	}
	if len(m.moves()) == 0 {
		m.endTurn()
		return
	}
	m.throwing = false
}

func (m *model) throw(v int) {
	m.pool = append(m.pool, v)
	if m.capDue > 0 {
		m.capDue--
		if m.capDue == 0 {
			m.startMoves()
		}
		return
	}
	m.seq++
	if m.seq == 1 {
		m.due = map[int]int{4: 1, 8: 2}[v]
	} else {
		m.due--
	}
	if m.due > 0 {
		return
	}
	if m.seq == 3 && m.pool[0] == 8 && m.pool[1] == 8 && m.pool[2] == 8 {
		m.endTurn() // 8, 8, 8: the turn scores 0
		return
	}
	m.startMoves()
}

func (m *model) move(k, v int) {
	p := m.turn
	men := &m.men[p]
	i := slices.Index(men[:], k)
	men[i] = k + v
	m.pool = slices.Delete(m.pool, slices.Index(m.pool, v), slices.Index(m.pool, v)+1)
	caught := 0
	for step := k + 1; step < k+v; step++ {
		q := m.paths[p][step]
		if mSafe(q) {
			continue
		}
		for e := range m.men {
			for j, s := range m.men[e] {
				if e != p && s > 0 && s < 24 && m.paths[e][s] == q {
					m.men[e][j] = 0
					caught++
				}
			}
		}
	}
	if men[0] == 24 && men[1] == 24 && men[2] == 24 && men[3] == 24 {
		m.winner = p
		return
	}
	if caught > 0 {
		m.capDue += caught
		m.throwing = true
		return
	}
	m.startMoves()
}

func (m *model) perft(depth int) int64 {
	if depth == 0 || m.over() {
		return 1
	}
	var n int64
	if m.throwing {
		for _, v := range []int{1, 2, 3, 4, 8} {
			c := m.clone()
			c.throw(v)
			n += c.perft(depth - 1)
		}
		return n
	}
	for _, mv := range m.moves() {
		c := m.clone()
		c.move(mv[0], mv[1])
		n += c.perft(depth - 1)
	}
	return n
}

// play applies a turn's text: "t3" or "c1+3".
func (m *model) play(t *testing.T, text string) {
	t.Helper()
	if v, ok := strings.CutPrefix(text, "t"); ok && m.throwing {
		n, _ := strconv.Atoi(v)
		m.throw(n)
		return
	}
	sq, v, ok := strings.Cut(text, "+")
	n, err := strconv.Atoi(v)
	if !ok || err != nil || m.throwing {
		t.Fatalf("model: cannot play %q now", text)
	}
	q := mSquare(sq)
	k := slices.Index(m.paths[m.turn][:], q)
	if !slices.Contains(m.moves(), [2]int{k, n}) {
		t.Fatalf("model: %q is not legal: moves %v", text, m.moves())
	}
	m.move(k, n)
}

// golden reads the lines of a testdata file, without comments.
func golden(t *testing.T, name string) []string {
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return lines
}

// The perft counts of testdata/perft.txt, every depth of every setup, are
// those of the second implementation.
func TestPerftFileMatchesModel(t *testing.T) {
	setups := map[string]*model{}
	for _, p := range perftSetups {
		m := newModel(2, slices.Contains(p.opts, "throw-use=total"))
		if slices.Contains(p.opts, "players=4") {
			m = newModel(4, false)
		}
		for _, turn := range p.turns {
			m.play(t, turn)
		}
		setups[p.name] = m
	}
	lines := golden(t, "perft.txt")
	for _, l := range lines {
		var name string
		var depth int
		var want int64
		if _, err := fmt.Sscanf(l, "%s %d %d", &name, &depth, &want); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if got := setups[name].perft(depth); got != want {
			t.Errorf("%s depth %d: the model counts %d, testdata has %d", name, depth, got, want)
		}
	}
	if len(lines) < 20 {
		t.Errorf("%d perft lines checked", len(lines))
	}
}

// The seeded playthrough of testdata/playthrough-2p.txt, replayed on the
// second implementation, passes through the same states.
func TestPlaythroughFileMatchesModel(t *testing.T) {
	m := newModel(2, false)
	lines := golden(t, "playthrough-2p.txt")
	for i, l := range lines[:len(lines)-1] {
		f := strings.Fields(l)
		m.play(t, f[0])
		phase := "move"
		switch {
		case m.over():
			phase = "over"
		case m.throwing:
			phase = "throw"
		}
		pool := slices.Clone(m.pool)
		slices.Sort(pool)
		men := make([][4]int, len(m.men))
		for p := range men {
			men[p] = m.men[p]
			slices.Sort(men[p][:])
		}
		got := fmt.Sprintf("%-6s %-5s p%d throws=%v men=%v,%v", f[0], phase, m.turn, fmt.Sprint(pool), fmt.Sprint(men[0][:]), fmt.Sprint(men[1][:]))
		if strings.Join(strings.Fields(got), " ") != strings.Join(f, " ") {
			t.Fatalf("line %d:\n model %s\n  file %s", i+1, got, l)
		}
	}
	if want := fmt.Sprintf("result player %d wins", m.winner); lines[len(lines)-1] != want {
		t.Fatalf("the model ends with %q, the file with %q", want, lines[len(lines)-1])
	}
}
