package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"tabula/lab"
	ailab "tabula/lab/ai"
	tammanlab "tabula/lab/tamman"
)

// A labRun is one measurement of `tabula lab NAME`: a long run whose
// figures docs/lab reports (they were test flags once). Its settings are
// the flags of its lab package; it prints its lines to standard output.
type labRun struct {
	name    string
	summary string
	example string // the flags of a small run, without "tabula lab NAME"
	flags   func() *flag.FlagSet
	run     func(lab.TB)
}

// labRuns are the measurements, by name; the code of each is in its lab
// package (lab/ai; lab/tamman: match.go, dual.go, ceiling.go, study.go).
var labRuns = []labRun{
	{"level-times", "every game: the CPU and wall time of a move at each level, in positions of random games (docs/lab/level-times.md)",
		"--measure-levels 1 --measure-level-game adji-boto", ailab.Flags, ailab.LevelTimes},
	{"level-game", "one game: the time of each level's moves over a whole game against greedy",
		"--level-game adji-boto --level-levels easy", ailab.Flags, ailab.LevelGame},
	{"horizon", "one game: MCTS with playouts of a given length against greedy, its share of the points (docs/lab/agsinnoninka-search.md)",
		"--horizon-game agsinnoninka --horizon-turns 4 --horizon-games 2", ailab.Flags, ailab.Horizon},
	{"tamman-match", "Tamman: two variants of the computer player on paired throws, with their luck-adjusted score (docs/lab/tamman-ceiling.md)",
		"--match greedy,mcts:easy --match-games 4", tammanlab.Flags, tammanlab.Match},
	{"tamman-search-cost", "Tamman: the positions visited and CPU time of expectiminimax variants, and how often their moves differ (docs/lab/tamman-max-search.md)",
		"--cost-variants alphabeta:2/net,alphabeta:2/net/r0.1 --cost-positions 2", tammanlab.Flags, tammanlab.SearchCost},
	{"tamman-headroom", "Tamman: how much a player's moves lose by the values of deeper searches (docs/lab/tamman-headroom.md)",
		"--headroom-player alphabeta:1/net --headroom-judges alphabeta:2/net --headroom-games 1", tammanlab.Flags, tammanlab.Headroom},
	{"tamman-shared-throws", "Tamman: how many throws the two games of a pair share",
		"--match-shared greedy,random --match-games 4", tammanlab.Flags, tammanlab.SharedThrows},
	{"tamman-match-multi", "Tamman with 3 or 4 players: one variant in one seat, another in the others, seats turning, on keyed throws (docs/lab/tamman-network-multi.md)",
		"--multi-match greedy,random --multi-games 3 --multi-players 3", tammanlab.Flags, tammanlab.MatchMulti},
	{"tamman-leaf-judges", "Tamman with 3 or 4 players: how often the favourite of each judge of MCTS's leaves won (docs/lab/tamman-network-multi.md)",
		"--leaf-games 1 --leaf-playouts 2", tammanlab.Flags, tammanlab.LeafJudges},
	{"tamman-ceiling", "Tamman: the share of pairs the same seat won in tamman-match logs, and the ceiling it leaves",
		"--ceiling-logs A.log,B.log", tammanlab.Flags, tammanlab.Ceiling},
	{"tamman-dual-bound", "Tamman: the clairvoyant bound on what any player wins against greedy on the same luck (docs/lab/tamman-hard.md)",
		"--dual-games 2 --dual-v none --dual-states 200000", tammanlab.Flags, tammanlab.DualBound},
	{"tamman-dual-fit", "Tamman: the calibration of a judge of the luck, on games against greedy",
		"--dual-fit 2", tammanlab.Flags, tammanlab.DualFit},
	{"tamman-losses", "Tamman: the lost games of a tamman-match log, each move replayed by rollouts",
		"--study-log A.log --study-games 1 --study-rollouts 20", tammanlab.Flags, tammanlab.Losses},
	{"tamman-stragglers", "Tamman: where a player's last man stood when her third reached habarti, in the games of a tamman-match log",
		"--study-log A.log", tammanlab.Flags, tammanlab.Stragglers},
}

// runLab runs one measurement: tabula lab NAME [flags].
func runLab(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("lab", flag.ContinueOnError)
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if err := parseFlags(fs, args); err != nil {
			return err
		}
		return usagef("name a measurement: %s", labNames())
	}
	r, ok := lookupLab(args[0])
	if !ok {
		return usagef("unknown measurement %q: want %s", args[0], labNames())
	}
	// The settings are the lab package's: each run starts from their
	// defaults, whatever an earlier run in this process gave.
	r.flags().VisitAll(func(f *flag.Flag) { f.Value.Set(f.DefValue) })
	if err := parseFlags(r.flags(), args[1:]); err != nil {
		var h helpRequest
		if errors.As(err, &h) {
			labHelp(stdout, r)
			return nil
		}
		return err
	}
	if fs := r.flags(); fs.NArg() > 0 {
		return usagef("%s: unexpected argument %q", r.name, fs.Arg(0))
	}
	dir, err := os.MkdirTemp("", "tabula-lab-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	err = lab.Run(stdout, func() (string, error) { return os.MkdirTemp(dir, "") }, r.run)
	switch {
	case err == nil, errors.Is(err, lab.ErrFailed):
		return err
	}
	return usagef("%s: %v", r.name, err) // it skipped: not given what it measures
}

func lookupLab(name string) (labRun, bool) {
	for _, r := range labRuns {
		if r.name == name {
			return r, true
		}
	}
	return labRun{}, false
}

func labNames() string {
	names := make([]string, len(labRuns))
	for i, r := range labRuns {
		names[i] = r.name
	}
	return strings.Join(names, ", ")
}

// labList lists the measurements, for 'tabula help lab'.
func labList() string {
	var b strings.Builder
	b.WriteString("\nMeasurements ('tabula lab NAME --help' lists a measurement's flags):\n")
	for _, r := range labRuns {
		fmt.Fprintf(&b, "  %-22s %s\n", r.name, r.summary)
	}
	return b.String()
}

// labHelp prints one measurement's help: its synopsis, its flags and a
// small run.
func labHelp(w io.Writer, r labRun) {
	fmt.Fprintf(w, "tabula lab %s: %s\n\nUsage:\n  tabula lab %s [FLAGS]\n\nFlags:\n", r.name, r.summary, r.name)
	r.flags().VisitAll(func(f *flag.Flag) { fmt.Fprintf(w, "  %s\n", flagHelp(f)) })
	fmt.Fprintf(w, "\nExample:\n  tabula lab %s %s\n", r.name, r.example)
}
