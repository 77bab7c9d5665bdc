package pairing

import (
	"cmp"
	"slices"
)

// swissBudget bounds the pairings tried for one Swiss round, so that a
// request never does unbounded work; 64 players are paired in far fewer.
const swissBudget = 200_000

// record is what a Swiss pairing knows of a player from the rounds played.
type record struct {
	points float64
	met    map[int]bool // opponents met, Computer included
	seats  int          // games in seat 0 less games in seat 1
	last   int          // the seat of the last game: 0, 1, or -1 for none
}

func records(n int, played []Round) []record {
	rs := make([]record, n)
	for i := range rs {
		rs[i] = record{met: map[int]bool{}, last: -1}
	}
	for _, round := range played {
		for _, g := range round {
			for seat, p := range []int{g.A, g.B} {
				if p < 0 || p >= n {
					continue
				}
				r := &rs[p]
				r.points += g.Points(p)
				r.met[g.Other(p)] = true
				r.seats += 1 - 2*seat
				r.last = seat
			}
		}
	}
	return rs
}

// swiss pairs the next round of a Swiss system: players in order of
// their points (then of joining); with an odd number, the lowest placed
// who has not yet played the computer plays it; the others are paired
// from the top, each with the first one it has not met in the order of
// the Dutch system (its score group's lower half first, then the groups
// below), going back on a choice that leaves the rest unpairable. No pair
// meets twice; when that cannot be, the system is over (ErrOver).
func swiss(n int, played []Round) ([]Pair, error) {
	rs := records(n, played)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rs[b].points, rs[a].points) })
	var pairs []Pair
	if n%2 == 1 {
		bye := order[len(order)-1]
		for i := len(order) - 1; i >= 0; i-- {
			if !rs[order[i]].met[Computer] {
				bye = order[i]
				break
			}
		}
		order = slices.DeleteFunc(order, func(p int) bool { return p == bye })
		pairs = append(pairs, seated(rs, bye, Computer))
	}
	budget := swissBudget
	matched := make([]int, 0, len(order))
	if !pairFrom(rs, order, make([]bool, n), &matched, &budget) {
		return nil, ErrOver
	}
	for i := 0; i < len(matched); i += 2 {
		pairs = append(pairs, seated(rs, matched[i], matched[i+1]))
	}
	return pairs, nil
}

// pairFrom pairs the players of order not yet used, appending each pair
// to matched, and reports whether it could.
func pairFrom(rs []record, order []int, used []bool, matched *[]int, budget *int) bool {
	first := slices.IndexFunc(order, func(p int) bool { return !used[p] })
	if first < 0 {
		return true
	}
	p := order[first]
	used[p] = true
	for _, q := range candidates(rs, order, used, p) {
		if *budget--; *budget < 0 {
			break
		}
		if rs[p].met[q] {
			continue
		}
		used[q] = true
		*matched = append(*matched, p, q)
		if pairFrom(rs, order, used, matched, budget) {
			return true
		}
		*matched = (*matched)[:len(*matched)-2]
		used[q] = false
	}
	used[p] = false
	return false
}

// candidates are p's possible opponents among the unused in the Dutch
// order: the lower half of p's score group first (the player half the
// group down, then on), then the upper half from the bottom, then the
// players of the lower groups in order.
func candidates(rs []record, order []int, used []bool, p int) []int {
	var group, rest []int
	for _, q := range order {
		switch {
		case used[q]:
		case rs[q].points == rs[p].points:
			group = append(group, q)
		default:
			rest = append(rest, q)
		}
	}
	half := (len(group) + 1) / 2 // p is the top of its group, and not in it
	out := append([]int{}, group[max(half-1, 0):]...)
	for i := min(half-1, len(group)) - 1; i >= 0; i-- {
		out = append(out, group[i])
	}
	return append(out, rest...)
}

// seated is the game of p and q with the seats balanced: the first seat
// to whom had it less often, then to whom had the second last time, then
// to the higher placed (p).
func seated(rs []record, p, q int) Pair {
	if q == Computer {
		if rs[p].seats > 0 || rs[p].seats == 0 && rs[p].last == 0 {
			return Pair{Computer, p}
		}
		return Pair{p, Computer}
	}
	a, b := rs[p], rs[q]
	switch {
	case a.seats != b.seats:
		if a.seats > b.seats {
			return Pair{q, p}
		}
	case a.last != b.last && b.last == 1:
		return Pair{q, p}
	}
	return Pair{p, q}
}
