package tammanai

import (
	"errors"

	"tabula/engine"
	"tabula/games/tamman"
)

// A NetMean judges a position of two players by the mean of several
// networks' chances. Networks trained alike from other seeds err in
// other places; a search takes the best of many leaves, so it picks
// out a network's overrated positions, and a mean of networks whose errors
// differ overrates fewer of them (docs/lab/tamman-headroom.md). The
// position's inputs are worked out once for all the networks.
type NetMean struct {
	nets   []*Net
	inputs int // the most of the networks' inputs
}

// NewNetMean returns the mean of nets, at least one.
func NewNetMean(nets ...*Net) (*NetMean, error) {
	if len(nets) == 0 {
		return nil, errors.New("tammanai: a mean of no networks")
	}
	m := &NetMean{nets: nets}
	for _, n := range nets {
		m.inputs = max(m.inputs, n.inputs)
	}
	return m, nil
}

// WinChance is the mean of the networks' chances that the player to act
// in s wins (1 or 0 once the game is over: whether she won).
func (m *NetMean) WinChance(s *tamman.State) float64 { return meanChance(s, m.inputs, m.nets) }

// Eval is WinChance in the form of a search's evaluation
// (ai.Config.Eval), as Net.Eval.
func (m *NetMean) Eval(s engine.State, dst []float64) []float64 {
	t := s.(*tamman.State)
	return appendChances(dst, t, m.WinChance(t))
}
