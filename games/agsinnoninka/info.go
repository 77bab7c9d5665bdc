package agsinnoninka

import "tabula/engine"

// Info declares the facts of Agsinnoninka: two players who choose their
// holes at once in every turn; chance only under simultaneity=chance-order,
// which draws who sows first. Its length is bounded when max-turns bounds
// each round (max-rounds always bounds the rounds).
func (Game) Info(opts engine.Options) (engine.Info, error) {
	if _, err := New(opts); err != nil {
		return engine.Info{}, err
	}
	maxLen := 0
	if t := opts.Int(OptMaxTurns); t > 0 {
		// A turn is a joint move, plus a chance move under chance-order.
		perTurn := 1
		if opts.Enum(OptSimultaneity) == ChanceOrder {
			perTurn = 2
		}
		maxLen = opts.Int(OptMaxRounds) * t * perTurn
	}
	return engine.WinLossInfo(engine.Info{
		Players: 2, MinPlayers: 2, MaxPlayers: 2,
		Simultaneous: true,
		Chance:       opts.Enum(OptSimultaneity) == ChanceOrder,
		MaxLength:    maxLen,
	}), nil
}

// Returns appends +1 for the winner and -1 for the loser, 0 each for a
// draw or while the match goes on.
func (s *State) Returns(dst []float64) []float64 {
	o, over := s.Outcome()
	return engine.WinLossReturns(o, over, 2, dst)
}
