package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// A key given twice in one object is refused, at any depth and in any
// case, rather than the last silently winning.
func TestDuplicateKeysAreRefused(t *testing.T) {
	for _, body := range []string{
		`{"game":"adji-boto","game":"tamman"}`,
		`{"game":"adji-boto","Game":"tamman"}`,
		`{"options":{"seeds":3,"seeds":4}}`,
		`{"seats":[{"kind":"person","kind":"computer"}]}`,
	} {
		var v map[string]any
		err := decode(httptest.NewRequest("POST", "/", strings.NewReader(body)), &v)
		if he, ok := err.(*httpError); !ok || he.Status != 400 || !strings.Contains(he.Error(), "appears twice") {
			t.Errorf("%s: %v, want 400 naming the key", body, err)
		}
	}
	for _, body := range []string{`{"a":{"b":1},"b":{"a":2},"c":[{"a":1},{"a":1}]}`, `{"a":[1,[2,{"a":3}]],"b":"a"}`} {
		var v map[string]any
		if err := decode(httptest.NewRequest("POST", "/", strings.NewReader(body)), &v); err != nil {
			t.Errorf("%s: %v, want accepted", body, err)
		}
	}
}

// timeoutBody is a body whose next read times out, as a connection's does
// when the body trickles past the server's read timeout.
type timeoutBody struct{}

func (timeoutBody) Read([]byte) (int, error) { return 0, os.ErrDeadlineExceeded }

// A body that does not arrive in time is 408, not 400.
func TestSlowBodyIs408(t *testing.T) {
	r := httptest.NewRequest("POST", "/", io.MultiReader(strings.NewReader(`{"game":`), timeoutBody{}))
	var v map[string]any
	if he, ok := decode(r, &v).(*httpError); !ok || he.Status != http.StatusRequestTimeout {
		t.Errorf("a body cut by the read timeout: %v, want 408", he)
	}
}

// FuzzDuplicateKey: any input is judged without a panic, and a JSON value
// encoded from a decoded one is said to repeat a key only where two keys
// of one object are equal without case.
func FuzzDuplicateKey(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":2}`, `{"a":{"b":[1,{"b":2,"b":3}]}}`, `[`, `{"a"`, `{}`, `"x"`, `{"a":1}{"a":1}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		duplicateKey([]byte(s))
		var v any
		if json.Unmarshal([]byte(s), &v) != nil {
			return
		}
		if data, err := json.Marshal(v); err == nil {
			if k, dup := duplicateKey(data); dup != foldedTwice(v) {
				t.Fatalf("%s re-encoded as %s: repeated key %q %v, want %v", s, data, k, dup, !dup)
			}
		}
	})
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
