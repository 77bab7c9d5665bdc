package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chatInTheRoom: two players and a spectator (pages, in an Adji-Boto
// room). A quick message of one
// player reaches the other in her language (German); the spectator's
// words reach the spectator's chat and neither player's during the game,
// and nothing of the players' chat reaches the spectator; a player who
// mutes the other no longer sees her lines.
func chatInTheRoom(t *testing.T, pages []context.Context) {
	a, b, spec := pages[0], pages[1], pages[2]
	setSelect(t, b, "#lang", "de")
	waitFor(t, b, `document.documentElement.lang === 'de'`, 5*time.Second)
	must(t, b, chromedp.Reload())
	waitFor(t, b, `(document.getElementById('room')||{dataset:{}}).dataset.conn === 'online'`, 20*time.Second)

	must(t, a, jsDo(`document.querySelector('#chat [data-quick="good-game"]').click()`))
	waitFor(t, b, `document.getElementById('chatlines').innerText.includes('Gutes Spiel')`, 10*time.Second)
	waitFor(t, a, `document.getElementById('chatlines').innerText.includes('Good game')`, 10*time.Second)

	must(t, spec, jsDo(`document.getElementById('chattext').value = 'nice opening'; document.getElementById('chatsend').click()`))
	waitFor(t, spec, `document.getElementById('chatlines').innerText.includes('nice opening')`, 10*time.Second)
	time.Sleep(500 * time.Millisecond) // a line that reached a player would be there by now
	for i, ctx := range []context.Context{a, b} {
		if text := eval[string](t, ctx, `document.getElementById('chatlines').innerText`); strings.Contains(text, "nice opening") {
			t.Errorf("player %d reads the spectators' chat during the game: %q", i, text)
		}
	}
	if text := eval[string](t, spec, `document.getElementById('chatlines').innerText`); strings.Contains(text, "Good game") {
		t.Errorf("the spectator reads the players' chat: %q", text)
	}

	must(t, b, jsDo(`document.querySelector('#chat [data-mute="0"]').click()`))
	waitFor(t, b, `document.querySelector('#chat [data-mute="0"]').getAttribute('aria-pressed') === 'true'`, 5*time.Second)
	if text := eval[string](t, b, `document.getElementById('chatlines').innerText`); strings.Contains(text, "Gutes Spiel") {
		t.Errorf("Ben, who muted Ana, still sees her line: %q", text)
	}
	must(t, a, jsDo(`document.getElementById('chattext').value = 'are you there?'; document.getElementById('chatsend').click()`))
	waitFor(t, a, `document.getElementById('chatlines').innerText.includes('are you there?')`, 10*time.Second)
	time.Sleep(500 * time.Millisecond)
	if text := eval[string](t, b, `document.getElementById('chatlines').innerText`); strings.Contains(text, "are you there") {
		t.Errorf("Ben, who muted Ana, reads %q", text)
	}
}
