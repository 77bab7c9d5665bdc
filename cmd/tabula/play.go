package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"

	"tabula/ai"
	"tabula/engine"
	"tabula/messages"
	"tabula/view"
)

// seatPlayer is who plays one seat in the terminal: a person (agent nil)
// or a computer agent.
type seatPlayer struct {
	name  string
	agent ai.Agent
}

func runPlay(args []string, stdin io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	var opts optionList
	fs.Var(&opts, "option", "set an option of the game as `name=value` (repeatable; see 'tabula games')")
	players := fs.String("players", "", "who plays each seat, comma-separated: human or an agent (default: human,random)")
	vs := fs.String("vs", "", "shorthand: you in seat 0 against this agent (mcts:hard, alphabeta:medium, or a level: hard) in every other seat")
	seed := fs.Uint64("seed", 0, "random seed (0: from the clock)")
	threads := fs.Int("threads", runtime.NumCPU(), "threads a computer player may search with")
	recordPath := fs.String("record", "", "resume the game saved in `FILE` (the line 'quit' prints) instead of naming GAME")
	line := fs.Int("line", 1, "with --record: which record of the file (1 is the first)")
	endgames := addEndgameFlag(fs)
	lang := fs.String("lang", messages.Lang(), "the language of the terminal: en or de (default: from LANG)")
	gameID, err := parseGameFlags(fs, args)
	if err != nil {
		return err
	}
	if *threads < 1 {
		return usagef("--threads must be at least 1, got %d", *threads)
	}
	if !slices.Contains(engine.Languages, *lang) {
		return usagef("--lang: want %s, got %q", strings.Join(engine.Languages, " or "), *lang)
	}
	if err := loadEndgames(endgames); err != nil {
		return err
	}
	rec, err := playRecord(gameID, opts, *recordPath, *line)
	if err != nil {
		return err
	}
	s, err := replayState(rec.Game, rec.Options, rec.Moves)
	if err != nil {
		return err
	}
	if s.Terminal() {
		return usagef("--record %s: the game is over; nothing to resume", *recordPath)
	}
	n := s.NumPlayers()
	if *seed == 0 {
		*seed = rand.Uint64()
	}
	// blame names the flag that chose the agent of seat i, for its error.
	blame := func(i int) string {
		if *vs != "" {
			return "--vs"
		}
		return fmt.Sprintf("--players: seat %d", i)
	}
	if *players == "" && *vs == "" && len(rec.Players) == n {
		*players = strings.Join(rec.Players, ",")
		blame = func(i int) string { return fmt.Sprintf("--record %s: seat %d", *recordPath, i) }
	}
	names, err := seatNames(s.Game(), *players, *vs, n)
	if err != nil {
		return err
	}
	seats := make([]seatPlayer, n)
	for i, name := range names {
		seats[i].name = name
		if name != "human" {
			a, err := ai.New(s.Game(), name, ai.Config{Seed: *seed + uint64(i) + 1, Threads: *threads, Options: s.Options()})
			if err != nil {
				return usagef("%s: %v", blame(i), err)
			}
			seats[i].agent = a
		}
	}
	// Ctrl-C stops the game as 'quit' does, with the record to resume it.
	interrupt := make(chan os.Signal, 1)
	signal.Notify(interrupt, os.Interrupt)
	defer signal.Stop(interrupt)
	p := &terminalGame{s: s, seats: seats, lines: readLines(stdin), interrupt: interrupt, out: stdout,
		rng: rand.New(rand.NewPCG(*seed, 1)), moves: slices.Clone(rec.Moves), lang: *lang, words: messages.GameWords(s.Game())}
	defer p.lines.close()
	return p.run()
}

// inputLine is a line of input, or the error that ended the input (io.EOF
// at its end).
type inputLine struct {
	text string
	err  error
}

// lineReader reads the input on a goroutine of its own, so that the game
// can wait for a line and for Ctrl-C at once. It reads a line only when
// asked, after the prompt is out, as a person does.
type lineReader struct {
	want  chan struct{}
	lines chan inputLine
}

func readLines(in io.Reader) *lineReader {
	r := &lineReader{want: make(chan struct{}), lines: make(chan inputLine, 1)}
	go func() {
		sc := bufio.NewScanner(in)
		for range r.want {
			if sc.Scan() {
				r.lines <- inputLine{text: sc.Text()}
				continue
			}
			err := sc.Err()
			if err == nil {
				err = io.EOF
			}
			r.lines <- inputLine{err: err}
			return
		}
	}()
	return r
}

// close ends the reading goroutine once it is not reading.
func (r *lineReader) close() { close(r.want) }

// playRecord is the game to play: a new one (GAME and its options) or the
// one saved in a record file.
func playRecord(gameID string, opts []string, path string, line int) (view.Record, error) {
	switch {
	case path == "" && gameID == "":
		return view.Record{}, usagef("name the game: tabula play GAME (see 'tabula games'), or resume one with --record FILE")
	case path == "":
		return view.Record{Game: gameID, Options: opts}, nil
	case gameID != "" || len(opts) > 0:
		return view.Record{}, usagef("--record replaces GAME and --option (the record has them): give one or the other")
	case path == "-":
		return view.Record{}, usagef("--record -: standard input holds the moves typed at the terminal; give a file")
	}
	return readRecordFile(path, line, nil)
}

func seatNames(g engine.Game, players, vs string, n int) ([]string, error) {
	switch {
	case players != "" && vs != "":
		return nil, usagef("give --players or --vs, not both")
	case vs != "":
		names := []string{"human"}
		for len(names) < n {
			names = append(names, vs)
		}
		return names, nil
	case players == "":
		players = "human,random"
	}
	names := strings.Split(players, ",")
	if len(names) != n {
		return nil, usagef("--players: %s has %d players here, got %d names%s", g.ID(), n, len(names), playersHint(g, len(names)))
	}
	return names, nil
}

// playersHint tells how to play the game with k players, when an option
// allows it: "; add --option players=3".
func playersHint(g engine.Game, k int) string {
	for _, o := range g.Specs() {
		if o.Name == "players" && float64(k) >= o.Min && float64(k) <= o.Max {
			return fmt.Sprintf("; add --option players=%d", k)
		}
	}
	return ""
}
