//go:build !js

package server

import (
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tabula/docs"
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

// The print endpoint takes the game's options as the other parameters of
// its query, as "tabula print --option name=value" does: Tamman's throw
// table follows mouth-up (pdftotext reads it back), and a bad option is a
// coded 400 that names it.
func TestPrintTakesTheOptions(t *testing.T) {
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("pdftotext: %v (scripts/test.sh installs poppler-utils)", err)
		}
		t.Skipf("pdftotext: %v (apt-get install poppler-utils)", err)
	}
	ts, _ := newTestServerWith(t, Config{Rules: docs.RulesFS()})
	text := func(query string) string {
		t.Helper()
		res, err := http.Get(ts.URL + "/api/games/tamman/print.pdf?sheet=rules&lang=en" + query)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d %s", query, res.StatusCode, b)
		}
		file := filepath.Join(t.TempDir(), "sheet.pdf")
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(bin, file, "-").CombinedOutput()
		if err != nil {
			t.Fatalf("pdftotext: %v %s", err, out)
		}
		return strings.Join(strings.Fields(string(out)), " ")
	}
	if got := text(""); !strings.Contains(got, "6/16 = 37.5 %") || strings.Contains(got, "/256") {
		t.Errorf("the source's throws: no 6/16 = 37.5 %% in %q", got)
	}
	// 4 mouths up with chance 0.75^4 = 81/256, 8 (none up) 1/256; and the
	// footer gives the command that prints the same sheet.
	if got := text("&mouth-up=0.75"); !strings.Contains(got, "waraq 4 4 31.64 %") || !strings.Contains(got, "tamman 0 8 0.39 %") ||
		strings.Contains(got, "6/16 = 37.5 %") || !strings.Contains(got, "(tabula print tamman --option mouth-up=0.75)") {
		t.Errorf("mouth-up=0.75: not its throws (31.64 %%, 0.39 %%) or its command in %q", got)
	}
	for query, want := range map[string]string{
		"?mouth-up=2":             "mouth-up",
		"?no-such-option=1":       "no-such-option",
		"?players=9&paper=a4":     "players",
		"?mouth-up=x&sheet=rules": "mouth-up",
	} {
		var e errorBody
		if code := call(t, ts, "GET", "/api/games/tamman/print.pdf"+query, "", &e); code != 400 || !strings.HasPrefix(e.Code, "engine.") || !strings.Contains(e.Error, want) {
			t.Errorf("%s: %d %+v, want 400 with an engine code naming %s", query, code, e, want)
		}
	}
}
