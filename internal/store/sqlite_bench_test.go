package store

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
)

// BenchmarkSQLiteApply applies one-event steps from 32 writers a processor
// at once, each to a room of its own, as a server's moves arrive: the
// writer groups them.
func BenchmarkSQLiteApply(b *testing.B) {
	const rooms = 1000
	ids := make([]string, rooms)
	for i := range ids {
		ids[i] = fmt.Sprint("r", i)
	}
	s := openWithRooms(b, ids...)
	ctx := context.Background()
	var next atomic.Int64
	b.SetParallelism(32)
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		id := ids[int(next.Add(1)-1)%rooms]
		v := 0
		body := []byte(`{"kind":"turn","version":1,"move":"3","actors":[0]}`)
		for pb.Next() {
			st := Step{Room: id, From: v, Events: []Event{{Version: v + 1, Kind: "turn", Body: body}}}
			if err := s.Apply(ctx, st); err != nil {
				b.Error(err)
				return
			}
			v++
		}
	})
}
