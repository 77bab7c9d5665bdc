package e2e

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
)

// This file holds the tests of one tab that share it: a new tab costs
// about half a CPU-second and its first page a second or more (the app's
// files fetched and compiled anew in a browser context of its own), a
// fresh device in a tab already open much less.

// tabCase is a test of one tab, a subtest of a test that runs several in
// one tab (tabCases), each on a fresh device (freshDevice).
type tabCase struct {
	name  string
	limit time.Duration                           // a net against a hang, as tab's
	at    func(t *testing.T) string               // its first page; nil: the app's home on srv
	run   func(t *testing.T, ctx context.Context) // ctx: the tab, at its first page
}

// tabCases runs cases as subtests, one after the other in one tab, each
// from a fresh device at its first page, with a time limit of its own.
func tabCases(t *testing.T, cases ...tabCase) {
	t.Helper()
	var total time.Duration
	for _, c := range cases {
		total += max(c.limit, tabAtLeast)
	}
	ctx := blankTab(t, total)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			first := srv.URL + "/"
			if c.at != nil {
				first = c.at(t)
			}
			cctx, cancel := context.WithTimeout(ctx, max(c.limit, tabAtLeast))
			defer cancel()
			freshDevice(t, cctx, first)
			c.run(t, cctx)
		})
	}
}

// freshDevice makes the tab of ctx a device that never saw first's
// origin, and opens first there as tab does (in English, with no
// animation): the origin's storage is cleared (localStorage and
// sessionStorage, IndexedDB, cookies, caches, service workers), and the
// screen's size and media are the tab's at its start.
func freshDevice(t *testing.T, ctx context.Context, first string) {
	t.Helper()
	u, err := url.Parse(first)
	if err != nil {
		t.Fatal(err)
	}
	origin := u.Scheme + "://" + u.Host
	// The page goes first (its engine's worker with it), for a file of the
	// origin that is not the app (no script of the app reads the storage),
	// then what it kept. The tab's session storage lives on through
	// navigations: the file's page clears it, and sets what tab sets
	// before the first page.
	must(t, ctx, chromedp.Navigate(origin+"/manifest.json"), chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(c, tg, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{Origin: origin,
			StorageTypes: "cookies,file_systems,indexeddb,local_storage,websql,service_workers,cache_storage,storage_buckets"}); err != nil {
			return err
		}
		if _, err := cdp.Call(c, tg, emulation.ClearDeviceMetricsOverride, cdp.Empty{}); err != nil {
			return err
		}
		if _, err := cdp.Call(c, tg, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(c, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
		return err
	}))
	must(t, ctx, jsDo(`sessionStorage.clear(); localStorage.clear(); localStorage.setItem('tabula.lang','en'); localStorage.setItem('tabula.speed','off')`),
		chromedp.Navigate(first))
}

// freshDeviceForgetsEverything: a tab (ctx, of tab) made dirty in every
// way a test of tabCases may leave it (storage of each kind, a game of
// the browser, the language, the screen's size and media) is, after
// freshDevice, as a new tab: nothing kept, the tab's settings
// (TestTabsOfTheTests runs it).
func freshDeviceForgetsEverything(t *testing.T, ctx context.Context) {
	openGame(t, ctx, "adji-boto", map[string]string{"seeds": "2"}, []string{"human", "human"})
	must(t, ctx, jsDo(`document.getElementById('start').click()`))
	waitFor(t, ctx, `location.hash.startsWith('#/play/b.')`, 20*time.Second)
	status(t, ctx)
	game := eval[string](t, ctx, `location.hash`)
	must(t, ctx,
		jsDo(`(async () => {
			localStorage.setItem('tabula.lang', 'de'); localStorage.setItem('dirt', '1');
			sessionStorage.setItem('dirt', '1');
			document.cookie = 'dirt=1; max-age=3600';
			await (await caches.open('dirt')).put('/dirt', new Response('dirt'));
			await new Promise((ok, fail) => { const r = indexedDB.open('dirt', 1); r.onsuccess = () => { r.result.close(); ok(); }; r.onerror = fail; });
		})()`),
		chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch),
		chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(c, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
			return err
		}))
	if !eval[bool](t, ctx, `window.innerWidth === 390 && matchMedia('(prefers-color-scheme: dark)').matches && !matchMedia('(prefers-reduced-motion: reduce)').matches && document.cookie.includes('dirt')`) {
		t.Fatal("the tab was not made dirty: the test tests nothing")
	}

	freshDevice(t, ctx, srv.URL+game)
	waitFor(t, ctx, `!!document.getElementById('notfound') || !!document.getElementById('room')`, 30*time.Second)
	if eval[bool](t, ctx, `!!document.getElementById('room')`) {
		t.Error("the game of the browser outlived the fresh device")
	}
	got := eval[map[string]any](t, ctx, `(async () => ({
		local: JSON.stringify(Object.entries(localStorage).sort()),
		session: sessionStorage.length,
		cookie: document.cookie,
		caches: (await caches.keys()).filter((k) => k === 'dirt').join(','),
		dbs: (await indexedDB.databases()).map((d) => d.name).filter((n) => n === 'dirt').join(','),
		width: window.innerWidth,
		touch: navigator.maxTouchPoints,
		dark: matchMedia('(prefers-color-scheme: dark)').matches,
		still: matchMedia('(prefers-reduced-motion: reduce)').matches,
		lang: document.documentElement.lang,
	}))()`)
	want := map[string]any{"local": `[["tabula.lang","en"],["tabula.speed","off"]]`, "session": 0.0, "cookie": "", "caches": "", "dbs": "",
		"width": 1280.0, "touch": 0.0, "dark": false, "still": true, "lang": "en"}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("after freshDevice %s is %v, want %v", k, got[k], w)
		}
	}
}
