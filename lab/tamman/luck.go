package tammanlab

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
	"tabula/games/tamman/tammanai"
)

// Luck-adjusted results (ai.Luck): Match judges each throw of a
// game by the committed network, for the first variant's seat, and
// subtracts the throws' luck from her result. Given the history each
// throw's luck has mean zero exactly (the rules' chances), so the adjusted
// result estimates her expected result without bias, with the luck the
// network sees taken out of its variance. Only the throws are adjusted,
// not the players' draws (greedy's ties, the searches' shuffles).

// matchGame is what game i of Match gave.
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
// halves the variance left (docs/lab/tamman-ceiling.md). The zero value is
// ready (looking turnDepth levels ahead); not safe for concurrent use.
type turnJudge struct {
	levels [turnDepth]turnLevel
	depth  int // the levels looked at, 1 to turnDepth; 0: turnDepth
}

// turnDepth bounds the look-ahead: a turn of three opening throws, three
// moves and a capture throw.
const turnDepth = 7

// luckDepth is the judge's look-ahead in the measurements: a shallower
// one judges worse, and faster (a quick check that a command runs).
var luckDepth = flags.Int("luck-depth", turnDepth, "the levels the judge of the throws' luck looks ahead, 1 (the network alone) to 7: fewer judge worse and faster")

// newTurnJudge is a judge that looks ahead as -luck-depth says.
func newTurnJudge() (*turnJudge, error) {
	if *luckDepth < 1 || *luckDepth > turnDepth {
		return nil, fmt.Errorf("--luck-depth %d: want 1 to %d", *luckDepth, turnDepth)
	}
	return &turnJudge{depth: *luckDepth}, nil
}

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
	depth := j.depth
	if depth == 0 {
		depth = turnDepth
	}
	if len(l.actors) == 0 || d+1 >= depth || s.Turn() != mover || (moved && l.actors[0] == engine.ChancePlayer) {
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

// playMatchGame plays game i of Match between the variants specs
// (playPairedThrows), timing each variant's moves where she had a choice and
// summing the first variant's luck at each throw.
func playMatchGame(tb TB, specs []string, i int) matchGame {
	agents, first := matchAgents(tb, specs, i)
	g := matchGame{first: first}
	var luck ai.Luck
	judge, err := newTurnJudge()
	if err != nil {
		tb.Fatal(err)
	}
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
func reportLuck(t TB, specs []string, games []matchGame) {
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
// give their adjusted result, in order, as Match played them.
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
// twice: two logs of a match that name the same seed are an error; of
// logs that name none (before 6 December 2026), the caller names other
// seeds.
func sameMatches(logs []matchLog) ([]pooledMatch, error) {
	var ms []pooledMatch
	at := map[string]int{}
	seen := map[[2]string]string{} // match and seed -> the log that ran it
	for _, l := range logs {
		g := l.luckGames()
		if len(g) == 0 {
			continue
		}
		if l.seed != "" {
			k := [2]string{l.name, l.seed}
			if first, ok := seen[k]; ok {
				return nil, fmt.Errorf("%s and %s both ran %s on %s: pooled, their pairs would count twice", first, l.path, l.name, l.seed)
			}
			seen[k] = l.path
		}
		i, ok := at[l.name]
		if !ok {
			i, at[l.name] = len(ms), len(ms)
			ms = append(ms, pooledMatch{name: l.name, specs: l.specs})
		}
		ms[i].runs++
		ms[i].games = append(ms[i].games, g...)
	}
	return slices.DeleteFunc(ms, func(m pooledMatch) bool { return m.runs < 2 }), nil
}
