package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"slices"
	"time"

	"tabula/internal/loadkit"
	"tabula/internal/roomclient"
)

// serveLimits are the flags of a `tabula serve` whose limits let a load
// test from this machine play: every room and connection comes from a
// few loopback addresses.
const serveLimits = "--rooms-per-minute 1000000 --conns-per-ip 100000 --conns 20000 --http-conns 20000 --http-conns-per-ip 100000 --msg-rate 1000"

// clientFrom is an HTTP client whose connections come from the loopback
// address ip, so that a load test plays as several addresses (the
// server's fair shares are by address).
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = d.DialContext
	return &http.Client{Transport: tr}
}

// getJSON reads base+path into out.
func getJSON(ctx context.Context, client *http.Client, base, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, "GET", base+path, nil)
	if err != nil {
		return err
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", path, res.Status)
	}
	return json.NewDecoder(res.Body).Decode(out)
}

// serverStats reads the server's goroutines, open files and memory from
// its loopback debug endpoint (ok false if it has none).
func serverStats(base string) (loadkit.Stats, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var st loadkit.Stats
	err := getJSON(ctx, http.DefaultClient, base, "/api/debug/stats", &st)
	return st, err == nil
}

// playedRoom is a room a load test played, with its bots.
type playedRoom struct {
	base, id string
	bots     []*roomclient.Bot
}

// storedCheck is what checkStored found.
type storedCheck struct {
	Rooms, Moves int
	Problems     []string
}

// checkStored reads every room back from the server and checks that each
// move a bot got acknowledged is stored once: at its version, with its
// text (turns of one actor), and that the room holds no more moves of
// people than were acknowledged, except those sent when the run stopped
// whose acknowledgement did not come. With several servers, a room is
// read from one that may not yet have caught up with a move another
// acknowledged (it learns of it by a notification, or at worst at its
// next poll): a room that shows fewer moves is read again until settle
// has passed since the check began.
func checkStored(ctx context.Context, rooms []playedRoom, settle time.Duration) storedCheck {
	var out storedCheck
	until := time.Now().Add(settle)
	for _, pr := range rooms {
		for !checkRoom(ctx, pr, &out, time.Now().Before(until)) {
			select {
			case <-ctx.Done():
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
	return out
}

// checkRoom checks one room into out; if again is true and the room shows
// fewer moves than were acknowledged, it adds nothing and returns false.
func checkRoom(ctx context.Context, pr playedRoom, out *storedCheck, again bool) bool {
	var v struct {
		Seats []struct{ Kind string }
		Turns []struct {
			Version int
			Actors  []int
			Move    string
		}
	}
	if err := getJSON(ctx, http.DefaultClient, pr.base, "/api/rooms/"+pr.id, &v); err != nil {
		out.Problems = append(out.Problems, fmt.Sprintf("room %s: %v", pr.id, err))
		return true
	}
	stored := 0
	byVersion := map[int]string{}
	for _, tn := range v.Turns {
		for _, a := range tn.Actors {
			if a >= 0 && a < len(v.Seats) && v.Seats[a].Kind == "person" {
				stored++
			}
		}
		if len(tn.Actors) == 1 {
			byVersion[tn.Version] = tn.Move
		}
	}
	acked, inFlight := 0, 0
	for _, b := range pr.bots {
		acked += len(b.AckedMoves())
		if b.Unacked() {
			inFlight++
		}
	}
	if stored < acked && again && ctx.Err() == nil {
		return false
	}
	out.Rooms++
	for _, b := range pr.bots {
		moves := b.AckedMoves()
		for ver, mv := range moves {
			if got, ok := byVersion[ver]; ok && got != mv {
				out.Problems = append(out.Problems, fmt.Sprintf("room %s: version %d acknowledged %q, stored %q", pr.id, ver, mv, got))
			}
		}
	}
	out.Moves += acked
	if stored < acked || stored > acked+inFlight {
		out.Problems = append(out.Problems, fmt.Sprintf("room %s: %d moves acknowledged (%d more in flight), %d stored", pr.id, acked, inFlight, stored))
	}
	return true
}

// quantiles gives p of ds in ms (0 for none); it sorts ds.
func quantiles(ds []time.Duration, ps ...float64) []float64 {
	slices.Sort(ds)
	out := make([]float64, len(ps))
	for i, p := range ps {
		if len(ds) > 0 {
			out[i] = float64(ds[min(len(ds)-1, int(p*float64(len(ds))))].Microseconds()) / 1000
		}
	}
	return out
}

// startup is the start of a run reported apart: every room is made and
// every bot joins in it, which is not how a server's load comes later.
const startup = 5 * time.Second

// sentSince is the round trips of the moves sent at or after t (sent[i]
// is when the move of rtts[i] was sent).
func sentSince(rtts []time.Duration, sent []time.Time, t time.Time) []time.Duration {
	var out []time.Duration
	for i, at := range sent {
		if !at.Before(t) {
			out = append(out, rtts[i])
		}
	}
	return out
}
