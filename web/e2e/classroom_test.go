package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tabula/engine"
	"tabula/internal/roomclient"
	"tabula/internal/server"
)

// classroom is the address a school's browsers share behind its NAT.
const classroom = "127.0.0.5"

// pageFiles lists what a browser fetches to show the app: the page, the
// files it names, and every module those import, transitively.
func pageFiles(t *testing.T, base string) []string {
	t.Helper()
	refs := regexp.MustCompile(`(?:src|href)="([A-Za-z0-9_./-]+\.(?:js|css))"|(?:from|import)\s*\(?\s*['"](\.{1,2}/[A-Za-z0-9_./-]+\.js)['"]`)
	files, seen := []string{"/"}, map[string]bool{"/": true}
	for i := 0; i < len(files); i++ {
		res, err := clientFrom("127.0.0.1").Get(base + files[i])
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", files[i], res.StatusCode)
		}
		dir := path.Dir(files[i])
		if strings.HasSuffix(files[i], "/") {
			dir = strings.TrimSuffix(files[i], "/")
		}
		for _, m := range refs.FindAllStringSubmatch(string(body), -1) {
			f := path.Join("/", dir, m[1]+m[2])
			if !seen[f] {
				seen[f] = true
				files = append(files, f)
			}
		}
	}
	return append(files, "/api/games")
}

// classroomBehindNginx: a classroom of 30 browsers behind one address,
// through deploy/nginx.conf at base (and its TLS listener at baseTLS,
// its request log in dir): all 30 load the page at once, with every
// module it imports, and none gets a 429; then they start 15 games at
// once, two players each, and every game gets going; nginx's request log
// names the classroom's address. Past the API's limit, nginx answers 429
// in JSON with Retry-After, in the reader's language. (TestBehindNginx
// runs it.)
func classroomBehindNginx(t *testing.T, base, baseTLS, dir string) {
	files := pageFiles(t, base)
	if len(files) < 15 {
		t.Fatalf("a page load fetches %d files (%v): the page's modules were not found", len(files), files)
	}

	// 30 page loads at once, each browser on connections of its own,
	// six at a time as a browser does over HTTP/1.1.
	var mu sync.Mutex
	status := map[int]int{}
	var wg sync.WaitGroup
	for range 30 {
		wg.Go(func() {
			c := clientFrom(classroom)
			next := make(chan string)
			var tabs sync.WaitGroup
			for range 6 {
				tabs.Go(func() {
					for f := range next {
						code := 0
						if res, err := c.Get(base + f); err == nil {
							io.Copy(io.Discard, res.Body)
							res.Body.Close()
							code = res.StatusCode
						}
						mu.Lock()
						status[code]++
						mu.Unlock()
					}
				})
			}
			for _, f := range files {
				next <- f
			}
			close(next)
			tabs.Wait()
		})
	}
	wg.Wait()
	if status[http.StatusOK] != 30*len(files) {
		t.Fatalf("30 page loads of %d files from one address: %v, want all %d answered 200", len(files), status, 30*len(files))
	}

	// 15 games started at once, two players each, over TLS for half of
	// them; each plays its first moves.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var errs []error
	for g := range 15 {
		wg.Go(func() {
			at := base
			if g%2 == 1 {
				at = baseTLS
			}
			if err := playFirstMoves(ctx, at, g); err != nil {
				mu.Lock()
				errs = append(errs, fmt.Errorf("game %d (%s): %w", g, at, err))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}

	logged, err := os.ReadFile(dir + "/access.log")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(logged), classroom+" "); n < 30*len(files) {
		t.Errorf("nginx's request log names the classroom's address in %d lines, want %d or more", n, 30*len(files))
	}

	// Over the API's limit: JSON with Retry-After, not an HTML page, in
	// the reader's language (the catalogue's words). The limit is the one
	// on creating rooms, 30 a minute from an address in bursts of 30
	// (deploy/nginx.conf): once more than 31 have come, it refuses every
	// request unless they took two seconds each on average. (The API's 20
	// a second needed 400 requests in 20 s, and under heavy load none was
	// refused.) The requests carry no room: the instance answers 400 and
	// creates nothing.
	c := clientFrom("127.0.0.6")
	answers := map[string]string{} // language → the 429's body
	for i := range 200 {
		lang := engine.Languages[i%len(engine.Languages)]
		req, _ := http.NewRequest("POST", base+"/api/rooms", strings.NewReader("{}"))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", lang+"-XX,"+lang+";q=0.9")
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusTooManyRequests {
			continue
		}
		if !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") || res.Header.Get("Retry-After") == "" {
			t.Fatalf("nginx's 429: %s %q Retry-After %q, want JSON and Retry-After", res.Header.Get("Content-Type"), body, res.Header.Get("Retry-After"))
		}
		answers[lang] = strings.TrimSuffix(string(body), "\n")
		if len(answers) == len(engine.Languages) {
			break
		}
	}
	if len(answers) < len(engine.Languages) {
		t.Errorf("200 requests to create a room from one address were limited in %d languages of %d", len(answers), len(engine.Languages))
	}
	for lang, body := range answers {
		if want := server.ProxyTooMany(lang); body != want {
			t.Errorf("nginx's 429 in %s: %s, want %s", lang, body, want)
		}
	}
}

// playFirstMoves creates a room of two people at base from the classroom
// and has both play random moves up to version 4.
func playFirstMoves(ctx context.Context, base string, seed int) error {
	c := clientFrom(classroom)
	res, err := c.Post(base+"/api/rooms", "application/json",
		strings.NewReader(`{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`))
	if err != nil {
		return err
	}
	var room struct {
		ID    string `json:"id"`
		Seats []struct {
			Link string `json:"link"`
		} `json:"seats"`
	}
	err = json.NewDecoder(res.Body).Decode(&room)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusCreated {
		return fmt.Errorf("creating the room: %d %v", res.StatusCode, err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 {
		link := room.Seats[i].Link
		bot := &roomclient.Bot{Base: base, Room: room.ID, Token: link[strings.LastIndex(link, "/")+1:], Client: c,
			Rand: rand.New(rand.NewPCG(uint64(seed), uint64(i))), StopAt: 4}
		wg.Go(func() { errs[i] = bot.Run(ctx) })
	}
	wg.Wait()
	return errors.Join(errs...)
}
