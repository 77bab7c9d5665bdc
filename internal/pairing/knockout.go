package pairing

// knockout pairs the next round of a knockout: the first round by the
// seeded bracket (seed 1 against the last, seed 2 against the one before,
// placed so that the two best seeds can meet only in the final), the
// computer in the bracket's empty places; then the winners of
// neighbouring games. Who goes through: the winner; after a draw, the
// higher seed; after a game against the computer (a bye), the player,
// whatever the result.
func knockout(n int, played []Round) ([]Pair, error) {
	if len(played) == 0 {
		size := 1 << log2up(n)
		order := bracket(size)
		pairs := make([]Pair, 0, size/2)
		for i := 0; i < size; i += 2 {
			a, b := order[i], order[i+1]
			if b >= n {
				b = Computer
			}
			pairs = append(pairs, Pair{a, b})
		}
		return pairs, nil
	}
	last := played[len(played)-1]
	if len(last) < 2 {
		return nil, ErrOver
	}
	pairs := make([]Pair, 0, len(last)/2)
	for i := 0; i+1 < len(last); i += 2 {
		a, b := through(last[i]), through(last[i+1])
		pairs = append(pairs, Pair{min(a, b), max(a, b)})
	}
	return pairs, nil
}

// through is who goes on from game g of a knockout.
func through(g Game) int {
	switch {
	case g.B == Computer:
		return g.A
	case g.A == Computer:
		return g.B
	case g.Result == WinA:
		return g.A
	case g.Result == WinB:
		return g.B
	}
	return min(g.A, g.B) // a draw: the higher seed
}

// bracket is the seeds (0-based) in the places of a bracket of size (a
// power of two), so that seeds s and size-1-s meet in the first round and
// the higher seeds are as far apart as can be.
func bracket(size int) []int {
	order := []int{0}
	for len(order) < size {
		m := 2 * len(order)
		next := make([]int, 0, m)
		for _, s := range order {
			next = append(next, s, m-1-s)
		}
		order = next
	}
	return order
}
