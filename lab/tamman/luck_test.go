package tammanlab

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"tabula/ai"
	"tabula/engine"
	"tabula/engine/enginetest"
	"tabula/games/tamman"
	"tabula/games/tamman/tammanai"
	"testing"
	"time"
)

// Two equal players with keyed draws play each pair as one game twice,
// seats swapped: the first variant wins one game of the pair, and her
// luck in one game is her luck in the other with the sign turned, so
// each pair's adjusted mean is exactly 1/2 (up to rounding) while the
// luck itself is not 0. Measuring the luck for a fixed seat, or by the
// network's value for the side to move, would break it.
func TestLuckAdjustedPairsOfEqualPlayersScoreOneHalf(t *testing.T) {
	was, wasDepth := *matchDraws, *luckDepth
	t.Cleanup(func() { *matchDraws, *luckDepth = was, wasDepth })
	*matchDraws = "keyed"
	// Any judge makes each pair's mean 1/2: a shallow one (the network a
	// level down) checks it at a tenth of the whole turn's cost.
	*luckDepth = 2
	specs := []string{"greedy", "greedy"}
	most := 0.0
	for k := range enginetest.ShortOr(4, 2) {
		a, b := playMatchGame(t, specs, 2*k), playMatchGame(t, specs, 2*k+1)
		if mean := (a.adjusted() + b.adjusted()) / 2; math.Abs(mean-0.5) > 1e-9 {
			t.Errorf("pair %d: adjusted %v and %v (luck %v, %v), mean %v", k, a.adjusted(), b.adjusted(), a.luck, b.luck, mean)
		}
		most = max(most, math.Abs(a.luck))
	}
	if most < 0.1 {
		t.Errorf("no game's luck above %v: nothing was tested", most)
	}
}

// The spread is of the pairs' means, not of the games: four games, two
// pairs with means 1/2 and 1, give the mean 3/4 and the variance 1/8
// (of 1/4 and 1/4 squared about it, over n-1 = 1).
func TestPairSpreadIsOfPairMeans(t *testing.T) {
	games := []matchGame{{first: 0, winner: 0}, {first: 1, winner: 0}, {first: 0, winner: 0}, {first: 1, winner: 1}}
	if s := pairsOf(games, matchGame.result); s.n != 2 || s.mean != 0.75 || s.variance != 0.125 {
		t.Errorf("got %+v, want 2 pairs, mean 0.75, variance 0.125", s)
	}
}

// readMatchLog reads each game's adjusted result where the log gives it,
// and logs written before (with none) as before.
func TestMatchLogKeepsTheAdjustedResults(t *testing.T) {
	log := `    measure_test.go:200: greedy against greedy (throws keyed, draws keyed): 4 games
    measure_test.go:228: game 1: the first variant in seat 1, seat 0 won; luck -0.2500, adjusted 0.2500
    measure_test.go:228: game 0: the first variant in seat 0, seat 0 won; luck +0.1250, adjusted 0.8750
    measure_test.go:228: game 2: the first variant in seat 0, seat 1 won
    measure_test.go:228: game 3: the first variant in seat 1, seat 0 won
`
	path := filepath.Join(t.TempDir(), "m.log")
	if err := os.WriteFile(path, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := readMatchLog(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.pairs) != 2 || len(l.adjusted) != 2 || l.adjusted[0] != 0.875 || l.adjusted[1] != 0.25 {
		t.Fatalf("pairs %v, adjusted %v; want 2 pairs, games 0 and 1 adjusted 0.875 and 0.25", l.pairs, l.adjusted)
	}
	g := l.luckGames()
	if len(g) != 2 || g[0].adjusted() != 0.875 || g[1].adjusted() != 0.25 || g[1].result() != 0 {
		t.Errorf("games %+v: want pair 0 alone, adjusted 0.875 and 0.25", g)
	}
}

// Two runs of a match pool their pairs, in order; a third of another
// match, alone, is not pooled.
func TestSameMatchesPoolTheRunsOfOneMatch(t *testing.T) {
	run := func(a, b string, adj ...float64) matchLog {
		l := matchLog{name: a + " v " + b, specs: [2]string{a, b}, winners: map[int]int{}, pairs: map[int]pairResult{}, adjusted: map[int]float64{}}
		for i, x := range adj {
			l.winners[i], l.adjusted[i] = 0, x
		}
		for k := 0; 2*k+1 < len(adj); k++ {
			l.pairs[k] = pairOf(0, 0)
		}
		return l
	}
	ms, err := sameMatches([]matchLog{run("x", "y", 0.75, 0.25), run("z", "y", 0.5, 0.5), run("x", "y", 0.375, 0.625, 1, 0)})
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 1 || ms[0].name != "x v y" || ms[0].runs != 2 || len(ms[0].games) != 6 {
		t.Fatalf("pooled %+v, want x v y alone, 2 runs, 6 games", ms)
	}
	want := []float64{0.75, 0.25, 0.375, 0.625, 1, 0}
	for i, g := range ms[0].games {
		if g.adjusted() != want[i] {
			t.Errorf("game %d adjusted %v, want %v", i, g.adjusted(), want[i])
		}
	}
	if p := pairsOf(ms[0].games, matchGame.adjusted); p.n != 3 || p.mean != 0.5 {
		t.Errorf("pooled pairs %d, mean %v; want 3 pairs, mean 0.5", p.n, p.mean)
	}
}

// A log names the seeds of its luck (from 6 December 2026); an older log
// names none, and is still read.
func TestMatchLogNamesItsSeed(t *testing.T) {
	games := "game 0: the first variant in seat 0, seat 0 won; luck +0.1250, adjusted 0.8750\n" +
		"game 1: the first variant in seat 1, seat 0 won; luck -0.2500, adjusted 0.2500\n"
	for head, want := range map[string]string{
		"a against b (throws keyed, draws keyed, seed 300, play seed 0): 2 games\n": "seed 300, play seed 0",
		"a against b (throws keyed, draws keyed, seed 7, play seed 2): 2 games\n":   "seed 7, play seed 2",
		"a against b (throws keyed, draws keyed): 2 games\n":                        "",
	} {
		path := filepath.Join(t.TempDir(), "m.log")
		if err := os.WriteFile(path, []byte(head+games), 0o644); err != nil {
			t.Fatal(err)
		}
		l, err := readMatchLog(path)
		if err != nil {
			t.Fatal(err)
		}
		if l.seed != want || l.name != "a v b (draws keyed)" || len(l.pairs) != 1 {
			t.Errorf("%q: seed %q, name %q, %d pairs; want seed %q, a v b (draws keyed), 1 pair", head, l.seed, l.name, len(l.pairs), want)
		}
	}
}

// Pooling two runs of a match on the same seed would count each pair
// twice: refused, naming both logs. Other seeds, or a log that names
// none, pool; runs of other seeds are not compared game by game.
func TestPoolingRefusesASeedTwice(t *testing.T) {
	run := func(path, seed string) matchLog {
		return matchLog{name: "x v y", specs: [2]string{"x", "y"}, path: path, seed: seed,
			winners: map[int]int{0: 0, 1: 1}, pairs: map[int]pairResult{0: pairOf(0, 1)}, adjusted: map[int]float64{0: 0.75, 1: 0.5}}
	}
	if _, err := sameMatches([]matchLog{run("a.log", "seed 1, play seed 0"), run("b.log", "seed 1, play seed 0")}); err == nil ||
		!strings.Contains(err.Error(), "a.log") || !strings.Contains(err.Error(), "b.log") {
		t.Errorf("the same seed twice: error %v, want one naming a.log and b.log", err)
	}
	ms, err := sameMatches([]matchLog{run("a.log", "seed 1, play seed 0"), run("b.log", "seed 1, play seed 1"), run("c.log", "")})
	if err != nil || len(ms) != 1 || ms[0].runs != 3 {
		t.Errorf("other seeds: %+v, %v; want one match of 3 runs", ms, err)
	}
	if sameLuck(run("a.log", "seed 1, play seed 0"), run("b.log", "seed 2, play seed 0")) ||
		!sameLuck(run("a.log", "seed 1, play seed 0"), run("b.log", "seed 1, play seed 0")) ||
		!sameLuck(run("a.log", "seed 1, play seed 0"), run("c.log", "")) {
		t.Error("sameLuck: want false for other seeds, true for the same seed or a log that names none")
	}
}

// A log is outside input: whatever its bytes, readMatchLog returns
// games or an error, and never panics.
func FuzzReadMatchLog(f *testing.F) {
	f.Add([]byte("a against b (throws keyed, draws keyed): 2 games\ngame 0: the first variant in seat 0, seat 1 won; luck +0.5, adjusted -0.5\ngame 1: the first variant in seat 1, seat 1 won; luck x, adjusted NaN\n"))
	f.Add([]byte("game 7: the first variant in seat 1, seat 0 won; luck 1, adjusted 1e999\n"))
	path := filepath.Join(f.TempDir(), "m.log")
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if l, err := readMatchLog(path); err == nil {
			l.luckGames()
		}
	})
}

// Judging a throw's luck by the look-ahead allocates nothing once the
// scratch states have grown.
func TestTurnJudgeDoesNotAllocate(t *testing.T) {
	s := start(t)
	var luck ai.Luck
	var judge turnJudge
	v := func(s engine.State) float64 { return judge.value(s, 1) }
	m := s.ChanceOutcomes(nil)[0].Move
	if n := testing.AllocsPerRun(20, func() { _, _ = luck.Of(s, m, v) }); n != 0 {
		t.Errorf("%v allocations a throw", n)
	}
}

// BenchmarkLuck judges the luck of one throw by the look-ahead, over the
// throws of 20 games of greedy against itself, and reports the throws a
// game: their product is the cost of the adjustment a game.
func BenchmarkLuck(b *testing.B) {
	var throws []*tamman.State
	var drawn []engine.Move
	agents := []ai.Agent{mustAgent(b, "greedy", 1), mustAgent(b, "greedy", 2)}
	const games = 20
	for i := range games {
		playPairedThrows(b, agents, i, func(*tamman.State, int, engine.Move, time.Duration) {}, func(s *tamman.State, m engine.Move) {
			throws = append(throws, s.Clone().(*tamman.State))
			drawn = append(drawn, m)
		})
	}
	var luck ai.Luck
	var judge turnJudge
	v := func(s engine.State) float64 { return judge.value(s, 0) }
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(throws)
		if _, err := luck.Of(throws[k], drawn[k], v); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(throws))/games, "throws/game")
}

// BenchmarkRollout is one rollout to the end by the one-ply player of the
// network, from the start.
func BenchmarkRollout(b *testing.B) {
	r := newRoller(1, 0)
	s := start(b)
	moves := s.Legal(engine.ChancePlayer, nil)[:1]
	var dst []float64
	for i := range b.N {
		dst = r.values(s, moves, uint64(i), dst)
	}
}

// The difference of two runs is taken pair by pair, the first variant's
// seat alternating: run a wins games 0, 1 and 2 of its first two pairs
// (adjusted 0.75, 0.25, 1 and 0.5), b games 1, 2 and 3 (each adjusted
// 0.5); a pair only one run played (a's pair 2) is left out. Raw, b less
// a is -1/2 in pair 0 and +1/2 in pair 1; adjusted 0 and -1/4.
func TestScoreDifferenceIsByPairsBothPlayed(t *testing.T) {
	run := func(winners []int, adj ...float64) matchLog {
		l := matchLog{winners: map[int]int{}, pairs: map[int]pairResult{}, adjusted: map[int]float64{}}
		for i, x := range adj {
			l.winners[i], l.adjusted[i] = winners[i], x
		}
		for k := 0; 2*k+1 < len(adj); k++ {
			l.pairs[k] = pairOf(winners[2*k], winners[2*k+1])
		}
		return l
	}
	a := run([]int{0, 1, 0, 0, 0, 0}, 0.75, 0.25, 1, 0.5, 0.5, 0.5)
	b := run([]int{1, 1, 0, 1}, 0.5, 0.5, 0.5, 0.5)
	raw, adj := scoreDifference(a, b)
	if raw.n != 2 || raw.mean != 0 || raw.variance != 0.5 {
		t.Errorf("raw %+v, want 2 pairs, mean 0, variance 1/2", raw)
	}
	if adj.n != 2 || adj.mean != -0.125 || adj.variance != 0.03125 {
		t.Errorf("adjusted %+v, want 2 pairs, mean -1/8, variance 1/32", adj)
	}
}

// -luck-depth cuts the judge's look-ahead: one level is the network
// alone, seven the whole turn, and the judges differ on a throw's
// position; a depth outside 1 to 7 is refused.
func TestLuckDepthCutsTheLookAhead(t *testing.T) {
	was := *luckDepth
	t.Cleanup(func() { *luckDepth = was })
	s := start(t)
	s.Apply(s.ChanceOutcomes(nil)[0].Move) // a throw to move with
	judges := map[int]float64{}
	for _, d := range []int{1, turnDepth} {
		*luckDepth = d
		j, err := newTurnJudge()
		if err != nil {
			t.Fatal(err)
		}
		judges[d] = j.value(s, 0)
	}
	if net := tammanai.NetEval(s, nil)[0]; judges[1] != net {
		t.Errorf("depth 1 judges %v, the network %v", judges[1], net)
	}
	if judges[1] == judges[turnDepth] {
		t.Errorf("depths 1 and %d both judge %v: the look-ahead is not cut", turnDepth, judges[1])
	}
	for _, d := range []int{0, turnDepth + 1} {
		*luckDepth = d
		if _, err := newTurnJudge(); err == nil {
			t.Errorf("--luck-depth %d accepted", d)
		}
	}
}
