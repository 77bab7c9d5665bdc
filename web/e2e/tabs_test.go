package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTabsOfTheTests checks the harness's tabs, in one tab of tab: a
// test's tab keeps no offline copy, and freshDevice forgets everything.
func TestTabsOfTheTests(t *testing.T) {
	parallel(t)
	ctx := tab(t, 2*time.Minute)
	t.Run("KeepNoOfflineCopy", func(t *testing.T) { tabsKeepNoOfflineCopy(t, ctx) })
	t.Run("FreshDeviceForgetsEverything", func(t *testing.T) { freshDeviceForgetsEverything(t, ctx) })
}

// tabsKeepNoOfflineCopy: a test's tab (ctx, of tab, at the app's home)
// installs no service worker (noServiceWorker): its page's register
// refuses, and so does a second tab of its device, while a tab of
// offlineTabAt keeps its offline copy (visit checks that one).
func tabsKeepNoOfflineCopy(t *testing.T, ctx context.Context) {
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
