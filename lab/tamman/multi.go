package tammanlab

import (
	"fmt"
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

// The match of games of three or four players: one variant in one seat,
// another in all the others, the seat of the first turning game by game.
// The n games of a round give each seat the same throws (keyed, as
// Match's pairs: a seat's k-th turn throws the same in every game of the
// round) and each agent's draws are keyed as well, so that the round
// compares the variant's play from every seat on the same luck:
//
//	tabula lab tamman-match-multi --multi-players 4 --multi-match 'medium/net,medium/race' --multi-games 400
//
// A variant is a level (easy, medium, hard, max) as the levels now play
// it, or LEVEL/race (the level's MCTS judged by the race, the game's own
// Eval, after the game's playouts) or LEVEL/net (judged by the network of
// that many players, or that of -multi-net, after playouts of
// tammanai.MultiPlayoutTurns turns; /tN: N turns; /mixW: W times the
// network plus 1-W times the race), or greedy, random, greedy/net; /iN
// searches N iterations instead of the level's, for cheaper screens. The
// levels' MCTS searches their iterations with no time cap, so that a run
// is the same under any load; `tabula lab level-times` says
// whether they keep their budgets.
var (
	multiPlayers = flags.Int("multi-players", 4, "players of MatchMulti: 3 or 4")
	multiSpec    = flags.String("multi-match", "", "two variants, comma-separated, for MatchMulti: the first in one seat, the second in the others")
	multiGames   = flags.Int("multi-games", 40, "games of MatchMulti, the first variant's seat turning")
	multiProcs   = flags.Int("multi-procs", 1, "games played at once in MatchMulti")
	multiSeed    = flags.Uint64("multi-seed", 0, "the seed of MatchMulti's throws and draws: another run on other throws")
	multiNet     = flags.String("multi-net", "", "a network written by tabula train --net --players N, for the variants /net (default: the committed one)")
)

// multiEval is the evaluation of the variants /net.
var multiEval = sync.OnceValue(func() func(engine.State, []float64) []float64 {
	if *multiNet == "" {
		return func(s engine.State, dst []float64) []float64 { return tammanai.MultiNetEval(s.(*tamman.State), dst) }
	}
	text, err := os.ReadFile(*multiNet)
	if err != nil {
		panic(err)
	}
	n, err := tammanai.ParseMultiNet(text)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", *multiNet, err))
	}
	if p, _ := n.Shape(); p != *multiPlayers {
		panic(fmt.Sprintf("%s: a network of %d players, the match has %d", *multiNet, p, *multiPlayers))
	}
	return n.Eval
})

// multiVariant makes the agent of spec for games of opts.
func multiVariant(tb TB, spec string, opts engine.Options, seed uint64) ai.Agent {
	tb.Helper()
	parts := strings.Split(spec, "/")
	cfg := ai.Config{Seed: seed, Options: opts}
	if len(parts) == 1 {
		a, err := ai.New(tamman.Game{}, spec, cfg)
		if err != nil {
			tb.Fatal(err)
		}
		return a
	}
	if parts[0] == "greedy" && len(parts) == 2 && parts[1] == "net" {
		cfg.Eval = multiEval()
		a, err := ai.New(tamman.Game{}, "greedy", cfg)
		if err != nil {
			tb.Fatal(err)
		}
		return a
	}
	n, policy, ok := tammanai.Levels{}.MCTSLevel(parts[0])
	if !ok {
		tb.Fatalf("variant %q: want a level before /", spec)
	}
	b := ai.Budget{Iterations: n, RandomPlayouts: !policy}
	switch parts[1] {
	case "race":
	case "net":
		cfg.Eval = multiEval()
		b.PlayoutTurns = tammanai.MultiPlayoutTurns
	default:
		tb.Fatalf("variant %q: want /race or /net", spec)
	}
	for _, p := range parts[2:] {
		switch {
		case strings.HasPrefix(p, "t"):
			turns, err := strconv.Atoi(p[1:])
			if err != nil {
				tb.Fatalf("variant %q: bad playout length %q", spec, p)
			}
			b.PlayoutTurns = turns
		case strings.HasPrefix(p, "i"):
			// Another iteration budget, for screens cheaper than the level.
			n, err := strconv.Atoi(p[1:])
			if err != nil || n < 1 {
				tb.Fatalf("variant %q: bad iterations %q", spec, p)
			}
			b.Iterations = n
		case strings.HasPrefix(p, "mix") && cfg.Eval != nil:
			w, err := strconv.ParseFloat(p[3:], 64)
			if err != nil || w < 0 || w > 1 {
				tb.Fatalf("variant %q: want /mixW, W from 0 to 1", spec)
			}
			cfg.Eval = mixedEval(cfg.Eval, w)
		default:
			tb.Fatalf("variant %q: unknown modifier %q", spec, p)
		}
	}
	return ai.NewMCTS(spec, b, cfg)
}

// mixedEval judges a position by w times the network's chances plus 1-w
// times the race (the game's own Eval), seat by seat; a finished game by
// the race's own values. MCTS reads each as the seat's lead over the best
// of the others, so the mix weighs the two leads.
func mixedEval(net func(engine.State, []float64) []float64, w float64) func(engine.State, []float64) []float64 {
	var race []float64
	return func(s engine.State, dst []float64) []float64 {
		n := len(dst)
		race = s.(*tamman.State).Eval(race[:0])
		if s.Terminal() {
			return append(dst, race...)
		}
		dst = net(s, dst)
		for i, r := range race {
			dst[n+i] = w*dst[n+i] + (1-w)*r
		}
		return dst
	}
}

// MatchMulti plays MatchMulti's games and reports the first variant's
// wins against its fair share (one game in n) with a 95% Wilson interval,
// and each variant's time per move.
func MatchMulti(t TB) {
	if *multiSpec == "" {
		t.Skip("give --multi-match A,B")
	}
	specs := strings.Split(*multiSpec, ",")
	n := *multiPlayers
	switch {
	case len(specs) != 2:
		t.Fatalf("-multi-match wants two variants, got %q", *multiSpec)
	case n != 3 && n != 4:
		t.Fatalf("-multi-players: want 3 or 4, got %d", n)
	}
	opts, err := engine.ParseOptions(tamman.Game{}, []string{"players=" + strconv.Itoa(n)})
	if err != nil {
		t.Fatal(err)
	}
	var (
		wins, played int
		spent        [2]time.Duration
		moves        [2]int
		seatWins     [4]int
		winningSeat  = make([]byte, *multiGames)
	)
	// multiGame is the end of one game: its winner, and each variant's
	// time and moves.
	type multiGame struct {
		winner int
		took   [2]time.Duration
		made   [2]int
	}
	t.Logf("%s in one seat against %s in %d (keyed throws and draws, seed %d): %d games", specs[0], specs[1], n-1, *multiSeed, *multiGames)
	playGames(*multiProcs, 0, *multiGames, func(i int) (multiGame, bool) {
		seat := i % n
		agents := make([]ai.Agent, n)
		for p := range agents {
			spec := specs[1]
			if p == seat {
				spec = specs[0]
			}
			agents[p] = multiVariant(t, spec, opts, uint64(i+1)+*multiSeed<<32)
		}
		var g multiGame
		s := playMulti(t, opts, agents, i, func(p int, d time.Duration) {
			v := 1
			if p == seat {
				v = 0
			}
			g.took[v] += d
			g.made[v]++
		})
		g.winner = s.Winner()
		return g, true
	}, func(i int, g multiGame) {
		seat := i % n
		t.Logf("game %d: the first variant in seat %d, seat %d won", i, seat, g.winner)
		played++
		winningSeat[i] = '0' + byte(g.winner)
		if g.winner == seat {
			wins++
			seatWins[seat]++
		}
		for v := range 2 {
			spent[v] += g.took[v]
			moves[v] += g.made[v]
		}
	})
	lo, hi := wilson(wins, played)
	fair := 1 / float64(n)
	verdict := "within the interval"
	switch {
	case lo > fair:
		verdict = "above it"
	case hi < fair:
		verdict = "below it"
	}
	t.Logf("%s in one seat of %d against %s: won %d of %d, %.1f%% (95%% interval %.1f%%..%.1f%%); a fair share is %.1f%%, %s",
		specs[0], n, specs[1], wins, played, 100*float64(wins)/float64(played), 100*lo, 100*hi, 100*fair, verdict)
	t.Logf("its wins by seat: %v", seatWins[:n])
	t.Logf("winning seats: %s", winningSeat[:played])
	for v := range 2 {
		t.Logf("%s: %d moves, mean %v a move", specs[v], moves[v], spent[v]/time.Duration(max(moves[v], 1)))
	}
}

// playMulti plays game i of MatchMulti between agents (in seat order)
// with the keyed throws and draws of its round (games n*k to n*k+n-1);
// chose hears the time of each choice.
func playMulti(tb TB, opts engine.Options, agents []ai.Agent, i int, chose func(p int, d time.Duration)) *tamman.State {
	s, err := tamman.New(opts)
	if err != nil {
		tb.Fatal(err)
	}
	dice := &keyedThrows{run: *multiSeed, pair: uint64(i / len(agents))}
	return gamePlay{agents: agents, dice: dice,
		reseed: func(p int, a ai.Agent) {
			r, ok := a.(ai.Reseeder)
			if !ok {
				tb.Fatalf("%s cannot be reseeded", a.Name())
			}
			r.Reseed(dice.drawSeed(p, 0))
		},
		chose: func(_ *tamman.State, p int, _ engine.Move, d time.Duration) { chose(p, d) },
	}.play(s)
}
