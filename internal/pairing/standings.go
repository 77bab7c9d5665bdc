package pairing

import (
	"cmp"
	"slices"
)

// Standing is a player's line of the results table.
type Standing struct {
	Player int
	// Rank is the place, from 1; players that no tie-break tells apart
	// share one.
	Rank   int
	Points float64 // 1 a win, ½ a draw
	// SonnebornBerger is the first tie-break: the points of the
	// opponents a player beat, and half those of the ones she drew
	// (the computer has none).
	SonnebornBerger float64
	// Direct is the second: the points a player made against the
	// others equal with her on points and Sonneborn-Berger.
	Direct float64
	Wins   int // the third
	Played int
}

// TieBreaks names the tie-breaks in the order they apply, after the
// points (docs/class.md).
var TieBreaks = []string{"sonneborn-berger", "direct", "wins"}

// Standings is the results table of n players after the rounds: by
// points, then Sonneborn-Berger, then the direct encounter, then the
// wins; the games not over count nothing.
func Standings(n int, rounds []Round) []Standing {
	st := make([]Standing, n)
	for i := range st {
		st[i].Player = i
	}
	each := func(f func(p int, g Game)) {
		for _, round := range rounds {
			for _, g := range round {
				if g.Result == Pending {
					continue
				}
				for _, p := range []int{g.A, g.B} {
					if p >= 0 && p < n {
						f(p, g)
					}
				}
			}
		}
	}
	each(func(p int, g Game) {
		st[p].Points += g.Points(p)
		st[p].Played++
		if g.Points(p) == 1 {
			st[p].Wins++
		}
	})
	each(func(p int, g Game) {
		if o := g.Other(p); o >= 0 && o < n {
			st[p].SonnebornBerger += g.Points(p) * st[o].Points
		}
	})
	each(func(p int, g Game) {
		if o := g.Other(p); o >= 0 && o < n && st[o].Points == st[p].Points && st[o].SonnebornBerger == st[p].SonnebornBerger {
			st[p].Direct += g.Points(p)
		}
	})
	order := func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.SonnebornBerger, a.SonnebornBerger),
			cmp.Compare(b.Direct, a.Direct), cmp.Compare(b.Wins, a.Wins))
	}
	slices.SortStableFunc(st, order)
	for i := range st {
		st[i].Rank = i + 1
		if i > 0 && order(st[i-1], st[i]) == 0 {
			st[i].Rank = st[i-1].Rank
		}
	}
	return st
}
