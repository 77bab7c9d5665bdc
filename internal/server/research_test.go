package server

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"tabula/engine"
	"tabula/research"
)

// newLabServer is a test server whose studies the test can wait for.
func newLabServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	s := New(Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ts := httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })
	return s, ts
}

type studyJSON struct {
	ID      string `json:"id"`
	State   string `json:"state"`
	Queue   int    `json:"queue"`
	Done    int    `json:"done"`
	Total   int    `json:"total"`
	Report  string `json:"report"`
	Command string `json:"command"`
	Error   string `json:"error"`
	Owner   string `json:"owner"`
}

// cancelAs sends DELETE for study id with the owner token (none if
// empty) and returns the status.
func cancelAs(t *testing.T, ts *httptest.Server, id, owner string) int {
	t.Helper()
	req, _ := http.NewRequest("DELETE", ts.URL+"/api/research/"+id, nil)
	if owner != "" {
		req.Header.Set("Authorization", "Bearer "+owner)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

func TestStudyRunsAndReports(t *testing.T) {
	s, ts := newLabServer(t)
	var st studyJSON
	body := `{"game":"adji-boto","vary":{"capture-from":"all"},"agents":["random"],"skill":"greedy","games":10}`
	if code := call(t, ts, "POST", "/api/research", body, &st); code != http.StatusAccepted {
		t.Fatalf("POST: %d %+v", code, st)
	}
	if st.Total != 40 || !strings.Contains(st.Command, "--vary capture-from=any,opponent") {
		t.Errorf("study: %+v", st)
	}
	s.lab.wg.Wait() // the study has ended
	res, html := finishedReport(t, ts, &st, 40)
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
		!bytes.Contains(html, []byte("<svg")) || !bytes.Contains(html, []byte("capture-from=opponent")) {
		t.Errorf("report: %d %s, %d bytes", res.StatusCode, res.Header.Get("Content-Type"), len(html))
	}
	var list []studyJSON
	if code := call(t, ts, "GET", "/api/research", "", &list); code != 200 || len(list) != 1 || list[0].ID != st.ID {
		t.Errorf("list: %d %+v", code, list)
	}
	if code := call(t, ts, "GET", "/api/research/99", "", nil); code != 404 {
		t.Errorf("unknown study: %d, want 404", code)
	}
}

// A second study waits in the queue (on a server whose processors run
// one at a time) with its place shown, and starts when the first ends; a
// cancelled study stops, a cancelled queued one never starts.
func TestStudiesQueueAndCancel(t *testing.T) {
	s, ts := newLabServer(t)
	defer func(n int) { maxRunningStudies = n }(maxRunningStudies)
	maxRunningStudies = 1
	// Thousands of Agsinnoninka matches between greedy players: minutes
	// of work, cancelled at once.
	var st, second, third studyJSON
	big := `{"game":"agsinnoninka","vary":{"simultaneity":"all","conflict":"all"},"agents":["greedy"],"games":2000}`
	if code := call(t, ts, "POST", "/api/research", big, &st); code != http.StatusAccepted || st.State != "running" {
		t.Fatalf("POST: %d %+v", code, st)
	}
	if code := call(t, ts, "POST", "/api/research", big, &second); code != http.StatusAccepted || second.State != "queued" || second.Queue != 1 {
		t.Errorf("second study: %d %+v, want 202 queued first in the queue", code, second)
	}
	if code := call(t, ts, "POST", "/api/research", big, &third); code != http.StatusAccepted || third.Queue != 2 {
		t.Errorf("third study: %d %+v, want 202 second in the queue", code, third)
	}
	if code := cancelAs(t, ts, third.ID, third.Owner); code != 200 {
		t.Errorf("DELETE of a queued study: %d", code)
	}
	if code := cancelAs(t, ts, st.ID, st.Owner); code != 200 {
		t.Errorf("DELETE by the owner: %d", code)
	}
	id, owner := second.ID, second.Owner
	for second.State == "queued" {
		// A fresh value each time: a field the answer leaves out (queue,
		// omitted once 0) must not keep the last answer's value; the
		// owner's token, given only at the start, is kept above.
		second = studyJSON{}
		call(t, ts, "GET", "/api/research/"+id, "", &second)
	}
	if second.State != "running" || second.Queue != 0 {
		t.Errorf("second study after the first ended: %+v, want running", second)
	}
	cancelAs(t, ts, id, owner)
	s.lab.wg.Wait()
	for _, x := range []*studyJSON{&st, &third} {
		call(t, ts, "GET", "/api/research/"+x.ID, "", x)
		if x.State != "cancelled" || x.Done != 0 && x == &third {
			t.Errorf("cancelled study: %+v", x)
		}
	}
	var e struct{ Error string }
	if code := call(t, ts, "GET", "/api/research/"+st.ID+"/report", "", &e); code != 404 || !strings.Contains(e.Error, "no report") {
		t.Errorf("report of a cancelled study: %d %q", code, e.Error)
	}
}

// The queue is fair by address: a study asked later by an address with
// none running starts before a second one of an address with one
// running; one address may hold maxStudiesPerAddr.
func TestStudyQueueIsFairByAddress(t *testing.T) {
	defer func(n int) { maxRunningStudies = n }(maxRunningStudies)
	maxRunningStudies = 1
	var l lab
	release := make(chan struct{})
	var mu sync.Mutex
	var started []string
	l.runs = func(ctx context.Context, st *study, _ *research.Plan) {
		mu.Lock()
		started = append(started, st.addr)
		mu.Unlock()
		<-release
	}
	plan, err := studyConfig(studyRequest{Game: "adji-boto", Agents: []string{"random"}, Games: 1})
	if err != nil {
		t.Fatal(err)
	}
	var a2 *study
	for i, addr := range []string{"a", "a", "a", "b"} {
		st, err := l.add(plan, 0, "owner", addr)
		if err != nil {
			t.Fatal(err)
		}
		if i == 1 {
			a2 = st
		}
	}
	var coded *engine.Error
	if _, err := l.add(plan, 0, "owner", "a"); !errors.As(err, &coded) || coded.Code != "server.study_addr" {
		t.Errorf("a fourth study of a: %v, want server.study_addr", err)
	}
	if q := a2.view().Queue; q != 2 {
		t.Errorf("a's second study is %d in the queue, want 2 (after b's)", q)
	}
	for range 3 {
		release <- struct{}{}
	}
	close(release)
	l.wg.Wait()
	if want := []string{"a", "b", "a", "a"}; !slices.Equal(started, want) {
		t.Errorf("started for %v, want %v", started, want)
	}
}

func TestStudyBadRequests(t *testing.T) {
	_, ts := newLabServer(t)
	for _, c := range []struct{ body, want string }{
		{`{"vary":{},"agents":["random"],"games":10}`, "no game"},
		{`{"game":"adji-boto","agents":["mcts:max"],"games":10}`, "not offered for studies"},
		{`{"game":"adji-boto","agents":["random"],"skill":"alphabeta:max","games":10}`, "not offered"},
		{`{"game":"adji-boto","agents":["random"],"games":0}`, "games: 0"},
		{`{"game":"adji-boto","agents":["random"],"games":5000}`, "games: 5000"},
		{`{"game":"adji-boto","vary":{"colour":"all"},"agents":["random"],"games":10}`, "no such option"},
		{`{"game":"adji-boto","vary":{"seeds":""},"agents":["random"],"games":10}`, "empty value"},
		{`{"game":"adji-boto","vary":{"seeds":"2,3,4,5,6,7,8,9,10,11,12","opening":"all","capture-from":"all"},"agents":["random"],"games":2000}`, "more than the"},
		{`{"game":"adji-boto","agents":["random"],"games":10,"threads":64}`, "unknown field"},
	} {
		var e struct{ Error string }
		if code := call(t, ts, "POST", "/api/research", c.body, &e); code != 400 || !strings.Contains(e.Error, c.want) {
			t.Errorf("%s: %d %q, want 400 with %q", c.body, code, e.Error, c.want)
		}
	}
}

// FuzzStudyRequest feeds the study parser any body: it answers a config or
// a 400, never a panic.
func FuzzStudyRequest(f *testing.F) {
	for _, s := range []string{
		`{"game":"adji-boto","vary":{"capture-from":"all"},"agents":["random"],"games":10}`,
		`{"game":"tamman","options":{"players":4},"vary":{"safe-ayn":"own,all"},"design":"each","agents":["greedy"],"skill":"mcts:easy","games":3}`,
		`{"game":"agsinnoninka","vary":{"seeds":"1,25"},"agents":["random","greedy"],"games":1,"seed":18446744073709551615}`,
		`{"game":"adji-boto","vary":{"seeds":"all"}}`, `[]`, `{"games":-1}`, ``,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		r := httptest.NewRequest("POST", "/api/research", strings.NewReader(body))
		var req studyRequest
		if err := decode(requestOf(r), &req); err != nil {
			return
		}
		plan, err := studyConfig(req)
		if err != nil {
			if _, ok := err.(*httpError); !ok {
				t.Fatalf("%s: error %v is not a 4xx", body, err)
			}
			return
		}
		if plan.Units() > maxStudyUnits || plan.Config.Games > maxStudyGames {
			t.Fatalf("%s: accepted %d games", body, plan.Units())
		}
	})
}

// TestStudyKeepsToTheSafeOptionRanges: a study may not vary an option into
// values that a server refuses for a match (Agsinnoninka's max-steps 0).
func TestStudyKeepsToTheSafeOptionRanges(t *testing.T) {
	_, err := studyConfig(studyRequest{Game: "agsinnoninka", Agents: []string{"random", "random"}, Games: 1,
		Vary: map[string]string{"max-steps": "0,100"}})
	if err == nil || !strings.Contains(err.Error(), "max-steps") {
		t.Fatalf("varying max-steps to 0: err %v, want a refusal naming max-steps", err)
	}
	if _, err := studyConfig(studyRequest{Game: "agsinnoninka", Agents: []string{"random", "random"}, Games: 1,
		Vary: map[string]string{"max-steps": "50,100"}}); err != nil {
		t.Fatalf("max-steps 50 and 100 are safe: %v", err)
	}
}

// A study is cancelled only by its owner, who alone got its token; its id
// cannot be guessed from another's.
func TestOnlyTheOwnerCancelsAStudy(t *testing.T) {
	s, ts := newLabServer(t)
	var st, seen studyJSON
	big := `{"game":"agsinnoninka","vary":{"simultaneity":"all","conflict":"all"},"agents":["greedy"],"games":2000}`
	if code := call(t, ts, "POST", "/api/research", big, &st); code != http.StatusAccepted || len(st.Owner) < 22 || len(st.ID) < 22 {
		t.Fatalf("POST: %d id %q owner %q, want 128-bit id and owner token", code, st.ID, st.Owner)
	}
	defer func() { cancelAs(t, ts, st.ID, st.Owner); s.lab.wg.Wait() }()
	for _, owner := range []string{"", "not-the-token", st.ID} {
		if code := cancelAs(t, ts, st.ID, owner); code != http.StatusForbidden {
			t.Errorf("DELETE with owner %q: %d, want 403", owner, code)
		}
	}
	if call(t, ts, "GET", "/api/research/"+st.ID, "", &seen); seen.State != "running" || seen.Owner != "" {
		t.Errorf("after the refused cancels: %+v, want running and no owner shown", seen)
	}
}

// A study with a seed, a fixed option and a replication plays the design
// on a second seed and its report checks the findings there.
func TestStudyWithSeedOptionsAndReplication(t *testing.T) {
	s, ts := newLabServer(t)
	var st studyJSON
	body := `{"game":"adji-boto","options":{"skip-origin":true},"vary":{"capture-from":"all"},"agents":["random"],"games":30,"seed":7,"replicate":1}`
	if code := call(t, ts, "POST", "/api/research", body, &st); code != http.StatusAccepted {
		t.Fatalf("POST: %d %+v", code, st)
	}
	if st.Total != 120 || !strings.Contains(st.Command, "--option skip-origin=true") || !strings.Contains(st.Command, "--seed 7") ||
		!strings.Contains(st.Command, "--replicate 1") {
		t.Errorf("study: %+v", st)
	}
	s.lab.wg.Wait()
	_, html := finishedReport(t, ts, &st, 120)
	if !bytes.Contains(html, []byte(`id="replication"`)) {
		t.Error("the report has no replication section")
	}
	if code := call(t, ts, "POST", "/api/research", strings.Replace(body, `"replicate":1`, `"replicate":3`, 1), nil); code != 400 {
		t.Errorf("replicate 3: %d, want 400", code)
	}
}

// finishedReport checks that the study st has played its games and
// fetches its report.
func finishedReport(t *testing.T, ts *httptest.Server, st *studyJSON, games int) (*http.Response, []byte) {
	t.Helper()
	if code := call(t, ts, "GET", "/api/research/"+st.ID, "", st); code != 200 || st.State != "done" || st.Done != games || st.Report == "" {
		t.Fatalf("GET: %d %+v", code, st)
	}
	res, err := http.Get(ts.URL + st.Report)
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res, html
}

// The report comes in the language the page asks for.
func TestStudyReportInGerman(t *testing.T) {
	s, ts := newLabServer(t)
	var st studyJSON
	if code := call(t, ts, "POST", "/api/research", `{"game":"adji-boto","vary":{"capture-from":"all"},"agents":["random"],"games":10}`, &st); code != http.StatusAccepted {
		t.Fatalf("POST: %d", code)
	}
	s.lab.wg.Wait()
	finishedReport(t, ts, &st, 20)
	for lang, want := range map[string]string{"de": "Lesarten im Vergleich", "en": "readings compared", "xx": "readings compared"} {
		res, err := http.Get(ts.URL + st.Report + "?lang=" + lang)
		if err != nil {
			t.Fatal(err)
		}
		html, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if !bytes.Contains(html, []byte(want)) {
			t.Errorf("?lang=%s: no %q", lang, want)
		}
	}
}
