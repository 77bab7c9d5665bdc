package server

import (
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
		err := decode(requestOf(httptest.NewRequest("POST", "/", strings.NewReader(body))), &v)
		if he, ok := err.(*httpError); !ok || he.Status != 400 || !strings.Contains(he.Error(), "appears twice") {
			t.Errorf("%s: %v, want 400 naming the key", body, err)
		}
	}
	for _, body := range []string{`{"a":{"b":1},"b":{"a":2},"c":[{"a":1},{"a":1}]}`, `{"a":[1,[2,{"a":3}]],"b":"a"}`} {
		var v map[string]any
		if err := decode(requestOf(httptest.NewRequest("POST", "/", strings.NewReader(body))), &v); err != nil {
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
	if he, ok := decode(requestOf(r), &v).(*httpError); !ok || he.Status != http.StatusRequestTimeout {
		t.Errorf("a body cut by the read timeout: %v, want 408", he)
	}
}
