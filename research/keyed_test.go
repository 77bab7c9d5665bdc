package research

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"tabula/ai"
	"tabula/engine"
)

// Readings that share a game's keyed draws by SHA-256 (a plan of several
// readings) play the games they play when each hashes its own throws: the
// same results, main and skill games, by turn and by ply, and most throws
// of the later readings are found kept.
func TestSharedDrawsPlayTheSameGames(t *testing.T) {
	for _, chance := range []string{ChanceTurn, ChancePly} {
		hash := map[string]string{ChanceTurn: HashSHA256}[chance]
		p := mustPlan(t, Config{Game: "tamman", Agents: []string{"random"}, Games: 12, Seed: 4, Chance: chance, ChanceHash: hash, Skill: "greedy",
			Vary: []Vary{{Name: "players", Values: []string{"2", "4"}}, {Name: "mouth-up", Values: []string{"0.5", "0.35"}}}})
		shared, own := newPlayer(p), newPlayer(p)
		own.loop.ShareDraws = false
		if !shared.loop.ShareDraws {
			t.Fatal("a plan of several readings does not share its draws")
		}
		for u := range p.Units() {
			a, err := shared.play(p.unitAt(u))
			if err != nil {
				t.Fatal(err)
			}
			b, err := own.play(p.unitAt(u))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s unit %d: shared %+v, own %+v", chance, u, a, b)
			}
		}
		if shared.loop.keyed.hits == 0 || own.loop.keyed.hits != 0 {
			t.Fatalf("%s: %d draws found kept when shared, %d when not", chance, shared.loop.keyed.hits, own.loop.keyed.hits)
		}
	}
}

// throwLog logs a game's throws by their key (the players' turn and the
// place in it) and its moves.
type throwLog struct {
	turn, at int
	throws   map[[2]int]engine.Move
	moves    int
}

func (w *throwLog) Decision(int) {}
func (w *throwLog) Turn(s engine.State, actors []int, moves []engine.Move) {
	if actors[0] == engine.ChancePlayer {
		w.throws[[2]int{w.turn, w.at}] = moves[0]
		w.at++
	} else {
		w.moves++
	}
}
func (w *throwLog) Applied(engine.State, bool, bool) bool { return false }
func (w *throwLog) TurnEnded(engine.State)                { w.turn, w.at = w.turn+1, 0 }

// Throws keyed by splitmix are the same at the same key in every reading
// of a game, whatever the games did before (so readings that part keep
// sharing their throws), however the key is reached (the same key read
// again after other draws), and differ between keys and between seeds.
func TestSplitMixThrowsByKey(t *testing.T) {
	p := mustPlan(t, Config{Game: "tamman", Agents: []string{"random"}, Games: 30, Seed: 9,
		Vary: []Vary{{Name: "throw-use", Values: []string{"separate", "total"}}, {Name: "may-pass", Values: []string{"false", "true"}}}})
	if p.Config.ChanceHash != HashSplitMix {
		t.Fatalf("a new run's chanceHash is %q, want %q", p.Config.ChanceHash, HashSplitMix)
	}
	firsts := map[string]int{} // each game's first ten throws of reading 0
	for g := range p.Config.Games {
		var logs []*throwLog
		for ri, rd := range p.Readings {
			seats := make([]ai.Agent, rd.Players)
			for k := range seats {
				seats[k] = ai.NewRandom(Seed(uint64(ri)<<8|uint64(g), 0, k)) // other moves in each reading
			}
			w := &throwLog{throws: map[[2]int]engine.Move{}}
			sp := SelfPlay{Moves: true, Turns: true}
			sp.Play(rd.start.Clone(), seats, Draw{Mode: ChanceTurn, Hash: HashSplitMix, Seed: Seed(p.Config.Seed, g, -1)}, w)
			logs = append(logs, w)
		}
		shared, parted := 0, false
		for k, m := range logs[0].throws {
			for _, o := range logs[1:] {
				if m2, ok := o.throws[k]; ok {
					shared++
					if m2 != m {
						t.Fatalf("game %d: throw at turn %d place %d is %d in reading 0, %d in another", g, k[0], k[1], m, m2)
					}
				}
				parted = parted || len(o.throws) != len(logs[0].throws)
			}
		}
		if shared < 20 || !parted {
			t.Fatalf("game %d: %d throws at shared keys, readings parted: %v", g, shared, parted)
		}
		first := fmt.Sprint(logs[0].throws[[2]int{0, 0}])
		for turn := 1; turn < 10; turn++ {
			first += " " + fmt.Sprint(logs[0].throws[[2]int{turn, 0}])
		}
		firsts[first]++
	}
	if len(firsts) < p.Config.Games-1 {
		t.Fatalf("30 seeds gave %d different openings of ten throws", len(firsts))
	}

	// The draw at a key is the same read first, last or again; keys and
	// seeds give other draws, uniform in their top bits.
	var a, b engine.KeyedChance
	a.Reset(7)
	b.Reset(7)
	seen := map[uint64]bool{}
	var buckets [16]int
	const n = 1 << 16
	for i := range uint64(n) {
		key := i*0x9e3779b97f4a7c15>>20 | i // scattered keys, all distinct
		x := a.Draw(key)
		if b.Draw(key) != x {
			t.Fatalf("key %d: two draws differ", key)
		}
		b.Turn, b.At = int(i>>8), int(i&0xff)
		if y, z := b.Next(), a.Draw(i>>8<<32|i&0xff); y != z {
			t.Fatalf("Next at turn %d place %d is %x, Draw %x", i>>8, i&0xff, y, z)
		}
		seen[x] = true
		buckets[x>>60]++
	}
	c := a
	c.Reset(8)
	for key := range uint64(1000) {
		seen[c.Draw(key)] = true
	}
	if len(seen) != n+1000 {
		t.Fatalf("%d draws of distinct keys and seeds, %d distinct", n+1000, len(seen))
	}
	chi := 0.0
	for _, k := range buckets {
		d := float64(k) - n/16
		chi += d * d / (n / 16)
	}
	if chi > 45 || math.IsNaN(chi) { // 15 degrees of freedom: p < 1e-4
		t.Fatalf("top bits of the draws far from uniform: chi-square %.1f, %v", chi, buckets)
	}
}
