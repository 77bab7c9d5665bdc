// Package coach reviews the moves of a game: each player's move is marked
// best, good, inaccuracy, mistake or blunder by how much of the mover's
// winning chance it gave up against the search's best move, and a move
// that gave up more than a little gets the better move and one sentence
// of why, made from the game's own narration (what the better move
// captures, what the move played leaves open, a turn lost). The
// thresholds are winning chances (docs/coach.md), so a mark means the
// same in every game.
package coach

import (
	"context"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/view"
)

// Mark grades a move.
type Mark string

// The marks, from the best to the worst.
const (
	Best       Mark = "best"
	Good       Mark = "good"
	Inaccuracy Mark = "inaccuracy"
	Mistake    Mark = "mistake"
	Blunder    Mark = "blunder"
)

// The least loss of winning chance (0 to 1) that makes a move an
// inaccuracy, a mistake and a blunder; a loss below BestLoss is as good as
// the best move (the search's noise), and below InaccuracyLoss good.
const (
	BestLoss       = 0.01
	InaccuracyLoss = 0.05
	MistakeLoss    = 0.10
	BlunderLoss    = 0.20
)

// MarkOf grades a loss of winning chance; best says the move is the best
// one known.
func MarkOf(loss float64, best bool) Mark {
	switch {
	case best || loss < BestLoss:
		return Best
	case loss < InaccuracyLoss:
		return Good
	case loss < MistakeLoss:
		return Inaccuracy
	case loss < BlunderLoss:
		return Mistake
	}
	return Blunder
}

// Budget bounds the searches of one move's review: three searches of
// Iterations each at most (the position, after the move played and after
// the better move), all within Time.
type Budget struct {
	Iterations int
	Time       time.Duration
}

// DefaultBudget is a move's review by default: a few hundred milliseconds
// of one core.
var DefaultBudget = Budget{Iterations: 3000, Time: 2 * time.Second}

// Review is what the coach says of one move; its JSON is what `tabula
// replay --coach` and the server's /api/coach give.
type Review struct {
	Ply    int         `json:"ply"` // turns played before the move
	Player int         `json:"player"`
	Played engine.Move `json:"-"`
	// Best is the better move (the played one when it is the best);
	// Exact says an endgame table knows it, not only the search.
	Best  engine.Move `json:"-"`
	Exact bool        `json:"exact,omitempty"`
	// MoveText and BestText are the two moves' text.
	MoveText string `json:"move"`
	BestText string `json:"best"`
	// Chance is the mover's winning chance after the best move, After
	// after the move played, Loss the difference (never below 0).
	Chance float64 `json:"chance"`
	After  float64 `json:"after"`
	Loss   float64 `json:"loss"`
	Mark   Mark    `json:"mark"`
	// Why says in the game's words why Best is better; nil for best and
	// good moves. WhyView is its JSON.
	Why     *engine.Message   `json:"-"`
	WhyView *view.MessageView `json:"why,omitempty"`
}

// Move reviews player's move played in s (the position before it, where
// player alone acts), with searches of b seeded by seed. It plays nothing
// on s.
func Move(ctx context.Context, s engine.State, player int, played engine.Move, b Budget, seed uint64) Review {
	r := review(ctx, s, player, played, b, seed)
	r.MoveText, r.BestText = s.MoveText(player, r.Played), s.MoveText(player, r.Best)
	if r.Why != nil {
		v := view.MessageOf(*r.Why)
		r.WhyView = &v
	}
	return r
}

func review(ctx context.Context, s engine.State, player int, played engine.Move, b Budget, seed uint64) Review {
	r := Review{Ply: s.Ply(), Player: player, Played: played, Best: played}
	legal := s.Legal(player, nil)
	if len(legal) < 2 {
		r.Mark = Best // a forced move is no choice
		return r
	}
	deadline := time.Now().Add(b.Time)
	search := func(st engine.State, k uint64) ai.Analysis {
		left := time.Until(deadline)
		if left <= 0 {
			left = time.Millisecond
		}
		return ai.Analyze(ctx, st, ai.Budget{Iterations: b.Iterations, Time: left}, seed^k*0x9e3779b97f4a7c15)
	}
	if table := engine.EndgameOf(s.Game().ID()); table != nil {
		r.Best, r.Exact = table.BestMove(s)
	}
	if !r.Exact {
		a := search(s, 1)
		for _, mv := range a.Moves {
			if mv.Player == player {
				r.Best = mv.Move
				break
			}
		}
	}
	after := func(m engine.Move) engine.State {
		st := s.Clone()
		st.Apply(m)
		return st
	}
	played1 := after(played)
	pa := search(played1, 2)
	r.After = pa.Values[player]
	if r.Best == played {
		r.Chance = r.After
		r.Mark = Best
		return r
	}
	best1 := after(r.Best)
	r.Chance = search(best1, 3).Values[player]
	r.Loss = max(0, r.Chance-r.After)
	if r.Exact && r.Loss < BestLoss {
		// The table's move is best; another move as good by the search
		// is still good, not best, unless the table's value says so.
		r.Loss = 0
	}
	r.Mark = MarkOf(r.Loss, false)
	if r.Mark != Best && r.Mark != Good {
		r.Why = why(s, player, played1, best1, pa, r)
	}
	return r
}

// why is one sentence of why best is better than played, from the game's
// narration of the two moves: what the better move does that the move
// played does not (a capture, a man sent back); what the move played
// leaves open (the narration of the opponent's best reply, when a player
// replies at once); what the move played brings on the mover that the
// better one does not (throws lost); else the winning chances themselves.
func why(s engine.State, player int, played, best engine.State, pa ai.Analysis, r Review) *engine.Message {
	bestText, playedText := s.MoveText(player, r.Best), s.MoveText(player, r.Played)
	pt, bt := told(played), told(best)
	if m, ok := only(bt, pt); ok {
		return &engine.Message{Key: "coach_better", Args: map[string]any{"move": bestText, "what": m}}
	}
	if actors := played.Actors(nil); len(actors) == 1 && actors[0] != engine.ChancePlayer && actors[0] != player {
		for _, mv := range pa.Moves {
			if mv.Player != actors[0] {
				continue
			}
			reply := played.Clone()
			reply.Apply(mv.Move)
			if rt := told(reply); len(rt) > 0 {
				return &engine.Message{Key: "coach_open", Args: map[string]any{"played": playedText, "what": rt[0]}}
			}
			break
		}
	}
	// What the move played brought on the mover that names no player
	// (throws lost, a turn that scores nothing); what names a player is
	// what someone did, which may be the mover's own gain.
	if m, ok := only(pt, bt); ok && m.Args["player"] == nil {
		return &engine.Message{Key: "coach_cost", Args: map[string]any{"move": bestText, "played": playedText, "what": m}}
	}
	return &engine.Message{Key: "coach_chances", Args: map[string]any{"move": bestText, "played": playedText,
		"best": percent(r.Chance), "after": percent(r.After)}}
}

// told is what s tells of its last turn.
func told(s engine.State) []engine.Message {
	if t, ok := s.(view.Teller); ok {
		return t.Tell()
	}
	return nil
}

// only returns the first message of a whose key b does not tell.
func only(a, b []engine.Message) (engine.Message, bool) {
	for _, m := range a {
		found := false
		for _, n := range b {
			found = found || n.Key == m.Key
		}
		if !found {
			return m, true
		}
	}
	return engine.Message{}, false
}

// percent is a chance as a whole percentage.
func percent(x float64) int { return int(100*x + 0.5) }

// Game reviews every move of a player of the game played from start by
// turns (each turn's moves, in the order of its actors): chance's events
// and simultaneous turns get no review (a simultaneous move is judged
// against moves not yet known). It stops, with what it has, when ctx is
// done.
func Game(ctx context.Context, start engine.State, turns [][]engine.Move, b Budget, seed uint64) []Review {
	var out []Review
	s := start.Clone()
	for i, moves := range turns {
		if ctx.Err() != nil {
			break
		}
		actors := s.Actors(nil)
		if len(actors) == 1 && actors[0] != engine.ChancePlayer {
			out = append(out, Move(ctx, s, actors[0], moves[0], b, seed+uint64(i)))
		}
		engine.ApplyTurn(s, moves)
	}
	return out
}

// Keys are the catalogue's keys of the coach's sentences (messages.App).
var Keys = []string{"coach_better", "coach_cost", "coach_open", "coach_chances"}
