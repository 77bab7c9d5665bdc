package e2e

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tabula/engine"
)

// playedRecord is a record of Adji-Boto (two seeds a hole) played to its
// end by the first legal move of each turn, with the players' names.
func playedRecord(t *testing.T, players ...string) map[string]any {
	t.Helper()
	g, _ := engine.Lookup("adji-boto")
	opts, err := engine.ParseOptions(g, []string{"seeds=2"})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := g.NewState(opts)
	moves := []string{}
	for !s.Terminal() {
		mv := engine.LegalTexts(s, s.Actors(nil)[0])[0]
		if err := engine.Play(s, mv); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, mv)
	}
	return map[string]any{"game": "adji-boto", "options": opts.Settings(), "moves": moves, "players": players}
}

// writeRecords writes records as JSON lines into a file of the test.
func writeRecords(t *testing.T, name string, recs ...map[string]any) string {
	t.Helper()
	var lines []string
	for _, r := range recs {
		b, _ := json.Marshal(r)
		lines = append(lines, string(b))
	}
	f, err := os.CreateTemp(t.TempDir(), "*-"+name)
	if err == nil {
		_, err = f.WriteString(strings.Join(lines, "\n") + "\n")
		f.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return f.Name()
}

// archiveImportFilterAndReplay: an import with a bad record names it
// and imports nothing of its file; a resigned game imports; "Until" today
// lists today's games; the list fits 390 px; Enter on "Next" of a replay
// keeps the focus there, in the room view that replays every game
// (TestOneVisitorsPages runs it).
func archiveImportFilterAndReplay(t *testing.T, ctx context.Context) {
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/games"))
	waitFor(t, ctx, `!!document.getElementById('aimport')`, 10*time.Second)
	good := playedRecord(t, "Ida", "Jon")
	unfinished := playedRecord(t, "Ida", "Jon")
	unfinished["moves"] = unfinished["moves"].([]string)[:3]
	must(t, ctx, chromedp.SetUploadFiles(chromedp.CSS(`#aimport`), []string{writeRecords(t, "bad.jsonl", good, unfinished)}))
	waitFor(t, ctx, `!document.getElementById('errors').hidden`, 10*time.Second)
	if msg := eval[string](t, ctx, `document.getElementById('errors').textContent`); !strings.Contains(msg, "record 2") {
		t.Errorf("the error of a bad import does not name the record: %q", msg)
	}
	resigned := playedRecord(t, "Ida", "Kim")
	resigned["moves"] = resigned["moves"].([]string)[:4]
	resigned["resigned"], resigned["result"] = 0, "player 1 wins"
	must(t, ctx, chromedp.SetUploadFiles(chromedp.CSS(`#aimport`), []string{writeRecords(t, "good.jsonl", good, resigned)}))
	waitFor(t, ctx, `!!document.getElementById('aimported')`, 10*time.Second)
	today := time.Now().UTC().Format("2006-01-02")
	must(t, ctx, jsDo(`document.getElementById('a-player').value = 'ida'; document.getElementById('a-until').value = '`+today+`'; document.querySelector('#afilter button').click()`))
	waitFor(t, ctx, `(document.getElementById('archive')||{dataset:{}}).dataset.q.includes('until=')`, 10*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll('#atable tbody tr').length`); n != 2 {
		t.Errorf("%d games of Ida until today, want the 2 of the good file (none of the bad one)", n)
	}
	if !eval[bool](t, ctx, `document.getElementById('atable').innerText.includes('Ida resigned: Kim wins')`) {
		t.Error("the resigned game's result does not say who resigned and who won")
	}
	// the result filter offers the server's codes with their words
	if opt := eval[string](t, ctx, `(document.querySelector('#a-result option[value="win:1"]') || {}).textContent || ''`); opt != "Player 1 wins" {
		t.Errorf("the filter of player 1's wins is labelled %q", opt)
	}
	fitsPhone(t, ctx, "list of finished games", "archive-390")
	must(t, ctx, jsDo(`document.querySelector('#atable tbody a').click()`))
	waitFor(t, ctx, `!!document.getElementById('r-next')`, 10*time.Second)
	must(t, ctx, chromedp.Focus(chromedp.CSS(`#r-next`)))
	must(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `document.getElementById('room').dataset.step === '1'`, 10*time.Second)
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "r-next" {
		t.Errorf("after Enter on Next the focus is on %q", id)
	}
	// the replay marks the move it shows, as a room's does
	if !eval[bool](t, ctx, `!!document.querySelector('#board .lastfrom')`) {
		t.Error("the archived game's replay does not mark the last move")
	}
	screenshot(t, ctx, "archived-replay", "")
}
