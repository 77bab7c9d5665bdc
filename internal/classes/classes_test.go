package classes

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"tabula/ai"
	"tabula/engine"
	"tabula/internal/pairing"
	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/internal/testgame"
)

// newService is a service on the memory store, its rooms there too,
// the computer playing at random.
func newService(t *testing.T) *Service {
	t.Helper()
	testgame.Register()
	mem := store.NewMemory()
	m := rooms.NewManager(rooms.Config{Store: mem,
		Agents:  func(engine.Game, engine.Options, string, uint64) (ai.Agent, error) { return ai.NewRandom(1), nil },
		Offered: func(engine.Game, engine.Options) []string { return []string{"random", "mcts:easy"} }})
	t.Cleanup(m.Close)
	return New(Config{Store: mem, Rooms: m, Offered: func(engine.Game, engine.Options) []string { return []string{"random", "mcts:easy"} }})
}

// A room's result is the pairing's: seat 0 is A, seat 1 is B; an
// abandoned game is over with no points.
func TestOutcome(t *testing.T) {
	for code, want := range map[string]pairing.Result{
		"": pairing.Pending, "win:0:resign": pairing.WinA, "win:1:end": pairing.WinB, "win:1:flag": pairing.WinB,
		"draw:agreed": pairing.Draw, "draw:end": pairing.Draw, "abandoned": pairing.Void, "nonsense": pairing.Void,
	} {
		if got := outcome(code); got != want {
			t.Errorf("outcome(%q) = %v, want %v", code, got, want)
		}
	}
}

// The CSV writes half points with a dot and whole ones bare.
func TestCSV(t *testing.T) {
	v := View{Standings: []StandingView{{Rank: 1, Name: "Ana", Points: 1.5, SonnebornBerger: 0.75, Wins: 1, Played: 2}, {Rank: 2, Name: "Bo, Jr.", Points: 0}}}
	want := [][]string{CSVHeader, {"1", "Ana", "1.5", "0.75", "0", "1", "2"}, {"2", "Bo, Jr.", "0", "0", "0", "0", "0"}}
	if got := v.CSV(); !reflect.DeepEqual(got, want) {
		t.Errorf("CSV %v, want %v", got, want)
	}
}

// Who a token is: the teacher, a pupil, anyone (no token), or nobody,
// refused; only the teacher changes the class.
func TestWho(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	c, err := s.Create(ctx, CreateRequest{Game: testgame.ID, Computer: "random"})
	if err != nil {
		t.Fatal(err)
	}
	j, err := s.Join(ctx, c.Code, " Ana ")
	if err != nil || j.Name != "Ana" || j.Player != 0 {
		t.Fatalf("join: %+v %v", j, err)
	}
	for tok, want := range map[string]func(v View) bool{
		c.Secret: func(v View) bool { return v.Teacher && v.Me == nil },
		j.Token:  func(v View) bool { return !v.Teacher && v.Me != nil && v.Me.Name == "Ana" && v.Me.Link == "" },
		"":       func(v View) bool { return !v.Teacher && v.Me == nil },
	} {
		v, err := s.View(ctx, c.ID, tok)
		if err != nil || !want(v) {
			t.Errorf("the view with %q: teacher %v, me %+v, %v", tok, v.Teacher, v.Me, err)
		}
	}
	var e *Error
	if _, err := s.View(ctx, c.ID, "nobody"); !errors.As(err, &e) || e.Kind != WrongSecret {
		t.Errorf("a token of nobody: %v", err)
	}
	if err := s.SetStatus(ctx, c.ID, j.Token, Ended); !errors.As(err, &e) || e.Kind != WrongSecret {
		t.Errorf("a pupil ends the class: %v", err)
	}
	if err := s.SetStatus(ctx, c.ID, "", Ended); !errors.As(err, &e) || e.Kind != NoSecret {
		t.Errorf("nobody ends the class: %v", err)
	}
	if _, err := s.StartRound(ctx, c.ID, c.Secret); !errors.As(err, &e) || e.Kind != Conflict {
		t.Errorf("a round of one: %v", err)
	}
	if _, err := s.Join(ctx, "nope", "Bo"); !errors.As(err, &e) || e.Kind != NotFound {
		t.Errorf("an unknown code: %v", err)
	}
}
