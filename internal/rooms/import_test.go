package rooms

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"tabula/engine"
	"tabula/internal/store"
	"tabula/view"
)

// playOut plays r to its end, each seat's first legal move.
func playOut(t *testing.T, r *Room, subs []*Sub) {
	t.Helper()
	for i := 0; !r.state.Terminal(); i++ {
		if i > 5000 {
			t.Fatal("the game did not end")
		}
		drain(subs...)
		p := r.state.Actors(nil)[0]
		mustMove(t, r, subs[p], r.version, engine.LegalTexts(r.state, p)[0])
	}
}

// endings are records of rooms that ended in each way a game ends:
// by its rules, a resignation, an agreed draw and a flag.
func endings(t *testing.T) []Record {
	ft := &fakeTime{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	var recs []Record
	r, _, a, b := clockRoom(t, testStore(t), ft, Clock{})
	playOut(t, r, []*Sub{a, b})
	recs = append(recs, r.Record())

	r, _, a, b = clockRoom(t, testStore(t), ft, Clock{})
	mustMove(t, r, a, 0, engine.LegalTexts(r.state, 0)[0])
	if err := r.Resign(bg, b); err != nil {
		t.Fatal(err)
	}
	recs = append(recs, r.Record())

	r, _, a, b = clockRoom(t, testStore(t), ft, Clock{})
	mustMove(t, r, a, 0, engine.LegalTexts(r.state, 0)[0])
	if err := r.OfferDraw(bg, a); err != nil {
		t.Fatal(err)
	}
	if err := r.OfferDraw(bg, b); err != nil {
		t.Fatal(err)
	}
	recs = append(recs, r.Record())

	r, _, a, b = clockRoom(t, testStore(t), ft, Clock{Initial: time.Minute})
	mustMove(t, r, a, 0, engine.LegalTexts(r.state, 0)[0])
	mustMove(t, r, b, 1, engine.LegalTexts(r.state, 1)[0])
	ft.add(2 * time.Minute)
	r.mu.Lock()
	r.checkFlag()
	r.mu.Unlock()
	recs = append(recs, r.Record())
	for i, want := range []string{"win:?:end", "win:0:resign", "draw:agreed", "win:1:flag"} {
		r := recs[i].Result
		if r == nil || r.How != view.End(want[strings.LastIndexByte(want, ':')+1:]) || (want[4] != '?' && r.Code() != want) {
			t.Fatalf("ending %d: result %+v, want %s", i, r, want)
		}
	}
	return recs
}

// TestExportThenImportGivesBackTheGames: the records of games ended by
// their rules, a resignation, an agreed draw and a flag, as exported,
// import into another archive and come out the same.
func TestExportThenImportGivesBackTheGames(t *testing.T) {
	recs := endings(t)
	var exported []Record
	for _, rec := range recs {
		data, _ := json.Marshal(rec)
		var back Record
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		exported = append(exported, back)
	}
	m := testManager(t, testStore(t))
	if n, _, err := m.Import(bg, exported); err != nil || n != len(recs) {
		t.Fatalf("import: %d, %v", n, err)
	}
	games, err := m.FinishedGames(bg, store.Filter{})
	if err != nil || len(games) != len(recs) {
		t.Fatalf("%d games archived, %v", len(games), err)
	}
	byRoom := map[string]string{}
	for _, g := range games {
		var rec Record
		if err := json.Unmarshal(g.Record, &rec); err != nil {
			t.Fatal(err)
		}
		byRoom[rec.Room] = string(mustJSON(rec))
	}
	for i, rec := range recs {
		if got, want := byRoom[rec.Room], string(mustJSON(rec)); got != want {
			t.Errorf("ending %d: imported %s, exported %s", i, got, want)
		}
	}
}

// TestImportChecksTheThrowsAgainstTheSecret: a record whose throws do not
// follow its published secret is refused, naming the record and the move.
func TestImportChecksTheThrowsAgainstTheSecret(t *testing.T) {
	m := testManager(t, testStore(t))
	r, c := create(t, m, "tamman", nil, people(2))
	playOut(t, r, []*Sub{join(t, r, c.Tokens[0]), join(t, r, c.Tokens[1])})
	rec := r.Record()
	if _, err := checkImport(rec); err != nil {
		t.Fatalf("the room's own record: %v", err)
	}
	changed := false
	for i, mv := range rec.Moves {
		if mv == "t1" || mv == "t2" {
			changed = true
			other := "t3"
			bad := rec
			bad.Moves = append(append(append([]string{}, rec.Moves[:i]...), other), rec.Moves[i+1:]...)
			_, _, err := m.Import(bg, []Record{rec, bad})
			if err == nil || !strings.Contains(err.Error(), "record 2") || !strings.Contains(err.Error(), "secret") {
				t.Fatalf("throw %d changed: %v", i+1, err)
			}
			break
		}
	}
	if !changed {
		t.Fatal("no throw of 1 or 2 to change")
	}
}

// TestABadRecordImportsNothing: one bad record in a batch (here a game
// that is not over and gives no result) refuses the whole batch.
func TestABadRecordImportsNothing(t *testing.T) {
	recs := endings(t)
	m := testManager(t, testStore(t))
	bad := recs[0]
	bad.Moves = bad.Moves[:2]
	bad.Result = nil
	_, _, err := m.Import(bg, []Record{recs[1], bad, recs[2]})
	if err == nil || !strings.Contains(err.Error(), "record 2") || !strings.Contains(err.Error(), "not over") {
		t.Fatalf("a batch with an unfinished game: %v", err)
	}
	if games, _ := m.FinishedGames(bg, store.Filter{}); len(games) != 0 {
		t.Fatalf("%d games imported from a refused batch", len(games))
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// TestImportKeepsTheDateAndPassesOverRepeats: an imported game is dated
// as its record says, not when it was imported; importing the same
// records again (and a record twice in one batch) adds nothing.
func TestImportKeepsTheDateAndPassesOverRepeats(t *testing.T) {
	recs := endings(t)
	for i, rec := range recs {
		if rec.Finished == nil || rec.Finished.IsZero() {
			t.Fatalf("ending %d: the record of a finished room has no date", i)
		}
	}
	m := testManager(t, testStore(t))
	then := time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC)
	old := recs[0]
	old.Finished = &then
	batch := append([]Record{old, old}, recs[1:]...)
	if n, known, err := m.Import(bg, batch); err != nil || n != len(recs) || known != 1 {
		t.Fatalf("first import: %d new, %d known, %v", n, known, err)
	}
	if n, known, err := m.Import(bg, batch); err != nil || n != 0 || known != len(batch) {
		t.Fatalf("second import: %d new, %d known, %v", n, known, err)
	}
	games, err := m.FinishedGames(bg, store.Filter{})
	if err != nil || len(games) != len(recs) {
		t.Fatalf("%d games archived after importing twice, %v", len(games), err)
	}
	found := false
	for _, g := range games {
		if g.Finished.Equal(then) {
			found = true
		}
		if time.Since(g.Finished) < 0 {
			t.Errorf("%s dated in the future: %v", g.Room, g.Finished)
		}
	}
	if !found {
		t.Errorf("no game kept its record's date %v", then)
	}
}
