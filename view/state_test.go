package view_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"tabula/engine"
	_ "tabula/games/all"
	"tabula/view"
)

// options looks up a game and reads its option settings.
func options(t *testing.T, game string, settings []string) (engine.Game, engine.Options) {
	t.Helper()
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := engine.ParseOptions(g, settings)
	if err != nil {
		t.Fatal(err)
	}
	return g, opts
}

func replay(t *testing.T, game string, settings []string, moves ...string) engine.State {
	t.Helper()
	g, opts := options(t, game, settings)
	s, err := engine.Replay(g, opts, moves)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStateJSONHasChanceOutcomesThenDetails(t *testing.T) {
	s := replay(t, "tamman", nil)
	b, err := view.State(s)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	if fmt.Sprint(m["toMove"]) != "[-1]" || fmt.Sprint(m["legal"]) != "map[-1:[t1 t2 t3 t4 t8]]" {
		t.Errorf("toMove %v legal %v", m["toMove"], m["legal"])
	}
	if fmt.Sprint(m["chance"]) != "[map[move:t1 prob:0.25] map[move:t2 prob:0.375] map[move:t3 prob:0.25] map[move:t4 prob:0.0625] map[move:t8 prob:0.0625]]" {
		t.Errorf("chance %v", m["chance"])
	}
	if m["pieces"] == nil || m["outcome"] != nil {
		t.Errorf("pieces %v outcome %v", m["pieces"], m["outcome"])
	}
	// The common fields come first, in their fixed order, then the game's.
	if !strings.HasPrefix(string(b), `{"game":"tamman","options":{`) || strings.Index(string(b), `"outcome"`) > strings.Index(string(b), `"pieces"`) {
		t.Errorf("field order: %s", b)
	}
}

func TestStateJSONOfAFinishedGame(t *testing.T) {
	s := replay(t, "adji-boto", []string{"max-plies=1"}, "9")
	b, err := view.State(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"toMove":[]`) || !strings.Contains(string(b), `"terminal":true`) ||
		!strings.Contains(string(b), `"holes":[`) {
		t.Errorf("final JSON %s", b)
	}
	o, _ := s.Outcome()
	want := `"outcome":{"draw":true}`
	if !o.Draw() {
		want = fmt.Sprintf(`"outcome":{"winner":%d}`, o.Winner)
	}
	if !strings.Contains(string(b), want) {
		t.Errorf("outcome %v: JSON %s lacks %s", o, b, want)
	}
}

// bareState has no facts of its own.
type bareState struct{ engine.State }

func (bareState) Details() engine.Details { return nil }

// A state without facts of its own is its common fields only.
func TestStateJSONWithoutDetails(t *testing.T) {
	s := replay(t, "adji-boto", nil)
	b, err := view.State(bareState{s})
	common, _ := json.Marshal(view.Common(s))
	if err != nil || string(b) != string(common) {
		t.Errorf("JSON %s (%v), want %s", b, err, common)
	}
}

func TestStateToldAddsTheGamesMessages(t *testing.T) {
	s := replay(t, "agsinnoninka", nil, "7,2")
	b, err := view.StateTold(s)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := view.State(s)
	if !strings.HasPrefix(string(b), string(plain[:len(plain)-1])+`,"told":[`) {
		t.Fatalf("told JSON is not the state JSON plus told: %s", b)
	}
	var m struct {
		Told []view.MessageView `json:"told"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Told) < 2 || m.Told[0].Key != "ev_sow" || m.Told[1].Key == "" {
		t.Fatalf("told %+v", m.Told)
	}
	if fmt.Sprint(m.Told[0].Args["player"]) != "0" || fmt.Sprint(m.Told[0].Args["hole"]) != "7" {
		t.Errorf("first sowing told as %+v", m.Told[0])
	}
	if seeds, _ := m.Told[0].Args["seeds"].(map[string]any); seeds["noun"] != "seeds" {
		t.Errorf("seeds argument %v, want a count of seeds", m.Told[0].Args["seeds"])
	}
	// Every key told is a word of the game (messages tests every game).
	g, _ := engine.Lookup("agsinnoninka")
	e, _ := engine.CatalogueOf(g)
	for _, msg := range m.Told {
		if _, ok := e.Words[msg.Key]; !ok {
			t.Errorf("told %q, which is not a word of the game", msg.Key)
		}
	}
	if b, _ := view.StateTold(replay(t, "adji-boto", nil)); !strings.Contains(string(b), `,"told":[],"phaseText":{`) {
		t.Errorf("a start state tells nothing: %s", b)
	}
}

func TestToldNamesWhoThrows(t *testing.T) {
	told := view.Told(replay(t, "tamman", []string{"players=3"}))
	if len(told) != 1 || told[0].Key != "ev_throws" || fmt.Sprint(told[0].Args["player"]) != "0" {
		t.Errorf("tamman start: told %+v, want player 0 throws", told)
	}
}

// Details are written as encoding/json writes the same values: nil lists
// as null, texts escaped, facts in order.
func TestDetailsAsEncodingJSONWritesThem(t *testing.T) {
	d := engine.Details{}.
		With("n", -3).With("b", true).With("s", `a"<b>&\é`).With("none", []int(nil)).
		With("ints", []int{1, 2}).With("rows", [][]string{{"c1"}, nil}).With("bools", []bool{false}).
		With("f", 1.5).With("inner", engine.Details{}.With("x", [][]int{{0}})).
		With("list", []engine.Details{engine.Details{}.With("y", "z")})
	got, err := view.DetailsJSON(d)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"n":-3,"b":true,"s":"a\"\u003cb\u003e\u0026\\é","none":null,"ints":[1,2],"rows":[["c1"],null],"bools":[false],"f":1.5,"inner":{"x":[[0]]},"list":[{"y":"z"}]}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
