package ai

import (
	"testing"

	"tabula/engine"
)

// winLossRewards is the reward MCTS gave before it asked the game for its
// returns: 1 for the winner, 0 for the others, 1/n each for a draw. Mapping
// the returns must give the same, so searches play as they did.
func winLossRewards(o engine.Outcome, n int) []float64 {
	out := make([]float64, n)
	for p := range out {
		switch {
		case o.Draw():
			out[p] = 1 / float64(n)
		case o.Winner == p:
			out[p] = 1
		}
	}
	return out
}

func TestRewardsFromReturnsMatchWinLossRewards(t *testing.T) {
	draws, wins := 0, 0
	for _, start := range gameSetups(t) {
		n := start.NumPlayers()
		seats := make([]Agent, n)
		for i := range seats {
			seats[i] = NewRandom(uint64(i + 1))
		}
		var scale rewardScale
		for seed := uint64(0); seed < 6; seed++ {
			s := playGame(t, start.Clone(), seats, seed, 5000)
			o, ok := s.Outcome()
			if !ok {
				continue
			}
			scale.update(s)
			got := scale.rewards(s, nil)
			want := winLossRewards(o, n)
			for p := range want {
				if d := got[p] - want[p]; d > 1e-12 || d < -1e-12 {
					t.Errorf("%s, %d players, %v: rewards %v, want %v", s.Game().ID(), n, o, got, want)
					break
				}
			}
			if o.Draw() {
				draws++
			} else {
				wins++
			}
		}
	}
	if wins == 0 {
		t.Error("no game was won: the test checked nothing")
	}
	// Draws come from the tree game: a 3-player draw gives 1/3 each.
	g := &treeGame{id: "draw3", players: 3, nodes: []treeNode{{winner: -1}}}
	s, _ := g.NewState(engine.Options{})
	var scale rewardScale
	scale.update(s)
	got := scale.rewards(s, nil)
	for p, want := range winLossRewards(engine.Outcome{Winner: -1}, 3) {
		if d := got[p] - want; d > 1e-12 || d < -1e-12 {
			t.Errorf("3-player draw: rewards %v, want 1/3 each", got)
		}
	}
	t.Logf("%d won and %d drawn random games checked", wins, draws)
}

// spreadGame is a general-sum game whose returns are not win/loss: the
// rewards must follow the declared bounds, not the outcome.
type spreadGame struct{ treeGame }

func (g *spreadGame) Info(engine.Options) (engine.Info, error) {
	return engine.Info{Players: 2, MinPlayers: 2, MaxPlayers: 2, Utility: engine.GeneralSum, MinUtility: -10, MaxUtility: 30}, nil
}

type spreadState struct{ treeState }

func (s *spreadState) Game() engine.Game { return &spreadGame{*s.g} }
func (s *spreadState) Returns(dst []float64) []float64 {
	return append(dst, 20, -10)
}

func TestRewardsFollowTheDeclaredBounds(t *testing.T) {
	tg := &treeGame{id: "spread", players: 2, nodes: []treeNode{{winner: 0}}}
	s := &spreadState{treeState{g: tg}}
	var scale rewardScale
	scale.update(s)
	got := scale.rewards(s, nil)
	if len(got) != 2 || got[0] != 0.75 || got[1] != 0 {
		t.Errorf("returns 20, -10 in [-10, 30]: rewards %v, want [0.75 0]", got)
	}
}
