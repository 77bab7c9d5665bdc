package tamman

import (
	"bytes"
	_ "embed"
	"math"
)

// This file holds the learned network (NetEval): a network of one hidden
// layer that gives, in a game of two, the chance that the player to act
// wins, from both sides' men and what threatens them. Its weights are
// learned by self-play with TD(lambda) (nettrain.go) and kept in net.txt.
// Where LearnedEval scores each side alone and subtracts, the hidden
// units see both sides at once: a lead counts for more near the end of
// the race, a man in danger for more when the race is close.

// The inputs, for the player to act ("me", offset 0) and her opponent
// (offset netSide): netStep+k is her men on step k of her path (halved),
// netDanger the steps her men stand to lose to the other's next throw (in
// 24ths), netExposed her men that some enemy throw passes over (their
// chances summed), netRace the steps she still has to go (in 96ths); then
// the throws the player to act holds (their sum in 8ths, their count in
// 4ths), is owed (in halves), and whether she is to move.
const (
	netStep    = 0
	netDanger  = Home + 1
	netExposed = netDanger + 1
	netRace    = netExposed + 1
	netSide    = netRace + 1
	netHeld    = 2 * netSide
	netPool    = netHeld + 1
	netOwed    = netPool + 1
	netMoving  = netOwed + 1
	// NetInputs and NetHidden are the sizes of the network's layers.
	NetInputs = netMoving + 1
	NetHidden = 32
)

// Net is a network of one hidden layer of sigmoid units and a sigmoid
// output: the chance that the player to act wins.
type Net struct {
	In  [NetInputs][NetHidden]float64 // weights of input i into hidden unit h
	B1  [NetHidden]float64
	Out [NetHidden]float64
	B2  float64
}

// NumNetWeights is the number of weights FormatNet writes.
const NumNetWeights = NetInputs*NetHidden + 2*NetHidden + 1

// netInputs writes the inputs of s, a game of two not over, from the side
// of the player to act.
func (s *State) netInputs(x *[NetInputs]float64) {
	*x = [NetInputs]float64{}
	me := int(s.turn)
	for side, p := range [2]int{me, 1 - me} {
		o := side * netSide
		togo := 0
		for _, k := range s.men[p] {
			x[o+netStep+int(k)] += 0.5
			togo += Home - int(k)
		}
		loss, exposed := s.threat(p, 1-p)
		x[o+netDanger] = loss / Steps
		x[o+netExposed] = exposed
		x[o+netRace] = float64(togo) / (4 * Steps)
	}
	held := 0
	for _, v := range s.pool[:s.nPool] {
		held += int(v)
	}
	x[netHeld] = float64(held) / 8
	x[netPool] = float64(s.nPool) / 4
	if s.phase == ThrowPhase {
		x[netOwed] = (float64(s.due) + float64(s.capDue)) / 2
	} else {
		x[netMoving] = 1
	}
}

// threat gives the steps player p's men stand to lose to player e's next
// throw (each man passed over goes back to his 'ayn) and how many of them
// are passed over, each counted by his chance.
func (s *State) threat(p, e int) (loss, exposed float64) {
	r := s.r
	for _, k := range s.men[p] {
		if k == 0 || k == Home {
			continue
		}
		q := r.path[p][k]
		if r.safe&(1<<q) != 0 {
			continue
		}
		at := int(r.step[e][q])
		safe := 1.0
		for _, a := range s.men[e] {
			if d := at - int(a); a != Home && d > 0 && d < 8 {
				safe *= r.miss[d]
			}
		}
		loss += float64(k) * (1 - safe)
		exposed += 1 - safe
	}
	return loss, exposed
}

// forward returns the net's output for inputs x, and leaves the hidden
// units in h.
func (n *Net) forward(x *[NetInputs]float64, h *[NetHidden]float64) float64 {
	*h = n.B1
	for i, v := range x {
		if v == 0 {
			continue // most inputs are empty steps
		}
		w := &n.In[i]
		for j := range h {
			h[j] += v * w[j]
		}
	}
	z := n.B2
	for j, a := range h {
		h[j] = sigmoid(a)
		z += n.Out[j] * h[j]
	}
	return sigmoid(z)
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// WinChance is the chance, by the net, that the player to act in s wins
// (1 or 0 once the game is over: whether she won). s is a game of two.
func (n *Net) WinChance(s *State) float64 {
	if s.phase == Over {
		return float64(b2i(s.winner == int8(s.turn)))
	}
	var x [NetInputs]float64
	var h [NetHidden]float64
	s.netInputs(&x)
	return n.forward(&x, &h)
}

// NetEval gives each player of a game of two her chance of winning by the
// learned network (1 and 0 once the game is won): alpha-beta compares the
// difference, 2p - 1, which its means over the throws keep a chance.
func (s *State) NetEval(dst []float64) []float64 {
	p := learnedNet.WinChance(s)
	if s.turn == 1 {
		return append(dst, 1-p, p)
	}
	return append(dst, p, 1-p)
}

// netText is the weights `tabula train --game tamman --net` learned
// (docs/ai.md has the command).
//
//go:embed net.txt
var netText []byte

// learnedNet is NetEval's network.
var learnedNet = func() *Net {
	n, err := ParseNet(netText)
	if err != nil {
		panic("tamman: net.txt: " + err.Error())
	}
	return n
}()

// ParseNet reads a network written by FormatNet: lines "# ..." (comments)
// and one number a line, NumNetWeights of them: the input weights input by
// input, the hidden biases, the output weights, the output bias.
func ParseNet(text []byte) (*Net, error) {
	w := make([]float64, NumNetWeights)
	if err := parseNumbers(text, w); err != nil {
		return nil, err
	}
	var n Net
	for i := range n.In {
		w = w[copy(n.In[i][:], w):]
	}
	w = w[copy(n.B1[:], w):]
	w = w[copy(n.Out[:], w):]
	n.B2 = w[0]
	return &n, nil
}

// FormatNet writes n one number a line, in ParseNet's order, after the
// comment lines of header.
func FormatNet(n *Net, header string) []byte {
	var b bytes.Buffer
	formatNumbers(&b, header, nil)
	for i := range n.In {
		formatNumbers(&b, "", n.In[i][:])
	}
	formatNumbers(&b, "", n.B1[:])
	formatNumbers(&b, "", n.Out[:])
	formatNumbers(&b, "", []float64{n.B2})
	return b.Bytes()
}
