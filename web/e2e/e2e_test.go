// Package e2e tests the browser app in a real headless Chromium (Debian's
// chromium package), driven by chromedp: whole games through the UI, a game
// at one device, the language switch, and a screenshot of each board.
//
// Without chromium the tests fail when CI=true and are skipped otherwise.
// Screenshots go to $TABULA_SCREENSHOTS, else testdata-out/screenshots at
// the root of the repository (ignored by git).
package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tabula/docs"
	"tabula/engine"
	_ "tabula/games/all"
	"tabula/internal/rooms"
	"tabula/internal/server"
	"tabula/internal/store"
	"tabula/web"
)

var (
	srv       *httptest.Server
	browser   context.Context // the browser; each test opens its own tab
	noBrowser string          // why the browser could not start
	shotDir   string
	matches   *server.MemStore // the server's matches, counted by tests
	mgr       *rooms.Manager   // the online rooms
)

func chromiumPath() string {
	for _, p := range []string{os.Getenv("TABULA_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	return ""
}

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	discard := slog.New(slog.NewTextHandler(io.Discard, nil))
	dbDir, err := os.MkdirTemp("", "tabula-e2e")
	if err != nil {
		fmt.Println(err)
		return 1
	}
	defer os.RemoveAll(dbDir)
	db, err := store.OpenSQLite(filepath.Join(dbDir, "rooms.db"))
	if err != nil {
		fmt.Println(err)
		return 1
	}
	defer db.Close()
	mgr = rooms.NewManager(rooms.Config{Store: db, Agents: rooms.AgentFunc(server.DefaultAgents), Offered: server.OfferedAgents, Log: discard})
	defer mgr.Close()
	matches = server.NewMemStore(1000)
	s := server.New(server.Config{
		Store:          matches,
		Log:            discard,
		Static:         web.Static(),
		Rules:          docs.RulesFS(),
		Rooms:          mgr,
		RoomsPerMinute: 1000,
		MessageRate:    200,
	})
	srv = httptest.NewServer(s)
	defer srv.Close()

	shotDir = os.Getenv("TABULA_SCREENSHOTS")
	if shotDir == "" {
		shotDir = filepath.Join("..", "..", "testdata-out", "screenshots")
	}
	if err := os.MkdirAll(shotDir, 0o755); err != nil {
		shotDir, _ = os.MkdirTemp("", "tabula-screenshots")
	}
	if abs, err := filepath.Abs(shotDir); err == nil {
		shotDir = abs
	}

	exe := chromiumPath()
	if exe == "" {
		noBrowser = "chromium is not installed (apt-get install chromium; scripts/test.sh does it)"
	} else {
		profile, err := os.MkdirTemp("", "tabula-chromium")
		if err != nil {
			noBrowser = err.Error()
		} else {
			defer os.RemoveAll(profile)
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
				chromedp.Flag("lang", "en-US"),
				chromedp.UserDataDir(profile),
				chromedp.WindowSize(1280, 900),
			}
			actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
			defer cancelA()
			bctx, cancelB := chromedp.NewContext(actx)
			defer cancelB()
			// The first run starts the browser; it lives as long as bctx.
			if err := chromedp.Do(bctx); err != nil {
				noBrowser = "chromium does not start: " + err.Error()
			}
			browser = bctx
		}
	}
	code := m.Run()
	fmt.Printf("e2e: screenshots in %s\n", shotDir)
	return code
}

// tab opens a new tab for one test, with a time limit.
func tab(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	if noBrowser != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("browser tests cannot run: %s", noBrowser)
		}
		t.Skipf("browser tests skipped: %s", noBrowser)
	}
	tabCtx, cancel := chromedp.NewContext(browser)
	// The first run opens the tab, which lives as long as tabCtx; the
	// time limit applies to what follows.
	if err := chromedp.Do(tabCtx); err != nil {
		cancel()
		t.Fatalf("opening a tab: %v", err)
	}
	ctx, cancel2 := context.WithTimeout(tabCtx, limit)
	t.Cleanup(func() { cancel2(); cancel() })
	// Fresh settings: English, fast animations.
	must(t, ctx, chromedp.Navigate(srv.URL+"/"),
		jsDo(`localStorage.clear(); localStorage.setItem('tabula.lang','en'); localStorage.setItem('tabula.speed','fast')`),
		chromedp.Reload())
	return ctx
}

func must(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("browser: %v", err)
	}
}

// jsDo runs JavaScript for its effect.
func jsDo(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[any](js, chromedp.EvalAwaitPromise)(ctx, t)
		return err
	})
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// waitFor polls a JavaScript condition until it is true.
func waitFor(t *testing.T, ctx context.Context, js string, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			errs, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.getElementById('errors')||{}).textContent || ''`))
			t.Fatalf("timed out waiting for %s (page errors: %q)", js, errs)
		}
		time.Sleep(15 * time.Millisecond)
	}
}

// status waits until the play page wants input or the game is over.
func status(t *testing.T, ctx context.Context) string {
	t.Helper()
	waitFor(t, ctx, `(() => { const p = document.getElementById('play'); return !!p && ['input','over','handover'].includes(p.dataset.status); })()`, 30*time.Second)
	return eval[string](t, ctx, `document.getElementById('play').dataset.status`)
}

func screenshot(t *testing.T, ctx context.Context, name string, sel string) {
	t.Helper()
	var buf []byte
	var err error
	if sel == "" {
		buf, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
	} else {
		buf, err = chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	}
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if len(buf) == 0 {
		t.Fatalf("screenshot %s is empty", name)
	}
	path := filepath.Join(shotDir, name+".png")
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", path)
}

// setSelect sets a select's value and tells the page, as a person would.
func setSelect(t *testing.T, ctx context.Context, sel, value string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return false; el.value = %q; el.dispatchEvent(new Event('change', {bubbles: true})); return el.value === %q; })()`, sel, value, value)
	if !eval[bool](t, ctx, js) {
		t.Fatalf("cannot set %s to %s", sel, value)
	}
}

// setField sets an option's field as a person would; it fails the test
// when the page has no such option or does not take the value.
func setField(t *testing.T, ctx context.Context, name, value string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const el = document.getElementById('opt-' + %q); if (!el) return 'no field';
		if (el.type === 'checkbox') el.checked = (%q === 'true'); else el.value = %q;
		el.dispatchEvent(new Event('change', {bubbles: true}));
		const got = el.type === 'checkbox' ? String(el.checked) : el.value;
		return got === %q ? '' : 'the field holds ' + got; })()`, name, value, value, value)
	if msg := eval[string](t, ctx, js); msg != "" {
		t.Fatalf("option %s=%s cannot be set: %s", name, value, msg)
	}
}

// openGame goes to a game's page and sets options and seats.
func openGame(t *testing.T, ctx context.Context, id string, options map[string]string, seats []string) {
	t.Helper()
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/game/"+id), chromedp.WaitVisible(chromedp.CSS(`#start`)))
	// after another game's page, wait for this one
	waitFor(t, ctx, fmt.Sprintf(`!!document.querySelector('#game[data-game=%q] #start')`, id), 10*time.Second)
	for k, v := range options {
		setField(t, ctx, k, v)
	}
	// Changed options may change the seats and the agents offered.
	waitFor(t, ctx, `!document.getElementById('seats').dataset.pending`, 10*time.Second)
	for i, s := range seats {
		setSelect(t, ctx, fmt.Sprintf("#seat-%d", i), s)
	}
}

// phoneViewport makes the page a phone's width and waits until the page
// has taken it, so that the layout measured next is the phone's.
func phoneViewport(t *testing.T, ctx context.Context) {
	t.Helper()
	must(t, ctx, chromedp.EmulateViewport(390, 844))
	waitFor(t, ctx, `window.innerWidth === 390 && document.documentElement.clientWidth <= 390`, 5*time.Second)
}

// movesPlayed counts the entries of the move list.
func movesPlayed(t *testing.T, ctx context.Context) int {
	return eval[int](t, ctx, `document.querySelectorAll('#movelist li').length`)
}

// playThrough plays the first legal move for every person until the game
// ends, through the buttons of the page; at one device it passes the
// hand-over screens. It returns the number of person turns.
func playThrough(t *testing.T, ctx context.Context, maxTurns int, onTurn func(i int)) int {
	t.Helper()
	turns := 0
	for {
		st := status(t, ctx)
		switch st {
		case "over":
			return turns
		case "handover":
			must(t, ctx, jsDo(`document.getElementById('ready').click()`))
			continue
		}
		if turns >= maxTurns {
			t.Fatalf("the game is not over after %d turns", turns)
		}
		if onTurn != nil {
			onTurn(turns)
		}
		// A man-picking board: every other turn, pick the first man, then
		// its first target; else use the list of legal moves.
		if turns%2 == 0 && eval[bool](t, ctx, `!!document.querySelector('#board [data-pick]')`) {
			must(t, ctx, jsDo(`document.querySelector('#board [data-pick]').dispatchEvent(new MouseEvent('click', {bubbles: true}))`))
			waitFor(t, ctx, `!!document.querySelector('#board [data-move]')`, 5*time.Second)
			must(t, ctx, jsDo(`document.querySelector('#board [data-move]').dispatchEvent(new MouseEvent('click', {bubbles: true}))`))
		} else {
			must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
		}
		turns++
	}
}

func TestCatalogueAndLanguage(t *testing.T) {
	ctx := tab(t, 60*time.Second)
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/"), chromedp.WaitVisible(chromedp.CSS(`.card`)))
	n := eval[int](t, ctx, `document.querySelectorAll('.card').length`)
	if n < 3 {
		t.Errorf("%d games in the catalogue, want 3", n)
	}
	for _, want := range []string{"Tamman", "Adji-Boto", "Agsinnoninka", "Somali", "Saramaka", "Iloko", "1931", "1927", "DLP.Evidence.1424", "Marin", "Vanoverbergh", "Herskovits"} {
		if !strings.Contains(eval[string](t, ctx, `document.getElementById('home').innerText`), want) {
			t.Errorf("catalogue does not mention %q", want)
		}
	}
	if got := eval[int](t, ctx, `document.querySelectorAll('.card .thumb svg').length`); got != n {
		t.Errorf("%d board pictures for %d games", got, n)
	}
	if h := eval[string](t, ctx, `document.getElementById('home-h').textContent`); h != "The games" {
		t.Errorf("English heading %q", h)
	}
	screenshot(t, ctx, "home-en", "")
	phoneViewport(t, ctx)
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 0 {
		t.Errorf("the home page is %dpx wider than a phone", w)
	}
	screenshot(t, ctx, "phone-home", "")
	must(t, ctx, chromedp.EmulateViewport(1280, 900))

	setSelect(t, ctx, "#lang", "de")
	waitFor(t, ctx, `document.getElementById('home-h').textContent === 'Die Spiele'`, 5*time.Second)
	if l := eval[string](t, ctx, `document.documentElement.lang`); l != "de" {
		t.Errorf("html lang %q after switching to German", l)
	}
	if !strings.Contains(eval[string](t, ctx, `document.getElementById('home').innerText`), "Volk") {
		t.Error("the catalogue's labels are not German")
	}
	screenshot(t, ctx, "home-de", "")
	// The choice is kept, and a game page is German too.
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/game/adji-boto"), chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#start`)))
	if s := eval[string](t, ctx, `document.getElementById('start').textContent`); s != "Spiel beginnen" {
		t.Errorf("start button %q in German", s)
	}
	screenshot(t, ctx, "game-page-adji-boto-de", "")
	setSelect(t, ctx, "#lang", "en")
	waitFor(t, ctx, `document.getElementById('start').textContent === 'Start the game'`, 5*time.Second)
}

// TestLanguageFromBrowser: with no choice saved, a German browser gets the
// German app.
func TestLanguageFromBrowser(t *testing.T) {
	ctx := tab(t, 30*time.Second)
	must(t, ctx, jsDo(`localStorage.removeItem('tabula.lang')`),
		chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(c, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
				Source: `Object.defineProperty(navigator, 'languages', {get: () => ['de-DE', 'de', 'en']});`})
			return err
		}),
		chromedp.Navigate(srv.URL+"/?de#/"), chromedp.WaitVisible(chromedp.CSS(`.card`)))
	if h := eval[string](t, ctx, `document.getElementById('home-h').textContent`); h != "Die Spiele" {
		t.Errorf("heading %q for a German browser", h)
	}
}

func TestAdjiBotoAgainstComputer(t *testing.T) {
	ctx := tab(t, 90*time.Second)
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
	if res != "You win" && !strings.Contains(res, "wins") && res != "Draw" {
		t.Errorf("result %q", res)
	}
	t.Logf("adji-boto: %d person turns, %s", turns, res)
	screenshot(t, ctx, "result-adji-boto", "")
	// The language switches on the play page too, board labels included.
	setSelect(t, ctx, "#lang", "de")
	waitFor(t, ctx, `/gewinnt|Du gewinnst|Unentschieden/.test(document.querySelector('#result .resulttext').textContent) && document.querySelector('#board [data-hole]').getAttribute('aria-label').startsWith('Loch')`, 5*time.Second)
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
	waitFor(t, ctx, `document.getElementById('play').dataset.status === 'replay'`, 5*time.Second)
	for i := 1; i <= 3 && i <= n; i++ {
		must(t, ctx, chromedp.Click(chromedp.CSS(`#r-next`)))
		waitFor(t, ctx, fmt.Sprintf(`%s === %d`, replayAt, i), 10*time.Second)
	}
	must(t, ctx, chromedp.Click(chromedp.CSS(`#r-last`)))
	waitFor(t, ctx, fmt.Sprintf(`%s === %d`, replayAt, n), 5*time.Second)
	must(t, ctx, chromedp.Click(chromedp.CSS(`#r-exit`)))
	// The download link gives the record.
	rec := eval[string](t, ctx, `(async () => { const r = await fetch(document.getElementById('download').href); return await r.text(); })()`)
	var r engine.Record
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
	waitFor(t, ctx, fmt.Sprintf(`location.hash.startsWith('#/play/') && location.hash !== %q && !!document.getElementById('play')`, oldID), 10*time.Second)
	if status(t, ctx) != "over" || movesPlayed(t, ctx) != n {
		t.Errorf("loaded record: status %s, %d moves, want over and %d", status(t, ctx), movesPlayed(t, ctx), n)
	}
}

func TestTammanAgainstComputer(t *testing.T) {
	ctx := tab(t, 120*time.Second)
	openGame(t, ctx, "tamman", map[string]string{"players": "2"}, []string{"human", "random"})
	must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
	status(t, ctx)
	screenshot(t, ctx, "board-tamman", "#play")
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`))
	turns := playThrough(t, ctx, 3000, nil)
	t.Logf("tamman: %d person turns, %s", turns, eval[string](t, ctx, `document.querySelector('#result .resulttext').textContent`))
	screenshot(t, ctx, "result-tamman", "")
}

func TestTammanFourPlayers(t *testing.T) {
	ctx := tab(t, 60*time.Second)
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
	screenshot(t, ctx, "board-tamman-4", "#play")
	tabTo("data-move")
	must(t, ctx, chromedp.KeyEvent("\r"))
	status(t, ctx)
	if movesPlayed(t, ctx) <= before {
		t.Error("the keyboard move was not played")
	}
	phoneViewport(t, ctx)
	screenshot(t, ctx, "phone-tamman", "")
}

func TestAgsinnoninkaAgainstComputer(t *testing.T) {
	ctx := tab(t, 120*time.Second)
	openGame(t, ctx, "agsinnoninka", map[string]string{"match": "false"}, []string{"human", "random"})
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

func TestAgsinnoninkaOneDevice(t *testing.T) {
	ctx := tab(t, 120*time.Second)
	openGame(t, ctx, "agsinnoninka", map[string]string{"match": "false"}, []string{"human", "human"})
	must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
	if status(t, ctx) != "handover" {
		t.Fatal("a simultaneous turn at one device does not start with a hand-over screen")
	}
	screenshot(t, ctx, "handover-agsinnoninka", "#play")
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
	games := engine.Games()
	if len(games) < 3 {
		t.Fatalf("%d games registered, want the three of the sources", len(games))
	}
	for _, g := range games {
		t.Run(g.ID(), func(t *testing.T) {
			e, ok := engine.CatalogueOf(g)
			if !ok || len(e.Summary) == 0 {
				t.Fatalf("%s has no catalogue entry with a summary", g.ID())
			}
			ctx := tab(t, 90*time.Second)
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
			shownPhase := eval[string](t, ctx, `(async () => { const m = await (await fetch('/api/matches/' + location.hash.split('/')[2])).json(); return m.state.phase || ''; })()`)
			if w, ok := e.Words["phase_"+shownPhase]; ok && !strings.Contains(phase, w["en"]) {
				t.Errorf("phase %q: the page says %q, want %q", shownPhase, phase, w["en"])
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
			screenshot(t, ctx, "board-"+g.ID(), "#board")
		})
	}
}
