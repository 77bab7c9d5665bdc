package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"tabula/research"
)

// varyList collects repeated --vary flags.
type varyList []research.Vary

func (v *varyList) String() string {
	var parts []string
	for _, x := range *v {
		parts = append(parts, x.String())
	}
	return strings.Join(parts, " ")
}

func (v *varyList) Set(s string) error {
	x, err := research.ParseVary(s)
	if err != nil {
		return err
	}
	*v = append(*v, x)
	return nil
}

// runAnalyze is `tabula analyze`: play every reading and report, or
// `analyze merge DIR...` and `analyze report DIR` on kept runs.
func runAnalyze(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 && (args[0] == "merge" || args[0] == "report") {
		return runAnalyzeKept(args[0], args[1:], stdout)
	}
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	var opts optionList
	var vary varyList
	fs.Var(&opts, "option", "fix an option for every reading, `name=value` (repeatable; see 'tabula games')")
	fs.Var(&vary, "vary", "an option to vary, `name=v1,v2` or name=all (repeatable)")
	game := fs.String("game", "", "the game, by its `ID` (see 'tabula games')")
	design := fs.String("design", research.Grid, "grid (every combination) or each (one option at a time from the base)")
	agents := fs.String("agents", "", "agents in the seats, rotated; one agent sits in every seat")
	skill := fs.String("skill", "", "a strong agent: also play it against random players to measure the skill gap")
	games := fs.Int("games", 200, "games per reading")
	seed := fs.Uint64("seed", 1, "random seed; the same seed gives the same numbers whatever --threads")
	chance := fs.String("chance", research.ChanceTurn, "how chance events are drawn from the game's seed: by players' turn and place in it (turn), by ply as the rooms draw (ply), or in order from one stream (stream, as older runs did)")
	chanceHash := fs.String("chance-hash", "", "how --chance turn computes a throw from its key, `HASH`: splitmix (the default for a new run), or sha256 as the rooms do (runs before 5 December 2026 drew so; a run resumed in --out keeps its own)")
	evaluate := fs.Int("evaluate", 0, "judge every decision of the first games with an MCTS search of `N` iterations for the state-evaluation measures (docs/metrics.md)")
	evaluateGames := fs.Int("evaluate-games", 20, "games of each reading the --evaluate search judges")
	threads := fs.Int("threads", runtime.NumCPU(), "games played at once")
	trace := fs.String("skill-trace", "", "also play each reading with one agent at several budgets, `AGENTS` such as mcts:100,mcts:1000, against itself and against random players (in DIR/trace-1 ...)")
	traceGames := fs.Int("trace-games", 100, "games a budget of --skill-trace plays per reading")
	replicate := fs.Int("replicate", 0, "also play the design on `K` further seeds (in DIR/replicate-1 ...) and mark each finding replicated or not")
	shardText := fs.String("shard", "0/1", "play only part `i/n` (i 0-based) of the run; join the parts with 'analyze merge'")
	out := fs.String("out", "", "`DIR` for the games (JSON lines) and the reports; a run there resumes (default analyze-GAME)")
	asJSON := fs.Bool("json", false, "print the report as JSON instead of tables")
	weights := fs.String("weights", "", "weigh the overall rank's mean: `measure=w,...` of balance, decisiveness, skill, drama, length (default 1 each, length 0)")
	progress := fs.Bool("progress", false, "show the progress bar even when stderr is not a terminal")
	quiet := fs.Bool("quiet", false, "no progress bar")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *game == "" {
		return usagef("--game is required (see 'tabula games')")
	}
	w, err := research.ParseWeights(*weights)
	if err != nil {
		return usageErr(err)
	}
	if *threads < 1 {
		return usagef("--threads must be at least 1, got %d", *threads)
	}
	if *replicate < 0 || *replicate > maxReplicate {
		return usagef("--replicate must be 0 to %d, got %d", maxReplicate, *replicate)
	}
	shard, err := research.ParseShard(*shardText)
	if err != nil {
		return usageErr(err)
	}
	cfg := research.Config{Game: *game, Options: opts, Vary: vary, Design: *design, Skill: strings.TrimSpace(*skill),
		Games: *games, Seed: *seed, Chance: *chance, ChanceHash: *chanceHash}
	dir := *out
	if dir == "" {
		dir = "analyze-" + *game
	}
	if cfg.ChanceHash == "" && cfg.Chance == research.ChanceTurn {
		cfg.ChanceHash = research.KeptChanceHash(dir)
	}
	if *evaluate != 0 {
		cfg.Evaluate, cfg.EvaluateGames = *evaluate, min(*evaluateGames, *games)
	}
	for _, a := range strings.Split(*agents, ",") {
		if a = strings.TrimSpace(a); a != "" {
			cfg.Agents = append(cfg.Agents, a)
		}
	}
	plan, err := research.NewPlan(cfg)
	if err == nil {
		err = plan.CheckAgents()
	}
	if err != nil {
		return usageErr(err)
	}
	traceAgents := research.ParseTrace(*trace)
	var tracePlans []*research.Plan
	for _, a := range traceAgents {
		tp, err := research.NewPlan(research.TraceConfig(plan.Config, a, *traceGames))
		if err == nil {
			err = tp.CheckAgents()
		}
		if err != nil {
			return usagef("--skill-trace %s: %v", a, err)
		}
		tracePlans = append(tracePlans, tp)
	}
	if len(traceAgents) > 0 && shard.Count > 1 {
		return usagef("--skill-trace plays whole runs; with shards, leave it out")
	}
	if *replicate > 0 && shard.Count > 1 {
		return usagef("--replicate plays whole runs; with shards, play each replication as its own run (its seed is in the report of a replicated run)")
	}
	// SIGTERM (a pod or job stopped by its scheduler) ends the run as
	// Ctrl-C does: the games played are written out, whole, and kept.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	play := func(p *research.Plan, dir string) (*research.Played, bool, error) {
		// The bar counts the games of this run, not those resumed, so
		// that its rate and time left are right.
		var bar *progressBar
		made := false
		played, err := research.Run(ctx, p, shard, dir, research.Options{Threads: *threads,
			Progress: func(p research.Progress) {
				started()
				if !made {
					bar, made = newProgressBar(stderr, p.Total-p.Resumed, *progress, *quiet), true
				}
				bar.update(p.Done - p.Resumed)
			}})
		bar.finish()
		if errors.Is(err, context.Canceled) {
			// Stopped on purpose, and nothing is lost: not a failure.
			fmt.Fprintf(stderr, "interrupted; the games played are kept in %s: run the same command to resume\n", dir)
			return nil, false, nil
		}
		return played, err == nil, err
	}
	played, done, err := play(plan, dir)
	if !done {
		return err
	}
	for j := 1; j <= *replicate; j++ {
		rp, err := research.NewPlan(research.ReplicaConfig(plan.Config, j))
		if err != nil {
			return err
		}
		if _, done, err := play(rp, research.ReplicaDir(dir, j)); !done {
			return err
		}
	}
	for j, tp := range tracePlans {
		if _, done, err := play(tp, research.TraceDir(dir, j+1)); !done {
			return err
		}
	}
	if shard.Count > 1 {
		fmt.Fprintf(stdout, "shard %s done: %d games in %s; join the shards with 'tabula analyze merge --out DIR %s ...'\n",
			shard, played.Len(), dir, dir)
		return nil
	}
	return writeReports(plan, played.Analyze(plan), dir, w, *asJSON, stdout)
}

// runAnalyzeKept is `analyze merge [--out DIR] SHARD-DIR...` and
// `analyze report DIR`.
func runAnalyzeKept(verb string, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("analyze "+verb, flag.ContinueOnError)
	out := fs.String("out", "analyze-merged", "merge: the `DIR` for the joined run and its reports")
	asJSON := fs.Bool("json", false, "print the report as JSON instead of tables")
	weights := fs.String("weights", "", "weigh the overall rank's mean: `measure=w,...` (see 'tabula analyze -h')")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	w, err := research.ParseWeights(*weights)
	if err != nil {
		return usageErr(err)
	}
	if fs.NArg() == 0 || (verb == "report" && fs.NArg() != 1) {
		return usagef("analyze %s: give the run director%s", verb, map[bool]string{true: "y", false: "ies"}[verb == "report"])
	}
	if verb == "merge" {
		plan, results, err := research.Merge(fs.Args(), *out)
		if err != nil {
			return err
		}
		return writeReports(plan, research.Analyze(plan, results), *out, w, *asJSON, stdout)
	}
	plan, shard, results, err := research.LoadRun(fs.Arg(0))
	if err != nil {
		return err
	}
	if shard.Count > 1 {
		return usagef("%s is shard %s; merge the shards first", fs.Arg(0), shard)
	}
	return writeReports(plan, research.Analyze(plan, results), fs.Arg(0), w, *asJSON, stdout)
}

// maxReplicate bounds --replicate.
const maxReplicate = 20

// writeReports writes report.json, report.csv and report.html into dir
// and the tables (or the JSON) to stdout, with the findings checked on the
// replications kept in dir, if any.
func writeReports(plan *research.Plan, rep *research.Report, dir string, weights map[string]float64, asJSON bool, stdout io.Writer) error {
	reps, unfinished, err := research.LoadReplications(dir, plan)
	if err != nil {
		return err
	}
	if weights != nil {
		for _, r := range append(reps, rep) {
			r.Reweigh(weights)
		}
	}
	if len(reps) > 0 || len(unfinished) > 0 {
		research.Replicate(rep, reps).Unfinished = unfinished
	}
	if rep.Trace, err = research.LoadTrace(dir, plan); err != nil {
		return err
	}
	for name, write := range map[string]func(io.Writer) error{
		"report.json": rep.WriteJSON, "report.csv": rep.WriteCSV, "report.html": rep.WriteHTML,
	} {
		if err := writeFile(filepath.Join(dir, name), write); err != nil {
			return err
		}
	}
	if asJSON {
		return rep.WriteJSON(stdout)
	}
	if err := rep.WriteText(stdout); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nreports: %s\n", filepath.Join(dir, "report.{html,csv,json}"))
	return nil
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	return errors.Join(write(f), f.Close())
}
