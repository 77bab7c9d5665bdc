package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"tabula/engine"
)

func runReplay(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	gameID := fs.String("game", "", "game id")
	var opts optionList
	fs.Var(&opts, "option", "name=value (repeatable)")
	if err := fs.Parse(args); err != nil {
		return usagef("%v", err)
	}
	if *gameID == "" {
		return usagef("--game is required (see 'tabula games')")
	}
	s, err := replayState(*gameID, opts, fs.Args())
	if err != nil {
		return err
	}
	out, err := engine.MarshalState(s)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s\n", out)
	return err
}

// replayState makes a game's start state under the options and plays the
// moves; every failure is the user's input, so it is a usageError.
func replayState(gameID string, settings, moves []string) (engine.State, error) {
	g, err := engine.Lookup(gameID)
	if err != nil {
		return nil, usagef("%v", err)
	}
	opts, err := engine.ParseOptions(g, settings)
	if err != nil {
		return nil, usagef("%v", err)
	}
	s, err := engine.Replay(g, opts, moves)
	if err != nil {
		var me *engine.MoveError
		if errors.As(err, &me) {
			return nil, usagef("%v", me)
		}
		return nil, usagef("%v", err)
	}
	return s, nil
}
