package tamman_test

import (
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

// options parses settings for Tamman or fails the test.
func options(tb testing.TB, settings ...string) engine.Options {
	tb.Helper()
	o, err := engine.ParseOptions(tamman.Game{}, settings)
	if err != nil {
		tb.Fatal(err)
	}
	return o
}

// setup builds a literal position or fails the test.
func setup(tb testing.TB, pos tamman.Position, settings ...string) *tamman.State {
	tb.Helper()
	s, err := tamman.FromPosition(options(tb, settings...), pos)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// start returns the start position under the settings.
func start(tb testing.TB, settings ...string) *tamman.State {
	tb.Helper()
	s, err := tamman.New(options(tb, settings...))
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// play plays throws and moves through the checked path or fails the test.
func play(tb testing.TB, s engine.State, turns ...string) {
	tb.Helper()
	for _, m := range turns {
		if err := engine.Play(s, m); err != nil {
			tb.Fatalf("%s: %v\n%v", m, err, s)
		}
	}
}

// legal lists the text of the current actor's legal moves.
func legal(s engine.State) []string {
	a := s.Actors(nil)
	if len(a) == 0 {
		return nil
	}
	return engine.LegalTexts(s, a[0])
}

// squares gives the names of a player's men.
func squares(s *tamman.State, p int) []string {
	var out []string
	for _, q := range s.Men(p) {
		out = append(out, q.String())
	}
	return out
}

// detail is the value of a fact of s's Details.
func detail(s *tamman.State, name string) any { return s.Details().Get(name) }
