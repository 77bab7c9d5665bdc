package agsinnoninka

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
)

var update = flag.Bool("update", false, "rewrite testdata/worked-turns.txt")

// workedTurn is one turn of testdata/worked-turns.txt: options, a board
// and the turn.
type workedTurn struct {
	settings []string
	pos      Position
	turn     [2]int
	first    int // who sows first in the sequential readings, -1 in lockstep
}

// handWorked are the turns of rules_test.go, each worked by hand there.
var handWorked = []workedTurn{
	{nil, Position{Holes: [Holes]int{0, 0, 0, 0, 2, 1, 0, 0, 4, 3}}, [2]int{5, 4}, -1},
	{nil, Position{Holes: [Holes]int{1, 0, 1, 2, 3, 0, 0, 1, 0, 2}}, [2]int{7, 0}, -1},
	{nil, Position{Holes: [Holes]int{0, 3, 0, 1, 0, 0, 0, 0, 0, 1}}, [2]int{9, 3}, -1},
	{nil, Position{Holes: [Holes]int{0, 2, 0, 0, 2, 1, 0, 0, 0, 3}}, [2]int{5, 4}, -1},
	{[]string{"conflict=both-stop"}, Position{Holes: [Holes]int{0, 2, 0, 0, 2, 1, 0, 2, 0, 3}}, [2]int{5, 4}, -1},
	{nil, Position{Holes: [Holes]int{0, 0, 1, 2, 3, 0, 0, 1, 2, 4}}, [2]int{7, 2}, -1},
	{nil, Position{Holes: [Holes]int{1, 0, 0, 2, 1, 0, 3, 1, 5, 0}}, [2]int{7, 4}, -1},
	{[]string{"end-hole=empty"}, Position{Holes: [Holes]int{1, 0, 0, 2, 1, 0, 3, 1, 5, 0}}, [2]int{7, 4}, -1},
	{nil, Position{Holes: [Holes]int{0, 0, 0, 0, 1, 0, 0, 0, 0, 10}}, [2]int{9, 4}, -1},
	{[]string{"skip-origin=true"}, Position{Holes: [Holes]int{0, 0, 0, 0, 1, 0, 0, 0, 0, 10}}, [2]int{9, 4}, -1},
	{nil, Position{Holes: [Holes]int{1, 0, 1, 0, 1, 1, 0, 1, 0, 1}}, [2]int{9, 4}, -1},
	{[]string{"max-steps=3"}, Position{Holes: [Holes]int{1, 0, 1, 0, 1, 1, 0, 1, 0, 1}}, [2]int{9, 4}, -1},
}

// workedSets are the readings of the seeded random turns of the file.
var workedSets = [][]string{
	nil,
	{"end-hole=empty"},
	{"simultaneity=player0-first"},
	{"conflict=both-stop", "cycle=capture"},
	{"skip-origin=true", "burnt-next=empty"},
	{"sow-stores=true", "store-end=relay"},
	{"max-steps=40"},
}

// workedTurns are the hand-worked turns, then seeded random turns from
// random boards (with burnt holes) under each reading, cut relays among
// them.
func workedTurns(t *testing.T) []workedTurn {
	turns := append([]workedTurn(nil), handWorked...)
	for i, set := range workedSets {
		opts, err := engine.ParseOptions(Game{}, set)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 2026))
		// Six turns, then two whose relays are cut (of at most 20,000
		// steps, for the oracle's memory).
		for n, cuts := 0, 0; n < 6 || cuts < 2 && n < 3000; n++ {
			s := randomPosition(t, opts, rng)
			if s.Terminal() || s.Round() != 1 {
				continue // a row is empty: the round is over
			}
			j, first := randomTurn(s, rng)
			c := s.Clone().(*State)
			c.ApplyJoint(j[:])
			if c.Pending() {
				c.Apply(engine.Move(first))
			}
			cut := (c.last.P[0].Cut || c.last.P[1].Cut) && c.last.Steps <= 20000
			if n >= 6 && !cut {
				continue
			}
			if cut && n >= 6 {
				cuts++
			}
			p := Position{Stores: [2]int{s.Store(0), s.Store(1)}}
			for h := range Holes {
				p.Holes[h], p.Burnt[h] = s.Hole(h), s.Burnt(h)
			}
			turns = append(turns, workedTurn{set, p, [2]int{int(j[0]), int(j[1])}, first})
		}
	}
	return turns
}

func intsText[T int | bool](xs []T) string {
	var b []string
	for _, x := range xs {
		switch v := any(x).(type) {
		case bool:
			b = append(b, map[bool]string{false: "0", true: "x"}[v])
		case int:
			b = append(b, strconv.Itoa(v))
		}
	}
	return strings.Join(b, ",")
}

// recordText is a turn's record: each player's hole, relays, end, capture
// and marks (c cut, m capped, k conflict), and the steps.
func recordText(r TurnRecord) string {
	var b strings.Builder
	for p, x := range r.P {
		marks := ""
		for _, m := range []struct {
			on bool
			c  string
		}{{x.Cut, "c"}, {x.Capped, "m"}, {x.Conflict, "k"}} {
			if m.on {
				marks += m.c
			}
		}
		fmt.Fprintf(&b, "p%d=%d/%d/%d/%d/%s ", p, x.Hole, x.Lifts, x.End, x.Captured, marks)
	}
	fmt.Fprintf(&b, "steps=%d", r.Steps)
	return b.String()
}

// line is a worked turn and its result as one line of the file.
func (w workedTurn) line(holes [Holes]int, stores [2]int, rec TurnRecord) string {
	set := strings.Join(w.settings, ",")
	if set == "" {
		set = "-"
	}
	return fmt.Sprintf("%s holes=%s stores=%s burnt=%s turn=%d,%d first=%d -> holes=%s stores=%s %s",
		set, intsText(w.pos.Holes[:]), intsText(w.pos.Stores[:]), intsText(w.pos.Burnt[:]), w.turn[0], w.turn[1], w.first,
		intsText(holes[:]), intsText(stores[:]), recordText(rec))
}

// state is the position of a worked turn, at the start of the turn.
func (w workedTurn) state(t *testing.T) *State {
	opts, err := engine.ParseOptions(Game{}, w.settings)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewPosition(opts, w.pos)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The worked turns, as the engine plays them, are pinned in
// testdata/worked-turns.txt (run with -update to rewrite it); the turns of
// rules_test.go are worked by hand there.
func TestWorkedTurnsGolden(t *testing.T) {
	var got []string
	for _, w := range workedTurns(t) {
		s := w.state(t)
		j := []engine.Move{engine.Move(w.turn[0]), engine.Move(w.turn[1])}
		s.ApplyJoint(j)
		if s.Pending() {
			s.Apply(engine.Move(w.first))
		}
		var holes [Holes]int
		for h := range holes {
			holes[h] = s.Hole(h)
		}
		got = append(got, w.line(holes, [2]int{s.Store(0), s.Store(1)}, s.last))
	}
	const header = "# Worked turns of Agsinnoninka: options, board (holes 0-9, stores, burnt\n" +
		"# holes), the turn, who sows first (-1: lockstep) -> the board after the\n" +
		"# turn and each player's hole/relays/end/captured/marks (c cut, m capped,\n" +
		"# k conflict). The first 12 are the turns of rules_test.go, worked by hand;\n" +
		"# every line is checked by the oracle (TestWorkedTurnsMatchOracle).\n" +
		"# Regenerate with: go test ./games/agsinnoninka -run TestWorkedTurnsGolden -update\n"
	enginetest.Golden(t, "worked-turns.txt", header, got, *update)
}

// Every line of testdata/worked-turns.txt is the oracle's turn, read from
// the file, not from the engine.
func TestWorkedTurnsMatchOracle(t *testing.T) {
	f, err := os.Open("testdata/worked-turns.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		w := parseWorked(t, l)
		holes, stores, rec, ok := oracleTurn(w.state(t), w.turn[0], w.turn[1], w.first, 1<<22)
		if !ok {
			t.Fatalf("%s: the oracle ran out of steps", l)
		}
		if got := w.line(holes, stores, rec); got != l {
			t.Errorf("the oracle gives\n %s\nthe file has\n %s", got, l)
		}
		n++
	}
	if n < len(handWorked)+len(workedSets)*6 {
		t.Errorf("%d lines checked", n)
	}
}

// parseWorked reads the turn of a line of the file (the part before "->").
func parseWorked(t *testing.T, l string) workedTurn {
	var w workedTurn
	f := strings.Fields(strings.SplitN(l, " -> ", 2)[0])
	if f[0] != "-" {
		w.settings = strings.Split(f[0], ",")
	}
	ints := func(s string) []string { return strings.Split(s[strings.Index(s, "=")+1:], ",") }
	for i, x := range ints(f[1]) {
		w.pos.Holes[i], _ = strconv.Atoi(x)
	}
	for i, x := range ints(f[2]) {
		w.pos.Stores[i], _ = strconv.Atoi(x)
	}
	for i, x := range ints(f[3]) {
		w.pos.Burnt[i] = x == "x"
	}
	for i, x := range ints(f[4]) {
		w.turn[i], _ = strconv.Atoi(x)
	}
	w.first, _ = strconv.Atoi(ints(f[5])[0])
	return w
}
