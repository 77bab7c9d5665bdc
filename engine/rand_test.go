package engine

import (
	"math/rand/v2"
	"testing"
)

// TestRandDrawsAsMathRand checks that Rand gives the numbers math/rand/v2's
// Rand gives from the same seed, so that fast playouts keep the games.
func TestRandDrawsAsMathRand(t *testing.T) {
	ns := []int{1, 2, 3, 4, 5, 7, 8, 10, 16, 25, 31, 1000, 1 << 20, 1<<40 + 3, 1<<62 + 1}
	for seed := uint64(0); seed < 20; seed++ {
		ref := rand.New(rand.NewPCG(seed, 77))
		fast := Rand{Src: rand.NewPCG(seed, 77)}
		for i := 0; i < 2000; i++ {
			if i%3 == 0 {
				if a, b := ref.Float64(), fast.Float64(); a != b {
					t.Fatalf("seed %d draw %d: Float64 %v, math/rand %v", seed, i, b, a)
				}
				continue
			}
			n := ns[i%len(ns)]
			if a, b := ref.IntN(n), fast.IntN(n); a != b {
				t.Fatalf("seed %d draw %d: IntN(%d) = %d, math/rand %d", seed, i, n, b, a)
			}
		}
	}
}
