package tamman

import "tabula/engine"

// Info declares the facts of Tamman: two to four players who move in turn
// after throws of the cowries (chance), one winner. No bound on its length
// is known: captures can send men back without end in principle.
func (Game) Info(opts engine.Options) (engine.Info, error) {
	if _, err := New(opts); err != nil {
		return engine.Info{}, err
	}
	return engine.WinLossInfo(engine.Info{
		Players: opts.Int(OptPlayers), MinPlayers: 2, MaxPlayers: 4,
		Chance: true,
	}), nil
}

// Returns appends +1 for the winner and -1/(n-1) for each other player,
// 0 each while the game goes on.
func (s *State) Returns(dst []float64) []float64 {
	o, over := s.Outcome()
	return engine.WinLossReturns(o, over, int(s.r.players), dst)
}
