package engine

import (
	"errors"
	"slices"
	"sync"
)

// Endgame knows the best move of some positions exactly, as an endgame
// table does. It must be safe for concurrent use.
type Endgame interface {
	// BestMove returns a best move of the player to move in s, and false
	// when it does not know s.
	BestMove(s State) (Move, bool)
}

// EndgameBuilt is implemented by endgames that build a table the first
// time a position it would cover is asked about (which takes seconds):
// a caller that must not wait that long in one stretch (a search sharing
// the server's processors) asks BestMoveBuilt, which answers only from
// tables built already, and has a missing one built in the background
// meanwhile, once.
type EndgameBuilt interface {
	BestMoveBuilt(s State) (Move, bool)
}

// EndgameFiles is implemented by endgames that also answer from tables
// built beforehand into files (by 'tabula solve').
type EndgameFiles interface {
	// Load adds the table in the file name, or says why it is not one of
	// this endgame's tables.
	Load(name string) error
}

var (
	endgamesMu sync.RWMutex
	endgames   = map[string]Endgame{}
)

// RegisterEndgame makes e the endgame of the game gameID, which the
// searches' level "max" plays from wherever e knows the position. A
// game's solver package calls it from an init function; a later call for
// the same game replaces the earlier one.
func RegisterEndgame(gameID string, e Endgame) {
	endgamesMu.Lock()
	defer endgamesMu.Unlock()
	endgames[gameID] = e
}

// EndgameOf returns the endgame registered for gameID, or nil.
func EndgameOf(gameID string) Endgame {
	endgamesMu.RLock()
	defer endgamesMu.RUnlock()
	return endgames[gameID]
}

// LoadEndgame adds the table in the file name to the registered endgame
// that reads it, trying them in the order of their games' IDs, and
// returns what each said when none does.
func LoadEndgame(name string) error {
	endgamesMu.RLock()
	ids := make([]string, 0, len(endgames))
	for id, e := range endgames {
		if _, ok := e.(EndgameFiles); ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	files := make([]EndgameFiles, len(ids))
	for i, id := range ids {
		files[i] = endgames[id].(EndgameFiles)
	}
	endgamesMu.RUnlock()
	if len(files) == 0 {
		return errors.New("no game has endgame tables")
	}
	var errs []error
	for _, f := range files {
		err := f.Load(name)
		if err == nil {
			return nil
		}
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}
