package rooms

import (
	"testing"

	"tabula/engine"
	"tabula/internal/store"
	"tabula/view"
)

// A room against the computer names its seat as the computer with its
// level, in the result and in what a turn tells, in every language; a
// named person by name, an unnamed one as "Player N".
func TestRoomNamesTheComputerByItsLevel(t *testing.T) {
	g, err := engine.Lookup("adji-boto")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		seats            []store.Seat
		result, told     string
		resultDe, toldDe string
	}{
		{
			[]store.Seat{{Index: 0, Kind: Person}, {Index: 1, Kind: Computer, Agent: "mcts:easy"}},
			"Player 0 resigned: Computer (easy) wins", "Computer (easy) cannot move and passes.",
			"Spieler 0 hat aufgegeben: Computer (leicht) gewinnt", "Computer (leicht) kann nicht ziehen und setzt aus.",
		},
		{
			[]store.Seat{{Index: 0, Kind: Person, Name: "Ana"}, {Index: 1, Kind: Computer, Agent: "mcts:5000"}},
			"Ana resigned: Computer (mcts:5000) wins", "Computer (mcts:5000) cannot move and passes.",
			"Ana hat aufgegeben: Computer (mcts:5000) gewinnt", "Computer (mcts:5000) kann nicht ziehen und setzt aus.",
		},
	}
	for _, cs := range cases {
		c, err := newCore("names-test", g, engine.DefaultOptions(g), []byte("a secret of the test"), Clock{}, cs.seats)
		if err != nil {
			t.Fatal(err)
		}
		result := c.say(view.ResultMessage(view.Won(1, view.EndResign)))
		told := view.TellView(g, engine.Message{Key: "ev_pass", Args: map[string]any{"player": 1}}, c.names()...).Text
		if result["en"] != cs.result || result["de"] != cs.resultDe {
			t.Errorf("%v: result %v, want %q and %q", cs.seats, result, cs.result, cs.resultDe)
		}
		if told["en"] != cs.told || told["de"] != cs.toldDe {
			t.Errorf("%v: told %v, want %q and %q", cs.seats, told, cs.told, cs.toldDe)
		}
	}
}
