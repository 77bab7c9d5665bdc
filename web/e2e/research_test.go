package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/engine"
)

// TestResearch runs the tests of the Research page in one tab, on a
// server of its own (the page lists every study of the server): the page,
// then the layout of a report.
func TestResearch(t *testing.T) {
	parallel(t)
	page := ownApp(t).URL + "/research.html"
	ctx := tabAt(t, page, 3*time.Minute)
	t.Run("Page", func(t *testing.T) { researchPage(t, ctx) })
	t.Run("ReportLayout", func(t *testing.T) {
		must(t, ctx, chromedp.Navigate(page))
		reportLayout(t, ctx)
	})
}

// researchPage: a person picks Adji-Boto, ticks an option to vary, runs
// a small study and opens its report (ctx: a tab at the Research page of
// a server with no study yet). The page and the report have no serious
// or critical axe violation.
func researchPage(t *testing.T, ctx context.Context) {
	axe := axeSource(t)
	waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#game option').length === %d`, len(engine.Games())), 10*time.Second)
	setSelect(t, ctx, "#game", "adji-boto")
	must(t, ctx, jsDo(`document.querySelector('#options input[data-option="capture-from"]').checked = true;
		document.getElementById('games').value = '20';
		document.getElementById('skill').value = 'greedy';
		document.getElementById('run').click()`))
	waitFor(t, ctx, `[...document.querySelectorAll('#studies tbody tr')].some(tr => tr.textContent.includes('done') && tr.querySelector('a'))`, 60*time.Second)
	screenshot(t, ctx, "research-page", "")
	checkAxe(t, ctx, axe, "research")
	row := eval[string](t, ctx, `document.querySelector('#studies tbody tr').textContent`)
	for _, want := range []string{"Adji-Boto", "--vary capture-from=any,opponent", "--skill greedy", "--games 20"} {
		if !strings.Contains(row, want) {
			t.Errorf("study row %q lacks %q", row, want)
		}
	}
	// The ranking of the study's two readings, then the page in German
	// and on a phone.
	waitFor(t, ctx, `!document.getElementById('ranking').hidden && document.querySelectorAll('#ranks tbody tr').length === 2`, 10*time.Second)
	setSelect(t, ctx, "#lang", "de")
	// The language is kept for the next pages: English again at the end.
	t.Cleanup(func() { chromedp.Run(ctx, jsDo(`localStorage.setItem('tabula.lang', 'en')`)) })
	waitFor(t, ctx, `document.querySelector('h1').textContent === 'Forschung' && document.documentElement.lang === 'de'
		&& document.querySelector('#studies tbody tr').textContent.includes('fertig')
		&& document.querySelector('#ranks thead').textContent.includes('Ausgewogenheit')`, 10*time.Second)
	checkAxe(t, ctx, axe, "research-de")
	fitsPhone(t, ctx, "Research page", "research-page-de-phone")
	setSelect(t, ctx, "#lang", "en")
	must(t, ctx, jsDo(`document.querySelector('#studies tbody tr a').click()`))
	waitFor(t, ctx, `document.title.includes('readings compared') && document.querySelectorAll('svg').length === 6`, 20*time.Second)
	screenshot(t, ctx, "research-report", "")
	checkAxe(t, ctx, axe, "research-report")
	if n := eval[int](t, ctx, `[...document.querySelectorAll('table')][0].querySelectorAll('tr').length`); n != 3 {
		t.Errorf("readings table has %d rows, want a header and 2 readings", n)
	}
}

// reportLayout: the HTML report of 24 readings (Adji-Boto's grid) at a
// desktop's and a phone's width: the page is no wider than the screen, no
// legend box overlaps its plot, and the lead curves' legend tells the 24
// readings apart by colour and dash (ctx: a tab at the Research page).
func reportLayout(t *testing.T, ctx context.Context) {
	waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#game option').length === %d`, len(engine.Games())), 10*time.Second)
	setSelect(t, ctx, "#game", "adji-boto")
	setSelect(t, ctx, "#design", "grid")
	must(t, ctx, jsDo(`for (const o of ['chain-through-empty', 'capture-from', 'opening', 'skip-origin'])
			document.querySelector('#options input[data-option="' + o + '"]').checked = true;
		document.getElementById('games').value = '10';
		document.getElementById('run').click()`))
	waitFor(t, ctx, `[...document.querySelectorAll('#studies tbody tr')].some(tr => tr.textContent.includes('--design grid') && tr.textContent.includes('done') && tr.querySelector('a'))`, 60*time.Second)
	must(t, ctx, jsDo(`[...document.querySelectorAll('#studies tbody tr')].find(tr => tr.textContent.includes('--design grid')).querySelector('a').click()`))
	waitFor(t, ctx, `document.title.includes('readings compared') && document.querySelectorAll('figure svg').length === 6`, 20*time.Second)
	for _, size := range [][2]int64{{1280, 900}, {390, 844}} {
		must(t, ctx, chromedp.EmulateViewport(size[0], size[1]))
		waitFor(t, ctx, fmt.Sprintf(`window.innerWidth === %d`, size[0]), 5*time.Second)
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 0 {
			t.Errorf("%d px: the report is %d px wider than the window", size[0], w)
		}
		overlaps := eval[[]string](t, ctx, `[...document.querySelectorAll('figure')].filter(f => {
			const a = f.querySelector('svg').getBoundingClientRect(), l = f.querySelector('ul.legend');
			if (!l) return false;
			const b = l.getBoundingClientRect();
			return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
		}).map(f => f.id)`)
		if len(overlaps) > 0 {
			t.Errorf("%d px: legends overlap their plots in %v", size[0], overlaps)
		}
		screenshot(t, ctx, fmt.Sprintf("report-24-readings-%d", size[0]), "")
	}
	must(t, ctx, chromedp.EmulateViewport(1280, 900))
	styles := eval[[]string](t, ctx, `[...document.querySelectorAll('#lead ul.legend .sw')].map(s => s.getAttribute('style'))`)
	distinct := map[string]bool{}
	for _, s := range styles {
		distinct[s] = true
	}
	if len(styles) != 24 || len(distinct) != 24 {
		t.Errorf("lead legend: %d entries, %d distinct styles; want 24 and 24", len(styles), len(distinct))
	}
}
