package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/internal/roomclient"
	"tabula/internal/testgame"
	"tabula/internal/wire"
	"tabula/view"
)

// classAPI calls the class API of the tests' server with a token (none
// for "") and decodes the answer into out; it returns the status.
func classAPI(t *testing.T, method, path, token, body string, out any) int {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if out != nil && res.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v: %s", method, path, err, data)
		}
	}
	return res.StatusCode
}

// classGames is the games of a class's rounds as its teacher sees them.
type classGames struct {
	Rounds []struct {
		Games []struct {
			Players [2]int       `json:"players"`
			Room    string       `json:"room"`
			Links   []string     `json:"links"`
			Result  *view.Result `json:"result"`
		} `json:"games"`
	} `json:"rounds"`
}

// seatOf splits a seat's link "/#/room/ID/TOKEN".
func seatOf(link string) (room, token string) {
	room, token, _ = strings.Cut(strings.TrimPrefix(link, "/#/room/"), "/")
	return room, token
}

// roomDo connects to a seat, lets f act, and waits for the event f
// brings about, unless skip (if given) says after f that there is none.
func roomDo(t *testing.T, link string, f func(c *roomclient.Conn, w roomclient.Msg) error, until wire.EventKind, skip ...func() bool) roomclient.Msg {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	room, tok := seatOf(link)
	c, w, err := roomclient.Dial(ctx, srv.URL, room, tok, -1, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	if err := f(c, w); err != nil {
		t.Fatal(err)
	}
	if len(skip) > 0 && skip[0]() {
		return roomclient.Msg{}
	}
	for {
		m, err := c.Recv(ctx)
		if err != nil {
			t.Fatalf("waiting for %s in %s: %v", until, room, err)
		}
		if m.Type == "event" && m.Event.Kind == until {
			return m
		}
	}
}

// classOfFive: a class of five in Chromium (an odd class, the smallest in which the
// two pupils of the browser also meet pupils of the API and the
// computer; internal/server's TestClassOfSevenRoundRobin plays seven
// over the API): three pupils join over the API and two on the join page
// at a phone's width; the teacher's dashboard shows the code, its QR code
// and everyone; each of the round robin's five rounds pairs everyone once
// with the odd one against the computer, the two pupils' pages move to
// their rooms and back, the wall shows every board and follows a move
// live, and the results table equals the results of the rooms. The pages
// pass the accessibility checks. teacher is the teacher's tab.
func classOfFive(t *testing.T, teacher context.Context) {
	axe := axeSource(t)
	var c class
	if code := classAPI(t, "POST", "/api/classes", "", `{"game":"`+testgame.ID+`","options":{"seeds":1},"pairing":"round-robin"}`, &c); code != 201 {
		t.Fatalf("POST /api/classes: %d", code)
	}
	names := []string{"Ana", "Bo", "Cy", "Fay", "Gus"}
	const byAPI = 3 // the pupils who join over the API; the others join in the browser
	for _, n := range names[:byAPI] {
		if code := classAPI(t, "POST", "/api/classes/"+c.Code+"/join", "", `{"name":"`+n+`"}`, nil); code != 201 {
			t.Fatalf("join %s: %d", n, code)
		}
	}
	must(t, teacher, chromedp.Navigate(srv.URL+c.Teacher))
	// the tab showed another class's dashboard: this one's shows its code
	waitFor(t, teacher, fmt.Sprintf(`(document.getElementById('d-code')||{}).textContent === %q`, c.Code), 10*time.Second)
	waitFor(t, teacher, `(() => { const q = document.querySelector('.bigqr'); return q.complete && q.naturalWidth > 100; })()`, 10*time.Second)

	// Two pupils join on the join page, at a phone's width, from the
	// short address the QR code holds (the code in small letters), each
	// in a tab that opens at it.
	joinAt := srv.URL + "/join/" + strings.ToLower(c.Code)
	pupils := []context.Context{tabAt(t, joinAt, classLimit), tabAt(t, joinAt, classLimit)}
	for i, p := range pupils {
		phoneViewport(t, p)
		must(t, p, chromedp.WaitVisible(chromedp.CSS(`#j-name`)))
		if got := eval[string](t, p, `document.getElementById('j-code').value`); got != c.Code {
			t.Errorf("the join page has the code %q, want %q", got, c.Code)
		}
		if w := eval[int](t, p, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 0 {
			t.Errorf("the join page is %dpx wider than a phone", w)
		}
		if i == 0 {
			checkAxe(t, p, axe, "join")
			screenshot(t, p, "class-join", "")
		}
		must(t, p, chromedp.SendKeys(chromedp.CSS(`#j-name`), names[byAPI+i]), chromedp.Click(chromedp.CSS(`#j-go`)), chromedp.WaitVisible(chromedp.CSS(`#pupil`)))
		if i == 0 {
			checkAxe(t, p, axe, "class-pupil")
			if w := eval[int](t, p, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 0 {
				t.Errorf("the pupil's page is %dpx wider than a phone", w)
			}
		}
	}
	waitFor(t, teacher, fmt.Sprintf(`document.querySelectorAll('#dashboard .names li').length === %d`, len(names)), 20*time.Second)
	checkAxe(t, teacher, axe, "class-dashboard")

	points := map[int]float64{}
	for r := 1; r <= len(names); r++ {
		// The next round, by the keyboard, once the dashboard has every game
		// of the last one over (a game lost to the computer changes no
		// points: the table may be right before).
		waitFor(t, teacher, `!document.getElementById('d-next').disabled`, 20*time.Second)
		must(t, teacher, chromedp.Focus(chromedp.CSS(`#d-next`)), chromedp.KeyEvent("\r"))
		waitFor(t, teacher, fmt.Sprintf(`document.getElementById('dashboard').dataset.round === '%d' && document.querySelectorAll('#wall .tile').length === %d && [...document.querySelectorAll('#wall .tile')].every((x) => x.querySelector('.tileboard svg'))`, r, (len(names)+1)/2), 20*time.Second)
		var v classGames
		classAPI(t, "GET", "/api/classes/"+c.ID, c.Secret, "", &v)
		games := v.Rounds[r-1].Games
		seen := map[int]int{}
		for _, g := range games {
			seen[g.Players[0]]++
			seen[g.Players[1]]++
		}
		if seen[-1] != 1 {
			t.Errorf("round %d: the computer plays %d games, want 1", r, seen[-1])
		}
		for p := range names {
			if seen[p] != 1 {
				t.Errorf("round %d: %s plays %d games, want 1", r, names[p], seen[p])
			}
		}
		// The two pupils' pages move to their seats.
		for i, p := range pupils {
			for _, g := range games {
				for seat, pl := range g.Players {
					if pl == byAPI+i {
						waitFor(t, p, fmt.Sprintf(`location.hash === %q && !!document.querySelector('#room')`, strings.TrimPrefix(g.Links[seat], "/")), 20*time.Second)
					}
				}
			}
		}
		if r == 1 {
			// the teacher's seat links: one for each pupil
			if n := eval[int](t, teacher, `document.querySelectorAll('#wall .seatlinks a').length`); n != len(names) {
				t.Errorf("the wall has %d seat links, want %d", n, len(names))
			}
			checkAxe(t, teacher, axe, "class-wall")
			screenshot(t, teacher, "class-wall", "")
			liveMove(t, teacher, games[len(games)-1].Room, games[len(games)-1].Links)
		}
		// Every game ends: a pupil of the browser resigns on her page,
		// else a person resigns over the API.
		for gi, g := range games {
			loser := -1
			for seat, pl := range g.Players {
				if pl >= byAPI && loser < 0 {
					loser = seat
				}
			}
			if loser >= 0 {
				p := pupils[g.Players[loser]-byAPI]
				must(t, p, chromedp.Click(chromedp.CSS(`#resign`)), chromedp.Click(chromedp.CSS(`dialog.ask [data-yes]`)))
				waitFor(t, p, `document.getElementById('room').dataset.room === 'finished'`, 20*time.Second)
			} else {
				loser = (r + gi) % 2
				if g.Players[loser] < 0 {
					loser = 1 - loser
				}
				roomDo(t, g.Links[loser], func(c *roomclient.Conn, _ roomclient.Msg) error {
					return c.Send(context.Background(), map[string]any{"type": "resign"})
				}, wire.KindEnd)
			}
			if w := g.Players[1-loser]; w >= 0 {
				points[w]++
			}
		}
		// The results table follows; the pupils go back to the class.
		want := map[string]float64{}
		for p, n := range names {
			want[n] = points[p]
		}
		wantJS, _ := json.Marshal(want)
		waitFor(t, teacher, `(() => { const want = `+string(wantJS)+`; const rows = [...document.querySelectorAll('#standings tbody tr')];
			return rows.length === `+fmt.Sprint(len(names))+` && rows.every((tr) => Number(tr.querySelector('.points').textContent) === want[tr.querySelector('th').textContent]); })()`, 20*time.Second)
		for _, p := range pupils {
			must(t, p, chromedp.Click(chromedp.CSS(`#toclass`)), chromedp.WaitVisible(chromedp.CSS(`#pupil`)))
		}
	}
	if !eval[bool](t, teacher, `document.getElementById('d-next').disabled`) {
		t.Errorf("after %d rounds the next round is still offered", len(names))
	}
	// The table is the rooms' results.
	var v classGames
	classAPI(t, "GET", "/api/classes/"+c.ID, c.Secret, "", &v)
	fromRooms := map[int]float64{}
	for _, round := range v.Rounds {
		for _, g := range round.Games {
			var room struct {
				Result *view.Result `json:"result"`
			}
			classAPI(t, "GET", "/api/rooms/"+g.Room, "", "", &room)
			if room.Result == nil {
				t.Fatalf("room %s is not over", g.Room)
			}
			if w := room.Result.Winner; w >= 0 && g.Players[w] >= 0 {
				fromRooms[g.Players[w]]++
			}
		}
	}
	for p, n := range names {
		if fromRooms[p] != points[p] {
			t.Errorf("%s: %v points in the rooms, %v played", n, fromRooms[p], points[p])
		}
	}
	must(t, teacher, chromedp.Click(chromedp.CSS(`#d-projector`)))
	waitFor(t, teacher, `document.body.classList.contains('projector')`, 5*time.Second)
	checkAxe(t, teacher, axe, "class-results")
	screenshot(t, teacher, "class-projector", "")
}

// liveMove makes a move in a room of the wall over the API, by the seat
// to move, and waits until its tile shows it: a new version, a new board.
func liveMove(t *testing.T, teacher context.Context, room string, links []string) {
	t.Helper()
	sel := fmt.Sprintf(`#wall .tile[data-room=%q]`, room)
	before := eval[string](t, teacher, `document.querySelector('`+sel+` .tileboard').innerHTML`)
	played := -1
	for _, link := range links {
		if link == "" || played >= 0 {
			continue
		}
		var legal []string
		m := roomDo(t, link, func(c *roomclient.Conn, w roomclient.Msg) error {
			st, err := roomclient.ParseState(w.View.State)
			if err != nil {
				return err
			}
			if legal = st.Legal[fmt.Sprint(w.View.Seat)]; len(legal) == 0 {
				return nil // not this seat's turn: the other's
			}
			return c.Send(context.Background(), map[string]any{"type": "move", "version": w.View.Version, "move": legal[0]})
		}, wire.KindTurn, func() bool { return len(legal) == 0 })
		if len(legal) > 0 {
			played = m.Event.Version
		}
	}
	if played < 0 {
		t.Fatal("no seat of the game may move")
	}
	waitFor(t, teacher, fmt.Sprintf(`Number(document.querySelector('%s').dataset.version) >= %d`, sel, played), 10*time.Second)
	if after := eval[string](t, teacher, `document.querySelector('`+sel+` .tileboard').innerHTML`); after == before {
		t.Error("the tile's board did not change after a move")
	}
	// Who leads, by the scores of the state shown.
	if lead := eval[string](t, teacher, `document.querySelector('`+sel+` .lead').textContent`); !strings.Contains(lead, "leads") && !strings.HasPrefix(lead, "Level") {
		t.Errorf("the tile says %q, not who leads", lead)
	}
}

// teacherEndsAStuckGame: a stuck game does not hold the class: on the teacher's dashboard each
// game in play has "End … as abandoned", which asks first; once both
// games of the round are ended so, their tiles offer it no more, the
// class has them abandoned, and the next round can start (c: the class
// of stuckClass, its dashboard in the teacher's tab).
// classLimit is the limit of the teacher's tab: a class of five's rounds
// clicked through, a net against a hang, which a loaded machine may take
// many minutes to reach.
const classLimit = 15 * time.Minute

// TestClassesInTheBrowser runs the classes' tests in one teacher's tab
// (a tab and its first page cost about two CPU-seconds), which goes from
// one class's dashboard to the next: a stuck game, then a class of five.
func TestClassesInTheBrowser(t *testing.T) {
	parallelLong(t)
	stuck := stuckClass(t)
	teacher := tabAt(t, srv.URL+stuck.Teacher, classLimit)
	t.Run("TeacherEndsAStuckGame", func(t *testing.T) { teacherEndsAStuckGame(t, teacher, stuck) })
	t.Run("ClassOfFive", func(t *testing.T) { classOfFive(t, teacher) })
}

// class is a class as its creation answers: its id, code, the teacher's
// secret and dashboard link.
type class struct{ ID, Code, Secret, Teacher string }

// stuckClass creates a class of four with its first round started, for
// teacherEndsAStuckGame.
func stuckClass(t *testing.T) class {
	t.Helper()
	var c class
	if code := classAPI(t, "POST", "/api/classes", "", `{"game":"`+testgame.ID+`","options":{"seeds":1}}`, &c); code != 201 {
		t.Fatalf("POST /api/classes: %d", code)
	}
	for _, n := range []string{"Ana", "Bo", "Cy", "Dee"} {
		if code := classAPI(t, "POST", "/api/classes/"+c.Code+"/join", "", `{"name":"`+n+`"}`, nil); code != 201 {
			t.Fatalf("join %s: %d", n, code)
		}
	}
	if code := classAPI(t, "POST", "/api/classes/"+c.ID+"/rounds", c.Secret, "", nil); code != 201 {
		t.Fatalf("round 1: %d", code)
	}
	return c
}

func teacherEndsAStuckGame(t *testing.T, teacher context.Context, c class) {
	must(t, teacher, chromedp.WaitVisible(chromedp.CSS(`#dashboard`)))
	waitFor(t, teacher, `document.querySelectorAll('#wall button.d-abandon').length === 2 && document.getElementById('d-next').disabled`, 20*time.Second)
	// Cancel keeps the game; yes ends it.
	must(t, teacher, jsDo(`document.querySelector('#wall button.d-abandon').click()`))
	waitFor(t, teacher, `!!document.querySelector('dialog.ask[open]')`, 10*time.Second)
	must(t, teacher, jsDo(`document.querySelector('dialog.ask [data-no]').click()`))
	waitFor(t, teacher, `!document.querySelector('dialog.ask') && document.querySelectorAll('#wall button.d-abandon').length === 2`, 10*time.Second)
	for left := 2; left > 0; left-- {
		must(t, teacher, jsDo(`document.querySelector('#wall button.d-abandon').click()`))
		waitFor(t, teacher, `!!document.querySelector('dialog.ask[open]')`, 10*time.Second)
		must(t, teacher, jsDo(`document.querySelector('dialog.ask [data-yes]').click()`))
		waitFor(t, teacher, fmt.Sprintf(`document.querySelectorAll('#wall button.d-abandon').length === %d`, left-1), 20*time.Second)
	}
	waitFor(t, teacher, `!document.getElementById('d-next').disabled`, 20*time.Second)
	var v classGames
	classAPI(t, "GET", "/api/classes/"+c.ID, c.Secret, "", &v)
	for _, g := range v.Rounds[0].Games {
		if g.Result == nil || g.Result.Code() != "abandoned" {
			t.Errorf("game %s: %+v, want abandoned", g.Room, g.Result)
		}
	}
}
