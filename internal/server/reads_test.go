package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"tabula/view"
)

// Reading finished rooms (their view, record and states) keeps none of
// them in memory: a client reading back thousands of games must not hold
// them all until the next sweep.
func TestReadingFinishedRoomsKeepsNoneInMemory(t *testing.T) {
	ts, s, _ := newOnlineServer(t)
	const n = 40
	var recs []view.Record
	for i := range n {
		recs = append(recs, finishedRecord(t, "adji-boto", uint64(i+1)))
	}
	var ids []string
	for _, rec := range recs {
		body, _ := json.Marshal(map[string]any{"record": rec})
		ids = append(ids, newRoom(t, ts, string(body)).ID) // a finished room, stored
	}
	for i, id := range ids {
		var v struct{ Status string }
		if code := call(t, ts, "GET", "/api/rooms/"+id, "", &v); code != http.StatusOK || v.Status != "finished" {
			t.Fatalf("GET room %s: %d, status %q", id, code, v.Status)
		}
		var rec view.Record
		if code := call(t, ts, "GET", "/api/rooms/"+id+"/record", "", &rec); code != http.StatusOK {
			t.Fatalf("GET record of %s: %d", id, code)
		}
		if !slices.Equal(rec.Moves, recs[i].Moves) {
			t.Fatalf("room %s: moves %v, want %v", id, rec.Moves, recs[i].Moves)
		}
		if code := call(t, ts, "GET", "/api/rooms/"+id+"/states?count=2", "", nil); code != http.StatusOK {
			t.Fatalf("GET states of %s: %d", id, code)
		}
	}
	if k := s.cfg.Rooms.InMemory(); k != 0 {
		t.Fatalf("%d rooms in memory after reading %d finished ones, want 0", k, n)
	}
}
