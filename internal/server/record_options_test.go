package server

import (
	"encoding/json"
	"testing"
)

// A record may give its options as an object, as a state's JSON does: the
// replay is the same as with the list of settings records are written
// with.
func TestReplayTakesOptionsAsAListOrAnObject(t *testing.T) {
	ts, _ := newTestServerWith(t, Config{})
	var list, object json.RawMessage
	if code := call(t, ts, "POST", "/api/replay", `{"game":"adji-boto","options":["seeds=3","skip-origin=true"],"moves":["9","3"]}`, &list); code != 200 {
		t.Fatalf("list: %d %s", code, list)
	}
	if code := call(t, ts, "POST", "/api/replay", `{"game":"adji-boto","options":{"seeds":3,"skip-origin":true},"moves":["9","3"]}`, &object); code != 200 {
		t.Fatalf("object: %d %s", code, object)
	}
	if string(list) != string(object) {
		t.Errorf("the two forms replay differently:\n%s\n%s", list, object)
	}
}
