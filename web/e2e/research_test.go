package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The Research page: a person picks Adji-Boto, ticks an option to vary,
// runs a small study and opens its report. The page and the report have
// no serious or critical axe violation.
func TestResearchPage(t *testing.T) {
	axe := axeSource(t)
	ctx := tab(t, 90*time.Second)
	must(t, ctx, chromedp.Navigate(srv.URL+"/research.html"))
	waitFor(t, ctx, `document.querySelectorAll('#game option').length === 3`, 10*time.Second)
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
