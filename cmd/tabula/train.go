package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"tabula/engine"
	"tabula/games/tamman"
)

// runTrain learns Tamman's evaluation (tamman.LearnedEval) by self-play
// with TD(lambda) and writes its weights; the weights committed in
// games/tamman/learned.txt are this command's with its defaults.
func runTrain(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	d := tamman.DefaultTrainConfig
	net := fs.Bool("net", false, "learn the network (tamman.NetEval) instead of the linear weights (tamman.LearnedEval)")
	gameID := fs.String("game", "", "the game, by its `ID` (only tamman learns an evaluation)")
	games := fs.Int("games", d.Games, "self-play games")
	seed := fs.Uint64("seed", d.Seed, "random seed of the throws and exploring moves")
	alpha := fs.Float64("alpha", d.Alpha, "step size of the TD updates")
	lambda := fs.Float64("lambda", d.Lambda, "decay of the eligibility trace, 0 to 1")
	explore := fs.Float64("explore", d.Explore, "share of moves played at random, 0 to 1")
	out := fs.String("out", "", "`FILE` to write the weights to (none: standard output)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *net {
		// The network's run has defaults of its own; flags given win.
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		nd := tamman.DefaultNetConfig
		for name, p := range map[string]*float64{"alpha": alpha, "lambda": lambda, "explore": explore} {
			if !set[name] {
				*p = map[string]float64{"alpha": nd.Alpha, "lambda": nd.Lambda, "explore": nd.Explore}[name]
			}
		}
		if !set["games"] {
			*games = nd.Games
		}
		if !set["seed"] {
			*seed = nd.Seed
		}
	}
	switch {
	case fs.NArg() > 0:
		return usagef("unexpected argument %q", fs.Arg(0))
	case *gameID != tamman.ID:
		return usagef("--game: only %s learns an evaluation, got %q", tamman.ID, *gameID)
	case *games < 1 || *games > 10000000:
		return usagef("--games: want 1 to 10000000, got %d", *games)
	case *alpha <= 0 || *alpha > 1:
		return usagef("--alpha: want more than 0 and at most 1, got %g", *alpha)
	case *lambda < 0 || *lambda > 1:
		return usagef("--lambda: want 0 to 1, got %g", *lambda)
	case *explore < 0 || *explore > 1:
		return usagef("--explore: want 0 to 1, got %g", *explore)
	}
	cfg := tamman.TrainConfig{Games: *games, Seed: *seed, Alpha: *alpha, Lambda: *lambda, Explore: *explore}
	began := time.Now()
	sum, n := 0.0, 0
	cfg.Progress = func(g int, err float64) {
		sum += err
		n++
		if g%(max(cfg.Games/20, 1)) == 0 {
			fmt.Fprintf(stderr, "%d games, mean squared TD error %.5f, %s\n", g, sum/float64(n), time.Since(began).Round(time.Second))
			sum, n = 0, 0
		}
	}
	run := fmt.Sprintf("tabula train --game tamman --games %d --seed %d --alpha %g --lambda %g --explore %g",
		*games, *seed, *alpha, *lambda, *explore)
	var text []byte
	if *net {
		n, err := tamman.TrainNet(engine.DefaultOptions(tamman.Game{}), cfg, nil)
		if err != nil {
			return err
		}
		text = tamman.FormatNet(n, "Tamman's learned network (tamman.NetEval), one weight a line.\n"+run+" --net")
	} else {
		w, err := tamman.Train(engine.DefaultOptions(tamman.Game{}), cfg, nil)
		if err != nil {
			return err
		}
		text = tamman.FormatWeights(w, "Tamman's learned evaluation (tamman.LearnedEval), one weight a feature.\n"+run)
	}
	if *out == "" {
		_, err := stdout.Write(text)
		return err
	}
	return os.WriteFile(*out, text, 0o644)
}
