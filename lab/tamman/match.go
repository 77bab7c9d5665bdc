package tammanlab

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
	"tabula/games/tamman/tammanai"
)

// The match of two search variants, for trying out what the agents' specs
// cannot say (evaluations, playout policies):
//
//	tabula lab tamman-match --match 'mcts:20000/random,greedy' --match-games 200
//
// A variant is an agent's spec (greedy, mcts:hard, mcts:3000), or mcts:N
// (iterations) or mcts:DURATION followed by any of /random (uniformly
// random playouts), /threat (ThreatEval at the end of playouts), /tN
// (playouts of N plies), /sigK (the race lead judged through tanh(K*lead)),
// /learned (LearnedEval), /net (NetEval, or the network of -match-net),
// /net2 (the network of -match-net2, to match two networks);
// greedy/learned and greedy/net are one ply by those evaluations, and
// alphabeta:D/net expectiminimax to depth D judged by the network
// (/calA: its chance for the searcher read as σ(A + logit), risk.go;
// /sK: searching on by up to K moves where the depth ends inside a
// turn, ai.Config.SettleMoves; /rP: the throws of chance below P a ply
// shallower, ai.Config.RareOutcome);
// exploit:D expectimax to D moves against a model of greedy, /wT
// trusting it by T (exploit.go);
// rollout:N rollouts (rollout.go), N a move, /tT of T turns, /kK
// only the moves within K of the best by the network one ply deep;
// checked:N hard whose moves with a man left behind N rollouts check
// (/mM: the margin a move needs over hard's, 0.02; /all: every move). Games
// 2k and 2k+1, where the variants swap seats, give each seat the same
// throws at each of its turns (-match-throws, pairs.go).
var (
	matchSpec  = flags.String("match", "", "two variants, comma-separated, for Match")
	matchGames = flags.Int("match-games", 100, "games of Match, seats alternating")
	matchProcs = flags.Int("match-procs", 2, "games played at once in Match")
	matchSeed  = flags.Uint64("match-seed", 0, "added to the seeds of Match's agents and throws: another run on other throws")
	matchPlay  = flags.Uint64("match-play-seed", 0, "changes the agents' seeds of Match, not its throws: the same throws, other choices where the agents draw")
	matchNet   = flags.String("match-net", "", "a network written by tabula train --net, for the variants /net (default: the committed one); several joined by + judge by their mean")
	matchNet2  = flags.String("match-net2", "", "a network for the variants /net2 (default: the committed one), to match two networks")
)

// netEval is tammanai.NetEval, or the evaluation by the network of
// -match-net; netEval2 of -match-net2.
var (
	netEval  = sync.OnceValue(func() func(engine.State, []float64) []float64 { return netEvalOf(*matchNet) })
	netEval2 = sync.OnceValue(func() func(engine.State, []float64) []float64 { return netEvalOf(*matchNet2) })
)

// netEvalOf reads the network of path; of several, joined by "+", their
// mean (tammanai.NetMean).
func netEvalOf(path string) func(engine.State, []float64) []float64 {
	if path == "" {
		return func(s engine.State, dst []float64) []float64 { return tammanai.NetEval(s.(*tamman.State), dst) }
	}
	var nets []*tammanai.Net
	for _, p := range strings.Split(path, "+") {
		text, err := os.ReadFile(p)
		if err != nil {
			panic(err)
		}
		n, err := tammanai.ParseNet(text)
		if err != nil {
			panic(fmt.Sprintf("%s: %v", p, err))
		}
		nets = append(nets, n)
	}
	if len(nets) == 1 {
		return nets[0].Eval
	}
	m, _ := tammanai.NewNetMean(nets...) // (never empty)
	return m.Eval
}

// learnedEval is tammanai.LearnedEval as an evaluation for ai.Config.
func learnedEval(s engine.State, dst []float64) []float64 {
	return tammanai.LearnedEval(s.(*tamman.State), dst)
}

func variant(tb TB, spec string, seed uint64) ai.Agent {
	tb.Helper()
	parts := strings.Split(spec, "/")
	if parts[0] == "greedy" && len(parts) == 2 && (parts[1] == "learned" || parts[1] == "net" || parts[1] == "net2") {
		// One ply by a learned evaluation: greedy's search, another judge.
		eval := learnedEval
		if parts[1] == "net" {
			eval = netEval()
		} else if parts[1] == "net2" {
			eval = netEval2()
		}
		a, err := ai.New(tamman.Game{}, "greedy", ai.Config{Seed: seed, Eval: eval})
		if err != nil {
			tb.Fatal(err)
		}
		return a
	}
	if n, ok := strings.CutPrefix(parts[0], "rollout:"); ok {
		return rolloutVariant(tb, spec, n, parts[1:], seed)
	}
	if n, ok := strings.CutPrefix(parts[0], "exploit:"); ok && len(parts) <= 2 {
		d, err := strconv.Atoi(n)
		if err != nil || d < 1 {
			tb.Fatalf("variant %q: bad depth", spec)
		}
		trust := 1.0
		if len(parts) == 2 {
			w, ok := strings.CutPrefix(parts[1], "w")
			trust, err = strconv.ParseFloat(w, 64)
			if !ok || err != nil || trust < 0 || trust > 1 {
				tb.Fatalf("variant %q: want /wT, T from 0 to 1", spec)
			}
		}
		return newExploitSearch(spec, d, trust, netEval(), seed)
	}
	if n, ok := strings.CutPrefix(parts[0], "checked:"); ok {
		return checkedVariant(tb, spec, n, parts[1:], seed)
	}
	if len(parts) == 1 {
		a, err := ai.New(tamman.Game{}, spec, ai.Config{Seed: seed})
		if err != nil {
			tb.Fatal(err)
		}
		return a
	}
	if depth, ok := strings.CutPrefix(parts[0], "alphabeta:"); ok && len(parts) >= 2 && (parts[1] == "net" || parts[1] == "net2") {
		// Expectiminimax to a depth, the leaves judged by the network,
		// /calA through σ(A + logit) for the root player (risk.go), /sK
		// searching on by up to K moves where the depth ends inside a
		// turn (ai.Config.SettleMoves), /rP the throws of chance below P a
		// ply shallower (ai.Config.RareOutcome).
		d, err := strconv.Atoi(depth)
		if err != nil {
			tb.Fatalf("variant %q: bad depth", spec)
		}
		cfg := ai.Config{Seed: seed, Eval: netEval(), EvalBound: 1}
		if parts[1] == "net2" {
			cfg.Eval = netEval2()
		}
		shift := 0.0
		for _, p := range parts[2:] {
			if a, ok := strings.CutPrefix(p, "cal"); ok {
				if shift, err = strconv.ParseFloat(a, 64); err == nil {
					continue
				}
			}
			if r, ok := strings.CutPrefix(p, "r"); ok {
				if cfg.RareOutcome, err = strconv.ParseFloat(r, 64); err == nil {
					continue
				}
			}
			if k, ok := strings.CutPrefix(p, "s"); ok {
				if cfg.SettleMoves, err = strconv.Atoi(k); err == nil && cfg.SettleMoves >= 0 {
					continue
				}
			}
			tb.Fatalf("variant %q: unknown modifier %q", spec, p)
		}
		if shift == 0 {
			return ai.NewAlphaBeta(spec, ai.Budget{Depth: d}, cfg)
		}
		root := new(int)
		cfg.Eval = calibratedEval(cfg.Eval, shift, root)
		return rootedSearch{ai.NewAlphaBeta(spec, ai.Budget{Depth: d}, cfg), root}
	}
	param, ok := strings.CutPrefix(parts[0], "mcts:")
	if !ok {
		tb.Fatalf("unknown variant %q", spec)
	}
	var b ai.Budget
	if d, err := time.ParseDuration(param); err == nil {
		b.Time = d
	} else if n, err := strconv.Atoi(param); err == nil {
		b.Iterations = n
	} else {
		tb.Fatalf("variant %q: bad budget", spec)
	}
	cfg := ai.Config{Seed: seed}
	for _, p := range parts[1:] {
		switch {
		case p == "random":
			b.RandomPlayouts = true
		case p == "learned":
			cfg.Eval = learnedEval
		case p == "net":
			cfg.Eval = netEval()
		case p == "threat":
			cfg.Eval = func(s engine.State, dst []float64) []float64 { return tammanai.ThreatEval(s.(*tamman.State), dst) }
		case strings.HasPrefix(p, "sig"):
			// The race lead through tanh(K*lead): a risk-averse reading of
			// it, nearer a chance of winning than the lead itself.
			k, err := strconv.ParseFloat(p[3:], 64)
			if err != nil {
				tb.Fatalf("variant %q: bad scale", spec)
			}
			cfg.Eval = func(s engine.State, dst []float64) []float64 {
				n := len(dst)
				dst = s.(*tamman.State).Eval(dst)
				if !s.Terminal() {
					for i := n; i < len(dst); i++ {
						dst[i] = math.Tanh(k * dst[i])
					}
				}
				return dst
			}
		case strings.HasPrefix(p, "t"):
			n, err := strconv.Atoi(p[1:])
			if err != nil {
				tb.Fatalf("variant %q: bad playout length", spec)
			}
			b.PlayoutTurns = n
		default:
			tb.Fatalf("variant %q: unknown modifier %q", spec, p)
		}
	}
	return ai.NewMCTS(spec, b, cfg)
}

// Match plays two variants against each other, two players,
// seats alternating, and reports the first one's wins with a 95% Wilson
// interval and each one's time per move.
func Match(t TB) {
	if *matchSpec == "" {
		t.Skip("give --match A,B")
	}
	specs := strings.Split(*matchSpec, ",")
	if len(specs) != 2 {
		t.Fatalf("-match wants two variants, got %q", *matchSpec)
	}
	if _, err := newTurnJudge(); err != nil {
		t.Fatal(err)
	}
	var (
		wins   int
		spent  [2]time.Duration
		moves  [2]int
		slow   [2]time.Duration
		played int
		games  = make([]matchGame, *matchGames)
	)
	// The throws first, so that a log of a run stopped early says them.
	t.Logf("%s against %s (%s): %d games", specs[0], specs[1], matchLuck(), *matchGames)
	playGames(*matchProcs, 0, *matchGames, func(i int) (matchGame, bool) {
		return playMatchGame(t, specs, i), true
	}, func(i int, g matchGame) {
		t.Logf("game %d: the first variant in seat %d, seat %d won; luck %+.4f, adjusted %.4f", i, g.first, g.winner, g.luck, g.adjusted())
		played++
		games[i] = g
		if g.winner == g.first {
			wins++
		}
		for v := range 2 {
			spent[v] += g.took[v]
			moves[v] += g.moves[v]
			slow[v] = max(slow[v], g.most[v])
		}
	})
	lo, hi := wilson(wins, played)
	t.Logf("%s against %s (%s): won %d of %d, %.1f%% (95%% interval %.1f%%..%.1f%%)",
		specs[0], specs[1], matchLuck(), wins, played, 100*float64(wins)/float64(played), 100*lo, 100*hi)
	decided := 0
	for k := 0; k+1 < played; k += 2 {
		if games[k].winner == games[k+1].winner {
			decided++
		}
	}
	reportLuck(t, specs, games[:played])
	t.Logf("pairs of games with the same throws for each seat won by the same seat: %d of %d", decided, played/2)
	// The seat that won each game, in order: runs with the same
	// -match-seed play the same throws, so their pairs can be compared.
	seats := make([]byte, played)
	for k := range seats {
		seats[k] = '0' + byte(games[k].winner)
	}
	t.Logf("winning seats: %s", seats)
	for v := range 2 {
		t.Logf("%s: %d moves, mean %v, max %v a move", specs[v], moves[v],
			spent[v]/time.Duration(max(moves[v], 1)), slow[v])
	}
}

// matchLuck names what a Match run's luck came from, as its log's first
// and last lines say it (matchLine reads it back): the throws, the
// players' draws and the seeds, so that Ceiling can check that the runs
// it pools as of other seeds are.
func matchLuck() string {
	return fmt.Sprintf("throws %s, draws %s, seed %d, play seed %d", *matchThrows, *matchDraws, *matchSeed, *matchPlay)
}

// matchAgents returns the two variants of game i of Match in seat
// order, and the seat of the first: games 2k and 2k+1 swap them.
func matchAgents(tb TB, specs []string, i int) ([]ai.Agent, int) {
	seed := uint64(i+1) + *matchSeed + *matchPlay<<32
	agents := []ai.Agent{variant(tb, specs[0], seed), variant(tb, specs[1], seed)}
	first := i % 2
	if first == 1 {
		agents[0], agents[1] = agents[1], agents[0]
	}
	return agents, first
}

// playPaired plays game i of a paired match between agents (in seat
// order) and returns its end. Games 2k and 2k+1, where the players swap
// seats, give each seat the same throws (pairs.go): when one seat
// wins both, the throws decided the pair. chose hears each move before it
// is played, with the wall time its choice took.
func playPaired(tb TB, agents []ai.Agent, i int, chose func(s *tamman.State, p int, m engine.Move, d time.Duration)) *tamman.State {
	return playPairedThrows(tb, agents, i, chose, nil)
}

// playPairedThrows is playPaired; threw, if not nil, also hears each
// throw before it is thrown.
func playPairedThrows(tb TB, agents []ai.Agent, i int, chose func(s *tamman.State, p int, m engine.Move, d time.Duration), threw func(s *tamman.State, m engine.Move)) *tamman.State {
	dice := newThrows(i, *matchSeed)
	return gamePlay{agents: agents, dice: dice, chose: chose, threw: threw,
		reseed: func(p int, a ai.Agent) { reseed(dice, a, p, *matchPlay) }}.play(start(tb))
}

// wilson is the 95% Wilson score interval of k successes in n.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.96
	p, nn := float64(k)/float64(n), float64(n)
	c := (p + z*z/(2*nn)) / (1 + z*z/nn)
	h := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / (1 + z*z/nn)
	return c - h, c + h
}

var matchShared = flags.String("match-shared", "", "two variants, comma-separated, for SharedThrows")

// SharedThrows plays game i of -match-games for each of two
// variants against greedy, with Match's throws and seeds, and
// compares the two games' throws, and then the two games of each pair of
// the first variant's match (where the variants swap seats): how many
// throws they share before the first that differs (by seat or value), and
// how many of the shorter game's throws the other game threw at the same
// place (seat, the seat's turn, the place in the turn) with the same
// value. With -match-throws stream a capture or an extra throw in one game
// and not the other shifts the seat's stream; with keyed (the default) a
// throw at a place both games reach is the same in both.
//
//	tabula lab tamman-shared-throws --match-shared 'mcts:medium,greedy/learned' --match-games 100
func SharedThrows(t TB) {
	if *matchShared == "" {
		t.Skip("give --match-shared A,B")
	}
	specs := strings.Split(*matchShared, ",")
	if len(specs) != 2 {
		t.Fatalf("-match-shared wants two variants, got %q", *matchShared)
	}
	// play plays game i of spec against greedy, spec in seat i%2.
	play := func(spec string, i int) *placedThrows {
		agents := []ai.Agent{variant(t, spec, uint64(i+1)+*matchSeed), variant(t, "greedy", uint64(i+1)+*matchSeed)}
		if i%2 == 1 {
			agents[0], agents[1] = agents[1], agents[0]
		}
		// No reseeding: the agents' own draws, whatever -match-draws says.
		dice := newPlacedThrows(newThrows(i, *matchSeed))
		gamePlay{agents: agents, dice: dice}.play(start(t))
		return dice
	}
	var across, within sharing
	for i := 0; i < *matchGames; i++ {
		a := play(specs[0], i)
		across.add(a, play(specs[1], i))
		if i%2 == 1 {
			within.add(play(specs[0], i-1), a)
		}
	}
	t.Logf("throws %s; %s and %s against greedy, game by game: %s", *matchThrows, specs[0], specs[1], across)
	t.Logf("the two games of each pair of %s against greedy: %s", specs[0], within)
	if *matchThrows == "keyed" && across.differ+within.differ > 0 {
		t.Errorf("%d throws at the same place differ", across.differ+within.differ)
	}
}

// sharing sums what pairs of games share of their throws.
type sharing struct {
	games, prefix, placed, differ, shorter int
}

func (c *sharing) add(a, b *placedThrows) {
	c.games++
	k := 0
	for k < len(a.order) && k < len(b.order) && a.order[k] == b.order[k] && a.seen[a.order[k]] == b.seen[b.order[k]] {
		k++
	}
	c.prefix += k
	if len(b.order) < len(a.order) {
		a, b = b, a
	}
	c.shorter += len(a.order)
	for _, at := range a.order {
		if m, ok := b.seen[at]; ok {
			if m == a.seen[at] {
				c.placed++
			} else {
				c.differ++
			}
		}
	}
}

func (c sharing) String() string {
	n := float64(max(c.games, 1))
	return fmt.Sprintf("of %.1f throws in the shorter game, %.1f shared before the first that differs, %.1f at the same place with the same value, %.2f at the same place with another value (means over %d pairs of games)",
		float64(c.shorter)/n, float64(c.prefix)/n, float64(c.placed)/n, float64(c.differ)/n, c.games)
}

// start is the start of a game under the default rules and settings.
func start(tb TB, settings ...string) *tamman.State {
	tb.Helper()
	opts, err := engine.ParseOptions(tamman.Game{}, settings)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := tamman.New(opts)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}
