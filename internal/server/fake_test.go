package server

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"tabula/engine"
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
func (s *coinState) Details() any { return map[string]int{"round": s.round} }

func TestSimultaneousAndChance(t *testing.T) {
	ts := newTestServer(t)
	// Two people at one device: the joint move, then the server tosses.
	var m matchJSON
	if code := call(t, ts, "POST", "/api/matches", `{"game":"test-coins","seats":["human","human"]}`, &m); code != 201 {
		t.Fatalf("new: %d", code)
	}
	if len(m.State.ToMove) != 2 {
		t.Fatalf("toMove %v", m.State.ToMove)
	}
	var e errorBody
	if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"1"}`, &e); code != 400 || !strings.Contains(e.Error, "commas") {
		t.Errorf("half a joint move: %d %q", code, e.Error)
	}
	if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"1,2"}`, &e); code != 400 || !strings.Contains(e.Error, "player 1") {
		t.Errorf("bad part of a joint move: %d %q", code, e.Error)
	}
	if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"1,0"}`, &m); code != 200 {
		t.Fatalf("joint move: %d", code)
	}
	if len(m.Steps) != 2 || m.Steps[0].Move != "1,0" || len(m.Steps[0].Actors) != 2 || m.Steps[1].Actors[0] != engine.ChancePlayer {
		t.Errorf("steps: %+v", m.Steps)
	}
	// Against the computer: the person sends only her part.
	if code := call(t, ts, "POST", "/api/matches", `{"game":"test-coins","seats":["random","human"],"seed":5}`, &m); code != 201 {
		t.Fatalf("new: %d", code)
	}
	if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"0,1"}`, &e); code != 400 || !strings.Contains(e.Error, "players [1]") {
		t.Errorf("whole joint move against the computer: %d %q", code, e.Error)
	}
	for !m.State.Terminal {
		if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"1"}`, &m); code != http.StatusOK {
			t.Fatalf("move: %d", code)
		}
		st := m.Steps[0]
		if !strings.HasSuffix(st.Move, ",1") || len(st.Actors) != 2 {
			t.Errorf("joint turn %+v", st.turn)
		}
	}
	if len(m.Turns) != 6 || m.Result != "draw" {
		t.Errorf("turns %v result %q", m.Turns, m.Result)
	}
	// Undo goes back over the toss to the joint turn.
	var u matchJSON
	call(t, ts, "POST", "/api/matches/"+m.ID+"/undo", "", &u)
	if len(u.Turns) != 4 || len(u.State.ToMove) != 2 {
		t.Errorf("after undo: turns %v toMove %v", u.Turns, u.State.ToMove)
	}
}
