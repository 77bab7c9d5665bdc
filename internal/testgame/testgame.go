// Package testgame is a small sowing game for tests only: it proves that a
// game needs nothing outside its own package. The server, the terminal and
// the browser tests register it (Register) and play it; nothing else in
// Tabula names it, and no command registers it.
//
// The rules: two players, two rows of four holes, Seeds seeds in each
// hole. Player 1 owns holes 0-3 (the top row), player 0 holes 4-7. A
// player takes all the seeds of one of her holes and sows them one by one
// counter-clockwise (to the next lower hole, from 0 to 7). When the last
// seed makes a hole of the other row hold 2 or 3 seeds, she captures them
// into her store. The game ends when the player to move has no seeds in
// her row, or after MaxPlies moves: each then takes the seeds left in her
// row, and more seeds win.
package testgame

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"tabula/engine"
)

// ID is the game's identifier.
const ID = "test-sowing"

// Holes is the number of holes; player p's store is place Holes+p.
const Holes = 8

// MaxPlies ends a game that goes round and round.
const MaxPlies = 200

// OptSeeds is the option of the seeds in each hole at the start.
const OptSeeds = "seeds"

var once sync.Once

// Register makes the game known to the engine, once however often it is
// called.
func Register() { once.Do(func() { engine.Register(Game{}) }) }

// Game is the test sowing game.
type Game struct{}

func (Game) ID() string   { return ID }
func (Game) Name() string { return "Test sowing" }
func (Game) Specs() []engine.OptionSpec {
	return []engine.OptionSpec{{Name: OptSeeds, Kind: engine.Int, Default: "2", Min: 1, Max: 4, Doc: "seeds in each hole at the start"}}
}

func (Game) NewState(opts engine.Options) (engine.State, error) {
	if len(opts.Settings()) == 0 {
		opts = engine.DefaultOptions(Game{})
	}
	s := &State{opts: opts}
	for h := range s.holes {
		s.holes[h] = opts.Int(OptSeeds)
	}
	return s, nil
}

func (g Game) Info(opts engine.Options) (engine.Info, error) {
	return engine.WinLossInfo(engine.Info{Players: 2, MinPlayers: 2, MaxPlayers: 2, MaxLength: MaxPlies}), nil
}

// State is a position of the game.
type State struct {
	opts     engine.Options
	holes    [Holes]int
	stores   [2]int
	turn     int
	ply      int
	captured int
	over     bool
}

func (s *State) Game() engine.Game       { return Game{} }
func (s *State) Options() engine.Options { return s.opts }
func (s *State) NumPlayers() int         { return 2 }
func (s *State) Ply() int                { return s.ply }

// owner is the player whose row hole h is in.
func owner(h int) int {
	if h < Holes/2 {
		return 1
	}
	return 0
}

func (s *State) Actors(dst []int) []int {
	if s.over {
		return dst
	}
	return append(dst, s.turn)
}

func (s *State) Legal(player int, dst []engine.Move) []engine.Move {
	if s.over || player != s.turn {
		return dst
	}
	for h := range Holes {
		if owner(h) == player && s.holes[h] > 0 {
			dst = append(dst, engine.Move(h))
		}
	}
	return dst
}

func (s *State) ChanceOutcomes(dst []engine.ChanceOutcome) []engine.ChanceOutcome { return dst }
func (s *State) Apply(m engine.Move)                                              { s.play(int(m), nil) }
func (s *State) ApplyJoint(ms []engine.Move)                                      { s.Apply(ms[0]) }

// ApplyTraced plays ms[0] and appends its events, one Time each: the lift,
// every seed dropped, a capture, and the seeds taken at the end.
func (s *State) ApplyTraced(ms []engine.Move, dst []engine.Event) []engine.Event {
	s.play(int(ms[0]), &dst)
	return dst
}

func (s *State) play(h int, tr *[]engine.Event) {
	add := func(e engine.Event) {
		if tr != nil {
			e.Time = len(*tr)
			*tr = append(*tr, e)
		}
	}
	p := s.turn
	n := s.holes[h]
	s.holes[h] = 0
	add(engine.Event{Kind: engine.Lift, Player: p, From: h, To: -1, N: n})
	pos := h
	for ; n > 0; n-- {
		pos = (pos + Holes - 1) % Holes
		s.holes[pos]++
		add(engine.Event{Kind: engine.Drop, Player: p, From: -1, To: pos, N: 1})
	}
	s.captured = 0
	if owner(pos) != p && (s.holes[pos] == 2 || s.holes[pos] == 3) {
		s.captured = s.holes[pos]
		s.stores[p] += s.holes[pos]
		s.holes[pos] = 0
		add(engine.Event{Kind: engine.Capture, Player: p, From: pos, To: Holes + p, N: s.captured})
	}
	s.ply++
	s.turn = 1 - p
	if s.ply < MaxPlies && len(s.Legal(s.turn, nil)) > 0 {
		return
	}
	s.over = true
	for h := range Holes {
		if c := s.holes[h]; c > 0 {
			q := owner(h)
			s.stores[q] += c
			s.holes[h] = 0
			add(engine.Event{Kind: engine.Transfer, Player: q, From: h, To: Holes + q, N: c})
		}
	}
}

func (s *State) Clone() engine.State       { c := *s; return &c }
func (s *State) CopyFrom(src engine.State) { *s = *src.(*State) }

func (s *State) Hash() uint64 {
	h := uint64(s.turn)
	for _, c := range s.holes {
		h = engine.Mix64(h*31 + uint64(c))
	}
	return engine.Mix64(h*31 + uint64(s.stores[0])<<8 + uint64(s.stores[1]))
}

func (s *State) Terminal() bool { return s.over }

// Outcome gives the player with more seeds in her store, or a draw.
func (s *State) Outcome() (engine.Outcome, bool) {
	o := engine.Outcome{Winner: -1}
	if d := s.stores[0] - s.stores[1]; d != 0 {
		o.Winner = (1 - d/abs(d)) / 2
	}
	return o, s.over
}

func abs(x int) int { return max(x, -x) }

func (s *State) Returns(dst []float64) []float64 {
	o, over := s.Outcome()
	return engine.WinLossReturns(o, over, 2, dst)
}

func (s *State) Scores(dst []float64) []float64 {
	return append(dst, float64(s.stores[0]), float64(s.stores[1]))
}

func (s *State) MoveText(player int, m engine.Move) string { return strconv.Itoa(int(m)) }

func (s *State) ParseMove(player int, text string) (engine.Move, error) {
	h, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil || h < 0 || h >= Holes {
		return 0, engine.NewError("test-sowing.move_form", "last", Holes-1)
	}
	return engine.Move(h), nil
}

// Board declares a two-row board of four holes a row.
func (s *State) Board() engine.Board { return engine.MancalaBoard(Holes) }

// MoveFrom is the hole a move sows from.
func (s *State) MoveFrom(player int, m engine.Move) int { return int(m) }

// Details gives the holes and stores for the state's JSON.
func (s *State) Details() engine.Details {
	return engine.Details{}.With("holes", slices.Clone(s.holes[:])).With("stores", slices.Clone(s.stores[:]))
}

// Tell says what the last move captured.
func (s *State) Tell() []engine.Message {
	if s.ply == 0 || s.captured == 0 {
		return nil
	}
	return []engine.Message{{Key: "ev_capture", Args: map[string]any{"player": 1 - s.turn,
		"seeds": engine.Count{Noun: "seeds", N: s.captured}}}}
}

// Draw draws the board with its words in lang.
func (s *State) Draw(lang string) string {
	w := engine.WordsOf(Game{}.Catalogue().Words)
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", engine.Say(lang, w, "b_store", "n", 1, "seeds", engine.Count{Noun: "seeds", N: s.stores[1]}))
	for h := 0; h < Holes/2; h++ {
		fmt.Fprintf(&b, " %d:[%d]", h, s.holes[h])
	}
	b.WriteString("\n")
	for h := Holes - 1; h >= Holes/2; h-- {
		fmt.Fprintf(&b, " %d:[%d]", h, s.holes[h])
	}
	fmt.Fprintf(&b, "\n%s\n", engine.Say(lang, w, "b_store", "n", 0, "seeds", engine.Count{Noun: "seeds", N: s.stores[0]}))
	return b.String()
}

// Catalogue gives the game's texts in every language.
func (Game) Catalogue() engine.Entry {
	both := func(en, de string) engine.Text { return engine.Text{"en": en, "de": de} }
	return engine.Entry{
		People:   both("nobody: a game of the tests", "niemand: ein Spiel der Tests"),
		Region:   both("the tests", "die Tests"),
		Date:     both("2026", "2026"),
		Kind:     both("Two-row mancala, four holes a row", "Zweireihiges Mancala, vier Löcher je Reihe"),
		Evidence: both("none: made up for the tests", "keine: für die Tests erfunden"),
		Sources:  []string{"Tabula's tests (internal/testgame)"},
		Summary: []engine.Text{both(
			"Sow all the seeds of one of your holes counter-clockwise; a last seed that makes an enemy hole hold 2 or 3 captures them.",
			"Säe alle Samen eines eigenen Lochs gegen den Uhrzeigersinn; macht der letzte Samen ein gegnerisches Loch zu 2 oder 3, fängt er sie.")},
		Options: map[string]engine.OptionText{
			OptSeeds: {Title: both("Seeds per hole", "Samen je Loch"), Doc: both("seeds in each hole at the start", "Samen in jedem Loch zu Beginn")},
		},
		Words: map[string]engine.Text{
			engine.ScoreNote:        both("Score: seeds in the store", "Punkte: Samen im Speicher"),
			"test-sowing.move_form": both("test-sowing: a move is a hole number 0-{last}", "test-sowing: ein Zug ist eine Lochnummer 0-{last}"),
			"ev_capture":            both("{player} captured {seeds}.", "Gefangen von {player}: {seeds}."),
			"ev_capture_you":        both("You captured {seeds}.", "Von dir gefangen: {seeds}."),
			"b_store":               both("player {n}'s store: {seeds}", "Speicher von Spieler {n}: {seeds}"),
			"seeds_one":             both("1 seed", "1 Samen"),
			"seeds_other":           both("{n} seeds", "{n} Samen"),
		},
	}
}
