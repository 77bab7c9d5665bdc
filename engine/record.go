package engine

import (
	"encoding/json"
)

// Record is a whole game as it is saved: the game, its options and the
// turns in text form, chance events included, so a replay is exact.
type Record struct {
	Game    string   `json:"game"`
	Options []string `json:"options"` // "name=value"
	Moves   []string `json:"moves"`
	// Players optionally names who played each seat (agents or people).
	Players []string `json:"players,omitempty"`
	// Result is "draw", "player N wins" or empty for an unfinished game;
	// informative only: Load recomputes it.
	Result string `json:"result,omitempty"`
}

// NewRecord starts the record of a game played from the start under opts.
func NewRecord(g Game, opts Options) Record {
	return Record{Game: g.ID(), Options: opts.Settings(), Moves: []string{}}
}

// Load replays a record and returns its final state.
func (r Record) Load() (State, error) {
	g, err := Lookup(r.Game)
	if err != nil {
		return nil, err
	}
	opts, err := ParseOptions(g, r.Options)
	if err != nil {
		return nil, err
	}
	return Replay(g, opts, r.Moves)
}

// ParseRecord reads a record from JSON.
func ParseRecord(data []byte) (Record, error) {
	var r Record
	if err := json.Unmarshal(data, &r); err != nil {
		return Record{}, NewError("engine.record", "err", err)
	}
	if r.Game == "" {
		return Record{}, NewError("engine.record_no_game")
	}
	return r, nil
}
