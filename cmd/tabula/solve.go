package main

import (
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

// The level max plays Adji-Boto endgames from a table built on first use.
func init() {
	ai.RegisterEndgame(adjiboto.ID, solve.NewLazy(solve.DefaultLazySeeds))
}
