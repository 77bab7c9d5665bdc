package main

import (
	"bufio"
	"encoding/json"
	"errors"
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
	// The game comes first (tabula play GAME --vs hard), but may follow the
	// flags too.
	var gameID string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		gameID, args = args[0], args[1:]
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	rest := fs.Args()
	if gameID == "" && len(rest) > 0 {
		gameID, rest = rest[0], rest[1:]
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	if *threads < 1 {
		return usagef("--threads must be at least 1, got %d", *threads)
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
	if *players == "" && *vs == "" && len(rec.Players) == n {
		*players = strings.Join(rec.Players, ",")
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
				return usagef("--players: seat %d: %v", i, err)
			}
			seats[i].agent = a
		}
	}
	// Ctrl-C stops the game as 'quit' does, with the record to resume it.
	interrupt := make(chan os.Signal, 1)
	signal.Notify(interrupt, os.Interrupt)
	defer signal.Stop(interrupt)
	p := &terminalGame{s: s, seats: seats, lines: readLines(stdin), interrupt: interrupt, out: stdout,
		rng: rand.New(rand.NewPCG(*seed, 1)), moves: slices.Clone(rec.Moves)}
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
func playRecord(gameID string, opts []string, path string, line int) (engine.Record, error) {
	switch {
	case path == "" && gameID == "":
		return engine.Record{}, usagef("name the game: tabula play GAME (see 'tabula games'), or resume one with --record FILE")
	case path == "":
		return engine.Record{Game: gameID, Options: opts}, nil
	case gameID != "" || len(opts) > 0:
		return engine.Record{}, usagef("--record replaces GAME and --option (the record has them): give one or the other")
	case path == "-":
		return engine.Record{}, usagef("--record -: standard input holds the moves typed at the terminal; give a file")
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

// What a game may tell people at the terminal, beyond its board. The game
// packages implement these; they hold the rules the words depend on.
type (
	// chanceTeller says what chance's move m means now, in a sentence
	// that names the move's text ("player 1 throws t4 (waraq): an extra
	// throw for a 4").
	chanceTeller interface {
		ChanceText(m engine.Move) string
	}
	// narrator says what a turn did that the board does not show: a
	// forced pass, a turn that scores nothing, a round that ended. before
	// is the state the turn was applied to.
	narrator interface {
		Narrate(before engine.State) []string
	}
	// roundTeller tells the end of the round that a turn ended: the board
	// as the round ended and how it ended (ok false when it ended none).
	// legender explains the drawing of the board, once.
	legender interface {
		Legend() string
	}
	roundTeller interface {
		RoundEnd(before engine.State) (board string, said []string, ok bool)
	}
)

// errQuit ends the game at the player's request; errInputEnded ends it
// when the input runs out (Ctrl-D): the record is printed for both, and
// the second is an error (exit 1), since the game did not end as asked.
var (
	errQuit        = errors.New("quit")
	errInputEnded  = errors.New("input ended before the game did; the record above resumes it")
	errInterrupted = errors.New("interrupted; the record above resumes the game")
)

type terminalGame struct {
	s         engine.State
	seats     []seatPlayer
	lines     *lineReader
	interrupt <-chan os.Signal
	out       io.Writer
	rng       *rand.Rand
	moves     []string
	shown     bool // the board of the state as it is now has been drawn
	explained bool // the legend of the board has been shown
}

// instructions are said at the start and on 'help'.
const instructions = "Type a move as listed, 'moves' for the record so far, 'help' for this line, or 'quit' (or Ctrl-C) to stop and get a record to resume from."

func (t *terminalGame) run() error {
	fmt.Fprintf(t.out, "%s: %s\n", t.s.Game().Name(), strings.Join(t.s.Options().Settings(), " "))
	for i, p := range t.seats {
		fmt.Fprintf(t.out, "  player %d: %s\n", i, p.name)
	}
	if len(t.moves) > 0 {
		fmt.Fprintf(t.out, "Resumed after %d moves: %s\n", len(t.moves), strings.Join(t.moves, " "))
	}
	fmt.Fprintln(t.out, instructions)
	for !t.s.Terminal() {
		err := t.turn()
		if err == nil {
			select {
			case <-t.interrupt:
				err = errInterrupted
			default:
			}
		}
		if err == nil {
			continue
		}
		if errors.Is(err, errQuit) || errors.Is(err, errInputEnded) || errors.Is(err, errInterrupted) {
			if qerr := t.quit(); qerr != nil {
				return qerr
			}
		}
		if errors.Is(err, errQuit) {
			return nil
		}
		return err
	}
	t.showBoard()
	o, _ := t.s.Outcome()
	var scores []string
	for p, v := range t.s.Scores(nil) {
		scores = append(scores, fmt.Sprintf("player %d %g", p, v))
	}
	fmt.Fprintf(t.out, "\nGame over: %s. Scores: %s.\nRecord: %s\n", o, strings.Join(scores, ", "), strings.Join(t.moves, " "))
	return nil
}

// showBoard draws the board of the state as it is now, once.
func (t *terminalGame) showBoard() {
	if t.shown {
		return
	}
	fmt.Fprintf(t.out, "\n%s", board(t.s))
	t.shown = true
	if l, ok := t.s.(legender); ok && !t.explained {
		fmt.Fprint(t.out, l.Legend())
		t.explained = true
	}
}

// playersText names several players: "players 0 and 1", "players 0, 1 and 2".
func playersText(ps []int) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = fmt.Sprint(p)
	}
	if len(names) == 1 {
		return "player " + names[0]
	}
	return "players " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// turn plays one turn: a chance event, one player's move or the joint
// move of several.
func (t *terminalGame) turn() error {
	actors := t.s.Actors(nil)
	before := t.s.Clone()
	if actors[0] == engine.ChancePlayer {
		m := ai.SampleChance(t.s.ChanceOutcomes(nil), t.rng.Float64())
		text := t.s.MoveText(engine.ChancePlayer, m)
		if ct, ok := t.s.(chanceTeller); ok {
			fmt.Fprintln(t.out, ct.ChanceText(m))
		} else {
			fmt.Fprintf(t.out, "chance: %s\n", text)
		}
		t.s.Apply(m)
		t.shown = false
		t.moves = append(t.moves, text)
		t.narrate(before)
		return nil
	}
	t.showBoard()
	moves := make([]engine.Move, len(actors))
	for i, a := range actors {
		m, err := t.choose(a, len(actors) > 1)
		if err != nil {
			return err
		}
		moves[i] = m
	}
	text := engine.TurnText(t.s, actors, moves)
	engine.ApplyTurn(t.s, moves)
	t.shown = false
	t.moves = append(t.moves, text)
	if len(actors) > 1 {
		fmt.Fprintf(t.out, "%s reveal: %s\n", playersText(actors), text)
	} else {
		fmt.Fprintf(t.out, "player %d plays %s\n", actors[0], text)
	}
	t.narrate(before)
	t.showBoard()
	return nil
}

// narrate tells what the turn just applied did, in the order of the game:
// the turn, the board after it, and, when it ended a round, the board as
// the round ended and how (the board of the next round follows).
func (t *terminalGame) narrate(before engine.State) {
	if n, ok := t.s.(narrator); ok {
		for _, line := range n.Narrate(before) {
			fmt.Fprintln(t.out, line)
		}
	}
	rt, ok := t.s.(roundTeller)
	if !ok {
		return
	}
	if b, said, ended := rt.RoundEnd(before); ended {
		fmt.Fprintf(t.out, "\n%s", b)
		for _, line := range said {
			fmt.Fprintln(t.out, line)
		}
	}
}

// quit prints the record of the game so far, which --record resumes.
func (t *terminalGame) quit() error {
	rec := engine.NewRecord(t.s.Game(), t.s.Options())
	rec.Moves = append(rec.Moves, t.moves...)
	for _, p := range t.seats {
		rec.Players = append(rec.Players, p.name)
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	fmt.Fprintf(t.out, "\nStopped after %d moves. To resume, save the next line in a file and run 'tabula play --record FILE':\n%s\n", len(t.moves), b)
	return nil
}

// choose asks the seat of player a for a move. In a simultaneous turn a
// person's choice is wiped from the screen so the next person cannot see it.
func (t *terminalGame) choose(a int, hidden bool) (engine.Move, error) {
	seat := t.seats[a]
	if seat.agent != nil {
		return seat.agent.Choose(t.s, a), nil
	}
	legal := engine.LegalTexts(t.s, a)
	for {
		if hidden {
			fmt.Fprintf(t.out, "player %d, choose in secret (%s): ", a, strings.Join(legal, " "))
		} else {
			fmt.Fprintf(t.out, "player %d, your move (%s): ", a, strings.Join(legal, " "))
		}
		var in inputLine
		t.lines.want <- struct{}{}
		select {
		case in = <-t.lines.lines:
		case <-t.interrupt:
			fmt.Fprintln(t.out)
			return 0, errInterrupted
		}
		if errors.Is(in.err, io.EOF) {
			return 0, errInputEnded
		} else if in.err != nil {
			return 0, in.err
		}
		line := strings.TrimSpace(in.text)
		if hidden {
			// Move up over the echoed line and clear it.
			fmt.Fprint(t.out, "\033[1A\033[2K\r")
		}
		switch line {
		case "quit", "q":
			return 0, errQuit
		case "moves":
			fmt.Fprintf(t.out, "moves: %s\n", strings.Join(t.moves, " "))
			continue
		case "help", "?":
			fmt.Fprintln(t.out, instructions)
			continue
		case "":
			continue
		}
		m, err := t.s.ParseMove(a, line)
		if err == nil && !slices.Contains(t.s.Legal(a, nil), m) {
			err = fmt.Errorf("%s is not legal now", line)
			if hidden {
				// Do not show the hole she tried to the next player.
				err = errors.New("that move is not legal now")
			}
		}
		if err != nil {
			fmt.Fprintf(t.out, "  %v\n", err)
			continue
		}
		if hidden {
			fmt.Fprintf(t.out, "player %d has chosen.\n", a)
		}
		return m, nil
	}
}

// board draws the state for people: the game's own drawing where it has
// one, else its JSON.
func board(s engine.State) string {
	if d, ok := s.(fmt.Stringer); ok {
		return d.String()
	}
	b, _ := view.State(s)
	return string(b)
}
