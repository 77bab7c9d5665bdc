package engine

import "fmt"

// Utility says how the returns of a game's players relate, as OpenSpiel's
// GameType::Utility does.
type Utility uint8

const (
	// ZeroSum: the returns of every finished game add up to zero.
	ZeroSum Utility = iota
	// ConstantSum: the returns add up to the same number in every game.
	ConstantSum
	// GeneralSum: no relation between the returns.
	GeneralSum
)

// String gives "zero-sum", "constant-sum" or "general-sum".
func (u Utility) String() string {
	switch u {
	case ZeroSum:
		return "zero-sum"
	case ConstantSum:
		return "constant-sum"
	case GeneralSum:
		return "general-sum"
	}
	return fmt.Sprintf("Utility(%d)", uint8(u))
}

// Info holds the facts of a game under given options, declared by the game
// so that agents, servers and tools ask instead of probing (OpenSpiel's
// GameType and GameInfo).
type Info struct {
	// Players is the number of players under these options; MinPlayers and
	// MaxPlayers give the range the game accepts under any options.
	Players, MinPlayers, MaxPlayers int
	// Simultaneous reports whether some turns are joint moves of several
	// players (Actors returns more than one player).
	Simultaneous bool
	// Chance reports whether chance events occur (Actors returns
	// ChancePlayer).
	Chance bool
	// Utility relates the players' returns; MinUtility and MaxUtility bound
	// each player's return.
	Utility                Utility
	MinUtility, MaxUtility float64
	// MaxLength bounds Ply over a whole game under these options, or is 0
	// when the game ends for sure but no useful bound is known (it ends by a
	// repetition rule, for example).
	MaxLength int
}

// Describer is implemented by every game: it declares its facts for the
// given options (the defaults when opts is the zero value). An error means
// opts do not make a valid game.
type Describer interface {
	Info(opts Options) (Info, error)
}

// Returner is implemented by every state: one return per player, 0 for all
// while the game is not over (OpenSpiel's State::Returns).
type Returner interface {
	Returns(dst []float64) []float64
}

// GameInfo returns the facts of g under opts.
func GameInfo(g Game, opts Options) (Info, error) {
	if len(opts.Settings()) == 0 {
		opts = DefaultOptions(g)
	}
	return g.Info(opts)
}

// WinLossReturns appends the returns of a game that one player wins and the
// others lose, or that all draw: +1 to the winner and -1/(n-1) to each of
// the others (so they sum to zero), 0 each for a draw or an unfinished
// game. These are the returns of every game Tabula has.
func WinLossReturns(o Outcome, over bool, n int, dst []float64) []float64 {
	for p := 0; p < n; p++ {
		switch {
		case !over || o.Draw():
			dst = append(dst, 0)
		case o.Winner == p:
			dst = append(dst, 1)
		default:
			dst = append(dst, -1/float64(n-1))
		}
	}
	return dst
}

// WinLossInfo fills the utility fields of info for WinLossReturns with
// info.Players players.
func WinLossInfo(info Info) Info {
	info.Utility = ZeroSum
	info.MinUtility = -1 / float64(info.Players-1)
	info.MaxUtility = 1
	return info
}
