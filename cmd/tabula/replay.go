package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"tabula/coach"
	"tabula/engine"
	"tabula/view"
)

func runReplay(args []string, stdin io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	gameID := fs.String("game", "", "the game, by its `ID` (see 'tabula games')")
	var opts optionList
	fs.Var(&opts, "option", "set an option of the game as `name=value` (repeatable; see 'tabula games')")
	recordPath := fs.String("record", "", "replay a saved record instead: a `FILE` of JSON records, one a line ('-': standard input), as written by 'tabula sim --records'")
	line := fs.Int("line", 1, "with --record: which record of the file (1 is the first)")
	withCoach := fs.Bool("coach", false, "also review each player's move (field coach: mark, better move, why), searching each for at most --coach-iterations")
	coachIters := fs.Int("coach-iterations", coach.DefaultBudget.Iterations, "with --coach: the largest search of a move's review (three such a move)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *coachIters < 1 || *coachIters > maxCoachIterations {
		return usagef("--coach-iterations must be 1 to %d, got %d", maxCoachIterations, *coachIters)
	}
	var err error
	game, settings, moves := *gameID, []string(opts), fs.Args()
	if *recordPath != "" {
		if *gameID != "" || len(opts) > 0 || fs.NArg() > 0 {
			return usagef("--record replaces --game, --option and the moves: give one or the other")
		}
		rec, err := readRecordFile(*recordPath, *line, stdin)
		if err != nil {
			return err
		}
		game, settings, moves = rec.Game, rec.Options, rec.Moves
	} else {
		if flagGiven(fs, "line") {
			return usagef("--line picks a record of --record FILE; without --record there is none")
		}
		if *gameID == "" {
			return usagef("--game is required (see 'tabula games'), or --record FILE")
		}
	}
	s, err := replayState(game, settings, moves)
	if err != nil {
		return err
	}
	out, err := view.State(s)
	if err != nil {
		return err
	}
	if *withCoach {
		if out, err = withReviews(out, game, settings, moves, coach.Budget{Iterations: *coachIters, Time: coachTime}); err != nil {
			return err
		}
	}
	_, err = fmt.Fprintf(stdout, "%s\n", out)
	return err
}

// maxCoachIterations bounds --coach-iterations; coachTime bounds each
// move's review.
const (
	maxCoachIterations = 200_000
	coachTime          = 30 * time.Second
)

// withReviews adds the field coach, the reviews of every player's move,
// to the state's JSON out (an object).
func withReviews(out []byte, game string, settings, moves []string, b coach.Budget) ([]byte, error) {
	start, err := replayState(game, settings, nil)
	if err != nil {
		return nil, err
	}
	turns := make([][]engine.Move, len(moves))
	s := start.Clone()
	for i, text := range moves {
		if turns[i], err = engine.ParseTurn(s, text); err != nil {
			return nil, usageErr(err)
		}
		engine.ApplyTurn(s, turns[i])
	}
	reviews := coach.Game(context.Background(), start, turns, b, 1)
	if reviews == nil {
		reviews = []coach.Review{}
	}
	js, err := json.Marshal(reviews)
	if err != nil {
		return nil, err
	}
	out = append(out[:len(out)-1], `,"coach":`...)
	out = append(out, js...)
	return append(out, '}'), nil
}

// replayState makes a game's start state under the options and plays the
// moves; every failure is the user's input, so it is a usageError.
func replayState(gameID string, settings, moves []string) (engine.State, error) {
	g, err := engine.Lookup(gameID)
	if err != nil {
		return nil, usageErr(err)
	}
	opts, err := engine.ParseOptions(g, settings)
	if err != nil {
		return nil, usageErr(err)
	}
	s, err := engine.Replay(g, opts, moves)
	if err != nil {
		var me *engine.MoveError
		if errors.As(err, &me) {
			return nil, usageErr(me)
		}
		return nil, usageErr(err)
	}
	return s, nil
}

// readRecordFile reads record number line (1-based) of a file of JSON lines
// ('-': stdin).
func readRecordFile(path string, line int, stdin io.Reader) (view.Record, error) {
	if line < 1 {
		return view.Record{}, usagef("--line must be at least 1, got %d", line)
	}
	in := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return view.Record{}, usagef("--record: %v", err)
		}
		defer f.Close()
		in = f
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<28)
	for n := 0; sc.Scan(); {
		text := sc.Bytes()
		if len(text) == 0 {
			continue
		}
		if n++; n < line {
			continue
		}
		rec, err := view.ParseRecord(text)
		if err != nil {
			return view.Record{}, usagef("--record %s line %d: %v", path, n, err)
		}
		return rec, nil
	}
	if err := sc.Err(); err != nil {
		return view.Record{}, fmt.Errorf("--record %s: %v", path, err)
	}
	return view.Record{}, usagef("--record %s: has no record %d", path, line)
}
