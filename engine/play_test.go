package engine_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// coinGame is a tiny game for the engine's own tests: a coin is tossed
// (chance, heads 0.25), then both players show 0 or 1 at once; player 0
// wins if the shown sum plus the coin is odd.
type coinGame struct{}

func (coinGame) ID() string                 { return "coin-test" }
func (coinGame) Name() string               { return "Coin" }
func (coinGame) Specs() []engine.OptionSpec { return nil }
func (coinGame) NewState(o engine.Options) (engine.State, error) {
	return &coinState{opts: o}, nil
}
func (coinGame) Info(engine.Options) (engine.Info, error) {
	return engine.WinLossInfo(engine.Info{Players: 2, MinPlayers: 2, MaxPlayers: 2, Chance: true, Simultaneous: true, MaxLength: 2}), nil
}

type coinState struct {
	opts  engine.Options
	ply   int
	coin  int
	shown [2]int
}

func (s *coinState) Game() engine.Game       { return coinGame{} }
func (s *coinState) Options() engine.Options { return s.opts }
func (s *coinState) NumPlayers() int         { return 2 }
func (s *coinState) Ply() int                { return s.ply }
func (s *coinState) Actors(dst []int) []int {
	switch s.ply {
	case 0:
		return append(dst, engine.ChancePlayer)
	case 1:
		return append(dst, 0, 1)
	}
	return dst
}
func (s *coinState) Legal(p int, dst []engine.Move) []engine.Move {
	if (s.ply == 0 && p == engine.ChancePlayer) || (s.ply == 1 && p >= 0) {
		return append(dst, 0, 1)
	}
	return dst
}
func (s *coinState) ChanceOutcomes(dst []engine.ChanceOutcome) []engine.ChanceOutcome {
	if s.ply != 0 {
		return dst
	}
	return append(dst, engine.ChanceOutcome{Move: 0, Prob: 0.75}, engine.ChanceOutcome{Move: 1, Prob: 0.25})
}
func (s *coinState) Apply(m engine.Move) { s.coin = int(m); s.ply++ }
func (s *coinState) ApplyJoint(ms []engine.Move) {
	s.shown = [2]int{int(ms[0]), int(ms[1])}
	s.ply++
}
func (s *coinState) Clone() engine.State          { c := *s; return &c }
func (s *coinState) CopyFrom(src engine.State)    { *s = *src.(*coinState) }
func (s *coinState) Hash() uint64                 { return uint64(s.ply<<4 | s.coin<<2 | s.shown[0]<<1 | s.shown[1]) }
func (s *coinState) Terminal() bool               { return s.ply == 2 }
func (s *coinState) Scores(d []float64) []float64 { return append(d, 0, 0) }
func (s *coinState) Returns(dst []float64) []float64 {
	o, over := s.Outcome()
	return engine.WinLossReturns(o, over, 2, dst)
}

func (s *coinState) Outcome() (engine.Outcome, bool) {
	if s.ply < 2 {
		return engine.Outcome{}, false
	}
	if (s.coin+s.shown[0]+s.shown[1])%2 == 1 {
		return engine.Outcome{Winner: 0}, true
	}
	return engine.Outcome{Winner: 1}, true
}
func (s *coinState) MoveText(p int, m engine.Move) string {
	if p == engine.ChancePlayer {
		return [...]string{"tails", "heads"}[m]
	}
	return strconv.Itoa(int(m))
}
func (s *coinState) ParseMove(p int, text string) (engine.Move, error) {
	if p == engine.ChancePlayer {
		switch text {
		case "tails":
			return 0, nil
		case "heads":
			return 1, nil
		}
		return 0, errors.New("coin: tails or heads")
	}
	if text != "0" && text != "1" {
		return 0, errors.New("coin: show 0 or 1")
	}
	return engine.Move(text[0] - '0'), nil
}
func (s *coinState) Details() engine.Details { return engine.Details{}.With("coin", s.coin) }

func init() { engine.Register(coinGame{}) }

func TestReplayChanceThenJointMove(t *testing.T) {
	s, err := engine.Replay(coinGame{}, engine.DefaultOptions(coinGame{}), []string{"heads", "1,1"})
	if err != nil {
		t.Fatal(err)
	}
	if o, ok := s.Outcome(); !ok || o.Winner != 0 {
		t.Errorf("outcome %v %v, want player 0 (1+1+1 is odd)", o, ok)
	}
}

func TestReplayErrorsNameTheMove(t *testing.T) {
	for moves, want := range map[string]string{
		"edge":         "move 1",
		"heads 1":      "move 2",
		"heads 1,2":    "player 1's move \"2\"",
		"heads 1,1,1":  "want 2 moves",
		"heads 1,1 0":  "game is over",
		"tails 0,1 x ": "move 3",
	} {
		_, err := engine.Replay(coinGame{}, engine.DefaultOptions(coinGame{}), strings.Fields(moves))
		var me *engine.MoveError
		if !errors.As(err, &me) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want a MoveError with %q", moves, err, want)
		}
	}
}

func TestPlayLeavesStateUnchangedOnError(t *testing.T) {
	s, _ := coinGame{}.NewState(engine.Options{})
	h := s.Hash()
	if err := engine.Play(s, "sideways"); err == nil || s.Hash() != h {
		t.Errorf("err %v, hash %d -> %d", err, h, s.Hash())
	}
}

func TestLookupUnknownGameListsKnown(t *testing.T) {
	_, err := engine.Lookup("chess")
	if err == nil || !strings.Contains(err.Error(), "coin-test") {
		t.Errorf("error %v", err)
	}
}

func TestRegisterTwicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("second registration accepted")
		}
	}()
	engine.Register(coinGame{})
}

func TestConformanceSuiteOnChanceAndJointMoves(t *testing.T) {
	enginetest.Run(t, coinGame{}, enginetest.Config{Games: 20, MaxPlies: 5})
	if got := enginetest.Perft(mustNew(t), 2); got != 2*4 {
		t.Errorf("perft 2 = %d, want 8 (2 coin sides x 4 joint moves)", got)
	}
}

func mustNew(t *testing.T) engine.State {
	s, err := coinGame{}.NewState(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}
