package e2e

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// styleServer is the app's server with a style.css that the test can
// change: its version shows in the page as the CSS property
// --tabula-version; it counts how style.css was answered (200 with a
// body, 304 without) and numbers its answers (X-Answer: a 304's headers
// reach the browser's HTTP cache, so a copy written again shows it).
type styleServer struct {
	app     http.Handler
	style   []byte
	mu      sync.Mutex
	version int
	served  int
	answers map[int]int
}

func (s *styleServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/style.css" {
		s.app.ServeHTTP(w, r)
		return
	}
	s.mu.Lock()
	v := s.version
	s.served++
	n := s.served
	s.mu.Unlock()
	body := fmt.Appendf(bytes.Clone(s.style), "\n:root { --tabula-version: \"%d\"; }\n", v)
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("ETag", fmt.Sprintf(`"style-%d"`, v))
	w.Header().Set("X-Answer", fmt.Sprint(n)) // which answer a kept copy is

	rec := &statusOf{ResponseWriter: w, status: http.StatusOK}
	http.ServeContent(rec, r, "style.css", time.Time{}, bytes.NewReader(body))
	s.mu.Lock()
	s.answers[rec.status]++
	s.mu.Unlock()
}

func (s *styleServer) counts() (full, notModified int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.answers[http.StatusOK], s.answers[http.StatusNotModified]
}

type statusOf struct {
	http.ResponseWriter
	status int
}

func (w *statusOf) WriteHeader(code int) { w.status = code; w.ResponseWriter.WriteHeader(code) }

// offlineCopyFollowsTheServer: the service worker answers from its copy,
// asks the server with the copy's ETag whether the file changed (a 304,
// no body, while it did not) and keeps the new version when it did: the
// reload after the one that fetched it shows it. ctx is a tab of visit,
// whose server is s (TestOffline runs it, before it stops the server).
func offlineCopyFollowsTheServer(t *testing.T, ctx context.Context, s *styleServer) {
	version := func() string {
		return strings.Trim(eval[string](t, ctx, `getComputedStyle(document.documentElement).getPropertyValue('--tabula-version').trim()`), `"`)
	}
	if v := version(); v != "1" {
		t.Fatalf("the first visit shows style.css version %q, want 1", v)
	}
	// Unchanged: each page load asks, and the server answers without a body.
	keptAnswer := `caches.open('tabula-2').then((c) => c.match('style.css')).then((r) => r.headers.get('X-Answer'))`
	installed := eval[string](t, ctx, keptAnswer)
	full, _ := s.counts()
	for range 2 {
		_, before := s.counts()
		must(t, ctx, chromedp.Reload())
		waitFor(t, ctx, `!!document.querySelector('#home .card')`, 20*time.Second)
		for deadline := time.Now().Add(30 * time.Second); ; {
			if _, n := s.counts(); n > before {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("a reload did not ask the server whether style.css changed")
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	if now, _ := s.counts(); now != full {
		t.Errorf("style.css was sent again %d times while it had not changed", now-full)
	}
	if n := eval[string](t, ctx, keptAnswer); n != installed {
		t.Errorf("the service worker wrote its copy of the unchanged style.css again (the copy is answer %s, want %s, the one installed)", n, installed)
	}
	// Changed: the reload answers from the copy and keeps the new version,
	// the next one shows it.
	s.mu.Lock()
	s.version = 2
	s.mu.Unlock()
	must(t, ctx, chromedp.Reload())
	waitFor(t, ctx, `!!document.querySelector('#home .card')`, 20*time.Second)
	must(t, ctx, jsDo(`new Promise((ok, fail) => {
		const until = Date.now() + 30000;
		const check = async () => {
			const kept = await (await caches.open('tabula-2')).match('style.css');
			if (kept && (await kept.text()).includes('--tabula-version: "2"')) return ok();
			if (Date.now() > until) return fail(new Error('the service worker did not keep the new style.css'));
			setTimeout(check, 50);
		};
		check();
	})`))
	must(t, ctx, chromedp.Reload())
	waitFor(t, ctx, `!!document.querySelector('#home .card')`, 20*time.Second)
	if v := version(); v != "2" {
		t.Errorf("after the file changed and two reloads the page shows style.css version %q, want 2", v)
	}
}
