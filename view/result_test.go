package view_test

import (
	"encoding/json"
	"testing"

	"tabula/engine"
	"tabula/messages"
	"tabula/view"
)

// Every way a game ends has a code that reads back, a JSON object that
// reads back, and words in every language that name the players.
func TestResultCodesAndJSON(t *testing.T) {
	for _, c := range []struct {
		r          view.Result
		code, json string
		en, de     string
	}{
		{view.Won(1, view.EndRules), "win:1:end", `{"code":"win:1:end","how":"end","winner":1}`, "Ana wins", "Ana gewinnt"},
		{view.Won(0, view.EndRules), "win:0:end", `{"code":"win:0:end","how":"end","winner":0}`, "Player 0 wins", "Spieler 0 gewinnt"},
		{view.Won(0, view.EndResign), "win:0:resign", `{"code":"win:0:resign","how":"resign","winner":0}`, "Ana resigned: Player 0 wins", "Ana hat aufgegeben: Spieler 0 gewinnt"},
		{view.Won(1, view.EndFlag), "win:1:flag", `{"code":"win:1:flag","how":"flag","winner":1}`, "Player 0 lost on time: Ana wins on time", "Spieler 0 hat auf Zeit verloren: Ana gewinnt auf Zeit"},
		{view.Drawn(view.EndRules), "draw:end", `{"code":"draw:end","how":"end","draw":true}`, "Draw", "Unentschieden"},
		{view.Drawn(view.EndAgreed), "draw:agreed", `{"code":"draw:agreed","how":"agreed","draw":true}`, "Draw by agreement", "Remis nach Vereinbarung"},
		{view.Abandoned(), "abandoned", `{"code":"abandoned","how":"abandoned"}`, "Abandoned unfinished", "Unbeendet aufgegeben"},
	} {
		if got := c.r.Code(); got != c.code {
			t.Errorf("%+v: code %q, want %q", c.r, got, c.code)
		}
		if back, err := view.ParseResult(c.code); err != nil || back != c.r {
			t.Errorf("%s reads as %+v, %v", c.code, back, err)
		}
		b, _ := json.Marshal(c.r)
		if string(b) != c.json {
			t.Errorf("%+v: JSON %s, want %s", c.r, b, c.json)
		}
		var back view.Result
		if err := json.Unmarshal(b, &back); err != nil || back != c.r {
			t.Errorf("%s reads as %+v, %v", b, back, err)
		}
		words := messages.Texts(view.ResultMessage(c.r), messages.AppWords, messages.Names("", "Ana"))
		if words["en"] != c.en || words["de"] != c.de {
			t.Errorf("%s in words: %v, want %q and %q", c.code, words, c.en, c.de)
		}
	}
}

// The sentences of earlier versions still read, as a code string and in
// a record.
func TestOldResultSentencesRead(t *testing.T) {
	for old, want := range map[string]view.Result{
		"player 0 wins": view.Won(0, view.EndRules),
		"player 3 wins": view.Won(3, view.EndRules),
		"draw":          view.Drawn(view.EndRules),
		"expired":       view.Abandoned(),
	} {
		if got, err := view.ParseResult(old); err != nil || got != want {
			t.Errorf("%q reads as %+v, %v", old, got, err)
		}
	}
	rec, err := view.ParseRecord([]byte(`{"game":"adji-boto","moves":[],"result":"player 1 wins"}`))
	if err != nil || rec.Result == nil || *rec.Result != view.Won(1, view.EndRules) {
		t.Fatalf("an old record: %+v, %v", rec.Result, err)
	}
}

// A bad code is refused with the code view.result, whatever it is.
func TestBadResultsAreRefused(t *testing.T) {
	for _, s := range []string{"win", "win:1", "win:-1:end", "win:01:end", "win:1:agreed", "draw:resign", "draw:flag", "player x wins", "player -1 wins", "win:1:end:x", "abandoned:1", "Draw"} {
		_, err := view.ParseResult(s)
		if e, ok := err.(*engine.Error); !ok || e.Code != "view.result" {
			t.Errorf("%q: %v", s, err)
		}
	}
}

func TestResultFilters(t *testing.T) {
	for s, want := range map[string]bool{
		"win": true, "draw": true, "win:0": true, "win:12": true, "win:1:resign": true, "draw:agreed": true, "abandoned": true,
		"": false, "wi": false, "win:": false, "win:01": false, "draw:": false, "player 1 wins": false, "win:1:agreed": false, "expired": false,
	} {
		if got := view.IsResultFilter(s); got != want {
			t.Errorf("IsResultFilter(%q) = %v", s, got)
		}
	}
}

// ParseResult, reading records from outside, never panics and reads
// back what it accepts as the same result.
func FuzzParseResult(f *testing.F) {
	for _, s := range []string{"win:1:end", "draw:agreed", "abandoned", "player 2 wins", "draw", "expired", "win:9999999999999999999:end"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := view.ParseResult(s)
		if err != nil || s == "" {
			return
		}
		back, err := view.ParseResult(r.Code())
		if err != nil || back != r {
			t.Fatalf("%q reads as %+v, whose code %q reads as %+v (%v)", s, r, r.Code(), back, err)
		}
	})
}
