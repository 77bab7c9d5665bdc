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
// 4ths), is owed (in halves), and whether she is to move. A network of
// NetInputsMore inputs sees more of the throws she holds: how many of each
// value (netHeldOf, halved), and the most steps of enemy men one of them
// sends back now (netCatch, in 24ths); and for each side how far her last
// man has to go (netFar, in 24ths) and the chance that a throw is lost to
// her because no man of hers can use it (netWaste: under exact-finish a
// throw longer than her last man's way).
const (
	netStep    = 0
	netDanger  = tamman.Home + 1
	netExposed = netDanger + 1
	netRace    = netExposed + 1
	netSide    = netRace + 1
	netHeld    = 2 * netSide
	netPool    = netHeld + 1
	netOwed    = netPool + 1
	netMoving  = netOwed + 1
	// NetInputs is the number of inputs of the first network's kind
	// (testdata/net60.txt, from which the committed one was trained on).
	NetInputs = netMoving + 1
	netHeldOf = NetInputs
	netCatch  = netHeldOf + numThrowValues
	netFar    = netCatch + 1 // me, then the opponent
	netWaste  = netFar + 2
	// NetInputsMore is the number of inputs with the throws held in full
	// and the end of the race.
	NetInputsMore = netWaste + 2
	netRearHit    = NetInputsMore   // me, then the opponent (behind.go)
	netRearFoes   = netRearHit + 2  // me, then the opponent
	netRearTrail  = netRearFoes + 2 // me, then the opponent
	// NetInputsBehind is the number of inputs with, besides those of
	// NetInputsMore, the danger of each side's rearmost man.
	NetInputsBehind = netRearTrail + 2
	// NetHidden is the hidden units of the committed network and of the
	// first, MaxNetHidden the most a network may have.
	NetHidden    = 32
	MaxNetHidden = 256
)

// NumNetWeights is the number of weights of the first network's shape,
// the shape a file gives without a line "shape".
const NumNetWeights = NetInputs*NetHidden + 2*NetHidden + 1

// Net is a network of one hidden layer of sigmoid units and a sigmoid
// output: the chance that the player to act wins.
type Net struct {
	inputs, hidden int
	// w holds the weights in the order of the file: the hidden units'
	// weights of input 0, of input 1, ..., the hidden biases, the output
	// weights, the output bias.
	w []float64
}

// newNet returns a network of all-zero weights.
func newNet(inputs, hidden int) *Net {
	return &Net{inputs, hidden, make([]float64, inputs*hidden+2*hidden+1)}
}

// Shape gives the network's inputs and hidden units.
func (n *Net) Shape() (inputs, hidden int) { return n.inputs, n.hidden }

// Equal reports whether n and o have the same shape and weights.
func (n *Net) Equal(o *Net) bool {
	return n.inputs == o.inputs && n.hidden == o.hidden && slices.Equal(n.w, o.w)
}

func (n *Net) clone() *Net {
	c := *n
	c.w = slices.Clone(n.w)
	return &c
}

// The parts of w.
func (n *Net) in(i int) []float64 { return n.w[i*n.hidden : (i+1)*n.hidden] }
func (n *Net) b1() []float64      { return n.w[n.inputs*n.hidden : (n.inputs+1)*n.hidden] }
func (n *Net) out() []float64     { return n.w[(n.inputs+1)*n.hidden : (n.inputs+2)*n.hidden] }
func (n *Net) b2() *float64       { return &n.w[len(n.w)-1] }

// netX holds a position's inputs, netH a network's hidden units.
type (
	netX = [NetInputsBehind]float64
	netH = [MaxNetHidden]float64
)

// seatInputs writes the inputs the networks of two, three and four
// players share into x (zeroed): for each seat, from the player to act in
// the order of play, her men on each step, the danger and exposure of her
// men (summed over every other player's next throw), her race; then the
// throws held (pool), how many, the throws owed and whether she is
// moving: n*netSide+4 inputs for n players.
func seatInputs(s *tamman.State, x []float64, pool []int) {
	n, me := s.NumPlayers(), s.Turn()
	for r := range n {
		p := (me + r) % n
		o := r * netSide
		togo := 0
		for _, k := range s.Steps(p) {
			x[o+netStep+k] += 0.5
			togo += tamman.Home - k
		}
		for e := range n {
			if e != p {
				loss, exposed := threat(s, p, e)
				x[o+netDanger] += loss / tamman.Steps
				x[o+netExposed] += exposed
			}
		}
		x[o+netRace] = float64(togo) / (4 * tamman.Steps)
	}
	g := n * netSide
	held := 0
	for _, v := range pool {
		held += v
	}
	x[g] = float64(held) / 8
	x[g+1] = float64(len(pool)) / 4
	if s.Phase() == tamman.ThrowPhase {
		x[g+2] = float64(s.ThrowsOwed()) / 2
	} else {
		x[g+3] = 1
	}
}

// numThrowValues is the number of values a throw can take (1, 2, 3, 4, 8).
const numThrowValues = 5

// netInputs writes the inputs of s, a game of two not over, from the side
// of the player to act; the first inputs of them if inputs is NetInputs.
func netInputs(s *tamman.State, x *netX, inputs int) {
	*x = netX{}
	var buf [maxPool]int
	pool := s.AppendThrows(buf[:0])
	seatInputs(s, x[:], pool)
	if inputs <= NetInputs {
		return
	}
	me := s.Turn()
	for _, v := range pool {
		if i := valueIndex(v); i >= 0 {
			x[netHeldOf+i] += 0.5
		}
	}
	if s.Phase() == tamman.MovePhase {
		x[netCatch] = float64(bestCatch(s, me, 1-me)) / tamman.Steps
	}
	for side, p := range [2]int{me, 1 - me} {
		far := tamman.Home - s.Steps(p)[0] // the men are ascending
		x[netFar+side] = float64(far) / tamman.Steps
		if s.ExactFinish() && far < 8 {
			x[netWaste+side] = 1 - s.ThrowAtMost(far)
		}
	}
	if inputs > NetInputsMore {
		rearInputs(s, x)
	}
}

// valueIndex is the place of throw value v among 1, 2, 3, 4, 8, -1 for
// none (a total under throw-use=total).
func valueIndex(v int) int {
	switch {
	case v >= 1 && v <= 4:
		return v - 1
	case v == 8:
		return numThrowValues - 1
	}
	return -1
}

// forward returns the net's output for inputs x, and leaves the hidden
// units in h.
func (n *Net) forward(x *netX, h *netH) float64 {
	hh := h[:n.hidden]
	copy(hh, n.b1())
	for i, v := range x[:n.inputs] {
		if v == 0 {
			continue // most inputs are empty steps
		}
		w := n.in(i)
		w = w[:len(hh)]
		for j := range hh {
			hh[j] += v * w[j]
		}
	}
	z := *n.b2()
	out := n.out()
	out = out[:len(hh)]
	for j, a := range hh {
		hh[j] = sigmoid(a)
		z += out[j] * hh[j]
	}
	return sigmoid(z)
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// WinChance is the chance, by the net, that the player to act in s wins
// (1 or 0 once the game is over: whether she won). s is a game of two.
func (n *Net) WinChance(s *tamman.State) float64 { return meanChance(s, n.inputs, []*Net{n}) }

// meanChance is the mean of nets' chances that the player to act in s
// wins (1 or 0 once the game is over), the inputs worked out once: the
// most of the networks' (the first NetInputs are the same for every
// shape, and a network reads only its own).
func meanChance(s *tamman.State, inputs int, nets []*Net) float64 {
	if s.Phase() == tamman.Over {
		return float64(b2i(s.Winner() == s.Turn()))
	}
	var x netX
	var h netH
	netInputs(s, &x, inputs)
	sum := 0.0
	for _, n := range nets {
		sum += n.forward(&x, &h)
	}
	return sum / float64(len(nets))
}

// NetEval gives each player of a game of two her chance of winning by the
// learned network (1 and 0 once the game is won): alpha-beta compares the
// difference, 2p - 1, which its means over the throws keep a chance.
func NetEval(s *tamman.State, dst []float64) []float64 { return learnedNet().Eval(s, dst) }

// Eval is NetEval by the network n, in the form of a search's
// evaluation (ai.Config.Eval); s is a *State of a game of two.
func (n *Net) Eval(s engine.State, dst []float64) []float64 {
	t := s.(*tamman.State)
	return appendChances(dst, t, n.WinChance(t))
}

// appendChances appends each player's chance of winning to dst, given p,
// the chance of the player to act in t.
func appendChances(dst []float64, t *tamman.State, p float64) []float64 {
	if t.Turn() == 1 {
		return append(dst, 1-p, p)
	}
	return append(dst, p, 1-p)
}

// netText is the weights `tabula train --game tamman --net` learned
// (docs/ai.md has the command).
//
//go:embed net.txt
var netText []byte

// learnedNet is NetEval's network, decoded when first asked for, so that
// a command that plays no network (every tabula command but a few) does
// not pay for it at its start.
var learnedNet = sync.OnceValue(func() *Net {
	n, err := ParseNet(netText)
	if err != nil {
		panic("tammanai: net.txt: " + err.Error())
	}
	return n
})

// ParseNet reads a network written by FormatNet: lines "# ..."
// (comments), a line "shape INPUTS HIDDEN" before the numbers (without it:
// NetInputs and NetHidden), and one number a line: the input weights input
// by input, the hidden biases, the output weights, the output bias.
func ParseNet(text []byte) (*Net, error) {
	inputs, hidden := NetInputs, NetHidden
	for at, line := 0, 1; at < len(text); line++ {
		l, _, _ := bytes.Cut(text[at:], []byte("\n"))
		start := at
		at += len(l) + 1
		t := bytes.TrimSpace(l)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		if !bytes.HasPrefix(t, []byte("shape")) {
			break // the numbers
		}
		f := strings.Fields(string(t))
		var errIn, errHidden error
		if len(f) == 3 {
			inputs, errIn = strconv.Atoi(f[1])
			hidden, errHidden = strconv.Atoi(f[2])
		}
		// (not fmt.Sscanf, whose scanner would weigh on the browser's engine)
		if len(f) != 3 || f[0] != "shape" || errIn != nil || errHidden != nil {
			return nil, fmt.Errorf("line %d: %q: want shape INPUTS HIDDEN", line, t)
		}
		if !ValidNetInputs(inputs) {
			return nil, fmt.Errorf("line %d: %d inputs, want %s", line, inputs, NetInputSets)
		}
		if hidden < 1 || hidden > MaxNetHidden {
			return nil, fmt.Errorf("line %d: %d hidden units, want 1 to %d", line, hidden, MaxNetHidden)
		}
		// parseNumbers reads the line as a comment.
		text = slices.Concat(text[:start], []byte("#"), text[start:])
		break
	}
	n := newNet(inputs, hidden)
	if err := parseNumbers(text, n.w); err != nil {
		return nil, err
	}
	return n, nil
}

// FormatNet writes n as ParseNet reads it, after the comment lines of
// header; a network of the first shape (NetInputs x NetHidden) without
// the line "shape".
func FormatNet(n *Net, header string) []byte {
	var b bytes.Buffer
	formatNumbers(&b, header, nil)
	if n.inputs != NetInputs || n.hidden != NetHidden {
		fmt.Fprintf(&b, "shape %d %d\n", n.inputs, n.hidden)
	}
	formatNumbers(&b, "", n.w)
	return b.Bytes()
}
