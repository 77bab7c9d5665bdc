package view

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"

	"tabula/engine"
)

// Record is a whole game as it is saved: the game, its options and the
// turns in text form, chance events included, so a replay is exact.
type Record struct {
	Game string `json:"game"`
	// Options are "name=value" settings, as --option takes them.
	Options Options  `json:"options"`
	Moves   []string `json:"moves"`
	// Players optionally names who played each seat (agents or people).
	Players []string `json:"players,omitempty"`
	// Result is how the game ended, nil for an unfinished game
	// (informative only: Load recomputes the state). A record of an
	// earlier version gives it as a sentence, which still reads.
	Result *Result `json:"result,omitempty"`
}

// NewRecord starts the record of a game played from the start under opts.
func NewRecord(g engine.Game, opts engine.Options) Record {
	return Record{Game: g.ID(), Options: opts.Settings(), Moves: []string{}}
}

// Load replays a record and returns its final state.
func (r Record) Load() (engine.State, error) {
	g, err := engine.Lookup(r.Game)
	if err != nil {
		return nil, err
	}
	opts, err := engine.ParseOptions(g, r.Options)
	if err != nil {
		return nil, err
	}
	return engine.Replay(g, opts, r.Moves)
}

// ParseRecord reads a record from JSON.
func ParseRecord(data []byte) (Record, error) {
	var r Record
	if err := json.Unmarshal(data, &r); err != nil {
		return Record{}, engine.NewError("view.record", "err", err)
	}
	if r.Game == "" {
		return Record{}, engine.NewError("view.record_no_game")
	}
	return r, nil
}

// Options are a record's settings, "name=value". They are written as a
// list, and read as a list or as an object, name to value, as a state's
// JSON gives them.
type Options []string

// UnmarshalJSON reads a list of settings, or an object (Settings).
func (o *Options) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return json.Unmarshal(data, (*[]string)(o))
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		return err
	}
	sets, err := Settings(m)
	*o = sets
	return err
}

// Settings turns options given as an object, {"seeds": 4, "exact-finish":
// true}, into name=value settings, ordered by name. A number should come
// as a json.Number (a decoder with UseNumber), so that a large whole
// number keeps its digits.
func Settings(opts map[string]any) ([]string, error) {
	var out []string
	for name, v := range opts {
		switch x := v.(type) {
		case string:
			out = append(out, name+"="+x)
		case bool:
			out = append(out, name+"="+strconv.FormatBool(x))
		case json.Number:
			out = append(out, name+"="+x.String())
		case float64:
			out = append(out, name+"="+strconv.FormatFloat(x, 'f', -1, 64))
		default:
			return nil, engine.NewError("view.option_type", "option", name)
		}
	}
	slices.Sort(out)
	return out, nil
}

func init() {
	engine.RegisterWords("view", engine.Table([]engine.Word{
		{Key: "view.record", En: "record: {err}", De: "Aufzeichnung: {err}"},
		{Key: "view.record_no_game", En: "record: no game", De: "Aufzeichnung: kein Spiel"},
		{Key: "view.option_type", En: "option {option}: want a string, number or boolean", De: "Option {option}: erwartet Text, Zahl oder Wahrheitswert"},
		{
			Key: "view.result",
			En:  "result {result}: want win:SEAT:HOW (HOW end, resign or flag), draw:end, draw:agreed or abandoned",
			De:  "Ergebnis {result}: erwartet win:PLATZ:WIE (WIE end, resign oder flag), draw:end, draw:agreed oder abandoned",
		},
	}))
}
