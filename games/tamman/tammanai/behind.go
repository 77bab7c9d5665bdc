package tammanai

import (
	"fmt"

	"tabula/games/tamman"
)

// This file holds the inputs of NetInputsBehind: the danger of each
// side's rearmost man. Hard loses a third of its lost games against greedy
// with three men home or nearly and the last one far behind, who has to
// run the ring alone past enemy men that send him back again and again
// (docs/lab/tamman-hard.md); the other inputs tell the network where each
// side's men stand step by step and what threatens them all together, but
// not that the one left behind has enemy men at his back.
//
// For each side (the player to act, then her opponent), of her rearmost
// man not home: the chance that one enemy throw passes over him
// (netRearHit; 0 on a safe square, an 'ayn or habarti), the enemy men
// standing within a throw (1 to 7 steps) behind his square on their own
// path (netRearFoes, in 4ths: on a safe square too, since they chase him
// as soon as he moves on), and how far he trails the side's next man
// (netRearTrail, in 24ths: 0 when two men share the last place).

// rearInputs writes the inputs of the rearmost men into x, whose other
// inputs netInputs wrote.
func rearInputs(s *tamman.State, x *netX) {
	me := s.Turn()
	for side, p := range [2]int{me, 1 - me} {
		men := s.Steps(p) // ascending
		k := men[0]
		if k == tamman.Home {
			continue
		}
		x[netRearTrail+side] = float64(men[1]-k) / tamman.Steps
		e := 1 - p
		q := s.SquareOn(p, k)
		at := s.StepOf(e, q)
		foes, safe := 0, 1.0
		for _, a := range s.Steps(e) {
			if d := at - a; a != tamman.Home && d > 0 && d < 8 {
				foes++
				safe *= s.ThrowAtMost(d)
			}
		}
		x[netRearFoes+side] = float64(foes) / 4
		if k != 0 && !s.IsSafe(q) {
			x[netRearHit+side] = 1 - safe
		}
	}
}

// ValidNetInputs reports whether a network of two players may have
// inputs inputs: NetInputs, NetInputsMore or NetInputsBehind.
func ValidNetInputs(inputs int) bool {
	return inputs == NetInputs || inputs == NetInputsMore || inputs == NetInputsBehind
}

// NetInputSets names the numbers of inputs ValidNetInputs allows, for
// error messages.
var NetInputSets = fmt.Sprintf("%d, %d or %d", NetInputs, NetInputsMore, NetInputsBehind)
