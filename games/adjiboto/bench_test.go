package adjiboto

import (
	"math/rand/v2"
	"testing"

	"tabula/engine"
)

func benchStart(b *testing.B) *State {
	s, err := New(engine.DefaultOptions(Game{}))
	if err != nil {
		b.Fatal(err)
	}
	// A main-phase position: after the ten opening moves.
	for _, h := range []int{9, 4, 8, 3, 7, 2, 6, 1, 5, 0} {
		s.Apply(engine.Move(h))
	}
	return s
}

func BenchmarkLegal(b *testing.B) {
	s := benchStart(b)
	buf := make([]engine.Move, 0, 8)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Legal(s.ToMove(), buf[:0])
	}
}

func BenchmarkApply(b *testing.B) {
	root := benchStart(b)
	s := root.Clone().(*State)
	m := root.Legal(root.ToMove(), nil)[0]
	b.ReportAllocs()
	for b.Loop() {
		s.CopyState(root)
		s.Apply(m)
	}
}

func BenchmarkCopyState(b *testing.B) {
	root := benchStart(b)
	s := root.Clone().(*State)
	b.ReportAllocs()
	for b.Loop() {
		s.CopyState(root)
	}
}

// BenchmarkRandomGame plays whole random games from the start; games/s is
// 1e9 / ns/op.
func BenchmarkRandomGame(b *testing.B) {
	root, _ := New(engine.DefaultOptions(Game{}))
	s := root.Clone().(*State)
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]engine.Move, 0, 8)
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyState(root)
		for !s.Terminal() {
			buf = s.Legal(int(s.turn), buf[:0])
			s.Apply(buf[rng.IntN(len(buf))])
		}
		plies += s.Ply()
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

// BenchmarkRandomPlayout plays the same random games as BenchmarkRandomGame
// by the fast path (RandomPlayout, engine.Rand); games/s is 1e9 / ns/op.
func BenchmarkRandomPlayout(b *testing.B) {
	root, _ := New(engine.DefaultOptions(Game{}))
	s := root.Clone().(*State)
	r := engine.Rand{Src: rand.NewPCG(1, 2)}
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyState(root)
		s.RandomPlayout(r, 1<<30)
		plies += s.Ply()
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}
