package ai

import (
	"fmt"
	"strconv"

	"tabula/engine"
)

// treeGame is a tiny game given as an explicit tree, for tests of the
// searches on chance events, simultaneous turns and more than two players.
type treeGame struct {
	id      string
	players int
	nodes   []treeNode
}

// treeNode is one position. A terminal node has no actors. Player nodes
// give each actor moveCounts[i] moves 0..k-1; next is indexed by the joint
// move in mixed radix (first actor fastest). A chance node has actors
// [ChancePlayer] and probs, one per child.
type treeNode struct {
	actors     []int
	moveCounts []int
	probs      []float64
	next       []int
	winner     int       // terminal: -1 for a draw
	scores     []float64 // optional running scores
}

func (g *treeGame) ID() string                 { return g.id }
func (g *treeGame) Name() string               { return g.id }
func (g *treeGame) Specs() []engine.OptionSpec { return nil }
func (g *treeGame) NewState(engine.Options) (engine.State, error) {
	return &treeState{g: g}, nil
}

// Info declares the tree's facts, read off its nodes.
func (g *treeGame) Info(engine.Options) (engine.Info, error) {
	info := engine.Info{Players: g.players, MinPlayers: g.players, MaxPlayers: g.players, MaxLength: len(g.nodes)}
	for _, n := range g.nodes {
		if len(n.actors) > 1 {
			info.Simultaneous = true
		}
		if len(n.actors) == 1 && n.actors[0] == engine.ChancePlayer {
			info.Chance = true
		}
	}
	return engine.WinLossInfo(info), nil
}

type treeState struct {
	g   *treeGame
	at  int
	ply int
}

func (s *treeState) node() *treeNode           { return &s.g.nodes[s.at] }
func (s *treeState) Game() engine.Game         { return s.g }
func (s *treeState) Options() engine.Options   { return engine.Options{} }
func (s *treeState) NumPlayers() int           { return s.g.players }
func (s *treeState) Ply() int                  { return s.ply }
func (s *treeState) Actors(dst []int) []int    { return append(dst, s.node().actors...) }
func (s *treeState) Clone() engine.State       { c := *s; return &c }
func (s *treeState) CopyFrom(src engine.State) { *s = *src.(*treeState) }
func (s *treeState) Hash() uint64              { return uint64(s.at)*0x9e3779b97f4a7c15 + 1 }
func (s *treeState) Terminal() bool            { return len(s.node().actors) == 0 }
func (s *treeState) Details() engine.Details   { return engine.Details{}.With("node", s.at) }

func (s *treeState) Legal(player int, dst []engine.Move) []engine.Move {
	n := s.node()
	for i, a := range n.actors {
		if a != player {
			continue
		}
		k := len(n.probs)
		if player != engine.ChancePlayer {
			k = n.moveCounts[i]
		}
		for m := 0; m < k; m++ {
			dst = append(dst, engine.Move(m))
		}
	}
	return dst
}

func (s *treeState) ChanceOutcomes(dst []engine.ChanceOutcome) []engine.ChanceOutcome {
	for i, p := range s.node().probs {
		dst = append(dst, engine.ChanceOutcome{Move: engine.Move(i), Prob: p})
	}
	return dst
}

func (s *treeState) Apply(m engine.Move) { s.at = s.node().next[m]; s.ply++ }

func (s *treeState) ApplyJoint(ms []engine.Move) {
	n := s.node()
	idx, radix := 0, 1
	for i, m := range ms {
		idx += int(m) * radix
		radix *= n.moveCounts[i]
	}
	s.at = n.next[idx]
	s.ply++
}

func (s *treeState) Outcome() (engine.Outcome, bool) {
	if !s.Terminal() {
		return engine.Outcome{}, false
	}
	return engine.Outcome{Winner: s.node().winner}, true
}

func (s *treeState) Returns(dst []float64) []float64 {
	o, over := s.Outcome()
	return engine.WinLossReturns(o, over, s.g.players, dst)
}

func (s *treeState) Scores(dst []float64) []float64 {
	if sc := s.node().scores; sc != nil {
		return append(dst, sc...)
	}
	for i := 0; i < s.g.players; i++ {
		dst = append(dst, 0)
	}
	return dst
}

func (s *treeState) MoveText(player int, m engine.Move) string { return strconv.Itoa(int(m)) }

func (s *treeState) ParseMove(player int, text string) (engine.Move, error) {
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, fmt.Errorf("tree: %q is not a number", text)
	}
	return engine.Move(n), nil
}

// Helpers to build trees: leaf(w) is a finished game won by w (-1: draw).
type treeBuilder struct{ g *treeGame }

func build(id string, players int) *treeBuilder {
	return &treeBuilder{g: &treeGame{id: id, players: players}}
}

func (b *treeBuilder) add(n treeNode) int {
	b.g.nodes = append(b.g.nodes, n)
	return len(b.g.nodes) - 1
}

func (b *treeBuilder) leaf(winner int, scores ...float64) int {
	return b.add(treeNode{winner: winner, scores: scores})
}

func (b *treeBuilder) turn(player int, next ...int) int {
	return b.add(treeNode{actors: []int{player}, moveCounts: []int{len(next)}, next: next})
}

func (b *treeBuilder) chance(probs []float64, next ...int) int {
	return b.add(treeNode{actors: []int{engine.ChancePlayer}, probs: probs, next: next})
}

// matrix is a simultaneous turn of players 0 and 1; winners[r][c] is the
// winner when player 0 plays r and player 1 plays c.
func (b *treeBuilder) matrix(winners [][]int) int {
	rows, cols := len(winners), len(winners[0])
	next := make([]int, rows*cols)
	for r := range winners {
		for c, w := range winners[r] {
			next[r+c*rows] = b.leaf(w)
		}
	}
	return b.add(treeNode{actors: []int{0, 1}, moveCounts: []int{rows, cols}, next: next})
}

// game finishes the tree with root as the start position (moved to index
// 0 by swapping).
func (b *treeBuilder) game(root int) *treeGame {
	g := b.g
	if root != 0 {
		g.nodes[0], g.nodes[root] = g.nodes[root], g.nodes[0]
		for i := range g.nodes {
			for j, x := range g.nodes[i].next {
				switch x {
				case 0:
					g.nodes[i].next[j] = root
				case root:
					g.nodes[i].next[j] = 0
				}
			}
		}
	}
	return g
}
