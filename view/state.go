// Package view builds the JSON forms of Tabula's values: states, turn
// traces and game facts, for "tabula replay", the server and records. It
// asks the games through the engine's interfaces and the Detailer
// interface below; a game's own fields come as engine.Details, names and
// values in order, so no game type needs JSON tags.
package view

import (
	"encoding/json"
	"fmt"
	"strconv"

	"tabula/engine"
)

// Detailer is implemented by states with fields of their own (the holes of
// a mancala board): Details returns them, and they become the fields of
// the state's JSON after the common ones, in order. The facts the page's
// drawing of a board reads are declared in BoardDetails.
type Detailer interface {
	Details() engine.Details
}

// StateView is the game-independent part of a state's JSON form.
type StateView struct {
	Game     string              `json:"game"`
	Options  map[string]any      `json:"options"`
	Ply      int                 `json:"ply"`
	ToMove   []int               `json:"toMove"`
	Legal    map[string][]string `json:"legal"`
	Chance   []ChanceView        `json:"chance,omitempty"`
	Terminal bool                `json:"terminal"`
	Scores   []float64           `json:"scores"`
	Outcome  *OutcomeView        `json:"outcome"`
}

// ChanceView is one chance outcome in JSON.
type ChanceView struct {
	Move string  `json:"move"`
	Prob float64 `json:"prob"`
}

// OutcomeView is the JSON form of an outcome: {"winner": i} or
// {"draw": true}.
type OutcomeView struct {
	Winner *int `json:"winner,omitempty"`
	Draw   bool `json:"draw,omitempty"`
}

// Common returns the game-independent view of s. For a chance event, ToMove
// holds engine.ChancePlayer (-1) and Legal lists the outcomes under "-1"; games may
// show who throws in their Details.
func Common(s engine.State) StateView {
	v := StateView{
		Game:     s.Game().ID(),
		Options:  s.Options().Map(),
		Ply:      s.Ply(),
		ToMove:   s.Actors([]int{}),
		Legal:    map[string][]string{},
		Terminal: s.Terminal(),
		Scores:   s.Scores(nil),
	}
	for _, a := range v.ToMove {
		v.Legal[strconv.Itoa(a)] = engine.LegalTexts(s, a)
	}
	for _, c := range s.ChanceOutcomes(nil) {
		v.Chance = append(v.Chance, ChanceView{Move: s.MoveText(engine.ChancePlayer, c.Move), Prob: c.Prob})
	}
	if o, ok := s.Outcome(); ok {
		if o.Draw() {
			v.Outcome = &OutcomeView{Draw: true}
		} else {
			w := o.Winner
			v.Outcome = &OutcomeView{Winner: &w}
		}
	}
	return v
}

// State encodes s as one JSON object: the fields of Common followed by
// those of its Details, if it has any.
func State(s engine.State) ([]byte, error) {
	common, extra, err := stateParts(s)
	if err != nil || extra == nil {
		return common, err
	}
	out := make([]byte, 0, len(common)+len(extra))
	return appendJoined(out, common, extra), nil
}

// stateParts are the JSON objects of Common and of the Details (nil if
// there are none) of s.
func stateParts(s engine.State) (common, extra []byte, err error) {
	common, err = json.Marshal(Common(s))
	if err != nil {
		return nil, nil, err
	}
	d, ok := s.(Detailer)
	if !ok {
		return common, nil, nil
	}
	facts := d.Details()
	if len(facts) == 0 {
		return common, nil, nil
	}
	extra, err = appendDetails(make([]byte, 0, 512), facts)
	if err != nil {
		return nil, nil, fmt.Errorf("view: %s details: %w", s.Game().ID(), err)
	}
	return common, extra, nil
}

// appendJoined appends the fields of the JSON objects a and b (nil: none)
// as one object.
func appendJoined(dst, a, b []byte) []byte {
	if b == nil {
		return append(dst, a...)
	}
	dst = append(dst, a[:len(a)-1]...)
	dst = append(dst, ',')
	return append(dst, b[1:]...)
}
