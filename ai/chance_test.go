package ai

import (
	"crypto/sha256"
	"math/rand/v2"
	"testing"

	"tabula/engine"
)

// The uniform number is the first Float64 of rand.New over ChaCha8
// seeded with SHA-256(secret || ply), computed here the long way.
func TestPlyUniformIsChaCha8OfTheHash(t *testing.T) {
	secret := []byte("a room's secret, 32 bytes long..")
	for _, ply := range []int{0, 1, 7, 1 << 40} {
		msg := append([]byte{}, secret...)
		for i := 7; i >= 0; i-- {
			msg = append(msg, byte(ply>>(8*i)))
		}
		want := rand.New(rand.NewChaCha8(sha256.Sum256(msg))).Float64()
		var d ChanceDrawer
		if got := d.Uniform(secret, ply); got != want {
			t.Errorf("ply %d: u = %v, want %v", ply, got, want)
		}
	}
}

func TestChanceAtFollowsTheProbabilities(t *testing.T) {
	outs := []engine.ChanceOutcome{{Move: 1, Prob: 0.25}, {Move: 2, Prob: 0.75}}
	secret := []byte{1, 2, 3}
	n := 0
	for ply := range 4000 {
		if ChanceAt(secret, outs, ply) == 1 {
			n++
		}
	}
	// 1,000 expected; the binomial sd is 27.
	if n < 880 || n > 1120 {
		t.Errorf("outcome 1 drawn %d times in 4000, want about 1000", n)
	}
	if ChanceAt(secret, outs, 5) != ChanceAt(secret, outs, 5) {
		t.Error("the same ply drew two outcomes")
	}
}

func TestChanceAtDoesNotAllocate(t *testing.T) {
	outs := []engine.ChanceOutcome{{Move: 1, Prob: 0.5}, {Move: 2, Prob: 0.5}}
	secret := make([]byte, 8)
	d := new(ChanceDrawer)
	if n := testing.AllocsPerRun(100, func() { d.At(secret, outs, 3) }); n != 0 {
		t.Errorf("%v allocations a draw", n)
	}
}
