package tammanai

import (
	"math/rand/v2"

	"tabula/engine"
	"tabula/games/tamman"
)

// This file trains NetEval's network on the values of its own deeper
// search (`tabula train --game tamman --net --search-depth N`): the
// self-play players choose their moves by a search judged by the network
// being trained (TrainConfig.Search: expectiminimax to depth N, ai's
// alpha-beta with the network as its Config.Eval, as hard searches), and
// each position where a player searched moves toward the value the
// search found there.
//
// Why the root's value and not TD-Leaf. TD-Leaf(lambda) (Baxter,
// Tridgell and Weaver 1998) moves the principal leaf of each search
// toward the principal leaf of the next: in chess the value of a search
// is the value of one leaf. Here every throw inside the search is a
// chance node whose value is the mean over its outcomes, so the value of
// the search is a weighted mean of many leaves and there is no one leaf
// to move; its gradient (every leaf's, by its weight along the moves
// chosen) would cost a second pass over the tree. So, as TreeStrap's root
// variant (Veness, Silver, Uther and Blair 2009), the network's value of
// the position searched is bootstrapped toward the search's value there:
// the network learns at the root what its own search sees deeper, and
// judges the leaves of the next searches by it.
//
// Along the game the targets are mixed by lambda as in TD(lambda): the
// target of position t is G_t = (1-lambda) T_t + lambda G_{t+1}, the
// result at the end, where T_t is the search's value at t when a player
// chose her move there by search, and else (after a throw, or a move
// with no choice) the network's value of the position after, as TD's own
// one-step target. Then G_t - V_t is the sum over j >= t of
// lambda^(j-t) delta_j with delta_j = (1-lambda) T_j + lambda V_{j+1} -
// V_j, so the eligibility trace of nettrain.go carries it: where no
// search ran delta is TD's V_{j+1} - V_j; with lambda 0 each searched
// position moves straight toward its search value (the root bootstrap
// alone), with lambda 1 toward the result (the searches unused).

// A NetSearcher searches a position of two players from player's side
// and gives the move it chooses and its value for her: her chance of
// winning minus the other's, as ai.AlphaBeta gives it with the network's
// Eval. Forget drops what it stored from earlier searches, whose values
// the network judged before it last learned.
type NetSearcher interface {
	Search(s engine.State, player int) (engine.Move, float64)
	Forget()
}

// trainBySearch plays cfg.Games games of self-play from start, each
// choice of a move made by sr, the throws drawn from rng, and moves n
// after every throw and move toward the lambda-mixture of the searches'
// values along the game.
func (n *Net) trainBySearch(start tamman.State, cfg TrainConfig, rng *rand.Rand, sr NetSearcher) {
	var moves []engine.Move
	n.selfPlay(start, cfg, rng, func(s *tamman.State) (engine.Move, float64, bool) {
		return searchMove(s, &moves, sr)
	})
}

// searchMove returns the move sr chooses in s, whose player is to move,
// and player 0's chance of winning by the search; the only legal move
// and false when there is no choice to search.
func searchMove(s *tamman.State, moves *[]engine.Move, sr NetSearcher) (engine.Move, float64, bool) {
	*moves = s.Legal(s.Turn(), (*moves)[:0])
	if len(*moves) == 1 {
		return (*moves)[0], 0, false
	}
	// The network has learned since the last search: what the searcher
	// stored was judged by the weights before.
	sr.Forget()
	m, v := sr.Search(s, s.Turn())
	p := (v + 1) / 2 // her chance minus the other's is 2p - 1
	if s.Turn() == 1 {
		p = 1 - p
	}
	return m, p, true
}
