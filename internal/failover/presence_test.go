package failover

import (
	"fmt"
	"testing"
	"time"

	"tabula/internal/roomclient"
)

// presenceAcrossInstances: the two players of a room are connected to
// different instances and a spectator to the third. Each player and the
// spectator see both seats online; when one player leaves, the others see
// the seat go away. How long that took is logged, not tested.
func presenceAcrossInstances(t *testing.T, ins []*instance) {
	c := createRoom(t, ins[0], `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	ctx := ctxFor(t, time.Minute)
	dial := func(in *instance, token string) *roomclient.Conn {
		t.Helper()
		conn, _, err := roomclient.Dial(ctx, in.URL, c.ID, token, -1, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.CloseNow() })
		return conn
	}
	p0 := dial(ins[0], tokenOf(c.Seats[0].Link))
	spec := dial(ins[2], "")
	p1 := dial(ins[1], tokenOf(c.Seats[1].Link))
	// until reads presence messages until one shows want.
	until := func(who string, conn *roomclient.Conn, want string) {
		t.Helper()
		for {
			m, err := conn.Recv(ctx)
			if err != nil {
				t.Fatalf("%s never saw presence %s: %v", who, want, err)
			}
			if m.Type == "presence" && fmt.Sprint(m.Online) == want {
				return
			}
		}
	}
	until("seat 0 on instance 0", p0, "[true true]")
	until("seat 1 on instance 1", p1, "[true true]")
	until("the spectator on instance 2", spec, "[true true]")
	left := time.Now()
	p1.Close()
	until("seat 0 on instance 0", p0, "[true false]")
	until("the spectator on instance 2", spec, "[true false]")
	t.Logf("seat 1 left instance 1; the spectator on instance 2 saw it %v later", time.Since(left).Round(time.Millisecond))
}
