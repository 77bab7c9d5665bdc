package agsinnoninka

import (
	"fmt"
	"strconv"
	"strings"

	"tabula/engine"
	"tabula/games/internal/rows"
)

// Text of chance's moves under simultaneity=chance-order.
const (
	textFirst0 = "0-first"
	textFirst1 = "1-first"
)

// MoveText gives a player's hole number, or chance's "0-first" / "1-first".
func (s *State) MoveText(player int, m engine.Move) string {
	if player == engine.ChancePlayer {
		if m == FirstPlayer1 {
			return textFirst1
		}
		return textFirst0
	}
	return strconv.Itoa(int(m))
}

// ParseMove reads a hole number of the player's row (5-9 for player 0, 0-4
// for player 1), or for chance "0-first" or "1-first".
func (s *State) ParseMove(player int, text string) (engine.Move, error) {
	switch player {
	case engine.ChancePlayer:
		switch text {
		case textFirst0:
			return FirstPlayer0, nil
		case textFirst1:
			return FirstPlayer1, nil
		}
		return 0, engine.NewError("agsinnoninka.chance_form", "first0", textFirst0, "first1", textFirst1)
	case 0, 1:
	default:
		return 0, engine.NewError("agsinnoninka.no_player", "n", player)
	}
	if len(text) != 1 || text[0] < '0' || text[0] > '9' {
		return 0, engine.NewError("agsinnoninka.move_form", "row", rowText(player), "player", player)
	}
	h := int(text[0] - '0')
	if Owner(h) != player {
		return 0, engine.NewError("agsinnoninka.not_your_row", "hole", h, "player", player, "row", rowText(player))
	}
	return engine.Move(h), nil
}

func rowText(p int) string {
	if p == 0 {
		return "5-9"
	}
	return "0-4"
}

// Details gives the board and what the last turn did, for the state's
// views:
//   - holes, stores, burnt (each hole), round, roundTurns (the turns played
//     in this round);
//   - pending: the holes chosen in a turn that waits for chance to say who
//     sows first (simultaneity=chance-order), only then;
//   - lastTurn, once a turn was played: first (who sowed first, only in a
//     sequential reading), steps, players (each one's hole, relays, end:
//     the hole the move finished in or -1 for her store, captured, cut,
//     conflict, seedsSown), and capped (only when the max-steps safeguard
//     cut a move);
//   - lastRound, once a round ended: round, why, taken, seeds;
//   - end, once the match is over: why.
func (s *State) Details() engine.Details {
	holes, burnt := make([]int, Holes), make([]bool, Holes)
	for h := range s.holes {
		holes[h] = int(s.holes[h])
		burnt[h] = s.isBurnt(h)
	}
	d := make(engine.Details, 0, 9).
		With("holes", holes).
		With("stores", []int{int(s.stores[0]), int(s.stores[1])}).
		With("burnt", burnt).
		With("round", int(s.round)).
		With("roundTurns", int(s.roundTurns))
	if s.pending[0] >= 0 {
		d = d.With("pending", []int{int(s.pending[0]), int(s.pending[1])})
	}
	if s.last.P[0].Hole != noHole {
		t := make(engine.Details, 0, 4)
		if s.last.First >= 0 {
			t = t.With("first", int(s.last.First))
		}
		var players []engine.Details
		for _, p := range s.last.P {
			end := int(p.End)
			if end == storePos {
				end = -1
			}
			players = append(players, make(engine.Details, 0, 7).
				With("hole", int(p.Hole)).
				With("relays", int(p.Lifts)).
				With("end", end).
				With("captured", int(p.Captured)).
				With("cut", p.Cut).
				With("conflict", p.Conflict).
				With("seedsSown", int(p.Steps)))
		}
		t = t.With("steps", int(s.last.Steps)).With("players", players)
		if s.last.Capped {
			t = t.With("capped", true)
		}
		d = d.With("lastTurn", t)
	}
	if r := s.lastRound; r.Why != RoundGoesOn {
		d = d.With("lastRound", make(engine.Details, 0, 4).
			With("round", int(r.Round)).
			With("why", r.Why.String()).
			With("taken", []int{int(r.Taken[0]), int(r.Taken[1])}).
			With("seeds", []int{int(r.Seeds[0]), int(r.Seeds[1])}))
	}
	if e := s.end.String(); e != "" {
		d = d.With("end", e)
	}
	return d
}

// String draws the board in English: Draw("en").
func (s *State) String() string { return s.Draw("en") }

// Draw draws the board as in the diagram, with its words in lang: player
// 1's row on top (holes 0-4 left to right), player 0's row below (holes
// 9-5); burnt holes show as [ xx ]. The arrows show the counter-clockwise
// sowing: to the right along the bottom row, to the left along the top
// row. What the last turn did is told by Tell, and RoundBoard draws the
// board a round ended on.
func (s *State) Draw(lang string) string {
	say := sayer(lang)
	head := say("b_round", "round", int(s.round), "turn", int(s.roundTurns)+1)
	if s.end != NotOver {
		head = say("b_matchOver", "round", int(s.round), "why", engine.Message{Key: "end_" + s.end.String()})
	}
	b := drawBoard(say, head, s.holes, s.stores, s.burnt)
	if s.pending[0] >= 0 {
		b += say("b_pending", "a", int(s.pending[0]), "b", int(s.pending[1])) + "\n"
	}
	return b
}

// sayer renders the game's words in lang.
func sayer(lang string) func(key string, args ...any) string {
	w := engine.WordsOf(Game{}.Catalogue().Words)
	return func(key string, args ...any) string { return engine.Say(lang, w, key, args...) }
}

func drawBoard(say func(string, ...any) string, head string, holes [Holes]uint8, stores [2]uint8, burnt uint16) string {
	var b strings.Builder
	cell := func(h int) string {
		if burnt&(1<<h) != 0 {
			return "[ xx]"
		}
		return fmt.Sprintf("[%3d]", holes[h])
	}
	b.WriteString(head + "\n")
	rows.Draw(&b, say("b_hole"),
		func(p int) string { return say("b_store", "n", p, "seeds", int(stores[p])) }, cell)
	return b.String()
}

// RoundBoard draws, with its words in lang, the board as the round that
// the last turn ended ended, before each player took the seeds of her
// row; ok is false when the last turn ended no round (the state after it
// is the first of the next round, or the end of the match).
func (s *State) RoundBoard(lang string) (board string, ok bool) {
	if !s.roundEnded() {
		return "", false
	}
	r := s.lastRound
	say := sayer(lang)
	stores := [2]uint8{r.Seeds[0] - r.Taken[0], r.Seeds[1] - r.Taken[1]}
	return drawBoard(say, say("b_roundEnds", "round", int(r.Round)), r.Holes, stores, r.Burnt), true
}

// roundEnded reports whether the last turn ended a round: the state is the
// first of the next round, or the end of the match.
func (s *State) roundEnded() bool {
	r := s.lastRound
	return r.Why != RoundGoesOn && r.Round != 0 && (s.roundTurns == 0 || s.Terminal()) && s.pending[0] < 0
}
