package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// printButtonGivesThePDF: the game page's Print links give the server's
// PDF of the board and rules, on A4 and A3, in the page's language and
// under the options chosen (TestOneVisitorsPages runs it; it leaves the
// page in German).
func printButtonGivesThePDF(t *testing.T, ctx context.Context) {
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/game/tamman"))
	waitFor(t, ctx, `!!document.querySelector('#game[data-game="tamman"] #print')`, 30*time.Second)
	a4 := eval[string](t, ctx, `document.getElementById('print').getAttribute('href')`)
	a3 := eval[string](t, ctx, `document.getElementById('print-a3').getAttribute('href')`)
	if a4 != "/api/games/tamman/print.pdf?paper=a4&lang=en" || a3 != "/api/games/tamman/print.pdf?paper=a3&lang=en" {
		t.Errorf("print links %q and %q", a4, a3)
	}
	got := eval[string](t, ctx, `fetch(document.getElementById('print').href).then(async (r) => r.headers.get('Content-Type') + ' ' + (await r.text()).slice(0, 8))`)
	if got != "application/pdf %PDF-1.4" {
		t.Errorf("the print link gives %q", got)
	}
	// The links follow the options chosen, as --option does the command's.
	must(t, ctx, jsDo(`document.getElementById('more').open = true`))
	setField(t, ctx, "mouth-up", "0.75")
	waitFor(t, ctx, `document.getElementById('print').getAttribute('href').includes('mouth-up=0.75')`, 10*time.Second)
	got = eval[string](t, ctx, `fetch(document.getElementById('print-a3').href).then(async (r) => r.headers.get('Content-Type') + ' ' + (await r.text()).slice(0, 8))`)
	if got != "application/pdf %PDF-1.4" {
		t.Errorf("the print link with mouth-up=0.75 gives %q", got)
	}
	// German, chosen as a person does, with the header's select.
	setSelect(t, ctx, "#lang", "de")
	waitFor(t, ctx, `document.documentElement.lang === 'de'`, 5*time.Second)
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/game/adji-boto"))
	waitFor(t, ctx, `!!document.querySelector('#game[data-game="adji-boto"] #print')`, 30*time.Second)
	if text := eval[string](t, ctx, `document.getElementById('print').textContent + ' ' + document.getElementById('print').getAttribute('href')`); !strings.Contains(text, "drucken") || !strings.HasSuffix(text, "lang=de") {
		t.Errorf("in German the print link is %q", text)
	}
}
