package tamman_test

import (
	"slices"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

// Each throw says who throws and why, as the source has it: "if a warbaq
// turns up, he is entitled to an extra throw; if a tamman, he makes two
// extra throws but should these bring two more tamman, the total of his
// points is brought down to 0" (Marin 1931: 510-511).
func TestChanceTextSaysWhoThrowsAndWhy(t *testing.T) {
	s := start(t, "players=3")
	for _, step := range []struct {
		throw string
		want  string
	}{
		{"t8", "player 0 throws t8 (tamman): the turn's throw"},
		{"t8", "player 0 throws t8 (tamman): the first of two extra throws for an 8"},
		{"t8", "player 0 throws t8 (tamman): the second extra throw for an 8"},
		{"t4", "player 1 throws t4 (waraq): the turn's throw"},
		{"t2", "player 1 throws t2 (tinteyn): an extra throw for a 4"},
	} {
		m, err := s.ParseMove(engine.ChancePlayer, step.throw)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.ChanceText(m); got != step.want {
			t.Errorf("got  %q\nwant %q", got, step.want)
		}
		play(t, s, step.throw)
	}
	s = setup(t, tamman.Position{Turn: 1, Men: [][]string{{"c1", "c1", "c1", "c1"}, {"c5", "c5", "c5", "c5"}}, CaptureThrows: 2})
	if got := s.ChanceText(3); got != "player 1 throws t3 (talad): a capture throw for a man sent back (2 due)" {
		t.Errorf("capture throw: %q", got)
	}
}

// 8, 8, 8 is said once, by the throw that makes it; the next turn's
// throws say nothing of it.
func TestNarrateTellsTheTurnThatScoresNothing(t *testing.T) {
	for _, c := range []struct {
		setting, want string
	}{
		{"triple-tamman=void", "8, 8, 8: the turn scores nothing"},
		{"triple-tamman=reset", "8, 8, 8: the turn scores nothing, and player 0's men in play go back to the 'ayn"},
	} {
		s := start(t, c.setting)
		var said []string
		for _, throw := range []string{"t8", "t8", "t8", "t3"} {
			before := s.Clone()
			play(t, s, throw)
			said = append(said, s.Narrate(before)...)
		}
		if !slices.Equal(said, []string{c.want}) {
			t.Errorf("%s: said %q", c.setting, said)
		}
	}
}
