package tammanai

import (
	"fmt"
	"math/rand/v2"
)

// Widen returns n grown to inputs inputs and hidden hidden units, judging
// every position exactly as n does: the new inputs feed n's units with
// weights of zero, and the new units get small random input weights drawn
// from rng (so that they differ from each other) but an output weight of
// zero. Training then goes on from n's judgement instead of from scratch,
// and the new units and inputs learn what n could not (the output weights
// of the new units move first, and through them their input weights).
// A network is only widened: fewer inputs or units than n's is an error.
func Widen(n *Net, inputs, hidden int, rng *rand.Rand) (*Net, error) {
	switch {
	case !ValidNetInputs(inputs):
		return nil, fmt.Errorf("tammanai: widen to %d inputs: want %s", inputs, NetInputSets)
	case hidden < 1 || hidden > MaxNetHidden:
		return nil, fmt.Errorf("tammanai: widen to %d hidden units: want 1 to %d", hidden, MaxNetHidden)
	case inputs < n.inputs || hidden < n.hidden:
		return nil, fmt.Errorf("tammanai: widen a network of %d inputs and %d hidden units to %d and %d: a network only grows",
			n.inputs, n.hidden, inputs, hidden)
	}
	w := newNet(inputs, hidden)
	for i := range inputs {
		in := w.in(i)
		if i < n.inputs {
			copy(in, n.in(i))
		}
		for j := n.hidden; j < hidden; j++ {
			in[j] = 0.2 * (rng.Float64() - 0.5)
		}
	}
	copy(w.b1(), n.b1())
	copy(w.out(), n.out())
	*w.b2() = *n.b2()
	return w, nil
}
