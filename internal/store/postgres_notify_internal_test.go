package store

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

var testKey = []byte("0123456789abcdef0123456789abcdef")

func eventsStep(room string, from int, bodies ...string) *Step {
	st := &Step{Room: room, From: from}
	for i, b := range bodies {
		st.Events = append(st.Events, Event{Version: from + i + 1, Kind: "turn", Body: []byte(b)})
	}
	return st
}

// TestStepPayloadCarriesEvents: a step that only appends events is sent
// with them, and read back as it was, verified, by another process.
func TestStepPayloadCarriesEvents(t *testing.T) {
	st := eventsStep("r", 7, `{"version":8}`, `{"version":9,"move":"a b"}`)
	payload := stepPayload(st, "AAAAAAAA", testKey)
	room, from, events, own, verified, ok := parseSteps(payload, "BBBBBBBB", testKey)
	if !ok || own || !verified || room != "r" || from != 7 || !slices.EqualFunc(events, st.Events, sameEvent) {
		t.Fatalf("%q read as %q %d %v, own %v, verified %v, ok %v", payload, room, from, events, own, verified, ok)
	}
}

func sameEvent(a, b Event) bool {
	return a.Version == b.Version && a.Kind == b.Kind && string(a.Body) == string(b.Body)
}

// TestStepPayloadOfOtherSteps: a step that does more than append events,
// or whose events do not fit on their lines or in a notification, is
// sent as "ROOM VERSION".
func TestStepPayloadOfOtherSteps(t *testing.T) {
	for name, change := range map[string]func(*Step){
		"seats":         func(st *Step) { st.Seats = []Seat{{Index: 0}} },
		"clear commits": func(st *Step) { st.ClearCommits = true },
		"commits":       func(st *Step) { st.Commits = []Commit{{Seat: 0, Move: "a", Version: 8}} },
		"status":        func(st *Step) { st.Status = Finished },
		"result":        func(st *Step) { st.Result = "1-0" },
		"archive":       func(st *Step) { st.Archive = &Game{Room: "r", Finished: time.Now()} },
		"newline":       func(st *Step) { st.Events[0].Body = []byte("{\n}") },
		"kind":          func(st *Step) { st.Events[0].Kind = "a b" },
		"too long":      func(st *Step) { st.Events[0].Body = []byte(strings.Repeat("x", maxPayload)) },
	} {
		st := eventsStep("r", 7, `{}`)
		change(st)
		if got := stepPayload(st, "AAAAAAAA", testKey); got != "r 8" {
			t.Errorf("%s: payload %q, want %q", name, got, "r 8")
		}
	}
}

// TestStepPayloadKnowsEveryField: any field of Step that stepPayload does
// not carry (all but the room, its version and its events, and Durable,
// which is never stored) sends the step as "ROOM VERSION", so that a field
// added to Step later cannot be lost by another instance reading only the
// events: set on its own, each one must change the payload to the plain
// form, and a new field fails here until stepPayload weighs it.
func TestStepPayloadKnowsEveryField(t *testing.T) {
	carried := map[string]bool{"Room": true, "From": true, "Events": true, "Durable": true}
	typ := reflect.TypeFor[Step]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if carried[f.Name] {
			continue
		}
		st := eventsStep("r", 7, `{}`)
		v := reflect.ValueOf(st).Elem().Field(i)
		switch f.Type.Kind() {
		case reflect.String:
			v.SetString("x")
		case reflect.Bool:
			v.SetBool(true)
		case reflect.Int:
			v.SetInt(1)
		case reflect.Slice:
			v.Set(reflect.MakeSlice(f.Type, 1, 1))
		case reflect.Pointer:
			v.Set(reflect.New(f.Type.Elem()))
		default:
			t.Fatalf("Step.%s: a %s; teach this test to set it", f.Name, f.Type)
		}
		if got := stepPayload(st, "AAAAAAAA", testKey); got != "r 8" {
			t.Errorf("Step.%s set alone: payload %q, want %q (stepPayload does not know the field)", f.Name, got, "r 8")
		}
	}
}

// TestStepPayloadNotVerified: events under another key, or altered, are
// not verified; one's own payload is known as such.
func TestStepPayloadNotVerified(t *testing.T) {
	st := eventsStep("r", 7, `{"version":8}`)
	payload := stepPayload(st, "AAAAAAAA", testKey)
	if _, _, _, _, verified, ok := parseSteps(payload, "BBBBBBBB", []byte("another key")); !ok || verified {
		t.Errorf("under another key: verified %v, ok %v", verified, ok)
	}
	altered := strings.Replace(payload, `"version":8`, `"version":9`, 1)
	if _, _, _, _, verified, ok := parseSteps(altered, "BBBBBBBB", testKey); !ok || verified {
		t.Errorf("altered: verified %v, ok %v", verified, ok)
	}
	if _, _, events, own, _, ok := parseSteps(payload, "AAAAAAAA", testKey); !ok || !own || events != nil {
		t.Errorf("one's own: own %v, events %v, ok %v", own, events, ok)
	}
}

// FuzzParseSteps: any payload is read without a panic; what is read is
// well formed, and what verifies is what its sender sent.
func FuzzParseSteps(f *testing.F) {
	f.Add(stepPayload(eventsStep("r", 7, `{"version":8}`, `{}`), "AAAAAAAA", testKey))
	f.Add("steps " + strings.Repeat("a", macLen) + " AAAAAAAA r 1\nturn ")
	f.Add("steps x")
	f.Add("r 8")
	f.Fuzz(func(t *testing.T, payload string) {
		room, from, events, own, verified, ok := parseSteps(payload, "BBBBBBBB", testKey)
		if !ok || own {
			return
		}
		if room == "" || len(room) > 64 || from < 0 || len(events) == 0 {
			t.Fatalf("%q read as %q %d %v", payload, room, from, events)
		}
		if verified {
			again := stepPayload(&Step{Room: room, From: from, Events: events}, payload[len(stepsPrefix)+macLen+1:][:originLen], testKey)
			if again != payload {
				t.Fatalf("%q verified, but its events give %q", payload, again)
			}
		}
	})
}
