package server

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabula/internal/roomclient"
)

// BenchmarkOnlineGames plays whole Adji-Boto games between two bots over
// real WebSockets and SQLite, 8 rooms at a time; it reports moves per
// second and the mean round trip of a move.
func BenchmarkOnlineGames(b *testing.B) {
	ts, _, _ := newOnlineServer(b)
	var moves atomic.Int64
	var rtt atomic.Int64
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i := range b.N {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			var r roomJSON
			res, err := http.Post(ts.URL+"/api/rooms", "application/json", strings.NewReader(`{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`))
			if err != nil {
				b.Error(err)
				return
			}
			json.NewDecoder(res.Body).Decode(&r)
			res.Body.Close()
			var bw sync.WaitGroup
			for k := range 2 {
				bot := &roomclient.Bot{Base: ts.URL, Room: r.ID, Token: token(r.Seats[k].Link), Rand: rand.New(rand.NewPCG(uint64(i), uint64(k)))}
				bw.Add(1)
				go func() {
					defer bw.Done()
					bot.Run(context.Background())
					moves.Add(int64(len(bot.RTT)))
					for _, d := range bot.RTT {
						rtt.Add(int64(d))
					}
				}()
			}
			bw.Wait()
		}()
	}
	wg.Wait()
	el := time.Since(start)
	if n := moves.Load(); n > 0 {
		b.ReportMetric(float64(n)/el.Seconds(), "moves/s")
		b.ReportMetric(float64(rtt.Load())/float64(n)/1e6, "ms/move")
	}
}
