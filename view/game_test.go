package view_test

import (
	"encoding/json"
	"strings"
	"testing"

	"tabula/view"
)

func gameView(t *testing.T, id string, settings ...string) view.GameView {
	t.Helper()
	v, err := view.Game(options(t, id, settings))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestGameViewGivesTheDeclaredFacts(t *testing.T) {
	tm := gameView(t, "tamman", "players=3")
	if tm.Players != "2-4" || tm.Facts.Players != 3 || !tm.Facts.Chance || tm.Facts.Simultaneous {
		t.Errorf("tamman: players %q, facts %+v", tm.Players, tm.Facts)
	}
	if tm.Facts.MinUtility != -0.5 || tm.Facts.MaxUtility != 1 || tm.Facts.Utility != "zero-sum" {
		t.Errorf("tamman, 3 players: utility %+v", tm.Facts)
	}
	ag := gameView(t, "agsinnoninka")
	if ag.Players != "2" || !ag.Facts.Simultaneous || ag.Facts.Chance {
		t.Errorf("agsinnoninka: players %q, facts %+v", ag.Players, ag.Facts)
	}
	if ab := gameView(t, "adji-boto", "max-plies=40"); ab.Facts.MaxLength != 40 {
		t.Errorf("adji-boto, max-plies=40: max length %d", ab.Facts.MaxLength)
	}
}

func TestGameViewCarriesTextsInEveryLanguage(t *testing.T) {
	v := gameView(t, "agsinnoninka")
	if v.People["de"] == "" || len(v.Summary) == 0 || v.Summary[0]["de"] == "" || len(v.Sources) == 0 {
		t.Errorf("entry: %+v", v)
	}
	var sim *view.OptionView
	for i := range v.Options {
		if v.Options[i].Name == "simultaneity" {
			sim = &v.Options[i]
		}
	}
	if sim == nil {
		t.Fatal("no simultaneity option")
	}
	if sim.Doc == "" || sim.Docs["en"] != sim.Doc || sim.Docs["de"] == "" || sim.Labels["lockstep"]["de"] == "" {
		t.Errorf("simultaneity: %+v", *sim)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{`"facts":{"players":2`, `"labels":{`, `"docs":{`, `"words":{`} {
		if !strings.Contains(string(b), field) {
			t.Errorf("JSON lacks %s", field)
		}
	}
}
