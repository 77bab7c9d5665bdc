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

	"tabula/engine"
	"tabula/view"
)

// This file plays whole games of each game through the page.

// TestWholeGames plays whole games of each game, each at a fresh device,
// one after the other in one tab (tabCases).
func TestWholeGames(t *testing.T) {
	parallelLong(t)
	tabCases(t,
		tabCase{"TammanAgainstComputer", 120 * time.Second, nil, tammanAgainstComputer},
		tabCase{"AgsinnoninkaAgainstComputer", 120 * time.Second, nil, agsinnoninkaAgainstComputer},
		tabCase{"AgsinnoninkaOneDevice", 120 * time.Second, nil, agsinnoninkaOneDevice},
		tabCase{"AdjiBotoAgainstComputer", 90 * time.Second, nil, adjiBotoAgainstComputer},
		tabCase{"TammanFourPlayers", 60 * time.Second, nil, tammanFourPlayers},
	)
}

func adjiBotoAgainstComputer(t *testing.T, ctx context.Context) {
	openGame(t, ctx, "adji-boto", map[string]string{"seeds": "2"}, []string{"human", "random"})
	if !eval[bool](t, ctx, `document.querySelector('.fullrules #rulesdoc h3, .fullrules #rulesdoc h2') !== null`) {
		t.Error("the rules page is not shown on the game page")
	}
	screenshot(t, ctx, "game-page-adji-boto", "")
	must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
	if status(t, ctx) != "input" {
		t.Fatal("no input at the start")
	}
	// The first move by keyboard alone: focus a hole and press Enter.
	must(t, ctx, chromedp.Focus(chromedp.CSS(`#board [data-move]`)), chromedp.KeyEvent("\r"))
	status(t, ctx)
	if movesPlayed(t, ctx) < 2 {
		t.Fatalf("keyboard move: %d moves in the list", movesPlayed(t, ctx))
	}
	screenshot(t, ctx, "board-adji-boto", "#board")
	// A sowing, caught in the middle: the seeds go one by one.
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','slow')`), jsDo(`document.querySelector('#legal button.move').click()`))
	waitFor(t, ctx, `!!document.querySelector('#board .hand')`, 5*time.Second)
	screenshot(t, ctx, "board-adji-boto-sowing", "#board")
	status(t, ctx)
	// Undo takes back the person's move and the computer's reply.
	before := movesPlayed(t, ctx)
	must(t, ctx, jsDo(`document.getElementById('undo').click()`))
	waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#movelist li').length === %d`, before-2), 5*time.Second)
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`))
	turns := playThrough(t, ctx, 400, nil)
	res := eval[string](t, ctx, `document.querySelector('#result .resulttext').textContent`)
	if !strings.Contains(res, "wins") && res != "Draw" {
		t.Errorf("result %q", res)
	}
	t.Logf("adji-boto: %d person turns, %s", turns, res)
	screenshot(t, ctx, "result-adji-boto", "")
	// The language switches on the play page too, board labels included.
	setSelect(t, ctx, "#lang", "de")
	waitFor(t, ctx, `/gewinnt|Unentschieden/.test(document.querySelector('#result .resulttext').textContent) && document.querySelector('#board [data-hole]').getAttribute('aria-label').startsWith('Loch')`, 5*time.Second)
	setSelect(t, ctx, "#lang", "en")
	checkReplayAndRecord(t, ctx)
}

// replayAt is the position of the replay: the turns played up to it, from
// the current entry of the move list.
const replayAt = `(() => { const c = document.querySelector('#movelist [aria-current] [data-ply]'); return c ? Number(c.dataset.ply) : 0; })()`

// checkReplayAndRecord replays the finished game step by step, downloads
// its record and loads it again through the file input.
func checkReplayAndRecord(t *testing.T, ctx context.Context) {
	t.Helper()
	n := movesPlayed(t, ctx)
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','fast')`),
		chromedp.Click(chromedp.CSS(`#replay`)))
	waitFor(t, ctx, `document.getElementById('room').dataset.status === 'replay'`, 5*time.Second)
	for i := 1; i <= 3 && i <= n; i++ {
		must(t, ctx, chromedp.Click(chromedp.CSS(`#r-next`)))
		waitFor(t, ctx, fmt.Sprintf(`%s === %d`, replayAt, i), 10*time.Second)
	}
	must(t, ctx, chromedp.Click(chromedp.CSS(`#r-last`)))
	waitFor(t, ctx, fmt.Sprintf(`%s === %d`, replayAt, n), 5*time.Second)
	must(t, ctx, chromedp.Click(chromedp.CSS(`#r-exit`)))
	// The download link gives the record.
	rec := eval[string](t, ctx, downloadJS)
	var r view.Record
	if err := json.Unmarshal([]byte(rec), &r); err != nil || len(r.Moves) != n {
		t.Fatalf("downloaded record (%d moves, want %d): %v", len(r.Moves), n, err)
	}
	path := filepath.Join(t.TempDir(), "record.json")
	if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	oldID := eval[string](t, ctx, `location.hash`)
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/"), chromedp.WaitVisible(chromedp.CSS(`#loadfile`)),
		chromedp.SetUploadFiles(chromedp.CSS(`#loadfile`), []string{path}))
	waitFor(t, ctx, fmt.Sprintf(`location.hash.startsWith('#/play/') && location.hash !== %q && !!document.getElementById('room')`, oldID), 10*time.Second)
	if status(t, ctx) != "over" || movesPlayed(t, ctx) != n {
		t.Errorf("loaded record: status %s, %d moves, want over and %d", status(t, ctx), movesPlayed(t, ctx), n)
	}
}

func tammanAgainstComputer(t *testing.T, ctx context.Context) {
	// A move a turn, no exact finish and cowries that mostly fall mouth up
	// (a 4, which earns another throw): the shorter game (some 15 turns of
	// the person's, not 60).
	openGame(t, ctx, "tamman", map[string]string{"players": "2", "exact-finish": "false", "throw-use": "total", "mouth-up": "0.9"}, []string{"human", "random"})
	must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
	status(t, ctx)
	screenshot(t, ctx, "board-tamman", "#room")
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`))
	turns := playThrough(t, ctx, 3000, nil)
	t.Logf("tamman: %d person turns, %s", turns, eval[string](t, ctx, `document.querySelector('#result .resulttext').textContent`))
	screenshot(t, ctx, "result-tamman", "")
}

func tammanFourPlayers(t *testing.T, ctx context.Context) {
	// The previews draw the men of the chosen number of players on their
	// real seats: two players sit on c1 and c5, four on every 'ayn.
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/"), chromedp.WaitVisible(chromedp.CSS(`.card[data-game="tamman"] .thumb svg`)))
	men := func(box, sq string) int {
		return eval[int](t, ctx, fmt.Sprintf(`document.querySelectorAll('%s [data-square="%s"] .man').length`, box, sq))
	}
	if home := `.card[data-game="tamman"] .thumb`; men(home, "c1") == 0 || men(home, "c5") == 0 || men(home, "e3") != 0 || men(home, "a3") != 0 {
		t.Errorf("home preview: men on c1 %d, c5 %d, e3 %d, a3 %d; want two players on c1 and c5",
			men(home, "c1"), men(home, "c5"), men(home, "e3"), men(home, "a3"))
	}
	openGame(t, ctx, "tamman", map[string]string{"players": "4"}, nil)
	if eval[int](t, ctx, `document.querySelectorAll('#seats select').length`) != 4 {
		t.Fatal("four players give no four seats")
	}
	for _, sq := range []string{"c1", "e3", "c5", "a3"} {
		if men("#gamethumb", sq) == 0 {
			t.Errorf("setup preview for four players: no man on %s", sq)
		}
	}
	setField(t, ctx, "players", "3")
	waitFor(t, ctx, `document.querySelectorAll('#seats select').length === 3 && !document.getElementById('seats').dataset.pending`, 10*time.Second)
	if men("#gamethumb", "a3") != 0 || men("#gamethumb", "e3") == 0 {
		t.Errorf("setup preview for three players: men on a3 %d, e3 %d; want c1, e3, c5 only", men("#gamethumb", "a3"), men("#gamethumb", "e3"))
	}
	setField(t, ctx, "players", "4")
	waitFor(t, ctx, `document.querySelectorAll('#seats select').length === 4 && !document.getElementById('seats').dataset.pending`, 10*time.Second)
	for i, s := range []string{"human", "human", "random", "human"} {
		setSelect(t, ctx, fmt.Sprintf("#seat-%d", i), s)
	}
	must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
	status(t, ctx)
	// With the keyboard alone: Tab to a man, Enter picks it and the
	// legal targets light up; Tab to a target, Enter moves.
	if !eval[bool](t, ctx, `!!document.querySelector('#board [data-pick]')`) {
		t.Fatal("no man to pick")
	}
	before := movesPlayed(t, ctx)
	tabTo := func(attr string) {
		t.Helper()
		for i := 0; i < 60; i++ {
			if eval[bool](t, ctx, fmt.Sprintf(`!!(document.activeElement && document.activeElement.hasAttribute(%q))`, attr)) {
				return
			}
			must(t, ctx, chromedp.KeyEvent("\t"))
		}
		t.Fatalf("Tab never reaches an element with %s", attr)
	}
	tabTo("data-pick")
	must(t, ctx, chromedp.KeyEvent("\r"))
	waitFor(t, ctx, `!!document.querySelector('#board .target')`, 5*time.Second)
	screenshot(t, ctx, "board-tamman-4", "#room")
	tabTo("data-move")
	must(t, ctx, chromedp.KeyEvent("\r"))
	status(t, ctx)
	if movesPlayed(t, ctx) <= before {
		t.Error("the keyboard move was not played")
	}
	phoneViewport(t, ctx)
	screenshot(t, ctx, "phone-tamman", "")
}

func agsinnoninkaAgainstComputer(t *testing.T, ctx context.Context) {
	// Three seeds a hole: some 20 turns of the person's, not 60.
	openGame(t, ctx, "agsinnoninka", map[string]string{"match": "false", "seeds": "3"}, []string{"human", "random"})
	must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
	status(t, ctx)
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','slow')`), jsDo(`document.querySelector('#legal button.move').click()`))
	waitFor(t, ctx, `document.querySelectorAll('#board .hand').length === 2`, 5*time.Second)
	screenshot(t, ctx, "board-agsinnoninka-sowing", "#board")
	status(t, ctx)
	screenshot(t, ctx, "board-agsinnoninka", "#board")
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`))
	turns := playThrough(t, ctx, 3000, nil)
	t.Logf("agsinnoninka: %d person turns", turns)
	screenshot(t, ctx, "result-agsinnoninka", "")
}

func agsinnoninkaOneDevice(t *testing.T, ctx context.Context) {
	openGame(t, ctx, "agsinnoninka", map[string]string{"match": "false", "seeds": "3"}, []string{"human", "human"})
	must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
	if status(t, ctx) != "handover" {
		t.Fatal("a simultaneous turn at one device does not start with a hand-over screen")
	}
	screenshot(t, ctx, "handover-agsinnoninka", "#room")
	must(t, ctx, chromedp.Click(chromedp.CSS(`#ready`)))
	if status(t, ctx) != "input" {
		t.Fatal("no choice after the hand-over")
	}
	// Player 0 chooses; player 1 then sees a hand-over screen, and
	// nothing on the page tells player 0's choice.
	first := eval[string](t, ctx, `document.querySelector('#legal button.move').dataset.move`)
	must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	if status(t, ctx) != "handover" {
		t.Fatal("player 1 gets no hand-over screen")
	}
	if eval[int](t, ctx, `document.querySelectorAll('#movelist li').length`) != 0 {
		t.Error("a move was sent before both chose")
	}
	if txt := eval[string](t, ctx, `document.getElementById('handover').innerText`); strings.Contains(txt, first) {
		t.Errorf("the hand-over screen shows player 0's choice %q: %s", first, txt)
	}
	must(t, ctx, chromedp.Click(chromedp.CSS(`#ready`)))
	status(t, ctx)
	must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	status(t, ctx)
	if got := eval[string](t, ctx, `document.querySelector('#movelist li') ? document.querySelector('#movelist li').textContent : ''`); !strings.Contains(got, first+",") {
		t.Errorf("first joint move %q, want player 0's %s first", got, first)
	}
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`))
	turns := playThrough(t, ctx, 3000, nil)
	t.Logf("agsinnoninka at one device: %d choices", turns)
	screenshot(t, ctx, "result-agsinnoninka-one-device", "")
}

// TestEveryRegisteredGame checks every registered game in the browser:
// its game page shows the summary, each option's description and each enum
// value's label that the game's package gives, in English and in German,
// and a person can start it at its defaults and play against the computer.
func TestEveryRegisteredGame(t *testing.T) {
	parallelLong(t)
	games := engine.Games()
	if len(games) < 3 {
		t.Fatalf("%d games registered, want the three of the sources", len(games))
	}
	// Every game in the same tab, one after the other (a tab costs a
	// CPU-second or two).
	ctx := tab(t, time.Duration(len(games))*90*time.Second)
	for _, g := range games {
		t.Run(g.ID(), func(t *testing.T) {
			e, ok := engine.CatalogueOf(g)
			if !ok || len(e.Summary) == 0 {
				t.Fatalf("%s has no catalogue entry with a summary", g.ID())
			}
			openGame(t, ctx, g.ID(), nil, nil)
			for _, lang := range engine.Languages {
				setSelect(t, ctx, "#lang", lang)
				// The page is drawn again in the language, summary first.
				waitFor(t, ctx, fmt.Sprintf(`(document.querySelector('.summary li') || {}).textContent === %q`, e.Summary[0][lang]), 5*time.Second)
				for _, sp := range g.Specs() {
					doc := eval[string](t, ctx, fmt.Sprintf(`(document.getElementById('opt-' + %q + '-doc') || {}).textContent || ''`, sp.Name))
					if want := e.Options[sp.Name].Doc[lang]; doc != want {
						t.Errorf("%s: option %s described as %q, want %q", lang, sp.Name, doc, want)
					}
					for _, v := range sp.Values {
						label := eval[string](t, ctx, fmt.Sprintf(`(document.querySelector('#opt-' + %q + ' option[value="' + %q + '"]') || {}).textContent || ''`, sp.Name, v))
						if want := e.Options[sp.Name].Values[v][lang]; !strings.Contains(label, want) || !strings.Contains(label, v) {
							t.Errorf("%s: value %s of %s labelled %q, want %q and the value", lang, v, sp.Name, label, want)
						}
					}
				}
			}
			setSelect(t, ctx, "#lang", "en")
			waitFor(t, ctx, fmt.Sprintf(`(document.querySelector('.summary li') || {}).textContent === %q`, e.Summary[0]["en"]), 5*time.Second)
			// A person against the random agent in every other seat.
			n := eval[int](t, ctx, `document.querySelectorAll('#seats select').length`)
			if info, err := engine.GameInfo(g, engine.Options{}); err != nil || n != info.Players {
				t.Fatalf("%d seats, want the %d players the game declares (%v)", n, info.Players, err)
			}
			for i := 0; i < n; i++ {
				seat := "random"
				if i == 0 {
					seat = "human"
				}
				setSelect(t, ctx, fmt.Sprintf("#seat-%d", i), seat)
			}
			must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`), chromedp.Click(chromedp.CSS(`#start`)))
			// The phase line names the phase in the game's own words.
			status(t, ctx)
			phase := eval[string](t, ctx, `(document.getElementById('phase') || {}).textContent || ''`)
			shownPhase := eval[string](t, ctx, `(async () => { const m = `+roomNow+`; return m.state.phase || ''; })()`)
			if w, ok := e.Words["phase_"+shownPhase]; ok && !strings.Contains(phase, w["en"]) {
				t.Errorf("phase %q: the page says %q, want %q", shownPhase, phase, w["en"])
			}
			// What the scores count is the game's word too.
			if note, want := eval[string](t, ctx, `(document.querySelector('.scorenote') || {}).textContent || ''`), e.Words[engine.ScoreNote]["en"]; note != want {
				t.Errorf("score note %q, want the game's %q", note, want)
			}
			played := 0
			for played < 6 {
				st := status(t, ctx)
				if st == "over" {
					break
				}
				before := movesPlayed(t, ctx)
				must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
				waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#movelist li').length > %d`, before), 10*time.Second)
				played++
			}
			if played == 0 {
				t.Error("no move could be played")
			}
			// What the last turn did is told in the game's words: no key or
			// place left unfilled.
			told := eval[string](t, ctx, `[...document.querySelectorAll('#events li')].map((li) => li.textContent).join(' | ')`)
			if strings.Contains(told, "ev_") || strings.Contains(told, "why_") || strings.Contains(told, "{") {
				t.Errorf("events %q", told)
			}
			if g.ID() == "agsinnoninka" && !strings.Contains(told, "sowed from hole") {
				t.Errorf("agsinnoninka: events %q do not tell the sowings", told)
			}
			t.Logf("events: %s", told)
			// The lines are the engine's words of the state shown (made by
			// the one Go renderer, messages.Texts), verbatim, in each
			// language: the second person's for the person's own turns.
			status(t, ctx)
			for _, lang := range []string{"de", "en"} {
				setSelect(t, ctx, "#lang", lang)
				same := eval[string](t, ctx, `(async () => {
					const m = `+roomNow+`;
					const want = (m.state.told || []).map((x) => (x.you && x.args && x.args.player === 0 ? x.you : x.text)['`+lang+`']);
					const got = [...document.querySelectorAll('#events li')].map((li) => li.textContent);
					return JSON.stringify(got) === JSON.stringify(want) ? 'same' : JSON.stringify({ got, want });
				})()`)
				if same != "same" {
					t.Errorf("%s: the page's lines and the server's words differ: %s", lang, same)
				}
			}
			screenshot(t, ctx, "board-"+g.ID(), "#board")
		})
	}
}
