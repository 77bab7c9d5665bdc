package view

import (
	"encoding/json"
	"strconv"
	"strings"

	"tabula/engine"
)

// End says how a game ended.
type End string

// The ways a game ends.
const (
	EndRules     End = "end"       // its rules ended it
	EndResign    End = "resign"    // a seat resigned
	EndAgreed    End = "agreed"    // the players agreed a draw
	EndFlag      End = "flag"      // a seat's time ran out
	EndAbandoned End = "abandoned" // nobody finished it (the room lapsed, or a class's teacher stopped it)
)

// Ends lists every End.
var Ends = []End{EndRules, EndResign, EndAgreed, EndFlag, EndAbandoned}

// Result is how a game ended, as data: who won (Winner, or -1 for a draw
// or an abandoned game) and how. Its words are made from it in the
// reader's language (ResultMessage); its code (Code) is what the archive
// stores and filters by. The zero Result (How empty) is no result: the
// game goes on.
type Result struct {
	Winner int
	How    End
}

// Won is the result of a game that seat p won, ended as how.
func Won(p int, how End) Result { return Result{Winner: p, How: how} }

// Drawn is the result of a drawn game, ended as how (EndRules or
// EndAgreed).
func Drawn(how End) Result { return Result{Winner: -1, How: how} }

// Abandoned is the result of a game nobody finished.
func Abandoned() Result { return Result{Winner: -1, How: EndAbandoned} }

// ResultOf is the result of a game its rules ended with o.
func ResultOf(o engine.Outcome) Result {
	if o.Draw() {
		return Drawn(EndRules)
	}
	return Won(o.Winner, EndRules)
}

// Draw reports whether r is a draw.
func (r Result) Draw() bool { return r.Winner < 0 && r.How != EndAbandoned && r.How != "" }

// Code is r in a word, for storing and filtering: "win:P:HOW" ("win:1:resign"),
// "draw:HOW" ("draw:agreed") or "abandoned"; "" for no result. Its leading
// parts name the wider classes: "win", "win:1", "draw".
func (r Result) Code() string {
	switch {
	case r.How == "":
		return ""
	case r.How == EndAbandoned:
		return string(EndAbandoned)
	case r.Winner < 0:
		return "draw:" + string(r.How)
	}
	return "win:" + strconv.Itoa(r.Winner) + ":" + string(r.How)
}

// ParseResult reads a Code ("" is no result). For the data of earlier
// versions it also reads their sentences: "player N wins" and "draw" (by
// the rules, as far as they tell) and "expired".
func ParseResult(s string) (Result, error) {
	bad := engine.NewError("view.result", "result", strconv.Quote(s))
	switch s {
	case "":
		return Result{}, nil
	case string(EndAbandoned), "expired":
		return Abandoned(), nil
	case "draw":
		return Drawn(EndRules), nil
	}
	if n, ok := strings.CutPrefix(s, "player "); ok {
		if n, ok = strings.CutSuffix(n, " wins"); ok {
			p, err := strconv.Atoi(n)
			if err != nil || p < 0 {
				return Result{}, bad
			}
			return Won(p, EndRules), nil
		}
	}
	parts := strings.Split(s, ":")
	switch {
	case len(parts) == 2 && parts[0] == "draw" && (parts[1] == string(EndRules) || parts[1] == string(EndAgreed)):
		return Drawn(End(parts[1])), nil
	case len(parts) == 3 && parts[0] == "win":
		p, err := strconv.Atoi(parts[1])
		how := End(parts[2])
		if err != nil || p < 0 || p >= maxSeat || !validWin(how) || parts[1] != strconv.Itoa(p) {
			return Result{}, bad
		}
		return Won(p, how), nil
	}
	return Result{}, bad
}

// maxSeat bounds the seat a code names (no game has so many players).
const maxSeat = 64

func validWin(how End) bool {
	return how == EndRules || how == EndResign || how == EndFlag
}

// IsResultFilter reports whether s selects results by their codes: a
// code, or its leading parts ("win", "win:1", "draw").
func IsResultFilter(s string) bool {
	switch s {
	case "win", "draw":
		return true
	}
	if p, ok := strings.CutPrefix(s, "win:"); ok && !strings.Contains(p, ":") {
		n, err := strconv.Atoi(p)
		return err == nil && n >= 0 && n < maxSeat && strconv.Itoa(n) == p
	}
	r, err := ParseResult(s)
	return err == nil && s != "" && r.Code() == s
}

// resultJSON is the JSON of a Result: {"code": C, "how": H} with
// "winner": P or "draw": true.
type resultJSON struct {
	Code   string `json:"code"`
	How    End    `json:"how"`
	Winner *int   `json:"winner,omitempty"`
	Draw   bool   `json:"draw,omitempty"`
}

// MarshalJSON writes {"code":"win:1:resign","how":"resign","winner":1},
// {"code":"draw:agreed","how":"agreed","draw":true} or
// {"code":"abandoned","how":"abandoned"}.
func (r Result) MarshalJSON() ([]byte, error) {
	j := resultJSON{Code: r.Code(), How: r.How, Draw: r.Draw()}
	if r.Winner >= 0 {
		j.Winner = &r.Winner
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads the object MarshalJSON writes, or a string that
// ParseResult reads (a code, or a sentence of an earlier version).
func (r *Result) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		x, err := ParseResult(s)
		*r = x
		return err
	}
	var j resultJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	x, err := ParseResult(j.Code)
	*r = x
	return err
}

// ResultMessage is r in words, naming players by index (Render writes
// them by name): "Player 1 wins", "Player 0 resigned: Player 1 wins", "Draw
// agreed". Resignations and flags are of two-player games: the loser is
// the other seat.
func ResultMessage(r Result) engine.Message {
	switch {
	case r.How == "":
		return engine.Message{Key: "result_none"}
	case r.How == EndAbandoned:
		return engine.Message{Key: "result_abandoned"}
	case r.Winner < 0:
		return engine.Message{Key: "result_draw_" + string(r.How)}
	}
	return engine.Message{Key: "result_win_" + string(r.How), Args: map[string]any{"player": r.Winner, "playerLost": 1 - r.Winner}}
}
