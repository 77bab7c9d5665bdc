package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/internal/testgame"
)

// TestOneVisitorsPages runs tests of the app's pages that each need one
// tab on the tests' server, one after the other in one tab (a tab and
// its first page cost about two CPU-seconds): the test game, the archive,
// then the print links and the pages in German.
func TestOneVisitorsPages(t *testing.T) {
	parallel(t)
	ctx := tab(t, 5*time.Minute)
	t.Run("PlayTheTestGameOnItsBoard", func(t *testing.T) { playTheTestGameOnItsBoard(t, ctx) })
	t.Run("ArchiveImportFilterAndReplay", func(t *testing.T) { archiveImportFilterAndReplay(t, ctx) })
	t.Run("PrintButtonGivesThePDF", func(t *testing.T) { printButtonGivesThePDF(t, ctx) })
	t.Run("GermanPagesHaveNoEnglish", func(t *testing.T) { germanPagesHaveNoEnglish(t, ctx) })
}

// playTheTestGameOnItsBoard: the Play page plays a game it knows only
// from the registry: the board it declares (two rows of four holes) is
// drawn, a person plays it to the end by clicking the holes against the
// computer, and the pages pass the accessibility checks.
func playTheTestGameOnItsBoard(t *testing.T, ctx context.Context) {
	card := fmt.Sprintf(`.card[data-game=%q]`, testgame.ID)
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/"), chromedp.WaitVisible(chromedp.CSS(card+` svg`)))
	if n := eval[int](t, ctx, `document.querySelectorAll('`+card+` [data-hole]').length`); n != testgame.Holes {
		t.Errorf("the home page's preview has %d holes, want %d", n, testgame.Holes)
	}
	axe := axeSource(t)
	openGame(t, ctx, testgame.ID, map[string]string{"seeds": "1"}, []string{"human", "greedy"})
	checkAxe(t, ctx, axe, "setup-"+testgame.ID)
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`), chromedp.Click(chromedp.CSS(`#start`)))
	status(t, ctx)
	holes := eval[int](t, ctx, `document.querySelectorAll('#board [data-hole]').length`)
	stores := eval[int](t, ctx, `document.querySelectorAll('#board .store').length`)
	if holes != testgame.Holes || stores != 2 {
		t.Fatalf("the board has %d holes and %d stores, want %d and 2", holes, stores, testgame.Holes)
	}
	screenshot(t, ctx, "board-"+testgame.ID, "#board")
	checkAxe(t, ctx, axe, "play-"+testgame.ID)
	turns := 0
	for status(t, ctx) != "over" {
		if turns >= 200 {
			t.Fatalf("the game is not over after %d turns", turns)
		}
		before := movesPlayed(t, ctx)
		// A hole of the person's row, by the board alone.
		must(t, ctx, jsDo(`document.querySelector('#board [data-move]').dispatchEvent(new MouseEvent('click', {bubbles: true}))`))
		waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#movelist li').length > %d`, before), 10*time.Second)
		turns++
	}
	res := eval[string](t, ctx, `document.querySelector('#result .resulttext').textContent`)
	if res == "" {
		t.Error("no result at the end")
	}
	t.Logf("%s: %d person turns, %s", testgame.ID, turns, res)
	screenshot(t, ctx, "result-"+testgame.ID, "")
	checkAxe(t, ctx, axe, "over-"+testgame.ID)
}

// The test sowing game (internal/testgame) is registered here as a game
// registers itself, before the server of the tests starts: every test
// that goes through the registry (TestEveryRegisteredGame, the frames
// test) has it too.
func init() { testgame.Register() }
