package enginetest

import "tabula/engine"

// Perft counts the move sequences of the given depth from s: every legal
// move (every joint move for a simultaneous turn, every outcome of a chance
// event) is one branch. A sequence that ends the game early counts once.
func Perft(s engine.State, depth int) int64 {
	if depth == 0 || s.Terminal() {
		return 1
	}
	actors := s.Actors(nil)
	lists := make([][]engine.Move, len(actors))
	for i, a := range actors {
		lists[i] = s.Legal(a, nil)
	}
	var total int64
	joint := make([]engine.Move, len(actors))
	child := s.Clone()
	var walk func(i int)
	walk = func(i int) {
		if i == len(actors) {
			child.CopyFrom(s)
			engine.ApplyTurn(child, joint)
			total += Perft(child, depth-1)
			return
		}
		for _, m := range lists[i] {
			joint[i] = m
			walk(i + 1)
		}
	}
	walk(0)
	return total
}
