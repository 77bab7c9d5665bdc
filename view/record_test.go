package view_test

import (
	"encoding/json"
	"slices"
	"testing"

	_ "tabula/games/all"
	"tabula/view"
)

func TestRecordRoundTrip(t *testing.T) {
	r := view.Record{Game: "adji-boto", Options: []string{"seeds=3"}, Moves: []string{"9", "3"}}
	data, _ := json.Marshal(r)
	if string(data) != `{"game":"adji-boto","options":["seeds=3"],"moves":["9","3"]}` {
		t.Errorf("written as %s", data)
	}
	back, err := view.ParseRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := back.Load()
	if err != nil || s.Ply() != 2 {
		t.Fatalf("load: %v", err)
	}
}

func TestRecordWithoutGameIsRefused(t *testing.T) {
	if _, err := view.ParseRecord([]byte(`{"moves":[]}`)); err == nil {
		t.Error("record without a game accepted")
	}
	if _, err := (view.Record{Game: "nope"}).Load(); err == nil {
		t.Error("record of an unknown game loaded")
	}
}

// A record's options may be an object, as a state's JSON gives them: it
// reads as the same settings, ordered by name.
func TestRecordOptionsAsAnObject(t *testing.T) {
	r, err := view.ParseRecord([]byte(`{"game":"adji-boto","options":{"skip-origin":true,"seeds":3,"opening":"free"},"moves":["9"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"opening=free", "seeds=3", "skip-origin=true"}; !slices.Equal(r.Options, want) {
		t.Errorf("options %q, want %q", r.Options, want)
	}
	if _, err := view.ParseRecord([]byte(`{"game":"adji-boto","options":{"seeds":[3]}}`)); err == nil {
		t.Error("an option that is a list accepted")
	}
}

// A record embedded in a larger one (a room's) leaves the other fields to
// be read.
func TestRecordEmbeddedKeepsItsNeighbours(t *testing.T) {
	var v struct {
		view.Record
		Room string `json:"room"`
	}
	if err := json.Unmarshal([]byte(`{"game":"adji-boto","options":{"seeds":3},"moves":[],"room":"r1"}`), &v); err != nil {
		t.Fatal(err)
	}
	if v.Room != "r1" || v.Game != "adji-boto" || !slices.Equal(v.Options, view.Options{"seeds=3"}) {
		t.Errorf("read %+v", v)
	}
}
