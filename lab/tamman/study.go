package tammanlab

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"tabula/engine"
	"tabula/games/tamman"
)

// The study of a player's lost games (docs/lab/tamman-hard.md): each game the
// first variant of a Match run lost is played again with the same
// luck, and at each of its moves with a real choice the moves are judged
// by rollouts of the one-ply network player (roller); the moves where the
// rollouts rate another move higher by more than -study-gap are printed
// with what they were.
var (
	studyLog      = flags.String("study-log", "", "a Match -v log whose first variant's lost games Losses studies (give the run's -match-seed and -match-draws too)")
	studyGames    = flags.Int("study-games", 20, "lost games Losses studies")
	studyRollouts = flags.Int("study-rollouts", 400, "rollouts a move in Losses")
	studyGap      = flags.Float64("study-gap", 0.03, "the rollouts' margin over the move played that Losses reports")
)

// lostGames reads a Match log (readMatchLog): the two variants,
// the games the first lost, in order, and the seat that won each game.
func lostGames(tb TB, path string) (specs [2]string, lost []int, winner map[int]int) {
	l, err := readMatchLog(path)
	if err != nil {
		tb.Fatal(err)
	}
	for i, w := range l.winners {
		if w != i%2 { // the first variant plays seat i%2 (readMatchLog checks it)
			lost = append(lost, i)
		}
	}
	slices.Sort(lost)
	return l.specs, lost, l.winners
}

// Losses studies the first variant's lost games of a
// Match log:
//
//	tabula lab tamman-losses --study-log /tmp/hard-s0.log --match-draws keyed --study-games 20
func Losses(t TB) {
	if *studyLog == "" {
		t.Skip("give --study-log LOG")
	}
	specs, lost, winner := lostGames(t, *studyLog)
	r := newRoller(*studyRollouts, 0)
	var flagged, choices, again int
	var lostValue float64
	for _, i := range lost[:min(len(lost), *studyGames)] {
		agents, first := matchAgents(t, specs[:], i)
		var vals []float64
		gameGap, allGap := 0.0, 0.0
		// The value of each move played, the biggest fall between two,
		// and where it fell.
		var traj []float64
		last, worst, worstAt, lastAt := -1.0, 0.0, "", ""
		s := playPaired(t, agents, i, func(s *tamman.State, p int, m engine.Move, _ time.Duration) {
			if p != first {
				return
			}
			cands := distinct(s, s.Legal(p, nil))
			if len(cands) < 2 {
				return
			}
			choices++
			vals = r.values(s, cands, uint64(i)<<20|uint64(s.Ply()), vals)
			played := playedIndex(s, cands, m)
			best := 0
			for k := range vals {
				if vals[k] > vals[best] {
					best = k
				}
			}
			gap := vals[best] - vals[played]
			allGap += gap
			traj = append(traj, vals[played])
			if drop := last - vals[played]; last >= 0 && drop > worst {
				worst, worstAt = drop, fmt.Sprintf("ply %d, %.3f -> %.3f, from %s to %s", s.Ply(), last, vals[played], lastAt, describe(s, p))
			}
			last, lastAt = vals[played], describe(s, p)
			if gap > *studyGap {
				flagged++
				gameGap += gap
				t.Logf("game %d ply %d: %s played %s (%.3f), rollouts prefer %s (%.3f): %s",
					i, s.Ply(), specs[0], s.MoveText(p, m), vals[played], s.MoveText(p, cands[best]), vals[best], describe(s, p))
			}
		})
		o, _ := s.Outcome()
		if o.Winner == winner[i] {
			again++
		}
		lostValue += gameGap
		t.Logf("game %d: lost again %v; moves flagged cost %.3f in all, every move %.3f; values %.2f; the biggest fall at %s", i, o.Winner == winner[i], gameGap, allGap, traj, worstAt)
	}
	t.Logf("%d lost games studied (%d lost again), %d choices, %d flagged (rollouts' gap over %.2f), %.3f of rollout value in all",
		min(len(lost), *studyGames), again, choices, flagged, *studyGap, lostValue)
}

// playedIndex is the index in cands of the move leading where m leads.
func playedIndex(s *tamman.State, cands []engine.Move, m engine.Move) int {
	c := s.Clone()
	c.Apply(m)
	h := c.Hash()
	for k, x := range cands {
		c.CopyFrom(s)
		c.Apply(x)
		if c.Hash() == h {
			return k
		}
	}
	panic(fmt.Sprintf("move %d not among the distinct moves", m))
}

// describe says what a position is for player p: her men's steps and the
// other's (24 is habarti), and the throws she holds.
func describe(s *tamman.State, p int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "mine %v, theirs %v, throws %v, to go %d v %d", s.Steps(p), s.Steps(1-p), s.Throws(), toGo(s, p), toGo(s, 1-p))
	return b.String()
}

// toGo is the steps player p's men still have to go.
func toGo(s *tamman.State, p int) int {
	n := 0
	for _, k := range s.Steps(p) {
		n += tamman.Home - k
	}
	return n
}

// Stragglers plays every game of a Match log again (the
// first variant's and the second's) and counts, by where a player's last
// man stood when her third reached habarti, the games she won: the man
// left behind of docs/lab/tamman-hard.md.
//
//	tabula lab tamman-stragglers --study-log /tmp/hard-s0.log --match-draws keyed
func Stragglers(t TB) {
	if *studyLog == "" {
		t.Skip("give --study-log LOG")
	}
	specs, _, winner := lostGames(t, *studyLog)
	// The buckets of the last man's step: on the 'ayn or near it, on the
	// outer ring, on the inner ring, and never three men home.
	buckets := []struct {
		name   string
		lo, hi int
	}{{"0-3", 0, 3}, {"4-15", 4, 15}, {"16-23", 16, 23}, {"never", -1, -1}}
	var games, won [2][4]int
	for i := range len(winner) {
		agents, first := matchAgents(t, specs[:], i)
		last := [2]int{-1, -1} // each seat's last man when her third got home
		s := playPaired(t, agents, i, func(s *tamman.State, p int, m engine.Move, _ time.Duration) {
			// The move is not played yet: look at the men it leaves.
			c := s.Clone().(*tamman.State)
			c.Apply(m)
			if st := c.Steps(p); last[p] < 0 && st[1] == tamman.Home {
				last[p] = st[0]
			}
		})
		o, _ := s.Outcome()
		for seat := range 2 {
			v := 0 // the variant in seat
			if seat != first {
				v = 1
			}
			b := 3
			for k, bk := range buckets[:3] {
				if last[seat] >= bk.lo && last[seat] <= bk.hi {
					b = k
				}
			}
			games[v][b]++
			if o.Winner == seat {
				won[v][b]++
			}
		}
	}
	for v := range 2 {
		var line []string
		for b, bk := range buckets {
			line = append(line, fmt.Sprintf("%s: won %d of %d", bk.name, won[v][b], games[v][b]))
		}
		t.Logf("%s, by the step of the last man when the third got home: %s", specs[v], strings.Join(line, "; "))
	}
}
