package pairing

// roundRobin is round r of a round robin of n players by the circle
// method: player 0 stays, the others turn one place a round around the
// table, and the places face each other across it. With an odd number
// the computer takes the empty place. Seats alternate: player 0 takes
// seat 0 in even rounds; across the table, the first seat goes to the
// top row at even places and the bottom row at odd ones, which keeps
// everyone's first and second seats within one of each other.
func roundRobin(n, r int) []Pair {
	m := n + n%2 // places at the table
	at := make([]int, m)
	for i := 1; i < m; i++ {
		at[i] = 1 + (i-1+r)%(m-1)
	}
	who := func(place int) int {
		if at[place] >= n {
			return Computer
		}
		return at[place]
	}
	pairs := make([]Pair, 0, m/2)
	for i := range m / 2 {
		a, b := who(i), who(m-1-i)
		if i == 0 && r%2 == 1 || i > 0 && i%2 == 1 {
			a, b = b, a
		}
		pairs = append(pairs, Pair{a, b})
	}
	return pairs
}
