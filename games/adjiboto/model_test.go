package adjiboto

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// This file is a second implementation of Adji-Boto, written from
// docs/rules/adji-boto.md (free opening or none, chain-through-empty), to
// check testdata/perft.txt beyond the opening counted by hand. It shares no
// code with the package. It has no repetition rule: no position occurs
// three times within the depths of the file.

type abModel struct {
	holes             [10]int
	stores            [2]int
	turn              int
	openingLeft       int
	played            [2][10]bool // holes played in the opening
	chainThroughEmpty bool
	over              bool
}

func abNew(seeds int, opening, chainThroughEmpty bool) *abModel {
	m := &abModel{chainThroughEmpty: chainThroughEmpty}
	for h := range m.holes {
		m.holes[h] = seeds
	}
	if opening {
		m.openingLeft = 10
	}
	return m
}

// abOwn reports whether hole h is in player p's row (5-9 for player 0).
func abOwn(p, h int) bool { return (h >= 5) == (p == 0) }

func (m *abModel) legal(p int) []int {
	var out []int
	for h := 9; h >= 0; h-- {
		if abOwn(p, h) && m.holes[h] >= 2 && !(m.openingLeft > 0 && m.played[p][h]) {
			out = append(out, h)
		}
	}
	return out
}

func (m *abModel) play(h int) {
	p := m.turn
	opening := m.openingLeft > 0
	if opening {
		m.played[p][h] = true
		m.openingLeft--
	}
	hand := m.holes[h] - 1
	m.holes[h] = 1
	pos := h
	for ; hand > 0; hand-- {
		pos = (pos + 9) % 10
		m.holes[pos]++
	}
	if !opening {
		first := true
		for q := (pos + 9) % 10; q != pos; q = (q + 9) % 10 {
			c := m.holes[q]
			if c == 0 && !first && m.chainThroughEmpty {
				continue
			}
			if c != 1 && c != 3 && c != 5 {
				break
			}
			m.stores[p] += c
			m.holes[q] = 0
			first = false
		}
	}
	switch {
	case len(m.legal(1-p)) > 0:
		m.turn = 1 - p
	case len(m.legal(p)) > 0:
		// the other passes
	default:
		m.over = true
	}
}

func (m *abModel) perft(depth int) int64 {
	if depth == 0 || m.over {
		return 1
	}
	var n int64
	for _, h := range m.legal(m.turn) {
		c := *m
		c.play(h)
		n += c.perft(depth - 1)
	}
	return n
}

// Every count of testdata/perft.txt is the second implementation's.
func TestPerftFileMatchesModel(t *testing.T) {
	setups := map[string]*abModel{}
	for _, p := range perftSetups {
		o := strings.Join(p.opts, " ")
		seeds := 10
		if _, v, ok := strings.Cut(o, "seeds="); ok {
			seeds, _ = strconv.Atoi(strings.Fields(v)[0])
		}
		m := abNew(seeds, !strings.Contains(o, "opening=none"), strings.Contains(o, "chain-through-empty=true"))
		for _, h := range p.moves {
			m.play(h)
		}
		setups[p.name] = m
	}
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	checked := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		var name string
		var depth int
		var want int64
		if _, err := fmt.Sscanf(l, "%s %d %d", &name, &depth, &want); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if got := setups[name].perft(depth); got != want {
			t.Errorf("%s depth %d: the model counts %d, testdata has %d", name, depth, got, want)
		}
		checked++
	}
	if checked < 20 {
		t.Errorf("%d lines checked", checked)
	}
}
