package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"tabula/internal/pgtest"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"

	"tabula/engine"
)

// A German app gets German errors, with the arguments in place; others
// get English.
func TestErrorsInGerman(t *testing.T) {
	_, s := newTestServerWith(t, Config{Rules: fstest.MapFS{}})
	for _, c := range []struct{ lang, path, want, code string }{
		{"de", "/api/rooms/nope", "Kein solcher Raum", "server.no_room"},
		{"de-DE,de;q=0.9", "/api/nothing", "Keine solche API-Adresse: GET /api/nothing", "server.no_endpoint"},
		{"de", "/api/games/adji-boto/rules", `Keine Regelseite für "adji-boto"`, "server.no_rules"},
		{"en", "/api/rooms/nope", "no such room", "server.no_room"},
		{"fr, de", "/api/rooms/nope", "no such room", "server.no_room"},
		{"", "/api/nothing", "no such API endpoint: GET /api/nothing", "server.no_endpoint"},
	} {
		r := httptest.NewRequest("GET", c.path, nil)
		r.Header.Set("Accept-Language", c.lang)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		var e errorBody
		_ = json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != http.StatusNotFound || e.Error != c.want || e.Code != c.code {
			t.Errorf("GET %s (%s): %d %s, want %q (%s)", c.path, c.lang, w.Code, w.Body, c.want, c.code)
		}
	}
}

// The engine's messages inside the server's are German too, nested ones
// included; a move or a name in quotes stays as it is.
func TestEngineErrorsInGerman(t *testing.T) {
	_, s := newTestServerWith(t, Config{})
	r := httptest.NewRequest("POST", "/api/rooms", strings.NewReader(`{"game": "adji-boto", "options": {"seeds": "x"}, "seats": [{"kind": "person"}, {"kind": "computer", "agent": "random"}]}`))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept-Language", "de")
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code != 400 || !strings.Contains(w.Body.String(), `Option seeds: \"x\" ist keine ganze Zahl`) || !strings.Contains(w.Body.String(), `"code":"engine.option_int"`) {
		t.Errorf("a bad option in German: %d %s", w.Code, w.Body)
	}
	r = httptest.NewRequest("POST", "/api/replay", strings.NewReader(`{"game": "adji-boto", "moves": ["9", "3", "9"]}`))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept-Language", "de")
	w = httptest.NewRecorder()
	s.ServeHTTP(w, r)
	var e errorBody
	_ = json.Unmarshal(w.Body.Bytes(), &e)
	if want := `Zug 3 ("9"): "9" ist für Spieler 0 jetzt nicht erlaubt (erlaubt: 8 7 6 5)`; w.Code != 400 || e.Error != want || e.Code != "engine.move" {
		t.Errorf("a nested error in German: %d %s, want %s", w.Code, w.Body, want)
	}
}

// An error that reaches a person without a code is caught: writeError
// reports it (every test of this package fails on one, TestMain).
func TestUncodedErrorIsCaught(t *testing.T) {
	var got error
	old := uncoded
	uncoded = func(r *request, err error) { got = err }
	defer func() { uncoded = old }()
	w := httptest.NewRecorder()
	New(Config{Log: slog.New(slog.DiscardHandler)}).writeError(httpResponse{w}, requestOf(httptest.NewRequest("GET", "/", nil)), &httpError{400, errors.New("plain words")})
	if got == nil || w.Code != 400 || !strings.Contains(w.Body.String(), "plain words") {
		t.Errorf("an uncoded error: reported %v, answered %d %s", got, w.Code, w.Body)
	}
}

// TestMain fails the package's tests when any error reached a person
// without a code: the handlers' error paths, fuzz corpora included.
func TestMain(m *testing.M) {
	var mu sync.Mutex
	var seen []string
	uncoded = func(r *request, err error) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, r.Method+" "+r.Path+": "+err.Error())
	}
	code := m.Run()
	pgtest.StopShared() // the cluster of the lobby's tests across instances
	for _, s := range seen {
		fmt.Fprintln(os.Stderr, "an error reached a person without a code:", s)
		code = 1
	}
	os.Exit(code)
}

// hasCode reports whether err is or holds a coded error.
func hasCode(err error) bool {
	_, ok := engine.Coded(err)
	return ok
}

// TestRoomRefusalsInThePagesLanguage: a room's WebSocket opened with
// ?lang=de refuses in German, with the refusal's code.
func TestRoomRefusalsInThePagesLanguage(t *testing.T) {
	ts, _, _ := newOnlineServer(t)
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, c := range []struct{ lang, want string }{
		{"de", "Es gibt kein Remisangebot abzulehnen"},
		{"en", "there is no draw offer to decline"},
	} {
		ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/rooms/"+r.ID+"/ws?lang="+c.lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		ws.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","token":"`+token(r.Seats[0].Link)+`","last":-1}`))
		ws.Write(ctx, websocket.MessageText, []byte(`{"type":"decline"}`))
		for {
			_, data, err := ws.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var m struct{ Type, Code, Error string }
			json.Unmarshal(data, &m)
			if m.Type != "reject" {
				continue
			}
			if m.Code != "bad-request" || m.Error != c.want {
				t.Errorf("lang=%s: refused %s %q, want bad-request %q", c.lang, m.Code, m.Error, c.want)
			}
			break
		}
		ws.CloseNow()
	}
}
