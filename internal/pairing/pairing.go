// Package pairing pairs the players of a class into games, round after
// round: a round robin (the circle method), a Swiss system (score groups,
// no rematch, seats balanced) or a knockout (a seeded bracket). Players
// are numbers 0..n-1 in the order they joined (a knockout seeds them in
// that order); Computer stands for the computer opponent that takes the
// odd one out. The package has no I/O: the class (internal/classes) keeps
// the rounds and asks for the next.
package pairing

import (
	"errors"
	"fmt"
	"math/bits"
)

// Computer is the computer opponent in a pair: it plays the odd player of
// a round (a bye) and fills a knockout's empty places.
const Computer = -1

// System is a way of pairing.
type System string

// The systems.
const (
	RoundRobin System = "round-robin"
	Swiss      System = "swiss"
	Knockout   System = "knockout"
)

// Systems lists the systems, in the order the pages offer them.
var Systems = []System{RoundRobin, Swiss, Knockout}

// Valid reports whether s is a system.
func (s System) Valid() bool { return s == RoundRobin || s == Swiss || s == Knockout }

// Pair is one game of a round: A takes the first seat (seat 0), B the
// second; either may be Computer, never both.
type Pair struct {
	A, B int
}

// Has reports whether player p plays in the pair.
func (p Pair) Has(player int) bool { return p.A == player || p.B == player }

// Other is p's opponent in the pair.
func (p Pair) Other(player int) int {
	if p.A == player {
		return p.B
	}
	return p.A
}

// Result is how a game of a round ended.
type Result int8

// The results.
const (
	Pending Result = iota // not over yet
	WinA
	WinB
	Draw
	Void // over with no result (abandoned): no points to either
)

// Points is what the game gives player p: 1 for a win, ½ for a draw.
func (g Game) Points(p int) float64 {
	switch {
	case g.Result == Draw && g.Has(p):
		return 0.5
	case g.Result == WinA && g.A == p, g.Result == WinB && g.B == p:
		return 1
	}
	return 0
}

// Game is a pair and its result.
type Game struct {
	Pair
	Result Result
}

// Round is the games of one round.
type Round []Game

// Over reports whether every game of the round has a result.
func (r Round) Over() bool {
	for _, g := range r {
		if g.Result == Pending {
			return false
		}
	}
	return true
}

// ErrOver says that the system has no further round: every pair has met
// (a round robin), the rounds of a Swiss system are played or no pairing
// without a rematch is left, or a knockout has its winner.
var ErrOver = errors.New("pairing: no further round")

// ErrPending says that a round is not over: a Swiss system and a knockout
// pair by the results.
var ErrPending = errors.New("pairing: the last round is not over")

// Rounds is the number of rounds sys plays with n players: n-1 for a
// round robin of an even number (n with the computer for an odd one), the
// rounds of the bracket for a knockout, and ⌈log2 n⌉+1 for a Swiss system
// (enough to tell a single winner apart, and at most what a round robin
// would play).
func Rounds(sys System, n int) int {
	if n < 2 {
		return 0
	}
	switch sys {
	case RoundRobin:
		return n - 1 + n%2
	case Knockout:
		return log2up(n)
	case Swiss:
		return min(log2up(n)+1, n-1+n%2)
	}
	return 0
}

// log2up is ⌈log2 n⌉ for n ≥ 1.
func log2up(n int) int { return bits.Len(uint(n - 1)) }

// Next pairs round len(played) of sys for n players, from the rounds
// played; ErrOver once there is none, ErrPending when the results of the
// last round are needed and missing.
func Next(sys System, n int, played []Round) ([]Pair, error) {
	if n < 2 {
		return nil, fmt.Errorf("pairing: %d players: want 2 or more", n)
	}
	if len(played) >= Rounds(sys, n) {
		return nil, ErrOver
	}
	switch sys {
	case RoundRobin:
		return roundRobin(n, len(played)), nil
	case Swiss:
		if len(played) > 0 && !played[len(played)-1].Over() {
			return nil, ErrPending
		}
		return swiss(n, played)
	case Knockout:
		if len(played) > 0 && !played[len(played)-1].Over() {
			return nil, ErrPending
		}
		return knockout(n, played)
	}
	return nil, fmt.Errorf("pairing: unknown system %q", sys)
}
