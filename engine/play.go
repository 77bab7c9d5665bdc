package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ErrGameOver is returned by Play when the game has already ended.
var ErrGameOver = NewError("engine.game_over")

// ParseTurn reads the text of one turn: a single move, or for a simultaneous
// turn the moves of all actors joined by commas in Actors order ("7,2"). It
// checks the form and the legality of each move and returns the moves in
// Actors order.
func ParseTurn(s State, text string) ([]Move, error) {
	actors := s.Actors(nil)
	if len(actors) == 0 {
		return nil, ErrGameOver
	}
	parts := []string{text}
	if len(actors) > 1 {
		parts = strings.Split(text, ",")
		if len(parts) != len(actors) {
			return nil, NewError("engine.joint_form", "turn", strconv.Quote(text), "actors", fmt.Sprint(actors), "n", len(actors))
		}
	}
	moves := make([]Move, len(actors))
	for i, a := range actors {
		p := strings.TrimSpace(parts[i])
		m, err := s.ParseMove(a, p)
		if err != nil {
			if len(actors) > 1 {
				return nil, NewError("engine.joint_move", "player", a, "move", strconv.Quote(p), "err", err)
			}
			return nil, err
		}
		if err := CheckLegal(s, a, p, m); err != nil {
			return nil, err
		}
		moves[i] = m
	}
	return moves, nil
}

// CheckLegal reports an error naming the legal moves when m, actor a's
// move read from text, is not legal now.
func CheckLegal(s State, a int, text string, m Move) error {
	if !slices.Contains(s.Legal(a, nil), m) {
		return NewError("engine.not_legal", "move", strconv.Quote(text), "player", a, "legal", strings.Join(LegalTexts(s, a), " "))
	}
	return nil
}

// Play is the checked path: it parses one turn's text, checks it is legal
// and applies it. On error the state is unchanged.
func Play(s State, text string) error {
	moves, err := ParseTurn(s, text)
	if err != nil {
		return err
	}
	ApplyTurn(s, moves)
	return nil
}

// ApplyTurn applies the moves of one turn, as ParseTurn returns them.
func ApplyTurn(s State, moves []Move) {
	if len(moves) == 1 {
		s.Apply(moves[0])
	} else {
		s.ApplyJoint(moves)
	}
}

// TurnText is the text form of one turn, the inverse of ParseTurn.
func TurnText(s State, actors []int, moves []Move) string {
	parts := make([]string, len(moves))
	for i, m := range moves {
		parts[i] = s.MoveText(actors[i], m)
	}
	return strings.Join(parts, ",")
}

// LegalTexts returns the text form of the actor's legal moves.
func LegalTexts(s State, player int) []string {
	ms := s.Legal(player, nil)
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = s.MoveText(player, m)
	}
	return out
}

// ActorName names an actor for people: "player 1" or "chance".
func ActorName(player int) string {
	return arg(Languages[0], "player", player, ErrorWords)
}

// MoveError reports a move of a replay that could not be played.
type MoveError struct {
	// Index is the 1-based position of the move in the list.
	Index int
	Text  string
	Err   error
}

func (e *MoveError) Error() string { return e.coded().Error() }

// As lets errors.As find e as a coded error.
func (e *MoveError) As(target any) bool {
	if t, ok := target.(**Error); ok {
		*t = e.coded()
		return true
	}
	return false
}

func (e *MoveError) coded() *Error {
	return NewError("engine.move", "n", e.Index, "move", strconv.Quote(e.Text), "err", e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// Replay makes the start state of g under opts and plays the turns in
// order. A bad turn gives a *MoveError naming its 1-based position.
func Replay(g Game, opts Options, turns []string) (State, error) {
	s, err := g.NewState(opts)
	if err != nil {
		return nil, err
	}
	for i, t := range turns {
		if err := Play(s, t); err != nil {
			return nil, &MoveError{Index: i + 1, Text: t, Err: err}
		}
	}
	return s, nil
}
