package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// This file tests the catalogue and the language of the app.

func catalogueAndLanguage(t *testing.T, ctx context.Context) {
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/"), chromedp.WaitVisible(chromedp.CSS(`.card`)))
	n := eval[int](t, ctx, `document.querySelectorAll('.card').length`)
	if n < 3 {
		t.Errorf("%d games in the catalogue, want 3", n)
	}
	for _, want := range []string{"Tamman", "Adji-Boto", "Agsinnoninka", "Somali", "Saramaka", "Iloko", "1931", "1927", "DLP.Evidence.1424", "Marin", "Vanoverbergh", "Herskovits"} {
		if !strings.Contains(eval[string](t, ctx, `document.getElementById('home').innerText`), want) {
			t.Errorf("catalogue does not mention %q", want)
		}
	}
	if got := eval[int](t, ctx, `document.querySelectorAll('.card .thumb svg').length`); got != n {
		t.Errorf("%d board pictures for %d games", got, n)
	}
	if h := eval[string](t, ctx, `document.getElementById('home-h').textContent`); h != "The games" {
		t.Errorf("English heading %q", h)
	}
	screenshot(t, ctx, "home-en", "")
	fitsPhone(t, ctx, "home page", "phone-home")

	setSelect(t, ctx, "#lang", "de")
	waitFor(t, ctx, `document.getElementById('home-h').textContent === 'Die Spiele'`, 5*time.Second)
	if l := eval[string](t, ctx, `document.documentElement.lang`); l != "de" {
		t.Errorf("html lang %q after switching to German", l)
	}
	if !strings.Contains(eval[string](t, ctx, `document.getElementById('home').innerText`), "Volk") {
		t.Error("the catalogue's labels are not German")
	}
	screenshot(t, ctx, "home-de", "")
	// The choice is kept, and a game page is German too.
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/game/adji-boto"), chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#start`)))
	if s := eval[string](t, ctx, `document.getElementById('start').textContent`); s != "Spiel beginnen" {
		t.Errorf("start button %q in German", s)
	}
	screenshot(t, ctx, "game-page-adji-boto-de", "")
	setSelect(t, ctx, "#lang", "en")
	waitFor(t, ctx, `document.getElementById('start').textContent === 'Start the game'`, 5*time.Second)
}

// languageFromBrowser: with no choice saved, a German browser gets the
// German app.
func languageFromBrowser(t *testing.T, ctx context.Context) {
	var added page.ScriptIdentifier
	must(t, ctx, jsDo(`localStorage.removeItem('tabula.lang')`),
		chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
			r, err := cdp.Call(c, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
				Source: `Object.defineProperty(navigator, 'languages', {get: () => ['de-DE', 'de', 'en']});`})
			if err == nil {
				added = r.Identifier
			}
			return err
		}),
		chromedp.Navigate(srv.URL+"/?de#/"), chromedp.WaitVisible(chromedp.CSS(`.card`)))
	if h := eval[string](t, ctx, `document.getElementById('home-h').textContent`); h != "Die Spiele" {
		t.Errorf("heading %q for a German browser", h)
	}
	// The browser is English again for what the tab shows next.
	must(t, ctx, chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(c, tg, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: added})
		return err
	}))
}
