package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// axeSource is axe-core, installed from the npm registry into
// node_modules by scripts/test.sh (npm ci, at the version of
// package-lock.json).
func axeSource(t *testing.T) string {
	t.Helper()
	return npmSource(t, "axe-core", "axe.min.js")
}

// npmSource reads file of the npm package pkg from node_modules. In CI a
// missing package fails the test; elsewhere it skips it.
func npmSource(t *testing.T, pkg, file string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("node_modules", pkg, file))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing (cd web/e2e && npm ci): %v", pkg, err)
		}
		t.Skipf("%s is missing (cd web/e2e && npm ci): %v", pkg, err)
	}
	return string(src)
}

type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target []any  `json:"target"`
		HTML   string `json:"html"`
	} `json:"nodes"`
}

// checkAxe runs axe-core on the page and fails the test for every
// violation of impact serious or critical. label-content-name-mismatch,
// experimental in axe, is turned on: the issue names it.
func checkAxe(t *testing.T, ctx context.Context, axe, page string) {
	t.Helper()
	if !eval[bool](t, ctx, `typeof window.axe === 'object'`) {
		must(t, ctx, jsDo(axe))
	}
	// resultTypes: only the violations are wanted in full (axe then keeps
	// one node of each rule that passes, not every one).
	js := `(async () => { const r = await axe.run(document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } }); return JSON.stringify(r.violations); })()`
	var vs []axeViolation
	if err := json.Unmarshal([]byte(eval[string](t, ctx, js)), &vs); err != nil {
		t.Fatalf("axe on %s: %v", page, err)
	}
	for _, v := range vs {
		if v.Impact != "serious" && v.Impact != "critical" {
			t.Logf("axe on %s (%s, not counted): %s", page, v.Impact, v.ID)
			continue
		}
		var where []string
		for i, n := range v.Nodes {
			if i == 3 {
				where = append(where, fmt.Sprintf("and %d more", len(v.Nodes)-3))
				break
			}
			where = append(where, fmt.Sprint(n.Target)+" "+truncate(n.HTML, 120))
		}
		t.Errorf("axe on %s: %s (%s): %s at %s", page, v.ID, v.Impact, v.Help, strings.Join(where, "; "))
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// TestAccessibilityAndScreenshots: the home, setup, play, replay and
// analysis pages in English and German, on a desktop and a 390 px phone,
// have no serious or critical axe violation and are no wider than the
// window; with -screenshots a screenshot of each is written for people
// to look at. The languages take turns in one tab (a tab and its first
// page cost about two CPU-seconds), German chosen as a person does, with
// the header's language select; each page is checked at both sizes, the
// phone's after the desktop's, so that a game and its analysis are
// played once for both.
func TestAccessibilityAndScreenshots(t *testing.T) {
	parallelLong(t)
	axe := axeSource(t)
	ctx := tab(t, 12*time.Minute) // both sizes of every page, in both languages
	sizes := []struct {
		width, height int64
		name          string
	}{{1280, 900, "desktop"}, {390, 844, "phone"}}
	for _, lang := range []string{"en", "de"} {
		t.Run(lang, func(t *testing.T) {
			must(t, ctx, chromedp.Navigate(srv.URL+"/#/"))
			setSelect(t, ctx, "#lang", lang)
			waitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q && !!document.querySelector('#home .card')`, lang), 10*time.Second)
			shoot := func(page string) {
				t.Helper()
				for i, size := range sizes {
					if i > 0 {
						must(t, ctx, chromedp.EmulateViewport(size.width, size.height))
						waitFor(t, ctx, fmt.Sprintf(`window.innerWidth === %d && document.documentElement.clientWidth <= %d`, size.width, size.width), 5*time.Second)
					}
					if w := eval[int](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 0 {
						t.Errorf("%s on a %s is %d px wider than the window", page, size.name, w)
					}
					checkAxe(t, ctx, axe, page+" ("+size.name+")")
					screenshot(t, ctx, fmt.Sprintf("page-%s-%s-%s", page, lang, size.name), "")
				}
				must(t, ctx, chromedp.EmulateViewport(sizes[0].width, sizes[0].height))
				waitFor(t, ctx, fmt.Sprintf(`window.innerWidth === %d`, sizes[0].width), 5*time.Second)
			}
			shoot("home")
			openGame(t, ctx, "tamman", map[string]string{"players": "4"}, []string{"human", "random", "human", "random"})
			shoot("setup-tamman")
			must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
			status(t, ctx)
			if eval[bool](t, ctx, `!!document.querySelector('#board [data-pick]')`) {
				must(t, ctx, jsDo(`document.querySelector('#board [data-pick]').dispatchEvent(new MouseEvent('click', {bubbles: true}))`))
				waitFor(t, ctx, `!!document.querySelector('#board [data-move]')`, 5*time.Second)
			}
			shoot("play-tamman")
			openGame(t, ctx, "adji-boto", map[string]string{"seeds": "2"}, []string{"human", "random"})
			shoot("setup")
			must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
			status(t, ctx)
			shoot("play")
			must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`))
			playThrough(t, ctx, 400, nil)
			shoot("over")
			must(t, ctx, chromedp.Click(chromedp.CSS(`#replay`)))
			waitFor(t, ctx, `document.getElementById('room').dataset.status === 'replay'`, 10*time.Second)
			must(t, ctx, jsDo(`document.getElementById('r-next').click()`))
			waitFor(t, ctx, replayAt+` === 1`, 10*time.Second)
			shoot("replay")
			must(t, ctx, jsDo(`document.getElementById('analyse').click()`), jsDo(`document.getElementById('loadgraph').click()`))
			waitFor(t, ctx, `!!document.querySelector('#analysis .evalbars') && !!document.querySelector('#graph svg.evalgraph')`, 90*time.Second)
			shoot("analysis")
			must(t, ctx, chromedp.Navigate(srv.URL+"/#/play/nope"))
			waitFor(t, ctx, `!!document.getElementById('notfound')`, 10*time.Second)
			shoot("notfound")
		})
	}
}
