package tammanai

import (
	"bytes"
	_ "embed"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"tabula/engine"
	"tabula/games/tamman"
)

// This file holds the networks of games of three and four players
// (MultiNetEval): one hidden layer, as the network of two (net.go), and
// one output a seat, a softmax: each player's chance to be the first with
// all four men home, which is how a game of more players is won (the rules
// rank no one else). The inputs are those of the network of two, for each
// seat in the order of play from the player to act: the net sees the
// position from her side, and her chances come first. Their weights are
// learned by self-play (nettrain_multi.go) and kept in net3.txt and
// net4.txt.

// MultiNet is a network for games of Players() players.
type MultiNet struct {
	players, hidden int
	// w holds the weights in the order of the file: the hidden units'
	// weights of each input, the hidden biases, each output's weights
	// from the hidden units, the output biases.
	w []float64
}

// multiInputs is the inputs of a network for players: the side inputs of
// net.go (netStep to netRace) for each seat from the player to act, then
// the throws held (their sum, their count), owed, and whether she moves.
func multiInputs(players int) int { return players*netSide + 4 }

// MultiHidden is the hidden units of the committed networks of three and
// four players.
const MultiHidden = 24

// maxMultiInputs is the most inputs a network of four has.
const maxMultiInputs = 4*netSide + 4

// newMultiNet returns a network of all-zero weights.
func newMultiNet(players, hidden int) *MultiNet {
	in := multiInputs(players)
	return &MultiNet{players, hidden, make([]float64, in*hidden+hidden+players*hidden+players)}
}

// Shape gives the network's players and hidden units.
func (n *MultiNet) Shape() (players, hidden int) { return n.players, n.hidden }

// Equal reports whether n and o have the same shape and weights.
func (n *MultiNet) Equal(o *MultiNet) bool {
	return n.players == o.players && n.hidden == o.hidden && slices.Equal(n.w, o.w)
}

// The parts of w.
func (n *MultiNet) in(i int) []float64 { return n.w[i*n.hidden : (i+1)*n.hidden] }
func (n *MultiNet) b1() []float64 {
	at := multiInputs(n.players) * n.hidden
	return n.w[at : at+n.hidden]
}
func (n *MultiNet) out(k int) []float64 {
	at := (multiInputs(n.players) + 1 + k) * n.hidden
	return n.w[at : at+n.hidden]
}
func (n *MultiNet) b2() []float64 { return n.w[len(n.w)-n.players:] }

// multiX holds a position's inputs, multiP the chances of the seats from
// the player to act.
type (
	multiX = [maxMultiInputs]float64
	multiP = [4]float64
)

// multiNetInputs writes the inputs of s, a game not over, from the side
// of the player to act (seatInputs).
func multiNetInputs(s *tamman.State, x *multiX) {
	*x = multiX{}
	var buf [maxPool]int
	seatInputs(s, x[:], s.AppendThrows(buf[:0]))
}

// forward writes to p the chances of the seats from the player to act for
// inputs x, and leaves the hidden units in h.
func (n *MultiNet) forward(x *multiX, h *netH, p *multiP) {
	hh := h[:n.hidden]
	copy(hh, n.b1())
	for i, v := range x[:multiInputs(n.players)] {
		if v == 0 {
			continue // most inputs are empty steps
		}
		w := n.in(i)[:len(hh)]
		for j := range hh {
			hh[j] += v * w[j]
		}
	}
	for j, a := range hh {
		hh[j] = sigmoid(a)
	}
	top := math.Inf(-1)
	for k, b := range n.b2() {
		z := b
		for j, w := range n.out(k)[:len(hh)] {
			z += w * hh[j]
		}
		p[k] = z
		top = max(top, z)
	}
	sum := 0.0
	for k := range n.players {
		p[k] = math.Exp(p[k] - top)
		sum += p[k]
	}
	for k := range n.players {
		p[k] /= sum
	}
}

// Chances appends each player's chance, by the net, to be the first with
// all four men home in s (1 for the winner and 0 for the others once the
// game is over), player by player. s has the net's players.
func (n *MultiNet) Chances(s *tamman.State, dst []float64) []float64 {
	np := s.NumPlayers()
	if s.Phase() == tamman.Over {
		for p := range np {
			dst = append(dst, float64(b2i(s.Winner() == p)))
		}
		return dst
	}
	var x multiX
	var h netH
	var c multiP
	multiNetInputs(s, &x)
	n.forward(&x, &h, &c)
	me := s.Turn()
	for p := range np {
		dst = append(dst, c[(p-me+np)%np])
	}
	return dst
}

// Eval is Chances in the form of a search's evaluation (ai.Config.Eval).
func (n *MultiNet) Eval(s engine.State, dst []float64) []float64 {
	return n.Chances(s.(*tamman.State), dst)
}

// MultiNetEval gives each player of a game of three or four her chance of
// winning by the committed network of that many players (net3.txt,
// net4.txt). s is a game of three or four players (NetEval judges games
// of two).
func MultiNetEval(s *tamman.State, dst []float64) []float64 {
	return multiNetFor(s.NumPlayers()).Chances(s, dst)
}

// multiNetFor is the committed network of players (3 or 4).
func multiNetFor(players int) *MultiNet {
	switch players {
	case 3:
		return learnedNet3()
	case 4:
		return learnedNet4()
	}
	panic("tammanai: no network for games of " + strconv.Itoa(players))
}

// netText3 and netText4 are the weights `tabula train --game tamman --net
// --players 3` (4) learned (docs/ai.md has the commands).
var (
	//go:embed net3.txt
	netText3 []byte
	//go:embed net4.txt
	netText4 []byte
)

var (
	learnedNet3 = sync.OnceValue(func() *MultiNet { return mustMultiNet("net3.txt", netText3, 3) })
	learnedNet4 = sync.OnceValue(func() *MultiNet { return mustMultiNet("net4.txt", netText4, 4) })
)

func mustMultiNet(name string, text []byte, players int) *MultiNet {
	n, err := ParseMultiNet(text)
	if err == nil && n.players != players {
		err = fmt.Errorf("a network of %d players, want %d", n.players, players)
	}
	if err != nil {
		panic("tammanai: " + name + ": " + err.Error())
	}
	return n
}

// ParseMultiNet reads a network written by FormatMultiNet: lines "# ..."
// (comments), a line "players PLAYERS hidden HIDDEN" before the numbers,
// and one number a line: the input weights input by input, the hidden
// biases, the output weights output by output, the output biases.
func ParseMultiNet(text []byte) (*MultiNet, error) {
	for at, line := 0, 1; at < len(text); line++ {
		l, _, _ := bytes.Cut(text[at:], []byte("\n"))
		start := at
		at += len(l) + 1
		t := bytes.TrimSpace(l)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		f := strings.Fields(string(t))
		var players, hidden int
		var errP, errH error
		if len(f) == 4 {
			players, errP = strconv.Atoi(f[1])
			hidden, errH = strconv.Atoi(f[3])
		}
		if len(f) != 4 || f[0] != "players" || f[2] != "hidden" || errP != nil || errH != nil {
			return nil, fmt.Errorf("line %d: %q: want players PLAYERS hidden HIDDEN", line, t)
		}
		if players != 3 && players != 4 {
			return nil, fmt.Errorf("line %d: %d players, want 3 or 4", line, players)
		}
		if hidden < 1 || hidden > MaxNetHidden {
			return nil, fmt.Errorf("line %d: %d hidden units, want 1 to %d", line, hidden, MaxNetHidden)
		}
		n := newMultiNet(players, hidden)
		// parseNumbers reads the shape's line as a comment.
		if err := parseNumbers(slices.Concat(text[:start], []byte("#"), text[start:]), n.w); err != nil {
			return nil, err
		}
		return n, nil
	}
	return nil, fmt.Errorf("no line players PLAYERS hidden HIDDEN")
}

// FormatMultiNet writes n as ParseMultiNet reads it, after the comment
// lines of header.
func FormatMultiNet(n *MultiNet, header string) []byte {
	var b bytes.Buffer
	formatNumbers(&b, header, nil)
	fmt.Fprintf(&b, "players %d hidden %d\n", n.players, n.hidden)
	formatNumbers(&b, "", n.w)
	return b.Bytes()
}
