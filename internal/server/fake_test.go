package server

import (
	"fmt"
	"strconv"
	"strings"
	"tabula/internal/wire"
	"testing"

	"tabula/engine"
	"tabula/internal/rooms"
)

// coins is a small game for the tests of simultaneous turns and chance:
// both players show 0 or 1 at once, then chance tosses a coin (h or t);
// after three rounds the player with more points wins. A player scores a
// point when the coin is heads and her choice matched the other's.
type coins struct{}

func init() { engine.Register(coins{}) }

func (coins) ID() string                                    { return "test-coins" }
func (coins) Name() string                                  { return "Coins" }
func (coins) Specs() []engine.OptionSpec                    { return nil }
func (coins) NewState(engine.Options) (engine.State, error) { return &coinState{}, nil }
func (coins) Info(engine.Options) (engine.Info, error) {
	return engine.WinLossInfo(engine.Info{Players: 2, MinPlayers: 2, MaxPlayers: 2, Chance: true, Simultaneous: true}), nil
}

type coinState struct {
	ply, round int
	toss       bool // a toss is due
	last       [2]engine.Move
	score      [2]int
}

func (s *coinState) Game() engine.Game       { return coins{} }
func (s *coinState) Options() engine.Options { return engine.Options{} }
func (s *coinState) NumPlayers() int         { return 2 }
func (s *coinState) Ply() int                { return s.ply }
func (s *coinState) Actors(dst []int) []int {
	switch {
	case s.round >= 3:
		return dst
	case s.toss:
		return append(dst, engine.ChancePlayer)
	}
	return append(dst, 0, 1)
}
func (s *coinState) Legal(p int, dst []engine.Move) []engine.Move {
	if s.round >= 3 || (p == engine.ChancePlayer) != s.toss {
		return dst
	}
	return append(dst, 0, 1)
}
func (s *coinState) ChanceOutcomes(dst []engine.ChanceOutcome) []engine.ChanceOutcome {
	if !s.toss {
		return dst
	}
	return append(dst, engine.ChanceOutcome{Move: 0, Prob: 0.5}, engine.ChanceOutcome{Move: 1, Prob: 0.5})
}
func (s *coinState) Apply(m engine.Move) {
	if m == 0 && s.last[0] == s.last[1] {
		s.score[0]++
		s.score[1]++
	}
	s.toss = false
	s.round++
	s.ply++
}
func (s *coinState) ApplyJoint(ms []engine.Move) {
	s.last = [2]engine.Move{ms[0], ms[1]}
	s.toss = true
	s.ply++
}
func (s *coinState) Clone() engine.State       { c := *s; return &c }
func (s *coinState) CopyFrom(src engine.State) { *s = *src.(*coinState) }
func (s *coinState) Hash() uint64              { return uint64(s.ply) }
func (s *coinState) Terminal() bool            { return s.round >= 3 }
func (s *coinState) Returns(dst []float64) []float64 {
	o, over := s.Outcome()
	return engine.WinLossReturns(o, over, 2, dst)
}

func (s *coinState) Outcome() (engine.Outcome, bool) {
	return engine.Outcome{Winner: -1}, s.round >= 3
}
func (s *coinState) Scores(dst []float64) []float64 {
	return append(dst, float64(s.score[0]), float64(s.score[1]))
}
func (s *coinState) MoveText(p int, m engine.Move) string {
	if p == engine.ChancePlayer {
		return []string{"h", "t"}[m]
	}
	return strconv.Itoa(int(m))
}
func (s *coinState) ParseMove(p int, text string) (engine.Move, error) {
	if p == engine.ChancePlayer {
		switch text {
		case "h":
			return 0, nil
		case "t":
			return 1, nil
		}
		return 0, fmt.Errorf("coins: a toss is h or t")
	}
	switch text {
	case "0", "1":
		return engine.Move(text[0] - '0'), nil
	}
	return 0, fmt.Errorf("coins: show 0 or 1")
}
func (s *coinState) Details() engine.Details { return engine.Details{}.With("round", s.round) }

func TestSimultaneousAndChance(t *testing.T) {
	ts := newTestServer(t)
	// Two people at one device: each chooses in turn (the first choice
	// stays hidden), then the server tosses.
	d := playAt(t, ts, `{"game":"test-coins","seats":[{"kind":"person"},{"kind":"person"}]}`)
	if len(d.state.ToMove) != 2 {
		t.Fatalf("toMove %v", d.state.ToMove)
	}
	if m := d.refused(0, "1,0"); m.Code != rooms.CodeIllegal {
		t.Errorf("a whole joint move from one seat: %s", m.Raw)
	}
	// (The device is seat 0's connection: it sees its own choice.)
	if steps := d.move(0, "1"); len(steps) != 1 || steps[0].Event.Kind != wire.KindCommit || steps[0].Event.Choice != "1" {
		t.Errorf("seat 0's choice: %+v", steps)
	}
	if m := d.refused(1, "2"); m.Code != rooms.CodeIllegal || !strings.Contains(m.Error, "show 0 or 1") {
		t.Errorf("a bad choice: %s", m.Raw)
	}
	steps := d.move(1, "0")
	if len(steps) != 2 || steps[0].Event.Move != "1,0" || len(steps[0].Event.Actors) != 2 || steps[1].Event.Actors[0] != engine.ChancePlayer {
		t.Errorf("steps: %+v", steps)
	}
	// Against the computer: the person sends only her part.
	d = playAt(t, ts, `{"game":"test-coins","seats":[{"kind":"computer","agent":"random"},{"kind":"person"}]}`)
	round := func() {
		t.Helper()
		turn := jointTurn(t, d.move(1, "1"))
		if !strings.HasSuffix(turn.Move, ",1") || len(turn.Actors) != 2 {
			t.Errorf("joint turn %+v", turn)
		}
	}
	round()
	round()
	// Undo goes back over the toss to the joint turn.
	d.undo()
	if v := d.view(); len(v.Turns) != 2 || len(d.state.ToMove) != 2 {
		t.Errorf("after undo: turns %v toMove %v", v.Turns, d.state.ToMove)
	}
	for !d.done() {
		round()
	}
	if v := d.view(); len(v.Turns) != 6 || v.Result == nil || v.Result.Code() != "draw:end" {
		t.Errorf("turns %v result %+v", v.Turns, v.Result)
	}
}

// jointTurn is the turn of several actors among steps.
func jointTurn(t *testing.T, steps []step) wire.Event {
	t.Helper()
	for _, s := range steps {
		if s.Event.Kind == wire.KindTurn && len(s.Event.Actors) > 1 {
			return s.Event
		}
	}
	t.Fatalf("no joint turn in %+v", steps)
	return wire.Event{}
}
