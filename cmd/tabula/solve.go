package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/adjiboto"
	"tabula/games/adjiboto/solve"
)

// runSolve builds an Adji-Boto endgame table (games/adjiboto/solve) and
// writes it to a file; with --from-start it also solves the whole game
// when all its seeds fit in the table.
func runSolve(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	gameID := fs.String("game", "", "the game, by its `ID` (only adji-boto has a solver)")
	k := fs.Int("seeds-left", -1, "solve every board with at most `K` seeds on it")
	out := fs.String("out", "", "`FILE` to write the table to (none: only report)")
	fromStart := fs.Bool("from-start", false, "also solve the whole game from its start (needs --seeds-left at least 10 times seeds)")
	audit := fs.String("audit", "", "agents to check against the table (`A,B,...`): how often each plays a move that loses value")
	positions := fs.Int("positions", 200, "with --audit: the number of positions, from random games, with at most K seeds")
	var settings optionList
	fs.Var(&settings, "option", "set an option of the game as `name=value` (repeatable; see 'tabula games')")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *gameID != adjiboto.ID {
		return usagef("--game: only %s has a solver, got %q", adjiboto.ID, *gameID)
	}
	if *k == -1 {
		return usagef("--seeds-left K is required: the most seeds on the boards to solve (0 to %d)", solve.MaxSeedsLeft)
	}
	if *k < 0 || *k > solve.MaxSeedsLeft {
		return usagef("--seeds-left: want 0 to %d, got %d", solve.MaxSeedsLeft, *k)
	}
	opts, err := engine.ParseOptions(adjiboto.Game{}, settings)
	if err != nil {
		return usagef("--option: %v", err)
	}
	start, err := adjiboto.New(opts)
	if err != nil {
		return usagef("--option: %v", err)
	}
	var agents []ai.Agent
	if *audit != "" {
		for _, spec := range strings.Split(*audit, ",") {
			a, err := ai.New(adjiboto.Game{}, spec, ai.Config{Seed: 1, Options: opts})
			if err != nil {
				return usagef("--audit: %v", err)
			}
			agents = append(agents, a)
		}
		if *positions < 1 || *positions > 1000000 {
			return usagef("--positions: want 1 to 1000000, got %d", *positions)
		}
	}
	if seeds := 10 * opts.Int(adjiboto.OptSeeds); *fromStart && *k < seeds {
		return usagef("--from-start: the game has %d seeds, --seeds-left is %d", seeds, *k)
	}
	tab, st, err := solve.Build(opts, *k, func(n int, st solve.Stats) {
		if n == 0 {
			fmt.Fprintf(stderr, "solving %d positions (%d MB)\n", st.Positions, st.Positions>>20)
		}
		fmt.Fprintf(stderr, "  %2d seeds done, %.1fs\n", n, st.Took.Seconds())
	})
	if err != nil {
		return usagef("%v", err)
	}
	exact := "exact"
	for n, c := range st.CycleEdges {
		if c > 0 {
			exact = fmt.Sprintf("exact up to %d seeds; %d seeds and more met cycles, scored by the repetition rule", n-1, n)
			break
		}
	}
	fmt.Fprintf(stdout, "adji-boto endgame table: %d seeds left, %s; %d positions, %.1fs, longest chain of moves without capture %d; %s\n",
		*k, joinRules(tab.Rules()), st.Positions, st.Took.Seconds(), st.MaxDepth, exact)
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		if _, err := tab.WriteTo(f); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "written to %s\n", *out)
	}
	if len(agents) > 0 {
		auditAgents(stdout, tab, start, agents, *positions)
	}
	if *fromStart {
		v, err := tab.GameValue(start)
		if err != nil {
			return err
		}
		verdict := "a draw"
		switch {
		case v > 0:
			verdict = fmt.Sprintf("player %d wins by %d", start.ToMove(), v)
		case v < 0:
			verdict = fmt.Sprintf("player %d wins by %d", 1-start.ToMove(), -v)
		}
		fmt.Fprintf(stdout, "from the start (%s): %s with best play\n", joinRules(opts.Settings()), verdict)
	}
	return nil
}

func joinRules(rules []string) string { return strings.Join(rules, " ") }

// adjiEndgames are the Adji-Boto endgame tables of the level max: built on
// first use up to DefaultLazySeeds, and larger ones loaded with --endgame.
var adjiEndgames = solve.NewLazy(solve.DefaultLazySeeds)

func init() { ai.RegisterEndgame(adjiboto.ID, adjiEndgames) }

// addEndgameFlag declares --endgame, the table files the level max plays
// from; loadEndgames reads them once the flags are parsed.
func addEndgameFlag(fs *flag.FlagSet) *optionList {
	var files optionList
	fs.Var(&files, "endgame", "an Adji-Boto endgame table `FILE` made by 'tabula solve' for the level max to play from (repeatable)")
	return &files
}

func loadEndgames(files *optionList) error {
	for _, name := range *files {
		f, err := os.Open(name)
		if err != nil {
			return usagef("--endgame: %v", err)
		}
		t, err := solve.Read(bufio.NewReaderSize(f, 1<<20))
		f.Close()
		if err != nil {
			return usagef("--endgame %s: %v", name, err)
		}
		adjiEndgames.Add(t)
	}
	return nil
}

// auditAgents asks each agent for a move in the same positions the table
// covers, taken from random games (at most five from each, after the
// board has come down to the table's size), and prints how often its move
// lost value against the best move, how much on average, and how often it
// changed the result (a win into a draw or a loss, a draw into a loss):
// the searches play for the result, not the margin.
func auditAgents(w io.Writer, tab *solve.Table, start *adjiboto.State, agents []ai.Agent, n int) {
	var test []engine.State
	rnd := ai.NewRandom(1)
	for game := 0; len(test) < n && game < 100*n; game++ {
		s := start.Clone()
		taken := 0
		for !s.Terminal() && taken < 5 && len(test) < n {
			if moves, _, ok := tab.MoveValues(s); ok && len(moves) > 1 {
				test = append(test, s.Clone())
				taken++
			}
			s.Apply(rnd.Choose(s, s.Actors(nil)[0]))
		}
	}
	fmt.Fprintf(w, "audit: %d positions with at most %d seeds on the board and two moves or more\n", len(test), tab.K())
	sign := func(x int) int { return min(max(x, -1), 1) }
	for _, a := range agents {
		lost, worse, result := 0, 0, 0
		for _, s := range test {
			moves, vals, _ := tab.MoveValues(s)
			best := vals[0]
			for _, v := range vals {
				best = max(best, v)
			}
			p := s.Actors(nil)[0]
			lead := int(s.Scores(nil)[p] - s.Scores(nil)[1-p])
			m := a.Choose(s, p)
			for i, mv := range moves {
				if mv == m && vals[i] < best {
					worse++
					lost += best - vals[i]
					if sign(lead+vals[i]) < sign(lead+best) {
						result++
					}
				}
			}
		}
		fmt.Fprintf(w, "  %-16s lost value in %4.1f%% of the positions (%.2f seeds a position on average), the result in %4.1f%%\n",
			a.Name(), 100*float64(worse)/float64(len(test)), float64(lost)/float64(len(test)), 100*float64(result)/float64(len(test)))
	}
}
