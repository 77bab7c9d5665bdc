package server

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strings"
	"testing"
)

func mustProxies(t testing.TB, list, header string) proxies {
	t.Helper()
	nets, err := ParseTrustedProxies(list)
	if err != nil {
		t.Fatal(err)
	}
	return proxies{trusted: nets, header: header}
}

func TestClientAddrIgnoresHeaderFromUntrustedPeer(t *testing.T) {
	p := mustProxies(t, "10.0.0.0/8", HeaderXForwardedFor)
	got, ok := p.clientAddr("198.51.100.7:4000", []string{"203.0.113.9"})
	if !ok || got.String() != "198.51.100.7" {
		t.Errorf("got %v %v, want the peer 198.51.100.7", got, ok)
	}
}

func TestClientAddrWithoutTrustedProxiesIsThePeer(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("X-Forwarded-For", "203.0.113.9")
	if got := (proxies{header: HeaderXForwardedFor}).fromClient(r); got.RemoteAddr != r.RemoteAddr {
		t.Errorf("RemoteAddr %q, want the peer's %q", got.RemoteAddr, r.RemoteAddr)
	}
}

// The client may write anything left of what the trusted proxies
// appended: the rightmost untrusted entry is the client.
func TestClientAddrTakesRightmostUntrustedHop(t *testing.T) {
	p := mustProxies(t, "10.0.0.0/8, 192.0.2.7", HeaderXForwardedFor)
	got, _ := p.clientAddr("10.0.0.2:5000", []string{"1.1.1.1, 203.0.113.9, 192.0.2.7, 10.0.0.9"})
	if got.String() != "203.0.113.9" {
		t.Errorf("got %v, want 203.0.113.9", got)
	}
}

func TestClientAddrJoinsHeaderLinesInOrder(t *testing.T) {
	p := mustProxies(t, "10.0.0.0/8", HeaderXForwardedFor)
	got, _ := p.clientAddr("10.0.0.2:5000", []string{"203.0.113.1", "203.0.113.2, 10.0.0.5"})
	if got.String() != "203.0.113.2" {
		t.Errorf("got %v, want 203.0.113.2", got)
	}
}

func TestClientAddrAllTrustedIsTheLeftmost(t *testing.T) {
	p := mustProxies(t, "10.0.0.0/8", HeaderXForwardedFor)
	got, _ := p.clientAddr("10.0.0.2:5000", []string{"10.1.1.1, 10.0.0.5"})
	if got.String() != "10.1.1.1" {
		t.Errorf("got %v, want 10.1.1.1", got)
	}
}

// An entry that is no address ends the search at the nearest trusted
// hop, not at whatever the client wrote further left.
func TestClientAddrStopsAtAnEntryThatIsNoAddress(t *testing.T) {
	p := mustProxies(t, "10.0.0.0/8", HeaderXForwardedFor)
	got, _ := p.clientAddr("10.0.0.2:5000", []string{"203.0.113.9, unknown, 10.0.0.5"})
	if got.String() != "10.0.0.5" {
		t.Errorf("got %v, want 10.0.0.5", got)
	}
}

func TestClientAddrReadsForwarded(t *testing.T) {
	p := mustProxies(t, "10.0.0.0/8", HeaderForwarded)
	for hdr, want := range map[string]string{
		`for=192.0.2.60;proto=http;by=203.0.113.43`:                     "192.0.2.60",
		`For="[2001:db8:cafe::17]:4711"`:                                "2001:db8:cafe::17",
		`for=198.51.100.1, for="10.0.0.4:80";by="x,y"`:                  "198.51.100.1",
		`for=198.51.100.1, for=_hidden, for=10.0.0.4`:                   "10.0.0.4",
		`for=198.51.100.1;host="a;b", proto=https;for="::ffff:1.2.3.4"`: "1.2.3.4",
	} {
		got, _ := p.clientAddr("10.0.0.2:5000", []string{hdr})
		if got.String() != want {
			t.Errorf("Forwarded: %s: got %v, want %s", hdr, got, want)
		}
	}
}

func TestParseTrustedProxiesNamesTheBadEntry(t *testing.T) {
	_, err := ParseTrustedProxies("10.0.0.0/8,10.0.0.300")
	if err == nil || !strings.Contains(err.Error(), `trusted proxy 2 ("10.0.0.300")`) {
		t.Errorf("err = %v", err)
	}
	got, err := ParseTrustedProxies("10.1.2.3/8, ::1")
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("got %v %v, want %v", got, err, want)
	}
}

// Behind a trusted proxy each client has its own budget of rooms a
// minute; without one, a made-up X-Forwarded-For buys no new budget.
func TestRoomsPerMinuteCountTheClientBehindATrustedProxy(t *testing.T) {
	body := `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`
	create := func(s *Server, xff string) int {
		r := httptest.NewRequest("POST", "/api/rooms", strings.NewReader(body)) // from 192.0.2.1
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("X-Forwarded-For", xff)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		return w.Code
	}
	nets, _ := ParseTrustedProxies("192.0.2.1")
	for _, c := range []struct {
		trusted []netip.Prefix
		want    [3]int
	}{
		{nets, [3]int{http.StatusCreated, http.StatusTooManyRequests, http.StatusCreated}},
		{nil, [3]int{http.StatusCreated, http.StatusTooManyRequests, http.StatusTooManyRequests}},
	} {
		_, s := newTestServerWith(t, Config{TrustedProxies: c.trusted})
		s.cfg.RoomsPerMinute = 1
		got := [3]int{create(s, "198.51.100.1"), create(s, "198.51.100.1"), create(s, "198.51.100.2")}
		if got != c.want {
			t.Errorf("trusting %v: %v, want %v", c.trusted, got, c.want)
		}
	}
}

// FuzzClientAddr: any peer and header give, without a panic, either the
// peer (when it is no trusted proxy) or an address written in the header
// or the peer.
func FuzzClientAddr(f *testing.F) {
	for _, s := range []string{"203.0.113.9, 10.0.0.5", `for="[2001:db8::1]:80";by=x, for=10.0.0.1`, `"`, `for=";,"`, "unknown", "[::1", ",,,"} {
		f.Add("10.0.0.2:5000", s, false)
		f.Add("198.51.100.1:1", s, true)
	}
	p := mustProxies(f, "10.0.0.0/8", HeaderXForwardedFor)
	q := mustProxies(f, "10.0.0.0/8", HeaderForwarded)
	f.Fuzz(func(t *testing.T, peer, hdr string, forwarded bool) {
		pp := p
		if forwarded {
			pp = q
		}
		got, ok := pp.clientAddr(peer, []string{hdr})
		pa, pok := parseNode(peer)
		if ok != pok {
			t.Fatalf("ok = %v for peer %q", ok, peer)
		}
		if !ok {
			return
		}
		if !pp.trusts(pa) && got != pa {
			t.Fatalf("untrusted peer %q: got %v", peer, got)
		}
		if got == pa {
			return
		}
		for _, h := range forwardedFor(pp.header, []string{hdr}) {
			if a, ok := parseNode(h); ok && a == got {
				return
			}
		}
		t.Fatalf("peer %q, header %q: %v is neither the peer nor a hop", peer, hdr, got)
	})
}
