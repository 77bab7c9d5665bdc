package tammanlab

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"tabula/engine"
	"tabula/games/tamman"
	"tabula/games/tamman/tammanai"
)

// The judges of MCTS's leaves with three and four players, as predictors
// of the winner: why the network helps medium and not hard. Positions
// are taken every 5 turns from games the playout policy plays against
// itself (the positions a search's playouts pass through); from each, K
// playouts of the policy, each judged by the network after 4 turns, by
// the race after 4 and after 40 (the levels' judges), and played to the
// end. A judge's favourite is the seat it rates best; the report is how
// often she won the game, by the judge of one playout and by the mean of
// K (what a search sees after one iteration and after many), by stage
// of the game:
//
//	tabula lab tamman-leaf-judges --leaf-players 3 --leaf-games 60
var (
	leafPlayers  = flags.Int("leaf-players", 3, "players of LeafJudges: 3 or 4")
	leafGames    = flags.Int("leaf-games", 60, "games of the playout policy whose positions LeafJudges judges")
	leafPlayouts = flags.Int("leaf-playouts", 16, "playouts from each position, K")
	leafSeed     = flags.Uint64("leaf-seed", 1, "the seed of LeafJudges' games and playouts")
)

// leafJudges names the judges of LeafJudges, in the order of its tallies.
var leafJudges = []string{"the network now", "the network after 4 turns", "the race after 4", "the race after 40", "playouts to the end"}

// LeafJudges reports how often each judge's favourite won.
func LeafJudges(t TB) {
	n, k := *leafPlayers, *leafPlayouts
	if n != 3 && n != 4 {
		t.Fatalf("-leaf-players: want 3 or 4, got %d", n)
	}
	opts, err := engine.ParseOptions(tamman.Game{}, []string{"players=" + strconv.Itoa(n)})
	if err != nil {
		t.Fatal(err)
	}
	r := engine.Rand{Src: rand.NewPCG(*leafSeed, uint64(n))}
	const stage = 30 // turns
	type tally struct {
		positions int
		one, mean [5]int // favourites who won, by one playout's judge and by K's mean
	}
	var stages [5]tally
	var vals []float64
	best := func(x []float64) int {
		b := 0
		for i := range x {
			if x[i] > x[b] {
				b = i
			}
		}
		return b
	}
	sums := make([][]float64, len(leafJudges))
	for j := range sums {
		sums[j] = make([]float64, n)
	}
	for range *leafGames {
		s, err := tamman.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		var positions []*tamman.State
		var turns []int
		for turn := 0; !s.Terminal(); turn++ {
			if turn > 0 && turn%5 == 0 {
				positions = append(positions, s.Clone().(*tamman.State))
				turns = append(turns, turn)
			}
			s.PolicyPlayout(r, 1)
		}
		w := s.Winner()
		for x, p := range positions {
			st := &stages[min(turns[x]/stage, len(stages)-1)]
			st.positions++
			for j := range sums {
				clear(sums[j])
			}
			// add adds one playout's judgement to judge j's sum; the first
			// playout's favourite is tallied by itself too.
			add := func(j, playout int, v []float64) {
				for i := range n {
					sums[j][i] += v[i]
				}
				if playout == 0 && best(v) == w {
					st.one[j]++
				}
			}
			for i := range k {
				q := p.Clone().(*tamman.State)
				if i == 0 {
					add(0, 0, tammanai.MultiNetEval(q, vals[:0]))
				}
				q.PolicyPlayout(r, 4)
				add(1, i, tammanai.MultiNetEval(q, vals[:0]))
				add(2, i, q.Eval(vals[:0]))
				q.PolicyPlayout(r, 36)
				add(3, i, q.Eval(vals[:0]))
				q.PolicyPlayout(r, 1<<20)
				end := make([]float64, n)
				if q.Terminal() {
					end[q.Winner()] = 1
				}
				add(4, i, end)
			}
			for j := range sums {
				if best(sums[j]) == w {
					st.mean[j]++
				}
			}
		}
	}
	t.Logf("%d players, %d games of the playout policy, %d playouts a position (seed %d): how often the favourite won", n, *leafGames, k, *leafSeed)
	for i, st := range stages {
		if st.positions == 0 {
			continue
		}
		to := strconv.Itoa(i*stage + stage - 1)
		if i == len(stages)-1 {
			to = "end"
		}
		var line strings.Builder
		fmt.Fprintf(&line, "turns %d..%s, %d positions:", i*stage, to, st.positions)
		for j, name := range leafJudges {
			fmt.Fprintf(&line, " %s %.1f%% (mean of %d: %.1f%%);", name, 100*float64(st.one[j])/float64(st.positions), k, 100*float64(st.mean[j])/float64(st.positions))
		}
		t.Log(line.String())
	}
}
