package tamman_test

import (
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
	"tabula/games/tamman/tammanai"
)

// Luck-adjusted results (ai.Luck): MeasureMatch judges each throw of a
// game by the committed network, for the first variant's seat, and
// subtracts the throws' luck from her result. Given the history each
// throw's luck has mean zero exactly (the rules' chances), so the adjusted
// result estimates her expected result without bias, with the luck the
// network sees taken out of its variance. Only the throws are adjusted,
// not the players' draws (greedy's ties, the searches' shuffles).

// matchGame is what game i of MeasureMatch gave.
type matchGame struct {
	first, winner int           // the first variant's seat, the winning seat
	luck          float64       // the first variant's luck in the throws
	judged        time.Duration // the wall time judging the luck took
	took, most    [2]time.Duration
	moves         [2]int // moves with a choice, by variant
}

// result is the first variant's result: 1 won, 0 lost.
func (g matchGame) result() float64 {
	if g.winner == g.first {
		return 1
	}
	return 0
}

// adjusted is the first variant's result less her luck.
func (g matchGame) adjusted() float64 { return g.result() - g.luck }

// turnJudge judges positions for the luck of the throws: by the
// committed network (whatever networks the variants play with), looked
// ahead to the end of the turn a throw opens: the turn's further opening
// throws by expectation over their chances, the mover's moves by her best
// by the network one move at a time while she keeps moving (at most
// turnDepth levels in all). A throw's worth shows in the moves it allows, which the
// network alone sees only as the sum of the throws held: looking ahead
// halves the variance left (docs/tamman-ceiling.md). The zero value is
// ready; not safe for concurrent use.
type turnJudge struct {
	levels [turnDepth]turnLevel
}

// turnDepth bounds the look-ahead: a turn of three opening throws, three
// moves and a capture throw.
const turnDepth = 7

// turnLevel is a level's scratch: no allocation once grown.
type turnLevel struct {
	s      *tamman.State
	moves  []engine.Move
	outs   []engine.ChanceOutcome
	actors []int
}

// value is seat's chance of winning at s by the look-ahead.
func (j *turnJudge) value(s engine.State, seat int) float64 {
	t := s.(*tamman.State)
	return j.look(t, 0, t.Turn(), false)[seat]
}

// look returns both seats' chances at s, d levels down in the turn of
// mover; once she has moved, a throw (for a capture) is left to the
// network: its worth a throw's five outcomes deep was too slow to judge.
func (j *turnJudge) look(s *tamman.State, d, mover int, moved bool) [2]float64 {
	l := &j.levels[d]
	l.actors = s.Actors(l.actors[:0])
	if len(l.actors) == 0 || d+1 == turnDepth || s.Turn() != mover || (moved && l.actors[0] == engine.ChancePlayer) {
		var v [2]float64
		tammanai.NetEval(s, v[:0])
		return v
	}
	if l.s == nil {
		l.s = s.Clone().(*tamman.State)
	}
	p := l.actors[0]
	if p == engine.ChancePlayer {
		var v [2]float64
		l.outs = s.ChanceOutcomes(l.outs[:0])
		for _, o := range l.outs {
			l.s.CopyFrom(s)
			l.s.Apply(o.Move)
			x := j.look(l.s, d+1, mover, false)
			v[0] += o.Prob * x[0]
			v[1] += o.Prob * x[1]
		}
		return v
	}
	best := [2]float64{-1, -1}
	l.moves = s.Legal(p, l.moves[:0])
	for _, m := range l.moves {
		l.s.CopyFrom(s)
		l.s.Apply(m)
		if x := j.look(l.s, d+1, mover, true); x[p] > best[p] {
			best = x
		}
	}
	return best
}

// playMatchGame plays game i of MeasureMatch between the variants specs
// (playPairedThrows), timing each variant's moves where she had a choice and
// summing the first variant's luck at each throw.
func playMatchGame(tb testing.TB, specs []string, i int) matchGame {
	agents, first := matchAgents(tb, specs, i)
	g := matchGame{first: first}
	var luck ai.Luck
	var judge turnJudge
	v := func(s engine.State) float64 { return judge.value(s, first) }
	s := playPairedThrows(tb, agents, i, func(s *tamman.State, p int, _ engine.Move, d time.Duration) {
		if len(s.Legal(p, nil)) < 2 {
			return
		}
		k := p // the variant in seat p
		if first == 1 {
			k = 1 - p
		}
		g.took[k] += d
		g.moves[k]++
		g.most[k] = max(g.most[k], d)
	}, func(s *tamman.State, m engine.Move) {
		t0 := time.Now()
		x, err := luck.Of(s, m, v)
		g.judged += time.Since(t0)
		if err != nil {
			tb.Errorf("game %d: %v", i, err)
		}
		g.luck += x
	})
	o, _ := s.Outcome()
	g.winner = o.Winner
	return g
}

// pairSpread is the mean and the sample variance of some values: the
// means of the pairs of a match, or a measurement's values.
type pairSpread struct {
	n              int
	mean, variance float64
}

// pairsOf returns the spread of the pair means (games 2k and 2k+1) of
// x(game) over the complete pairs of games.
func pairsOf(games []matchGame, x func(matchGame) float64) pairSpread {
	var means []float64
	for k := 0; k+1 < len(games); k += 2 {
		means = append(means, (x(games[k])+x(games[k+1]))/2)
	}
	return spreadOf(means)
}

// spreadOf returns the mean and the sample variance of xs.
func spreadOf(xs []float64) pairSpread {
	s := pairSpread{n: len(xs)}
	for _, x := range xs {
		s.mean += x
	}
	s.mean /= float64(max(s.n, 1))
	for _, x := range xs {
		s.variance += (x - s.mean) * (x - s.mean)
	}
	s.variance /= float64(max(s.n-1, 1))
	return s
}

// interval is the normal 95% interval of the mean.
func (s pairSpread) interval() (lo, hi float64) {
	h := 1.96 * math.Sqrt(s.variance/float64(max(s.n, 1)))
	return s.mean - h, s.mean + h
}

// reportLuck logs the first variant's raw and luck-adjusted scores with
// their normal 95% intervals over the pairs, how many times smaller the
// adjusted pairs' variance is, and the time judging the luck took.
func reportLuck(t *testing.T, specs []string, games []matchGame) {
	raw, adj := pairsOf(games, matchGame.result), pairsOf(games, matchGame.adjusted)
	var judged time.Duration
	for _, g := range games {
		judged += g.judged
	}
	if judged > 0 {
		t.Logf("the luck judged in %v a game (wall time)", judged/time.Duration(len(games)))
	}
	if raw.n < 2 {
		t.Logf("%s against %s, by %d pairs: raw %.1f%%, luck-adjusted %.1f%% (no interval from fewer than 2 pairs)",
			specs[0], specs[1], raw.n, 100*raw.mean, 100*adj.mean)
		return
	}
	rlo, rhi := raw.interval()
	alo, ahi := adj.interval()
	t.Logf("%s against %s, by %d pairs: raw %.1f%% (95%% interval %.1f%%..%.1f%%), luck-adjusted %.1f%% (95%% interval %.1f%%..%.1f%%); variance reduction %.2f",
		specs[0], specs[1], raw.n, 100*raw.mean, 100*rlo, 100*rhi, 100*adj.mean, 100*alo, 100*ahi, raw.variance/adj.variance)
}

// luckGames returns the games of the log's pairs whose two games both
// give their adjusted result, in order, as MeasureMatch played them.
func (l matchLog) luckGames() []matchGame {
	var games []matchGame
	for _, k := range slices.Sorted(maps.Keys(l.pairs)) {
		a0, ok0 := l.adjusted[2*k]
		a1, ok1 := l.adjusted[2*k+1]
		if !ok0 || !ok1 {
			continue
		}
		for j, a := range [2]float64{a0, a1} {
			g := matchGame{first: j, winner: l.winners[2*k+j]}
			g.luck = g.result() - a
			games = append(games, g)
		}
	}
	return games
}

// Two equal players with keyed draws play each pair as one game twice,
// seats swapped: the first variant wins one game of the pair, and her
// luck in one game is her luck in the other with the sign turned, so
// each pair's adjusted mean is exactly 1/2 (up to rounding) while the
// luck itself is not 0. Measuring the luck for a fixed seat, or by the
// network's value for the side to move, would break it.
func TestLuckAdjustedPairsOfEqualPlayersScoreOneHalf(t *testing.T) {
	was := *matchDraws
	t.Cleanup(func() { *matchDraws = was })
	*matchDraws = "keyed"
	specs := []string{"greedy", "greedy"}
	most := 0.0
	for k := range 4 {
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

// pooledMatch is the luck-judged games of several runs of one match
// (the same variants, the same draws), on other seeds.
type pooledMatch struct {
	name  string
	specs [2]string
	runs  int
	games []matchGame // run after run, each in its pairs' order
}

// sameMatches pools, in the order of logs, the luck-judged games of every
// match that two or more of logs ran: the rows of the docs that give
// several seeds together. Runs on the same seed would count their pairs
// twice; the caller names other seeds.
func sameMatches(logs []matchLog) []pooledMatch {
	var ms []pooledMatch
	at := map[string]int{}
	for _, l := range logs {
		g := l.luckGames()
		if len(g) == 0 {
			continue
		}
		i, ok := at[l.name]
		if !ok {
			i, at[l.name] = len(ms), len(ms)
			ms = append(ms, pooledMatch{name: l.name, specs: l.specs})
		}
		ms[i].runs++
		ms[i].games = append(ms[i].games, g...)
	}
	return slices.DeleteFunc(ms, func(m pooledMatch) bool { return m.runs < 2 })
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
	ms := sameMatches([]matchLog{run("x", "y", 0.75, 0.25), run("z", "y", 0.5, 0.5), run("x", "y", 0.375, 0.625, 1, 0)})
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
