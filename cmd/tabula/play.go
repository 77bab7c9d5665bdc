package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
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
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return usagef("name the game: tabula play GAME (see 'tabula games')")
	}
	gameID := args[0]
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var opts optionList
	fs.Var(&opts, "option", "name=value (repeatable)")
	players := fs.String("players", "", "who plays each seat, comma-separated: human or an agent (default: human,random)")
	vs := fs.String("vs", "", "shorthand: you in seat 0 against this agent (mcts:hard, alphabeta:medium, or a level: hard) in every other seat")
	seed := fs.Uint64("seed", 0, "random seed (0: from the clock)")
	threads := fs.Int("threads", runtime.NumCPU(), "threads a computer player may search with")
	if err := fs.Parse(args[1:]); err != nil {
		return usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	s, err := replayState(gameID, opts, nil)
	if err != nil {
		return err
	}
	n := s.NumPlayers()
	if *seed == 0 {
		*seed = rand.Uint64()
	}
	names, err := seatNames(*players, *vs, n)
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
	p := &terminalGame{s: s, seats: seats, in: bufio.NewScanner(stdin), out: stdout,
		rng: rand.New(rand.NewPCG(*seed, 1))}
	return p.run()
}

func seatNames(players, vs string, n int) ([]string, error) {
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
		return nil, usagef("--players: this game has %d players, got %d names", n, len(names))
	}
	return names, nil
}

type terminalGame struct {
	s     engine.State
	seats []seatPlayer
	in    *bufio.Scanner
	out   io.Writer
	rng   *rand.Rand
	moves []string
}

func (t *terminalGame) run() error {
	fmt.Fprintf(t.out, "%s: %s\n", t.s.Game().Name(), strings.Join(t.s.Options().Settings(), " "))
	for i, p := range t.seats {
		fmt.Fprintf(t.out, "  player %d: %s\n", i, p.name)
	}
	fmt.Fprintln(t.out, "Type a move as listed, 'moves' for the record so far, or 'quit'.")
	for !t.s.Terminal() {
		actors := t.s.Actors(nil)
		if actors[0] == engine.ChancePlayer {
			m := ai.SampleChance(t.s.ChanceOutcomes(nil), t.rng.Float64())
			text := t.s.MoveText(engine.ChancePlayer, m)
			t.s.Apply(m)
			t.moves = append(t.moves, text)
			fmt.Fprintf(t.out, "chance: %s\n", text)
			continue
		}
		fmt.Fprintf(t.out, "\n%s\n", board(t.s))
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
		t.moves = append(t.moves, text)
		if len(actors) > 1 {
			fmt.Fprintf(t.out, "players %v reveal: %s\n", actors, text)
		} else {
			fmt.Fprintf(t.out, "player %d plays %s\n", actors[0], text)
		}
	}
	o, _ := t.s.Outcome()
	fmt.Fprintf(t.out, "\n%s\nGame over: %s. Scores: %v\nRecord: %s\n", board(t.s), o, t.s.Scores(nil), strings.Join(t.moves, " "))
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
		if !t.in.Scan() {
			if err := t.in.Err(); err != nil {
				return 0, err
			}
			return 0, fmt.Errorf("input ended before the game did; moves so far: %s", strings.Join(t.moves, " "))
		}
		line := strings.TrimSpace(t.in.Text())
		if hidden {
			// Move up over the echoed line and clear it.
			fmt.Fprint(t.out, "\033[1A\033[2K\r")
			fmt.Fprintf(t.out, "player %d has chosen.\n", a)
		}
		switch line {
		case "quit", "q":
			return 0, fmt.Errorf("quit; moves so far: %s", strings.Join(t.moves, " "))
		case "moves":
			fmt.Fprintf(t.out, "moves: %s\n", strings.Join(t.moves, " "))
			continue
		case "":
			continue
		}
		m, err := t.s.ParseMove(a, line)
		if err == nil && !slices.Contains(t.s.Legal(a, nil), m) {
			err = fmt.Errorf("%s is not legal now", line)
		}
		if err != nil {
			fmt.Fprintf(t.out, "  %v\n", err)
			continue
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
