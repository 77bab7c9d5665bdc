package research

import "testing"

// BenchmarkTammanGame plays one game of Tamman with random players, its
// throws drawn by turn (the default) or from a stream, to weigh what the
// hash of each throw costs.
func BenchmarkTammanGame(b *testing.B) {
	for _, chance := range []string{ChanceTurn, ChanceStream} {
		b.Run(chance, func(b *testing.B) {
			p, err := NewPlan(Config{Game: "tamman", Agents: []string{"random"}, Games: 1 << 30, Seed: 1, Chance: chance})
			if err != nil {
				b.Fatal(err)
			}
			pl := newPlayer(p)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if _, err := pl.play(unit{game: i}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
