package adjiboto

import "tabula/engine"

// Info declares the facts of Adji-Boto: two players who move in turn, no
// chance, won or lost by seeds (equal seeds draw). Its length is bounded
// by max-plies when that is set; otherwise the repetition rule ends it.
func (Game) Info(opts engine.Options) (engine.Info, error) {
	if _, err := New(opts); err != nil {
		return engine.Info{}, err
	}
	return engine.WinLossInfo(engine.Info{
		Players: 2, MinPlayers: 2, MaxPlayers: 2,
		MaxLength: opts.Int(OptMaxPlies),
	}), nil
}

// Returns appends +1 for the winner and -1 for the loser, 0 each for a
// draw or while the game goes on.
func (s *State) Returns(dst []float64) []float64 {
	o, over := s.Outcome()
	return engine.WinLossReturns(o, over, 2, dst)
}
