package failover

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabula/internal/servetest"
)

// instance is one `tabula serve` process (internal/servetest).
type instance = servetest.Instance

func buildTabula(t *testing.T) string { return servetest.Build(t) }

// serveFlags are given to every instance before a test's own, in place of
// servetest's (to measure a takeover with the defaults: -serve-flags
// "--lease 6s --poll 2s").
var serveFlags = flag.String("serve-flags", "", "more flags for every `tabula serve` started")

// startInstance starts an instance whose database connections are named
// (application_name) for it alone: appName says which.
func startInstance(t *testing.T, bin, db string, extra ...string) *instance {
	name := fmt.Sprintf("tabula-test-%d", instances.Add(1))
	in := servetest.Start(t, bin, db+"&application_name="+name, append(strings.Fields(*serveFlags), extra...)...)
	appNames.Store(in, name)
	return in
}

var (
	instances atomic.Int64
	appNames  sync.Map // *instance → its application_name
)

// appName is the application_name of in's database connections.
func appName(in *instance) string {
	name, _ := appNames.Load(in)
	return name.(string)
}

var (
	get  = servetest.Get
	post = servetest.Post
)

// balancer is a client's load balancer: it sends every request, WebSocket
// upgrades included, to the first of its instances that it has not found
// down, and marks an instance down when it cannot reach it, so that the
// client's next attempt goes to the next one.
type balancer struct {
	*httptest.Server
	targets func() []*instance
	mu      sync.Mutex
	down    map[*instance]bool
}

func newBalancer(t *testing.T, targets func() []*instance) *balancer {
	b := &balancer{targets: targets, down: map[*instance]bool{}}
	pick := func() *instance {
		b.mu.Lock()
		defer b.mu.Unlock()
		all := b.targets()
		for _, in := range all {
			if !b.down[in] {
				return in
			}
		}
		return all[0]
	}
	const via = "X-Balancer-Target"
	rp := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			in := pick()
			u, _ := url.Parse(in.URL)
			pr.SetURL(u)
			pr.Out.Host = u.Host // the instance answers loopback host names only
			pr.Out.Header.Set(via, in.URL)
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			b.mu.Lock()
			for _, in := range b.targets() {
				if in.URL == r.Header.Get(via) {
					b.down[in] = true
				}
			}
			b.mu.Unlock()
			http.Error(w, "instance down: "+err.Error(), http.StatusBadGateway)
		},
	}
	b.Server = httptest.NewServer(rp)
	t.Cleanup(b.Close)
	return b
}

// fixed is a list of instances that does not change.
func fixed(ins ...*instance) func() []*instance { return func() []*instance { return ins } }

func ctxFor(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}
