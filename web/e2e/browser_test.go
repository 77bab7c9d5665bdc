package e2e

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// The tests run in Debian's chromium-headless-shell: the same Chromium
// (its Blink, V8, network stack, service workers and storage, built from
// the one chromium source package at the one version) without the desktop
// browser's windows, address bar, WebUI pages and profile services, which
// no test uses and which cost the desktop browser about a fifth more CPU
// for the same tests (docs/lab/test-suite.md, 6 December). The desktop
// browser, which people run, plays a whole game in TestTheDesktopBrowser.

// desktopChromium is Debian's chromium, the desktop browser.
const desktopChromium = "/usr/bin/chromium"

// startBrowser starts the browser exe with a profile of its own, removed
// by stop; its first run starts it, and it lives until stop.
func startBrowser(exe string) (ctx context.Context, stop func(), err error) {
	profile, err := os.MkdirTemp("", "tabula-chromium")
	if err != nil {
		return nil, func() {}, err
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		// Each browser context is a window, and the desktop browser
		// preloads its address bar's popups in each (WebUI pages in a
		// renderer of their own, with an animated caret): about a
		// CPU-second to open a context, and ~70-200 CPU-ms a second
		// while it lives, idle (~10 without), for a bar no test uses.
		// And a page left for another (through about:blank, as
		// gotoPages does) stays alive in the back-forward cache while
		// the next one starts a renderer process of its own: about
		// 0.25 CPU-s a process, 1.5 → 0.9 CPU-s a page load (no test
		// goes back in history across documents).
		chromedp.Flag("disable-features", "WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI,BackForwardCache,ProactivelySwapBrowsingInstance"),
		chromedp.Flag("lang", "en-US"),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelB := chromedp.NewContext(actx)
	stop = func() {
		cancelB()
		cancelA()
		os.RemoveAll(profile)
	}
	if err := chromedp.Do(bctx); err != nil {
		return bctx, stop, fmt.Errorf("%s does not start: %w", exe, err)
	}
	return bctx, stop, nil
}

// TestTheDesktopBrowser plays a whole game of Adji-Boto against the
// computer (the keyboard, a sowing step by step, undo, to the end: the
// case of TestWholeGames) in the desktop chromium, which the other tests
// leave for the headless shell.
func TestTheDesktopBrowser(t *testing.T) {
	parallelLong(t)
	if _, err := os.Stat(desktopChromium); err != nil {
		if os.Getenv("CI") == "true" && !testing.Short() {
			t.Fatalf("the desktop browser is not installed: %v (apt-get install chromium; scripts/test.sh does it)", err)
		}
		t.Skipf("the desktop browser is not installed: %v", err)
	}
	if noBrowser != "" {
		t.Skipf("browser tests skipped: %s", noBrowser)
	}
	desktop, stop, err := startBrowser(desktopChromium)
	defer stop()
	if err != nil {
		t.Fatal(err)
	}
	ctx := openTabIn(t, desktop, srv.URL+"/", 90*time.Second, false)
	// The desktop browser calls itself Chrome, the shell HeadlessChrome;
	// Debian ships both of one build: a difference is only told.
	mine, shell := version(t, desktop), version(t, browser)
	if !strings.HasPrefix(mine.Product, "Chrome/") {
		t.Fatalf("%s is not the desktop browser: it is %s", desktopChromium, mine.Product)
	}
	if mine.Revision != shell.Revision {
		t.Logf("the desktop browser (%s %s) and the tests' (%s %s) are of different builds", mine.Product, mine.Revision, shell.Product, shell.Revision)
	}
	adjiBotoAgainstComputer(t, ctx)
}

// version is what the browser b says it is.
func version(t *testing.T, b context.Context) cdpbrowser.GetVersionResult {
	t.Helper()
	var v cdpbrowser.GetVersionResult
	must(t, b, chromedp.Func(func(c context.Context, tg *chromedp.Target) (err error) {
		v, err = cdp.Call(c, tg, cdpbrowser.GetVersion, cdp.Empty{})
		return err
	}))
	return v
}
