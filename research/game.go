package research

import (
	"fmt"
	"math"
)

// game is a Result as the reports read it, kept for every game of a study
// until its reports: the same numbers in 72 bytes instead of 168, and
// without pointers, so that the garbage collector neither scans a study's
// games nor puts a write barrier on each one kept. A game's stall and
// evaluation are numbers in its study's tables (gameTables), its lead
// curve is summed by reading (leadSums).
type game struct {
	Reading, Game int32
	Stall         int32 // 0, or 1 + the safeguard's place in gameTables.stalls
	Eval          int32 // 0, or 1 + the evaluation's place in gameTables.evals
	Plies, Turns  int32
	Rounds        int32
	Decisions     int32
	Choices       int32
	LeadChanges   int32
	Winner, Agent int16
	Skill         bool
	Trailed       bool
	Options       int64
	Secure        float64
	Margin        float64
}

// Moves is the number of moves the players made (Result.Moves).
func (g game) Moves() int32 { return g.Decisions }

// checkCounts says which number of r does not fit a game. A game ends at
// maxPlies plies, so its plies, turns, rounds, decisions (a move an actor
// a ply), choices and lead changes are far below 2^31; only a line not
// written by a run (LoadRun) can hold more.
func checkCounts(r Result) error {
	// Counts from 0 to MaxInt32 have no bit at 31 or above, nor their or;
	// a negative one has them all: the loop only names the one.
	if uint(r.Reading|r.Game|r.Plies|r.Turns|r.Rounds|r.Decisions|r.Choices|r.LeadChanges) > math.MaxInt32 {
		for _, c := range []int{r.Reading, r.Game, r.Plies, r.Turns, r.Rounds, r.Decisions, r.Choices, r.LeadChanges} {
			if c < 0 || c > math.MaxInt32 {
				return fmt.Errorf("a count out of range (%d)", c)
			}
		}
	}
	if r.Winner < -1 || r.Winner > math.MaxInt16 || r.Agent < -1 || r.Agent > math.MaxInt16 {
		return fmt.Errorf("winner %d or agent %d out of range", r.Winner, r.Agent)
	}
	return nil
}

// gameTables hold what a study's games name by number: the safeguards
// that stalled them and the evaluations of the judged games.
type gameTables struct {
	stalls []string
	evals  []*EvalResult
}

// keep makes r's game, naming its stall and evaluation in t; r's numbers
// fit (checkCounts).
func (t *gameTables) keep(r Result) game {
	g := game{Reading: int32(r.Reading), Game: int32(r.Game), Winner: int16(r.Winner), Agent: int16(r.Agent),
		Skill: r.Skill, Trailed: r.Trailed, Plies: int32(r.Plies), Turns: int32(r.Turns), Rounds: int32(r.Rounds),
		Decisions: int32(r.Decisions), Choices: int32(r.Choices), LeadChanges: int32(r.LeadChanges),
		Options: int64(r.Options), Secure: r.Secure, Margin: r.Margin}
	if r.Stall != "" {
		i := 0
		for i < len(t.stalls) && t.stalls[i] != r.Stall {
			i++
		}
		if i == len(t.stalls) {
			t.stalls = append(t.stalls, r.Stall)
		}
		g.Stall = int32(i + 1)
	}
	if r.Eval != nil {
		t.evals = append(t.evals, r.Eval)
		g.Eval = int32(len(t.evals))
	}
	return g
}

// stallName is g's safeguard, "" for none.
func (t *gameTables) stallName(g game) string {
	if g.Stall == 0 {
		return ""
	}
	return t.stalls[g.Stall-1]
}

// eval is g's evaluation, nil for none.
func (t *gameTables) eval(g game) *EvalResult {
	if g.Eval == 0 {
		return nil
	}
	return t.evals[g.Eval-1]
}

// result is g as a Result, without its lead curve.
func (t *gameTables) result(g game) Result {
	return Result{Reading: int(g.Reading), Game: int(g.Game), Skill: g.Skill, Winner: int(g.Winner), Agent: int(g.Agent),
		Stall: t.stallName(g), Plies: int(g.Plies), Turns: int(g.Turns), Rounds: int(g.Rounds), Decisions: int(g.Decisions),
		Choices: int(g.Choices), Options: int(g.Options), LeadChanges: int(g.LeadChanges), Trailed: g.Trailed,
		Secure: g.Secure, Margin: g.Margin, Eval: t.eval(g)}
}
