package ai

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"

	"tabula/engine"
)

// ChanceAt draws the chance event at ply from secret, out of its
// outcomes: the uniform number u is the first Float64 of ChaCha8 seeded
// with SHA-256(secret || ply as 8 bytes, big-endian), and the outcome is
// the first whose cumulative probability exceeds u. The online rooms draw
// their throws so (anyone holding the published secret can check them),
// and the research workbench under --chance ply (and --chance turn
// --chance-hash sha256, its runs before splitmix), so that two readings of
// a rule keep the same throw at the same key even after their games part.
func ChanceAt(secret []byte, outs []engine.ChanceOutcome, ply int) engine.Move {
	var d ChanceDrawer
	return d.At(secret, outs, ply)
}

// ChanceDrawer draws as ChanceAt does, without allocating: it holds the
// generator's state. The zero value is ready.
type ChanceDrawer struct{ c rand.ChaCha8 }

// At is ChanceAt.
func (d *ChanceDrawer) At(secret []byte, outs []engine.ChanceOutcome, ply int) engine.Move {
	return ChanceBy(outs, d.Uniform(secret, ply))
}

// ChanceBy returns ChanceAt's outcome for its uniform number u: the first
// whose cumulative probability exceeds u.
func ChanceBy(outs []engine.ChanceOutcome, u float64) engine.Move {
	acc := 0.0
	for _, o := range outs {
		acc += o.Prob
		if u < acc {
			return o.Move
		}
	}
	return outs[len(outs)-1].Move
}

// Uniform is ChanceAt's u at ply, for a caller that keeps it to draw
// again by ChanceBy (the workbench, whose readings share their throws).
// A short secret is hashed from the stack.
func (d *ChanceDrawer) Uniform(secret []byte, ply int) float64 {
	var buf [64]byte
	msg := append(buf[:0], secret...)
	msg = binary.BigEndian.AppendUint64(msg, uint64(ply))
	d.c.Seed(sha256.Sum256(msg))
	// As rand.New(&d.c).Float64(), without the Rand.
	return float64(d.c.Uint64()<<11>>11) / (1 << 53)
}
