package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A test's tab installs no service worker (noServiceWorker): its page's
// register refuses, while a tab of offlineTabAt keeps its offline copy
// (visitThenStop checks that one).
func TestTabsKeepNoOfflineCopy(t *testing.T) {
	parallel(t)
	ctx := tab(t, 30*time.Second)
	waitFor(t, ctx, `!!document.querySelector('#home .card')`, 20*time.Second)
	if got := eval[string](t, ctx, `navigator.serviceWorker.register('sw.js').then(() => 'registered', (e) => e.name)`); got != "SecurityError" {
		t.Errorf("a test's tab registers the service worker: %q, want SecurityError", got)
	}
	other := sameDevice(t, ctx, 30*time.Second)
	must(t, other, chromedp.Navigate(srv.URL+"/"))
	waitFor(t, other, `!!document.querySelector('#home .card')`, 20*time.Second)
	if got := eval[string](t, other, `navigator.serviceWorker.register('sw.js').then(() => 'registered', (e) => e.name)`); got != "SecurityError" {
		t.Errorf("a second tab of a test's device registers the service worker: %q, want SecurityError", got)
	}
	if n := eval[int](t, ctx, `navigator.serviceWorker.getRegistrations().then((r) => r.length)`); n != 0 {
		t.Errorf("%d service workers registered on a test's device, want none", n)
	}
}
