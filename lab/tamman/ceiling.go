package tammanlab

import (
	"bufio"
	"fmt"
	"maps"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The ceiling against an opponent: how much of a paired match the throws
// decide. In a pair whose two games the same seat won, each player won
// from that seat and lost from the other: with those throws the seat
// decided. If the first player of a match splits a share s of the pairs
// so, she scores at most 1 - s/2 (her wins are the pairs she won twice and
// one game of each split pair), and exactly that when she lost no pair
// twice. The share is the first player's as much as the throws': a
// stronger player may win from the worse seat where a weaker one lost, so
// the pairs two players split from the same seat on the same throws say
// more than one player's.

var ceilingLogs = flags.String("ceiling-logs", "", "the output of tamman-match runs, comma-separated, for Ceiling")

var ceilingPool = flags.Bool("ceiling-pool", false, "Ceiling: report the luck of the runs of each match together, as of other seeds (two logs that name the same seed are refused)")

// pairResult is what a pair of games gave: one seat won both games (the
// pair split between the players), or one player won both.
type pairResult int8

const (
	seat0Both  pairResult = iota // seat 0 won both games: the pair split
	seat1Both                    // seat 1 won both
	firstBoth                    // the first variant won both
	secondBoth                   // the second variant won both
)

// pairOf classifies pair k from its games' winning seats: game 2k has the
// first variant in seat 0, game 2k+1 in seat 1.
func pairOf(w0, w1 int) pairResult {
	switch {
	case w0 == w1 && w0 == 0:
		return seat0Both
	case w0 == w1:
		return seat1Both
	case w0 == 0:
		return firstBoth
	}
	return secondBoth
}

// matchLog is one Match run: its variants and the pairs of which
// it played both games.
type matchLog struct {
	name    string
	specs   [2]string   // the two variants, the first first
	winners map[int]int // game -> the seat that won it
	pairs   map[int]pairResult
	// adjusted: game -> the first variant's luck-adjusted result, in logs
	// that give it (from 2 December 2026, luck.go).
	adjusted map[int]float64
	// seed is the luck's seeds ("seed 3, play seed 0"), in logs that
	// name them (from 6 December 2026), else "".
	seed string
	path string // the file read
}

var (
	gameLine  = regexp.MustCompile(`game (\d+): the first variant in seat (\d), seat (\d) won(?:; luck \S+, adjusted (\S+))?`)
	matchLine = regexp.MustCompile(`(\S+) against (\S+) \(throws (\w+)(?:, draws (\w+))?(?:, (seed \d+, play seed \d+))?\)`)
)

// readMatchLog reads the games of a Match run from its output,
// a run stopped early included. A log of the old throws (-match-throws
// stream, or before it) is refused: its pairs do not share their throws.
func readMatchLog(path string) (matchLog, error) {
	f, err := os.Open(path)
	if err != nil {
		return matchLog{}, err
	}
	defer f.Close()
	winners := map[int]int{}
	l := matchLog{name: path, path: path, winners: winners, pairs: map[int]pairResult{}, adjusted: map[int]float64{}}
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		if m := matchLine.FindStringSubmatch(sc.Text()); m != nil {
			if m[3] != "keyed" {
				return l, fmt.Errorf("%s:%d: throws %s, not keyed: its pairs do not share their throws", path, line, m[3])
			}
			l.name, l.specs, l.seed = m[1]+" v "+m[2], [2]string{m[1], m[2]}, m[5]
			if m[4] == "keyed" {
				l.name += " (draws keyed)"
			}
			continue
		}
		m := gameLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		i, _ := strconv.Atoi(m[1])
		first, _ := strconv.Atoi(m[2])
		if first != i%2 {
			return l, fmt.Errorf("%s:%d: game %d has the first variant in seat %d", path, line, i, first)
		}
		winners[i], _ = strconv.Atoi(m[3])
		if m[4] != "" {
			a, err := strconv.ParseFloat(m[4], 64)
			if err != nil || math.IsNaN(a) || math.IsInf(a, 0) {
				return l, fmt.Errorf("%s:%d: game %d: adjusted result %q is not a number", path, line, i, m[4])
			}
			l.adjusted[i] = a
		}
	}
	if err := sc.Err(); err != nil {
		return l, fmt.Errorf("%s: %v", path, err)
	}
	for i, w0 := range winners {
		if w1, ok := winners[i+1]; ok && i%2 == 0 {
			l.pairs[i/2] = pairOf(w0, w1)
		}
	}
	if l.name == path {
		return l, fmt.Errorf("%s: no line says the throws were keyed (a run before 2 December 2026 had none, and played streams)", path)
	}
	if len(l.pairs) == 0 {
		return l, fmt.Errorf("%s: no pair of games played", path)
	}
	return l, nil
}

// Ceiling reads Match runs on the same throws (the same
// -match-seed, keyed throws) and reports, for each, the share of pairs the
// same seat won and the ceiling 1 - s/2 it gives, and, for every two runs
// on the same luck (logs that name other seeds are not), how the pairs
// one of them split fared in the other; with -ceiling-pool, the
// luck-adjusted score of the runs of each match, on other seeds,
// together:
//
//	tabula lab tamman-ceiling --ceiling-logs hard-greedy.log,max-greedy.log
func Ceiling(t TB) {
	if *ceilingLogs == "" {
		t.Skip("give --ceiling-logs A.log,B.log")
	}
	var logs []matchLog
	for _, p := range strings.Split(*ceilingLogs, ",") {
		l, err := readMatchLog(p)
		if err != nil {
			t.Fatal(err)
		}
		logs = append(logs, l)
	}
	for _, l := range logs {
		var c [4]int
		for _, r := range l.pairs {
			c[r]++
		}
		n := len(l.pairs)
		split := c[seat0Both] + c[seat1Both]
		slo, shi := wilson(split, n)
		wins := 2*c[firstBoth] + split
		wlo, whi := wilson(wins, 2*n)
		t.Logf("%s: %d pairs; the first won both %d, lost both %d; the same seat won both %d (seat 0 %d, seat 1 %d), s = %.1f%% (%.1f%%..%.1f%%)",
			l.name, n, c[firstBoth], c[secondBoth], split, c[seat0Both], c[seat1Both], pct(split, n), 100*slo, 100*shi)
		t.Logf("%s: the first scored %.1f%% (%.1f%%..%.1f%%); ceiling 1 - s/2 = %.1f%% (%.1f%%..%.1f%%)",
			l.name, pct(wins, 2*n), 100*wlo, 100*whi, 100-pct(split, 2*n), 100-50*shi, 100-50*slo)
		if g := l.luckGames(); len(g) > 0 {
			reportLuck(t, l.specs[:], g)
		}
	}
	if *ceilingPool {
		ms, err := sameMatches(logs)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			t.Logf("the %d runs of %s together:", m.runs, m.name)
			reportLuck(t, m.specs[:], m.games)
		}
	}
	apart := 0
	for a := range logs {
		for b := a + 1; b < len(logs); b++ {
			if !sameLuck(logs[a], logs[b]) {
				apart++
				continue
			}
			crossPairs(t, logs[a], logs[b])
			if raw, adj := scoreDifference(logs[a], logs[b]); adj.n >= 2 {
				rlo, rhi := raw.interval()
				alo, ahi := adj.interval()
				t.Logf("%s less %s, by %d pairs both played: raw %+.1f points (95%% interval %+.1f..%+.1f), luck-adjusted %+.1f points (95%% interval %+.1f..%+.1f)",
					logs[b].name, logs[a].name, adj.n, 100*raw.mean, 100*rlo, 100*rhi, 100*adj.mean, 100*alo, 100*ahi)
			}
		}
	}
	if apart > 0 {
		what := "two runs"
		if apart > 1 {
			what = fmt.Sprintf("%d pairs of runs", apart)
		}
		t.Logf("%s not compared game by game: they name other seeds", what)
	}
	if len(logs) > 2 && apart == 0 {
		common, all := 0, 0
	pairs:
		for k, r := range logs[0].pairs {
			for _, l := range logs[1:] {
				if _, ok := l.pairs[k]; !ok {
					continue pairs
				}
			}
			all++
			if r != seat0Both && r != seat1Both {
				continue
			}
			same := true
			for _, l := range logs[1:] {
				same = same && l.pairs[k] == r
			}
			if same {
				common++
			}
		}
		lo, hi := wilson(common, all)
		t.Logf("all %d runs: %d of %d pairs won twice by the same seat in every run, %.1f%% (%.1f%%..%.1f%%); ceiling %.1f%% (%.1f%%..%.1f%%)",
			len(logs), common, all, pct(common, all), 100*lo, 100*hi, 100-pct(common, 2*all), 100-50*hi, 100-50*lo)
	}
}

// sameLuck tells whether two runs played on the same throws and draws,
// as far as their logs say: runs of other seeds share no pair, and
// comparing them game by game would only count chance.
func sameLuck(a, b matchLog) bool {
	return a.seed == "" || b.seed == "" || a.seed == b.seed
}

// scoreDifference returns the spreads, over the pairs both runs played
// and judged the luck of, of b's first variant's pair means less a's, raw
// and luck-adjusted. On the same luck (the same -match-seed, keyed throws
// and draws) the two runs part only by the play, so this is the paired
// comparison of their first variants against the same opponent: far
// narrower than the difference of two independent intervals.
func scoreDifference(a, b matchLog) (raw, adj pairSpread) {
	var dr, da []float64
	for _, k := range slices.Sorted(maps.Keys(a.pairs)) {
		if _, ok := b.pairs[k]; !ok {
			continue
		}
		var r, d float64
		ok := true
		for j := range 2 {
			g := 2*k + j // the first variant sits in seat g%2
			xa, oka := a.adjusted[g]
			xb, okb := b.adjusted[g]
			ok = ok && oka && okb
			r += (b2f(b.winners[g] == g%2) - b2f(a.winners[g] == g%2)) / 2
			d += (xb - xa) / 2
		}
		if ok {
			dr, da = append(dr, r), append(da, d)
		}
	}
	return spreadOf(dr), spreadOf(da)
}

// crossPairs reports, over the pairs both runs played, how the pairs that
// a split fared in b, and how many both split from the same seat against
// what independent runs with their shares would give.
func crossPairs(t TB, a, b matchLog) {
	var tab [4][4]int
	var na, nb [4]int
	n := 0
	for k, r := range a.pairs {
		o, ok := b.pairs[k]
		if !ok {
			continue
		}
		tab[r][o]++
		na[r]++
		nb[o]++
		n++
	}
	both := tab[seat0Both][seat0Both] + tab[seat1Both][seat1Both]
	chance := float64(na[seat0Both]*nb[seat0Both]+na[seat1Both]*nb[seat1Both]) / float64(max(n, 1))
	lo, hi := wilson(both, n)
	t.Logf("%s and %s: %d pairs in common; split from the same seat by both %d, %.1f%% (%.1f%%..%.1f%%), %.1f if independent; ceiling %.1f%% (%.1f%%..%.1f%%)",
		a.name, b.name, n, both, pct(both, n), 100*lo, 100*hi, chance, 100-pct(both, 2*n), 100-50*hi, 100-50*lo)
	split := na[seat0Both] + na[seat1Both]
	t.Logf("of the %d pairs %s split: %s split them from the same seat %d, from the other %d; its first won both %d, lost both %d",
		split, a.name, b.name, both, tab[seat0Both][seat1Both]+tab[seat1Both][seat0Both],
		tab[seat0Both][firstBoth]+tab[seat1Both][firstBoth], tab[seat0Both][secondBoth]+tab[seat1Both][secondBoth])
	split = nb[seat0Both] + nb[seat1Both]
	t.Logf("of the %d pairs %s split: %s split them from the same seat %d; its first won both %d, lost both %d",
		split, b.name, a.name, both, tab[firstBoth][seat0Both]+tab[firstBoth][seat1Both], tab[secondBoth][seat0Both]+tab[secondBoth][seat1Both])
}

func pct(k, n int) float64 { return 100 * float64(k) / float64(max(n, 1)) }
