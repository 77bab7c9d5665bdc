//go:build !js

package server

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// GET /api/games/{id}/print.pdf answers the PDF of the board and rules on
// the paper and in the language asked, and a coded 4xx for bad paper,
// language or sheet, an unknown game, or a game without a rules page.
func TestPrintPDF(t *testing.T) {
	ts := newTestServer(t) // its rules pages: adji-boto.md alone
	get := func(path string) (int, string, string) {
		t.Helper()
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header.Get("Content-Type"), string(b)
	}
	code, ct, body := get("/api/games/adji-boto/print.pdf?paper=a3&lang=de")
	if code != 200 || ct != "application/pdf" || !strings.HasPrefix(body, "%PDF-1.4") {
		t.Fatalf("adji-boto on a3: %d %s %.40q", code, ct, body)
	}
	// the board's page is A3 on its side, the rules' upright
	for _, want := range []string{"/MediaBox [0 0 1190.551 841.89]", "/MediaBox [0 0 841.89 1190.551]", "L\xf6cher 50 mm"} {
		if !strings.Contains(body, want) {
			t.Errorf("no %q in the PDF", want)
		}
	}
	if code, _, body := get("/api/games/tamman/print.pdf?sheet=board"); code != 200 || !strings.Contains(body, "habarti") {
		t.Errorf("tamman's board: %d", code)
	}
	for path, want := range map[string]string{
		"/api/games/adji-boto/print.pdf?paper=a5":    `"code":"print.paper"`,
		"/api/games/adji-boto/print.pdf?lang=fr":     `"code":"print.lang"`,
		"/api/games/adji-boto/print.pdf?sheet=x":     `"code":"print.sheet"`,
		"/api/games/tamman/print.pdf":                `"code":"print.no_rules"`,
		"/api/games/no-such-game/print.pdf?paper=a4": `"code":"engine.unknown_game"`,
	} {
		code, _, body := get(path)
		if code/100 != 4 || !strings.Contains(body, want) {
			t.Errorf("%s: %d %s, want a 4xx with %s", path, code, body, want)
		}
	}
}
