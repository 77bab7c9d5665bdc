package adjiboto

import (
	"math/rand/v2"
	"testing"
)

// TestRowMaskFindsHolesOfTwoOrMore checks the word-at-once test of a row
// against a hole-by-hole one, on boards with counts from 0 to 255.
func TestRowMaskFindsHolesOfTwoOrMore(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		var holes [Holes]uint8
		for h := range holes {
			switch rng.IntN(3) {
			case 0:
				holes[h] = uint8(rng.IntN(3))
			case 1:
				holes[h] = uint8(rng.IntN(256))
			default:
				holes[h] = uint8(rng.IntN(2) + 127) // 127, 128: the low 7 bits carry
			}
		}
		for p := range 2 {
			var want uint16
			for h := rowStart(p) - 4; h <= rowStart(p); h++ {
				if holes[h] >= 2 {
					want |= 1 << h
				}
			}
			if got := rowMask(&holes, p); got != want {
				t.Fatalf("holes %v, player %d: mask %010b, want %010b", holes, p, got, want)
			}
		}
	}
}
