package server

import (
	"context"
	"encoding/json"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"
)

// messageFormats reads the server's source and returns every message
// format it writes: the first argument of badRequest and notFound, the
// message of each httpError literal (or its fmt.Sprintf format, or its
// constant prefix), and the messages writeError sets.
func messageFormats(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	fset := gotoken.NewFileSet()
	str := func(e ast.Expr) (string, bool) {
		switch x := e.(type) {
		case *ast.BasicLit:
			if x.Kind == gotoken.STRING {
				s, err := strconv.Unquote(x.Value)
				return s, err == nil
			}
		case *ast.CallExpr: // fmt.Sprintf("format", ...)
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Sprintf" && len(x.Args) > 0 {
				if lit, ok := x.Args[0].(*ast.BasicLit); ok {
					s, err := strconv.Unquote(lit.Value)
					return s, err == nil
				}
			}
		case *ast.BinaryExpr: // "prefix: " + err.Error() (+ "suffix")
			l, ok := x.X.(*ast.BasicLit)
			if !ok {
				if inner, ok2 := x.X.(*ast.BinaryExpr); ok2 {
					if ll, ok3 := inner.X.(*ast.BasicLit); ok3 {
						pre, _ := strconv.Unquote(ll.Value)
						suf := ""
						if r, ok4 := x.Y.(*ast.BasicLit); ok4 {
							suf, _ = strconv.Unquote(r.Value)
						}
						return pre + "%v" + suf, true
					}
				}
				return "", false
			}
			pre, _ := strconv.Unquote(l.Value)
			return pre + "%v", true
		}
		return "", false
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "errors_de.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				if id, ok := x.Fun.(*ast.Ident); ok && (id.Name == "badRequest" || id.Name == "notFound") && len(x.Args) > 0 {
					if s, ok := str(x.Args[0]); ok {
						out[s] = fset.Position(x.Pos()).String()
					}
				}
			case *ast.CompositeLit:
				if id, ok := x.Type.(*ast.Ident); ok && id.Name == "httpError" && len(x.Elts) == 2 {
					if s, ok := str(x.Elts[1]); ok {
						out[s] = fset.Position(x.Pos()).String()
					}
				}
			case *ast.AssignStmt: // status, msg = ..., "message" in writeError
				if len(x.Lhs) == 2 && len(x.Rhs) == 2 {
					if id, ok := x.Lhs[1].(*ast.Ident); ok && id.Name == "msg" {
						if s, ok := str(x.Rhs[1]); ok {
							out[s] = fset.Position(x.Pos()).String()
						}
					}
				}
			}
			return true
		})
	}
	return out
}

// Every message the server writes has a German form (a message that only
// passes on another package's error, "%v", has none of its own).
func TestEveryErrorHasGerman(t *testing.T) {
	formats := messageFormats(t)
	if len(formats) < 30 {
		t.Fatalf("found only %d messages in the source: the scan is broken", len(formats))
	}
	for f, where := range formats {
		if f == "%v" || f == "%s" {
			continue
		}
		if _, ok := germanErrors[f]; !ok {
			t.Errorf("%s: %q has no German form in germanErrors", where, f)
		}
	}
	for en, de := range germanErrors {
		if strings.Count(en, "%")-strings.Count(en, "%%") != strings.Count(de, "%[") {
			t.Errorf("%q and its German %q have different arguments", en, de)
		}
	}
}

// A German app gets German errors, with the arguments in place; others
// get English.
func TestErrorsInGerman(t *testing.T) {
	_, s := newTestServerWith(t, Config{Rules: fstest.MapFS{}})
	for _, c := range []struct{ lang, path, want string }{
		{"de", "/api/rooms/nope", "Kein solcher Raum"},
		{"de-DE,de;q=0.9", "/api/nothing", "Keine solche API-Adresse: GET /api/nothing"},
		{"de", "/api/games/adji-boto/rules", `Keine Regelseite für "adji-boto"`},
		{"en", "/api/rooms/nope", "no such room"},
		{"", "/api/nothing", "no such API endpoint: GET /api/nothing"},
	} {
		r := httptest.NewRequest("GET", c.path, nil)
		r.Header.Set("Accept-Language", c.lang)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		var e errorBody
		_ = json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != http.StatusNotFound || e.Error != c.want {
			t.Errorf("GET %s (%s): %d %s, want %q", c.path, c.lang, w.Code, w.Body, c.want)
		}
	}
	if got := inGerman(`seat 1: agent "mcts:huge" is not offered for this game (offered: [random greedy])`); got != `Platz 1: Computerspieler "mcts:huge" wird für dieses Spiel nicht angeboten (angeboten: [random greedy])` {
		t.Errorf("the most specific format first: %q", got)
	}
}

// The engine's messages inside the server's are German too, nested ones
// included; a move or a name in quotes stays as it is.
func TestEngineErrorsInGerman(t *testing.T) {
	for en, de := range map[string]string{
		`option seeds: "x" is not a whole number`:                      `Option seeds: "x" ist keine ganze Zahl`,
		`move 3 ("7"): "7" is not legal for player 0 now (legal: 9 8)`: `Zug 3 ("7"): "7" ist für Spieler 0 jetzt nicht erlaubt (erlaubt: 9 8)`,
		`"the game is over"`: `"the game is over"`,
	} {
		if got := inGerman(en); got != de {
			t.Errorf("%s\n got %s\nwant %s", en, got, de)
		}
	}
	_, s := newTestServerWith(t, Config{})
	r := httptest.NewRequest("POST", "/api/rooms", strings.NewReader(`{"game": "adji-boto", "options": {"seeds": "x"}, "seats": [{"kind": "person"}, {"kind": "computer", "agent": "random"}]}`))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept-Language", "de")
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code != 400 || !strings.Contains(w.Body.String(), "ist keine ganze Zahl") {
		t.Errorf("a bad option in German: %d %s", w.Code, w.Body)
	}
}

// FuzzInGerman: any message comes back, in German or as it was, at once.
func FuzzInGerman(f *testing.F) {
	f.Add(`move 3 ("7"): "7" is not legal for player 0 now (legal: 9 8)`)
	f.Add(`seat 1: seat 2: seat 3: player 4`)
	f.Add(`option x: option y: "z" is not a number is not one of player 1`)
	f.Fuzz(func(t *testing.T, msg string) {
		if got := inGerman(msg); got == "" && msg != "" {
			t.Errorf("%q became empty", msg)
		}
	})
}

// TestRoomRefusalsHaveGerman: every refusal of internal/rooms and every
// check of an imported record has a German form, and the same arguments.
func TestRoomRefusalsHaveGerman(t *testing.T) {
	files, err := filepath.Glob("../rooms/*.go")
	if err != nil {
		t.Fatal(err)
	}
	msg := regexp.MustCompile(`(?:refuse\(Code\w+|fmt\.Errorf\()\s*,?\s*"((?:[^"\\]|\\.)*)"`)
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msg.FindAllStringSubmatch(string(src), -1) {
			format, _ := strconv.Unquote(`"` + m[1] + `"`)
			if format == "%v" || strings.HasPrefix(format, "rooms: ") {
				continue // a wrapped error, or one of the program's, not a person's
			}
			n++
			de, ok := roomErrors[format]
			if !ok {
				de, ok = germanErrors[format]
			}
			if !ok {
				t.Errorf("%s: %q has no German form", f, format)
			} else if strings.Count(format, "%")-strings.Count(format, "%%") != strings.Count(de, "%[") {
				t.Errorf("%q and its German %q have different arguments", format, de)
			}
		}
	}
	if n < 30 {
		t.Fatalf("found only %d refusals in internal/rooms: the scan is broken", n)
	}
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
