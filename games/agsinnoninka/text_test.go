package agsinnoninka

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/view"
)

func start(t testing.TB, settings ...string) *State {
	opts, err := engine.ParseOptions(Game{}, settings)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestParseMove(t *testing.T) {
	s := start(t)
	for _, c := range []struct {
		player int
		text   string
		want   engine.Move
		ok     bool
	}{
		{0, "7", 7, true}, {0, "5", 5, true}, {0, "4", 0, false}, {1, "2", 2, true}, {1, "9", 0, false},
		{0, "", 0, false}, {0, "77", 0, false}, {0, "-7", 0, false}, {0, " 7", 0, false}, {2, "7", 0, false},
		{engine.ChancePlayer, "0-first", FirstPlayer0, true}, {engine.ChancePlayer, "1-first", FirstPlayer1, true},
		{engine.ChancePlayer, "2-first", 0, false},
	} {
		m, err := s.ParseMove(c.player, c.text)
		if (err == nil) != c.ok || (c.ok && m != c.want) {
			t.Errorf("ParseMove(%d, %q) = %d, %v", c.player, c.text, m, err)
		}
		if c.ok && s.MoveText(c.player, m) != c.text {
			t.Errorf("MoveText(%d, %d) = %q, want %q", c.player, m, s.MoveText(c.player, m), c.text)
		}
	}
}

// The start position's hash is pinned: it must not change from run to run
// or machine to machine.
func TestHashStable(t *testing.T) {
	if got, want := start(t).Hash(), uint64(hashAtStart); got != want {
		t.Errorf("start hash %#x, want %#x", got, want)
	}
	a, b := start(t), start(t)
	engine.Play(a, "7,2")
	engine.Play(b, "7,2")
	if a.Hash() != b.Hash() || a.Hash() == start(t).Hash() {
		t.Error("hash does not follow the position")
	}
}

const hashAtStart = 0xc05556ee8dcc825c

// The state JSON: the engine's fields, then holes, stores, burnt (ten
// booleans), round and what the last turn did.
func TestStateJSON(t *testing.T) {
	s := setup(t, emptyEnd, endBoard, [2]int{10, 12})
	play(t, s, "7,0")
	data, err := view.State(s)
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		ToMove   []int               `json:"toMove"`
		Legal    map[string][]string `json:"legal"`
		Holes    []int               `json:"holes"`
		Stores   []int               `json:"stores"`
		Burnt    []bool              `json:"burnt"`
		Round    int                 `json:"round"`
		Scores   []float64           `json:"scores"`
		LastTurn struct {
			Players []struct{ Captured int }
		} `json:"lastTurn"`
		LastRound struct {
			Why   string
			Taken []int
		} `json:"lastRound"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.ToMove) != 2 || v.ToMove[1] != 1 || strings.Join(v.Legal["0"], " ") != "9 8 7" || strings.Join(v.Legal["1"], " ") != "4 3" {
		t.Errorf("toMove %v legal %v", v.ToMove, v.Legal)
	}
	if len(v.Holes) != 10 || v.Holes[9] != 5 || len(v.Burnt) != 10 || !v.Burnt[0] || v.Burnt[9] || v.Round != 2 {
		t.Errorf("holes %v burnt %v round %d", v.Holes, v.Burnt, v.Round)
	}
	if v.Stores[0] != 2 || v.Scores[0] != 17 || v.Scores[1] != 12 {
		t.Errorf("stores %v scores %v", v.Stores, v.Scores)
	}
	if v.LastTurn.Players[0].Captured != 3 || v.LastRound.Why != "row-empty" || v.LastRound.Taken[0] != 4 {
		t.Errorf("last turn %+v last round %+v", v.LastTurn, v.LastRound)
	}
	if !strings.Contains(s.String(), "[ xx]") {
		t.Errorf("drawing shows no burnt hole:\n%s", s)
	}
}

func FuzzParseMove(f *testing.F) {
	for _, x := range []string{"7", "2", "0-first", "", "x", "10", "٣"} {
		f.Add(0, x)
		f.Add(1, x)
		f.Add(-1, x)
	}
	s := start(f)
	f.Fuzz(func(t *testing.T, player int, text string) {
		m, err := s.ParseMove(player, text)
		if err != nil {
			return
		}
		if back := s.MoveText(player, m); back != text {
			t.Fatalf("ParseMove(%d, %q) = %d, whose text is %q", player, text, m, back)
		}
	})
}

// Replaying any list of joint moves either plays them all or stops at the
// first bad one with a *engine.MoveError; seeds are conserved.
func FuzzReplay(f *testing.F) {
	f.Add("7,2 9,4 5,0")
	f.Add("7,2 8,4")
	f.Add("7,2,1 x")
	f.Add("5,4 0-first 9,3")
	f.Fuzz(func(t *testing.T, record string) {
		turns := strings.Fields(record)
		for _, settings := range [][]string{nil, {"simultaneity=chance-order"}} {
			opts, _ := engine.ParseOptions(Game{}, settings)
			s, err := engine.Replay(Game{}, opts, turns)
			if err != nil {
				var me *engine.MoveError
				if !errors.As(err, &me) || me.Index < 1 || me.Index > len(turns) {
					t.Fatalf("%q: error %v", record, err)
				}
				continue
			}
			checkSeeds(t, s.(*State))
		}
	})
}
