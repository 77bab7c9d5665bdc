package wire

import (
	"encoding/json"
	"strings"
	"testing"

	"tabula/engine"
)

// Each way a JSON text could be silently repaired or guessed is refused
// with its code, over a WebSocket message as over an HTTP body (both read
// by DecodeStrict); what is plain JSON is accepted.
func TestDecodeStrictRefusesWhatWouldBeGuessed(t *testing.T) {
	type inner struct {
		Kind string `json:"kind"`
	}
	type body struct {
		Game    string         `json:"game"`
		Seats   []inner        `json:"seats"`
		Options map[string]any `json:"options"`
		Seat    *inner         `json:"seat"`
	}
	for _, c := range []struct{ in, code string }{
		{`{"type":"move","version":1,"move":"9","move":"8"}`, "server.json_twice"},
		{`{"type":"move","version":1,"move":"9","Move":"8"}`, "server.json_twice"},
		{`{"type":"hello","Token":"abc","last":-1}`, "server.json_case"},
		{`{"TYPE":"ping"}`, "server.json_case"},
		{`{"type":"name","name":"ad\udc00min"}`, "server.json_surrogate"},
		{`{"type":"name","name":"ad\ud800min"}`, "server.json_surrogate"},
		{`{"type":"name","name":"ad\ud800\u0041"}`, "server.json_surrogate"},
		{"{\"type\":\"name\",\"name\":\"ad\xffmin\"}", "server.json_utf8"},
		{`{"type":"ping"}{"type":"ping"}`, "server.json_more"},
		{`{"type":"ping","seatt":1}`, "server.json"},
		{`{"type":`, "server.json"},
	} {
		_, err := DecodeClient([]byte(c.in))
		if code := codeOf(err); code != c.code {
			t.Errorf("%s: %v (code %q), want %s", c.in, err, code, c.code)
		}
	}
	for _, c := range []struct{ in, code string }{
		{`{"game":"a","seats":[{"kind":"person","Kind":"computer"}]}`, "server.json_twice"},
		{`{"game":"a","seats":[{"Kind":"person"}]}`, "server.json_case"},
		{`{"seat":{"KIND":"person"}}`, "server.json_case"},
		{`{"options":{"seeds":3,"seeds":4}}`, "server.json_twice"},
	} {
		var v body
		if code := codeOf(DecodeStrict([]byte(c.in), &v)); code != c.code {
			t.Errorf("%s: code %q, want %s", c.in, code, c.code)
		}
	}
	for _, in := range []string{
		`{"type":"name","name":"\ud83d\ude00 \\ud800 \u00e9"}`, // a pair, an escaped backslash, a BMP escape
		`{"type":"name","name":"Ana"}`,
	} {
		if _, err := DecodeClient([]byte(in)); err != nil {
			t.Errorf("%s: %v, want accepted", in, err)
		}
	}
	// Keys of a map are data: only a repeat is refused, any case is kept.
	var v body
	if err := DecodeStrict([]byte(`{"options":{"Seeds":3,"a":{"A":1}},"seats":[{"kind":"x"},{"kind":"y"}]}`), &v); err != nil || v.Options["Seeds"] == nil {
		t.Errorf("keys of a map: %v %v, want accepted as given", err, v.Options)
	}
}

// FuzzDecodeStrict: any input is judged without a panic, every refusal has
// a code, an accepted client message's keys are exactly the field names,
// and a JSON value encoded from a decoded one is refused as repeating a
// key exactly where two keys of one of its objects are equal without case.
func FuzzDecodeStrict(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":2}`, `{"a":{"b":[1,{"b":2,"B":3}]}}`, `[`, `{"a"`, `{}`, `"x"`,
		`{"a":1}{"a":1}`, `{"type":"hello","Token":"x","last":1}`, `"\ud800"`, `"\ud800\udc00"`, "\"\xff\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		if err := DecodeStrict(data, &v); err != nil {
			if _, ok := engine.Coded(err); !ok {
				t.Fatalf("refused without a code: %v", err)
			}
		}
		if _, err := DecodeClient(data); err == nil {
			var keys map[string]json.RawMessage
			if json.Unmarshal(data, &keys) != nil {
				t.Fatalf("%q accepted as a message but is no object", data)
			}
			for k := range keys {
				if !knownClientKey(k) {
					t.Fatalf("%q accepted with the key %q", data, k)
				}
			}
		}
		if json.Unmarshal(data, &v) != nil {
			return
		}
		enc, err := json.Marshal(v)
		if err != nil {
			return
		}
		var again any
		code := codeOf(DecodeStrict(enc, &again))
		if (code == "server.json_twice") != foldedTwice(v) {
			t.Fatalf("%q re-encoded as %s: code %q, want a repeated key %v", data, enc, code, foldedTwice(v))
		}
	})
}

func knownClientKey(k string) bool {
	if k == "type" {
		return true
	}
	for _, f := range ClientFields {
		if f.Name == k {
			return true
		}
	}
	return false
}

// foldedTwice reports whether some object in v has two keys equal without
// case.
func foldedTwice(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		seen := map[string]bool{}
		for k, e := range x {
			if seen[strings.ToLower(k)] || foldedTwice(e) {
				return true
			}
			seen[strings.ToLower(k)] = true
		}
	case []any:
		for _, e := range x {
			if foldedTwice(e) {
				return true
			}
		}
	}
	return false
}

// codeOf is the code of err, "" for none.
func codeOf(err error) string {
	if e, ok := engine.Coded(err); ok {
		return e.Code
	}
	return ""
}
