package tammanlab

import (
	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
	"testing"
	"time"
)

// The keyed throws follow the rules' chances: a chi-square test over
// 80,000 keys (pairs, seats, turns and places), under the default cowries
// and under mouth-up=0.3.
func TestKeyedThrowsFollowTheRulesChances(t *testing.T) {
	for _, opt := range []string{"mouth-up=0.5", "mouth-up=0.3"} {
		s := start(t, opt)
		outs := s.ChanceOutcomes(nil)
		count := map[engine.Move]int{}
		var d ai.ChanceDrawer
		var key []byte
		n := 0
		for pair := range uint64(10000) {
			for seat := range 2 {
				for turn := uint32(1); turn <= 2; turn++ {
					key = throwKey(key[:0], 0, pair, seat, turn)
					for place := range 2 {
						count[d.At(key, outs, place)]++
						n++
					}
				}
			}
		}
		chi := 0.0
		for _, o := range outs {
			want := o.Prob * float64(n)
			chi += (float64(count[o.Move]) - want) * (float64(count[o.Move]) - want) / want
		}
		// 18.47: the 0.1% point of chi-square with 4 degrees of freedom.
		if chi > 18.47 || len(count) != len(outs) {
			t.Errorf("%s: counts %v of %d draws, chi-square %.1f", opt, count, n, chi)
		}
	}
}

// The same key gives the same throw, and another key (here another pair)
// another sequence of throws.
func TestKeyedThrowsRepeatForTheSameKey(t *testing.T) {
	s := start(t)
	a, b, c := newThrows(6, 3), newThrows(7, 3), newThrows(8, 3)
	differ := false
	for range 20 {
		ma, mb, mc := a.draw(s), b.draw(s), c.draw(s)
		if ma != mb {
			t.Fatalf("games 6 and 7 (one pair) drew %v and %v at the same place", ma, mb)
		}
		differ = differ || ma != mc
	}
	if !differ {
		t.Error("pairs 3 and 4 drew the same 20 throws")
	}
}

// The two games of a pair, played by different players, give each seat
// the same throw at every place both reach, and the same opening throws at
// every turn both play.
func TestPairedGamesShareEveryThrowAtTheSamePlace(t *testing.T) {
	for pair := range 20 {
		var games [2]*placedThrows
		for g := range games {
			i := 2*pair + g
			agents := []ai.Agent{ai.NewRandom(uint64(i)), mustAgent(t, "greedy", uint64(i))}
			s := start(t)
			games[g] = newPlacedThrows(newThrows(i, 0))
			for !s.Terminal() {
				p := s.Actors(nil)[0]
				if p == engine.ChancePlayer {
					s.Apply(games[g].draw(s))
					continue
				}
				s.Apply(agents[p].Choose(s, p))
			}
		}
		a, b := games[0], games[1]
		common := 0
		for at, m := range a.seen {
			if o, ok := b.seen[at]; ok {
				common++
				if o != m {
					t.Fatalf("pair %d: seat %d, turn %d, place %d: %v and %v", pair, at.seat, at.turn, at.place, m, o)
				}
			}
		}
		// Every opening throw of a turn both games played is common: the
		// first, and the one or two extra throws a 4 or an 8 earns.
		for _, at := range a.order {
			first, ok := b.seen[throwPlace{at.seat, at.turn, 0}]
			if !ok || at.place != 0 {
				continue
			}
			for place := range map[engine.Move]int{4: 2, 8: 3}[first] {
				if _, ok := b.seen[throwPlace{at.seat, at.turn, place}]; !ok {
					t.Fatalf("pair %d: opening throw %d of turn %d of seat %d not shared", pair, place, at.turn, at.seat)
				}
			}
		}
		if common == 0 {
			t.Fatalf("pair %d: no throw in common", pair)
		}
	}
}

// With keyed draws, two equal players differ in nothing between the two
// games of a pair: each pair is one game played twice, the players'
// seats swapped. With draws seeded once a game, greedy's ties part them.
func TestKeyedDrawsMakeAPairOfEqualPlayersOneGame(t *testing.T) {
	was := *matchDraws
	t.Cleanup(func() { *matchDraws = was })
	for _, draws := range []string{"keyed", "seeded"} {
		*matchDraws = draws
		same := 0
		for k := range 10 {
			var ends [2]*tamman.State
			for g := range ends {
				i := 2*k + g
				agents := []ai.Agent{mustAgent(t, "greedy", uint64(i+1)), mustAgent(t, "greedy", uint64(i+1)<<20)}
				ends[g] = playPaired(t, agents, i, func(*tamman.State, int, engine.Move, time.Duration) {})
			}
			if ends[0].Hash() == ends[1].Hash() && ends[0].Ply() == ends[1].Ply() {
				same++
			}
		}
		if (draws == "keyed") != (same == 10) {
			t.Errorf("draws %s: %d of 10 pairs played one game twice", draws, same)
		}
	}
}
