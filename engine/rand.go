package engine

import (
	"math/bits"
	"math/rand/v2"
)

// Rand draws from a PCG source exactly what math/rand/v2's Rand over that
// source draws (IntN, Float64), but calls the source directly instead of
// through the rand.Source interface, so that a playout's draws inline. A
// search that switches between the two keeps its games: the same seed
// gives the same numbers.
type Rand struct {
	Src *rand.PCG
}

// IntN returns a number in [0, n) as (*rand.Rand).IntN does; n must be
// positive.
func (r Rand) IntN(n int) int {
	// Lemire's multiply-shift with rejection, as math/rand/v2 does it on a
	// 64-bit machine (a power of two is a mask of the low bits).
	// Both results are computed from the one draw and the power of two's
	// picked by a conditional move: a branch on it would miss whenever a
	// playout's count of moves changes between odd and even and powers
	// of two. The rejection only concerns the multiply (lo < un is rare,
	// so it is tested first).
	un := uint64(n)
	x := r.Src.Uint64()
	hi, lo := bits.Mul64(x, un)
	if lo < un && un&(un-1) != 0 {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.Src.Uint64(), un)
		}
	}
	if un&(un-1) == 0 {
		hi = x & (un - 1)
	}
	return int(hi)
}

// Float64 returns a number in [0, 1) as (*rand.Rand).Float64 does.
func (r Rand) Float64() float64 {
	return float64(r.Src.Uint64()<<11>>11) / (1 << 53)
}

// RandomPlayouter is implemented by states that can play random turns
// themselves, faster than a loop over the State interface can: the turns
// are exactly those the general loop plays with the same draws, which is,
// for each turn, a chance event drawn by SampleChance-style inversion of
// ChanceOutcomes with one Float64, or for each actor in Actors order the
// move Legal(actor)[IntN(len)]. RandomPlayout plays at most maxTurns such
// turns (chance events count one each), stops at the end of the game, and
// returns the turns played.
type RandomPlayouter interface {
	RandomPlayout(r Rand, maxTurns int) int
}

// RandomTurner is implemented by states whose turns have one actor and
// that can play one random turn themselves: RandomTurn plays the turn
// RandomPlayout(r, 1) plays, drawing a chance event from chance (as
// RandomPlayout draws it from r, a stream's or a key's draw) and a move of
// player p from seats[p], and returns the actor (ChancePlayer for
// chance) and, for a player, the number of her legal moves, and whether
// the game is over. A self-play loop whose players all move at random
// takes it instead of listing the moves (tabula sim, tabula analyze).
type RandomTurner interface {
	RandomTurn(chance Chance, seats []Rand) (actor, legal int, over bool)
}

// RandomRunner is a RandomTurner that can also play the turns of a
// game one after another in one call, for a self-play loop that wants of
// them only a tally (tabula sim without records): RandomTurns plays what
// RandomTurn would, call after call, until the game ends or maxTurns
// turns are played, adds to t, and returns the turns played (chance
// events count one each) and whether the game is over. It saves two
// calls through interfaces a turn.
type RandomRunner interface {
	RandomTurner
	RandomTurns(chance Chance, seats []Rand, maxTurns int, t *TurnTally) (turns int, over bool)
}

// TurnTally counts what RandomTurns played: Captures is the players' turns
// after which the state's Captured was positive, Captured the sum of it.
type TurnTally struct {
	Captures, Captured int
}

// StandingsPlayer is a RandomTurner that can also play players' turns one
// after another in one call, for a self-play loop that wants of each only
// its moves and the standings after it (tabula analyze):
// RandomPlayersTurns plays what RandomTurn would, call after call, until
// the game ends or a move brings t.Moves to maxMoves; it adds the moves to
// t, appends to stand the game's standings (each player's, as the
// research workbench's Leader gives them) after each players' turn that
// ended (in a game with turns of several plies, when the player whose
// turn it is changes, chance events included; else after each move; a
// game that ends ends it), and returns stand, the players' turns ended
// and whether the game is over. Keyed chance (Chance.Keyed) moves to the
// next turn's keys as each players' turn ends. It saves the calls through
// interfaces of each ply.
type StandingsPlayer interface {
	RandomTurner
	RandomPlayersTurns(chance Chance, seats []Rand, maxMoves int, t *MoveTally, stand []float64) (standings []float64, turns int, over bool)
}

// MoveTally counts the players' moves RandomPlayersTurns played: Moves all
// of them, Choices those among more than one legal move, Options the legal
// moves of those.
type MoveTally struct {
	Moves, Choices, Options int
}

// Add counts a move among legal moves.
func (t *MoveTally) Add(legal int) {
	t.Moves++
	if legal > 1 {
		t.Choices++
		t.Options += legal
	}
}
