package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// hideAndListen makes the page's tab look hidden (as one behind another
// tab is) and replaces the browser's Notification API with one that keeps
// what it is asked to show in window.__notes, permission granted.
const hideAndListen = `window.__notes = [];
	window.Notification = class { constructor(title, o) { window.__notes.push(title + ' | ' + ((o && o.body) || '')); }
		static get permission() { return 'granted'; } static requestPermission() { return Promise.resolve('granted'); } };
	Object.defineProperty(document, 'hidden', { get: () => true });
	Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });`

// yourMoveInTheTitleAndANotification: in an online game the tab of
// the player to move says so in its title (in the page's language) and
// icon, the other's does not; after the opponent's move a hidden tab's
// title says it is your move and, once the player turned notifications
// on, the browser shows one, in German for a German page. The sound is
// off until turned on.
func yourMoveInTheTitleAndANotification(t *testing.T, a, b context.Context) {
	setSelect(t, a, "#lang", "de")
	waitFor(t, a, `document.documentElement.lang === 'de'`, 5*time.Second)
	must(t, a, chromedp.Reload())
	waitFor(t, a, `(document.getElementById('room')||{dataset:{}}).dataset.status === 'input'`, 20*time.Second)
	patchPage(t, a, hideAndListen)
	if eval[string](t, a, `document.getElementById('soundbtn').getAttribute('aria-pressed')`) != "false" {
		t.Error("the sound is on before the player asked for it")
	}
	must(t, a, jsDo(`document.getElementById('notifybtn').click()`))
	waitFor(t, a, `document.getElementById('notifybtn').getAttribute('aria-pressed') === 'true'`, 5*time.Second)

	if title := eval[string](t, a, `document.title`); !strings.HasPrefix(title, "(•) Du bist am Zug") {
		t.Errorf("the mover's title at the start is %q", title)
	}
	if eval[bool](t, a, `!document.querySelector('link[rel="icon"]').href.startsWith('data:')`) {
		t.Error("the mover's tab icon does not show the move")
	}
	if title := eval[string](t, b, `document.title`); strings.Contains(title, "(•)") {
		t.Errorf("the waiting player's title is %q", title)
	}
	if st, _ := roomStep(t, a); st != "moved" {
		t.Fatal("Ana could not move")
	}
	waitFor(t, b, `document.title.startsWith('(•) Your move')`, 10*time.Second)
	waitFor(t, a, `!document.title.includes('(•)')`, 10*time.Second)
	waitFor(t, b, `document.getElementById('room').dataset.status === 'input'`, 10*time.Second)
	if st, _ := roomStep(t, b); st != "moved" {
		t.Fatal("Ben could not move")
	}
	waitFor(t, a, `document.title.startsWith('(•) Du bist am Zug')`, 10*time.Second)
	waitFor(t, a, `window.__notes.length > 0`, 5*time.Second)
	if notes := eval[[]string](t, a, `window.__notes`); len(notes) != 1 || !strings.HasPrefix(notes[0], "Du bist am Zug") {
		t.Errorf("the notifications shown: %q, want one, in German", notes)
	}
}
