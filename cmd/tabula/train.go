package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
	"tabula/games/tamman/tammanai"
)

// maxTrainDepth is the deepest search train learns from: max's depth, some
// 30 ms a move; deeper, a run of thousands of games would take days.
const maxTrainDepth = 5

// runTrain learns Tamman's evaluation (tammanai.LearnedEval) by self-play
// with TD(lambda) and writes its weights; the weights committed in
// games/tamman/tammanai/learned.txt are this command's with its defaults. With
// --net it learns the network (tammanai.NetEval), with --search-depth from
// the values of its own search.
func runTrain(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	d := tammanai.DefaultTrainConfig
	net := fs.Bool("net", false, "learn the network (tammanai.NetEval) instead of the linear weights (tammanai.LearnedEval)")
	gameID := fs.String("game", "", "the game, by its `ID` (only tamman learns an evaluation)")
	games := fs.Int("games", d.Games, "self-play games")
	seed := fs.Uint64("seed", d.Seed, "random seed of the throws and exploring moves")
	alpha := fs.Float64("alpha", d.Alpha, "step size of the TD updates")
	lambda := fs.Float64("lambda", d.Lambda, "decay of the eligibility trace, 0 to 1")
	explore := fs.Float64("explore", d.Explore, "share of moves played at random, 0 to 1")
	out := fs.String("out", "", "`FILE` to write the weights to (none: standard output)")
	from := fs.String("from", "", "start from the weights in `FILE` (one written by train) instead of zero or random ones")
	hidden := fs.Int("hidden", tammanai.NetHidden, "with --net, the hidden units (--from a file: widen its network to this many, new units adding nothing until trained)")
	inputs := fs.Int("inputs", tammanai.NetInputs, fmt.Sprintf("with --net, the inputs: %d, %d with the throws held value by value and the end of the race, or %d with besides the danger of each side's rearmost man (--from a file: widen its network to these, the new inputs weighed 0)", tammanai.NetInputs, tammanai.NetInputsMore, tammanai.NetInputsBehind))
	searchDepth := fs.Int("search-depth", 1, "with --net, choose the self-play moves by expectiminimax to this depth judged by the network, and learn the search's values (1: one ply, the network's own)")
	players := fs.Int("players", 2, "with --net, the players of the self-play games: 2, or 3 or 4 for the networks of more players (tammanai.MultiNetEval)")
	then := fs.String("then", "", "with --net, more stages after --games: `GAMES@ALPHA,...`, stage i drawing its throws from seed+i (default: that of testdata/net60.txt, unless --games is given)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *net {
		// The network's run has defaults of its own; flags given win.
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		nd := tammanai.DefaultNetConfig
		if *players != 2 {
			nd = tammanai.DefaultMultiNetConfig
		}
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
		if !set["then"] && !set["games"] {
			*then = formatStages(nd.Then)
		}
		if !set["hidden"] && nd.NetHidden != 0 {
			*hidden = nd.NetHidden
		}
		if !set["inputs"] && nd.NetInputs != 0 {
			*inputs = nd.NetInputs
		}
	}
	stages, err := parseStages(*then)
	switch {
	case fs.NArg() > 0:
		return usagef("unexpected argument %q", fs.Arg(0))
	case err != nil:
		return usagef("--then: %v", err)
	case len(stages) > 0 && !*net:
		return usagef("--then: only the network (--net) trains in stages")
	case *searchDepth < 1 || *searchDepth > maxTrainDepth:
		return usagef("--search-depth: want 1 to %d, got %d", maxTrainDepth, *searchDepth)
	case *searchDepth > 1 && (!*net || *explore > 0):
		return usagef("--search-depth: only the network (--net) learns from a search, and with no random moves (--explore 0)")
	case *hidden < 1 || *hidden > tammanai.MaxNetHidden:
		return usagef("--hidden: want 1 to %d, got %d", tammanai.MaxNetHidden, *hidden)
	case !tammanai.ValidNetInputs(*inputs):
		return usagef("--inputs: want %s, got %d", tammanai.NetInputSets, *inputs)
	case *players < 2 || *players > 4:
		return usagef("--players: want 2 to 4, got %d", *players)
	case *from != "" && (flagGiven(fs, "inputs") || flagGiven(fs, "hidden")) && (!*net || *players != 2):
		return usagef("--hidden, --inputs: only the network of two players (--net) widens a network --from a file")
	case *players != 2 && (!*net || *searchDepth > 1 || len(stages) > 0 || flagGiven(fs, "inputs")):
		return usagef("--players %d: only the network (--net) learns for more players, at one ply, in one stage, with its own inputs", *players)
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
	cfg := tammanai.TrainConfig{Games: *games, Seed: *seed, Alpha: *alpha, Lambda: *lambda, Explore: *explore, Then: stages,
		NetInputs: *inputs, NetHidden: *hidden}
	if *from != "" {
		// A network from a file keeps its shape unless one is asked.
		cfg.NetInputs, cfg.NetHidden = 0, 0
		if flagGiven(fs, "inputs") || flagGiven(fs, "hidden") {
			cfg.NetInputs, cfg.NetHidden = *inputs, *hidden
		}
	}
	if d := *searchDepth; d > 1 {
		// Hard's search to depth d, with no time cap: a run is the same
		// on any machine.
		opts := engine.DefaultOptions(tamman.Game{})
		bound := tammanai.Levels{}.AlphaBetaBound("hard", opts)
		cfg.Search = func(eval func(engine.State, []float64) []float64, seed uint64) tammanai.NetSearcher {
			return ai.NewAlphaBeta(fmt.Sprintf("alphabeta:%d", d), ai.Budget{Depth: d}, ai.Config{Seed: seed, Eval: eval, EvalBound: bound})
		}
	}
	var fromText []byte
	if *from != "" {
		if fromText, err = os.ReadFile(*from); err != nil {
			return err
		}
	}
	total := *games
	for _, st := range stages {
		total += st.Games
	}
	began := time.Now()
	sum, n := 0.0, 0
	cfg.Progress = func(g int, err float64) {
		started()
		sum += err
		n++
		if g%(max(total/20, 1)) == 0 {
			fmt.Fprintf(stderr, "%d games, mean squared TD error %.5f, %s\n", g, sum/float64(n), time.Since(began).Round(time.Second))
			sum, n = 0, 0
		}
	}
	run := fmt.Sprintf("tabula train --game tamman --games %d --seed %d --alpha %g --lambda %g --explore %g",
		*games, *seed, *alpha, *lambda, *explore)
	if *then != "" {
		run += " --then " + *then
	}
	if *searchDepth > 1 {
		run += fmt.Sprintf(" --search-depth %d", *searchDepth)
	}
	if *from != "" {
		run += " --from " + *from
		if flagGiven(fs, "inputs") || flagGiven(fs, "hidden") {
			run += fmt.Sprintf(" --inputs %d --hidden %d", *inputs, *hidden)
		}
	} else if *net && *players == 2 && (*hidden != tammanai.NetHidden || *inputs != tammanai.NetInputs) {
		run += fmt.Sprintf(" --inputs %d --hidden %d", *inputs, *hidden)
	}
	var text []byte
	if *players != 2 {
		run += fmt.Sprintf(" --players %d", *players)
		if *hidden != tammanai.MultiHidden {
			run += fmt.Sprintf(" --hidden %d", *hidden)
		}
		text, err = trainMulti(cfg, *players, fromText, *from, run)
		if err != nil {
			return err
		}
	} else if *net {
		var start *tammanai.Net
		if fromText != nil {
			if start, err = tammanai.ParseNet(fromText); err != nil {
				return fmt.Errorf("--from %s: %v", *from, err)
			}
		}
		n, err := tammanai.TrainNet(engine.DefaultOptions(tamman.Game{}), cfg, start)
		if err != nil {
			return err
		}
		text = tammanai.FormatNet(n, "Tamman's learned network (tammanai.NetEval), one weight a line.\n"+run+" --net")
	} else {
		var start *tammanai.Weights
		if fromText != nil {
			if start, err = tammanai.ParseWeights(fromText); err != nil {
				return fmt.Errorf("--from %s: %v", *from, err)
			}
		}
		w, err := tammanai.Train(engine.DefaultOptions(tamman.Game{}), cfg, start)
		if err != nil {
			return err
		}
		text = tammanai.FormatWeights(w, "Tamman's learned evaluation (tammanai.LearnedEval), one weight a feature.\n"+run)
	}
	if *out == "" {
		_, err := stdout.Write(text)
		return err
	}
	return os.WriteFile(*out, text, 0o644)
}

// parseStages reads --then: stages GAMES@ALPHA, comma-separated.
func parseStages(text string) ([]tammanai.TrainStage, error) {
	if text == "" {
		return nil, nil
	}
	var stages []tammanai.TrainStage
	for i, f := range strings.Split(text, ",") {
		g, a, ok := strings.Cut(f, "@")
		games, err1 := strconv.Atoi(g)
		alpha, err2 := strconv.ParseFloat(a, 64)
		switch {
		case !ok || err1 != nil || err2 != nil:
			return nil, fmt.Errorf("stage %d: %q is not GAMES@ALPHA", i+1, f)
		case games < 1 || games > 10000000:
			return nil, fmt.Errorf("stage %d: want 1 to 10000000 games, got %d", i+1, games)
		case !(alpha > 0 && alpha <= 1):
			return nil, fmt.Errorf("stage %d: want a step size more than 0 and at most 1, got %g", i+1, alpha)
		}
		stages = append(stages, tammanai.TrainStage{Games: games, Alpha: alpha})
	}
	return stages, nil
}

// formatStages writes stages as parseStages reads them.
func formatStages(stages []tammanai.TrainStage) string {
	var fs []string
	for _, st := range stages {
		fs = append(fs, fmt.Sprintf("%d@%g", st.Games, st.Alpha))
	}
	return strings.Join(fs, ",")
}

// trainMulti learns the network of players (3 or 4) from the weights of
// fromText (none: random ones) and returns its file.
func trainMulti(cfg tammanai.TrainConfig, players int, fromText []byte, from, run string) ([]byte, error) {
	var start *tammanai.MultiNet
	if fromText != nil {
		var err error
		if start, err = tammanai.ParseMultiNet(fromText); err != nil {
			return nil, fmt.Errorf("--from %s: %v", from, err)
		}
	}
	opts, err := engine.ParseOptions(tamman.Game{}, []string{fmt.Sprintf("players=%d", players)})
	if err != nil {
		return nil, err
	}
	n, err := tammanai.TrainMultiNet(opts, cfg, start)
	if err != nil {
		return nil, err
	}
	return tammanai.FormatMultiNet(n, fmt.Sprintf("Tamman's learned network for %d players (tammanai.MultiNetEval), one weight a line.\n%s --net", players, run)), nil
}
