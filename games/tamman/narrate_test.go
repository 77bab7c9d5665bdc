package tamman_test

import (
	"slices"
	"strings"
	"testing"

	"tabula/games/tamman"
	"tabula/messages"
)

// told is what the state tells of its last move, in English.
func told(s *tamman.State) []string {
	var out []string
	for _, m := range s.Tell() {
		out = append(out, messages.Render("en", m, messages.GameWords(tamman.Game{})))
	}
	return out
}

// Each throw says who throws and why, as the source has it: "if a warbaq
// turns up, he is entitled to an extra throw; if a tamman, he makes two
// extra throws but should these bring two more tamman, the total of his
// points is brought down to 0" (Marin 1931: 510-511).
func TestTellSaysWhoThrowsAndWhy(t *testing.T) {
	s := start(t, "players=3")
	if got := told(s); !slices.Equal(got, []string{"player 0 throws the cowries: the turn's throw."}) {
		t.Errorf("at the start: %q", got)
	}
	for _, step := range []struct {
		throw string
		want  []string
	}{
		{"t8", []string{"player 0 threw 8 (tamman).", "player 0 throws the cowries: the first of two extra throws for an 8."}},
		{"t8", []string{"player 0 threw 8 (tamman).", "player 0 throws the cowries: the second extra throw for an 8."}},
		{"t8", []string{"player 0 threw 8 (tamman).", "Three times tamman (8): the turn scores nothing.", "player 1 throws the cowries: the turn's throw."}},
		{"t4", []string{"player 1 threw 4 (waraq).", "player 1 throws the cowries: an extra throw for a 4."}},
	} {
		play(t, s, step.throw)
		if got := told(s); !slices.Equal(got, step.want) {
			t.Errorf("after %s:\ngot  %q\nwant %q", step.throw, got, step.want)
		}
	}
	s = setup(t, tamman.Position{Turn: 1, Men: [][]string{{"c1", "c1", "c1", "c1"}, {"c5", "c5", "c5", "c5"}}, CaptureThrows: 2})
	if got := told(s); !slices.Equal(got, []string{"player 1 throws the cowries: a capture throw for each man sent back (2 due)."}) {
		t.Errorf("capture throws: %q", got)
	}
}

// 8, 8, 8 under triple-tamman=reset says whose men go back.
func TestTellTheResetOfEightEightEight(t *testing.T) {
	s := start(t, "triple-tamman=reset")
	play(t, s, "t8", "t8", "t8")
	if got := told(s); len(got) < 2 || got[1] != "Three times tamman (8): the turn scores nothing, and the men in play of player 0 go back to the 'ayn." {
		t.Errorf("said %q", got)
	}
}

// A capture says whose men went back and from which squares.
func TestTellSaysWhoseMenWentBackFromWhere(t *testing.T) {
	s := setup(t, tamman.Position{Men: [][]string{{"c1", "c1", "c1", "c1"}, {"d1", "d1", "c5", "c5"}}, Throws: []int{2}})
	play(t, s, "c1+2")
	got := strings.Join(told(s), " ")
	if !strings.Contains(got, "player 0 sent 2 men of player 1 back to the 'ayn, from d1.") {
		t.Errorf("said %q", got)
	}
}
