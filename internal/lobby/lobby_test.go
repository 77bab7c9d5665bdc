package lobby

import (
	"testing"

	"tabula/internal/store"
	"tabula/rating"
	"tabula/view"
)

func TestSealOpensOnlyWithItsKey(t *testing.T) {
	s := seal("key-a", "token-1")
	if got, err := unseal("key-a", s); err != nil || got != "token-1" {
		t.Fatalf("unseal with its key: %q, %v", got, err)
	}
	if _, err := unseal("key-b", s); err == nil {
		t.Error("a token opened with another key")
	}
	if _, err := unseal("key-a", s[:5]); err == nil {
		t.Error("a cut sealed token opened")
	}
	if string(KeyHash("key-a")) == string(sealKey("key-a")) {
		t.Error("the stored hash is the sealing key")
	}
}

func TestNewRatings(t *testing.T) {
	seats := []store.PlayerSeat{{Seat: 0, Player: "a"}, {Seat: 1, Player: "b"}}
	cur := map[string]rating.Rating{"a": rating.New(), "b": rating.New()}
	people := map[int]sitter{0: {player: "a"}, 1: {player: "b"}}
	next := newRatings(seats, people, view.Won(1, view.EndResign), cur)
	if !(next["b"].Rating > 1500) || next["a"].Rating+next["b"].Rating != 3000 {
		t.Errorf("b won: %+v", next)
	}
	if got := newRatings(seats, people, view.Abandoned(), cur); len(got) != 0 {
		t.Errorf("an abandoned game rated: %+v", got)
	}
	// Against a computer level only the person moves, against its anchor.
	vsComputer := newRatings(seats[:1], map[int]sitter{0: {player: "a"}, 1: {level: "mcts:max"}}, view.Drawn(view.EndAgreed), cur)
	want := rating.Update(rating.New(), []rating.Result{{Opponent: rating.Rating{Rating: Anchors["mcts:max"], Deviation: AnchorDeviation, Volatility: rating.InitialVolatility}, Score: 0.5}})
	if len(vsComputer) != 1 || vsComputer["a"] != want || !(want.Rating > 1500) {
		t.Errorf("a draw with mcts:max: %+v, want %+v", vsComputer, want)
	}
	if got := newRatings(seats[:1], map[int]sitter{0: {player: "a"}, 1: {level: "mcts:87600h"}}, view.Won(0, view.EndRules), cur); len(got) != 0 {
		t.Errorf("a level without an anchor rated: %+v", got)
	}
	// b left and the computer finished b's seat and won: the game is
	// b's loss, rated against a, as if b had resigned.
	left := newRatings(seats, map[int]sitter{0: {player: "a"}, 1: {level: "mcts:medium"}}, view.Won(1, view.EndRules), cur)
	if resigned := newRatings(seats, people, view.Won(0, view.EndResign), cur); left["a"] != resigned["a"] || left["b"] != resigned["b"] || !(left["a"].Rating > 1500) {
		t.Errorf("b left and the computer won b's seat: %+v, want b's loss %+v", left, resigned)
	}
	if got := newRatings(seats, map[int]sitter{0: {player: "a"}, 1: {level: "mcts:medium"}}, view.Abandoned(), cur); len(got) != 0 {
		t.Errorf("a lapsed game with a leaver rated: %+v", got)
	}
}
