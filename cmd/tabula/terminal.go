package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"

	"tabula/ai"
	"tabula/engine"
	"tabula/messages"
	"tabula/view"
)

// What a game may show at the terminal beyond its drawing (fmt.Stringer)
// and its narration (view.Teller). The game packages implement these.
type (
	// legender explains the drawing of the board, once.
	legender interface {
		Legend() []engine.Message
	}
	// roundBoarder draws the board as the round that the last turn ended
	// ended (ok false when it ended none); the terminal shows it before
	// the message engine.RoundOver.
	roundBoarder interface {
		RoundBoard(lang string) (board string, ok bool)
	}
	// drawer draws the board with its words in a language.
	drawer interface {
		Draw(lang string) string
	}
)

// errQuit ends the game at the player's request; errInputEnded ends it
// when the input runs out (Ctrl-D), errInterrupted on Ctrl-C: the record
// is printed for all three, and the others are errors (exit 1), since the
// game did not end as asked.
var (
	errQuit        = errors.New("quit")
	errInputEnded  = errors.New("input ended before the game did; the record above resumes it")
	errInterrupted = errors.New("interrupted; the record above resumes the game")
)

// terminalGame is a game played at the terminal. It says everything in
// lang, from the game's words and messages.App.
type terminalGame struct {
	s         engine.State
	seats     []seatPlayer
	lines     *lineReader
	interrupt <-chan os.Signal
	out       io.Writer
	rng       *rand.Rand
	moves     []string
	lang      string
	words     messages.Words
	shown     bool // the board of the state as it is now has been drawn
	explained bool // the legend of the board has been shown
}

// say writes the message with key and name, value argument pairs.
func (t *terminalGame) say(key string, args ...any) string {
	return engine.Say(t.lang, t.words, key, args...)
}

func (t *terminalGame) run() error {
	fmt.Fprintf(t.out, "%s: %s\n", t.s.Game().Name(), strings.Join(t.s.Options().Settings(), " "))
	for i, p := range t.seats {
		who := p.name // an agent's spec, as written on the command line
		if p.agent == nil {
			who = t.say("t_human")
		}
		fmt.Fprintln(t.out, t.say("t_seat", "player", i, "who", who))
	}
	if len(t.moves) > 0 {
		fmt.Fprintln(t.out, t.say("t_resumed", "n", engine.Count{Noun: "t_moves", N: len(t.moves)}, "moves", strings.Join(t.moves, " ")))
	}
	fmt.Fprintln(t.out, t.say("t_instructions"))
	t.showBoard()
	t.tell()
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
	result := messages.Render(t.lang, view.ResultMessage(view.ResultOf(o)), t.words)
	var scores []string
	for p, v := range t.s.Scores(nil) {
		scores = append(scores, t.say("t_score", "player", p, "n", v))
	}
	fmt.Fprintf(t.out, "\n%s\n%s\n", t.say("t_gameOver", "result", result, "scores", strings.Join(scores, ", ")),
		t.say("t_record", "moves", strings.Join(t.moves, " ")))
	return nil
}

// showBoard draws the board of the state as it is now, once, and the
// first time its legend.
func (t *terminalGame) showBoard() {
	if t.shown {
		return
	}
	fmt.Fprintf(t.out, "\n%s", t.board())
	t.shown = true
	if l, ok := t.s.(legender); ok && !t.explained {
		for _, m := range l.Legend() {
			fmt.Fprintln(t.out, messages.Render(t.lang, m, t.words))
		}
		t.explained = true
	}
}

// tell says what the last move did, as the game tells it (the same
// messages the browser shows), in the order of the game: before the end
// of a round, the board as the round ended.
func (t *terminalGame) tell() {
	teller, ok := t.s.(view.Teller)
	if !ok {
		return
	}
	for _, m := range teller.Tell() {
		if rb, ok := t.s.(roundBoarder); ok && m.Key == engine.RoundOver {
			if b, ended := rb.RoundBoard(t.lang); ended {
				fmt.Fprintf(t.out, "\n%s", b)
			}
		}
		fmt.Fprintln(t.out, messages.Render(t.lang, m, t.words))
	}
}

// playersText names several players: "player 0 and player 1".
func (t *terminalGame) playersText(ps []int) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = t.say("player", "n", p)
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + t.say("and") + " " + names[len(names)-1]
}

// turn plays one turn: a chance event, one player's move or the joint
// move of several; then it tells what the turn did and draws the board.
func (t *terminalGame) turn() error {
	actors := t.s.Actors(nil)
	if actors[0] == engine.ChancePlayer {
		m := ai.SampleChance(t.s.ChanceOutcomes(nil), t.rng.Float64())
		text := t.s.MoveText(engine.ChancePlayer, m)
		t.s.Apply(m)
		t.shown = false
		t.moves = append(t.moves, text)
		if teller, ok := t.s.(view.Teller); !ok || len(teller.Tell()) == 0 {
			fmt.Fprintln(t.out, t.say("t_chance", "move", text))
		}
		t.tell()
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
		fmt.Fprintln(t.out, t.say("t_reveal", "players", t.playersText(actors), "move", text))
	} else {
		fmt.Fprintln(t.out, t.say("t_plays", "player", actors[0], "move", text))
	}
	t.tell()
	t.showBoard()
	return nil
}

// quit prints the record of the game so far, which --record resumes.
func (t *terminalGame) quit() error {
	rec := view.NewRecord(t.s.Game(), t.s.Options())
	rec.Moves = append(rec.Moves, t.moves...)
	for _, p := range t.seats {
		rec.Players = append(rec.Players, p.name)
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	fmt.Fprintf(t.out, "\n%s\n%s\n", t.say("t_stopped", "n", engine.Count{Noun: "t_moves", N: len(t.moves)}), b)
	return nil
}

// choose asks the seat of player a for a move. In a simultaneous turn a
// person's choice is wiped from the screen so the next person cannot see it.
func (t *terminalGame) choose(a int, hidden bool) (engine.Move, error) {
	seat := t.seats[a]
	if seat.agent != nil {
		return seat.agent.Choose(t.s, a), nil
	}
	legal := strings.Join(engine.LegalTexts(t.s, a), " ")
	prompt := "t_yourMove"
	if hidden {
		prompt = "t_secret"
	}
	for {
		fmt.Fprint(t.out, t.say(prompt, "player", a, "legal", legal))
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
			fmt.Fprintln(t.out, t.say("t_moves", "moves", strings.Join(t.moves, " ")))
			continue
		case "help", "?":
			fmt.Fprintln(t.out, t.say("t_instructions"))
			continue
		case "":
			continue
		}
		m, err := t.s.ParseMove(a, line)
		if err == nil && !slices.Contains(t.s.Legal(a, nil), m) {
			err = errors.New(t.say("t_notLegal", "move", line))
			if hidden {
				// Do not show the hole she tried to the next player.
				err = errors.New(t.say("t_notLegalHidden"))
			}
		}
		if err != nil {
			fmt.Fprintf(t.out, "  %s\n", engine.InLang(err, t.lang))
			continue
		}
		if hidden {
			fmt.Fprintln(t.out, t.say("t_chosen", "player", a))
		}
		return m, nil
	}
}

// board draws the state for people: the game's own drawing where it has
// one (in the terminal's language if it can), else its JSON.
func (t *terminalGame) board() string {
	switch d := t.s.(type) {
	case drawer:
		return d.Draw(t.lang)
	case fmt.Stringer:
		return d.String()
	}
	b, _ := view.State(t.s)
	return string(b) + "\n"
}
