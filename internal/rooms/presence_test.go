package rooms

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"tabula/engine"
	"tabula/internal/pgtest"
	"tabula/internal/store"
)

// sharedOf is m's shared mode.
func sharedOf(m *Manager) *shared { return m.mode.(*shared) }

// lastPresence empties s's queue and returns the last presence it held
// ("none" if none): what a connection shows now.
func lastPresence(t *testing.T, s *Sub) string {
	t.Helper()
	got := "none"
	for len(s.Out) > 0 {
		var m msg
		if err := json.Unmarshal(<-s.Out, &m); err != nil {
			t.Fatal(err)
		}
		if m.Type == "presence" {
			got = fmt.Sprint(m.Online)
		}
	}
	return got
}

func wantPresence(t *testing.T, who string, s *Sub, want string) {
	t.Helper()
	if got := lastPresence(t, s); got != want {
		t.Errorf("%s was last told presence %s, want %s", who, got, want)
	}
}

// playersApart makes a room of two people on two processes, A and B,
// with seat 0 connected to A and seat 1 to B; p0 is seat 0's connection.
func playersApart(t *testing.T) (a, b *Manager, pg *store.Postgres, c Created, ra *Room, p0 *Sub) {
	a, b, pg = twoProcesses(t, randomAgents)
	c, err := a.Create(bg, "adji-boto", nil, people(2), Clock{})
	if err != nil {
		t.Fatal(err)
	}
	ra = roomOn(t, a, c.ID)
	p0 = join(t, ra, c.Tokens[0])
	join(t, roomOn(t, b, c.ID), c.Tokens[1])
	return a, b, pg, c, ra, p0
}

// TestPresenceAcrossProcesses: the two players of a room are connected
// to different processes (behind a load balancer). Once each has
// published its seats and heard of the other's (the notification), both
// players and a spectator see both seats online, and a seat online
// elsewhere cannot be given to the computer. When one leaves, the other
// process sees its seat go away.
func TestPresenceAcrossProcesses(t *testing.T) {
	a, b, _ := twoProcesses(t, randomAgents)
	c, err := a.Create(bg, "adji-boto", nil, people(2), Clock{})
	if err != nil {
		t.Fatal(err)
	}
	ra, rb := roomOn(t, a, c.ID), roomOn(t, b, c.ID)
	p0, spec, p1 := join(t, ra, c.Tokens[0]), join(t, rb, ""), join(t, rb, c.Tokens[1])
	// Each process alone knows only its own connections.
	wantPresence(t, "seat 0 on A", p0, "[true false]")
	wantPresence(t, "the spectator on B", spec, "[false true]")
	// What the presence goroutines do: publish, then (notified) read.
	sharedOf(a).flushPresence(bg)
	sharedOf(b).flushPresence(bg)
	a.PresenceChanged(c.ID, "B")
	b.PresenceChanged(c.ID, "A")
	sharedOf(a).flushPresence(bg)
	sharedOf(b).flushPresence(bg)
	wantPresence(t, "seat 0 on A", p0, "[true true]")
	wantPresence(t, "seat 1 on B", p1, "[true true]")
	wantPresence(t, "the spectator on B", spec, "[true true]")
	if v := rb.View(Spectator); !v.Seats[0].Online || !v.Seats[1].Online {
		t.Errorf("a new viewer on B would see seats %+v", v.Seats)
	}
	if err := ra.Replace(bg, p0, 1); code(err) != CodeBad || !strings.Contains(err.Error(), "online") {
		t.Errorf("giving seat 1 (online on B) to the computer from A: %v", err)
	}
	// Its own notification is no news to a process.
	a.PresenceChanged(c.ID, "A")
	if len(sharedOf(a).pres.stale) != 0 {
		t.Errorf("A read presence again after its own notification")
	}
	// Seat 1 leaves B; A hears of it.
	rb.Leave(p1)
	sharedOf(b).flushPresence(bg)
	a.PresenceChanged(c.ID, "B")
	sharedOf(a).flushPresence(bg)
	wantPresence(t, "seat 0 on A", p0, "[true false]")
	wantPresence(t, "the spectator on B", spec, "[true false]")
	if err := ra.Replace(bg, p0, 1); code(err) != CodeBad || !strings.Contains(err.Error(), "away for less than") {
		t.Errorf("giving seat 1 (just gone) to the computer from A: %v", err)
	}
}

// TestPresenceOfADeadProcessRunsOut: a process that dies leaves its rows
// behind; the others' polls show its seats online until the rows run out
// (here: set to have run out, as the database's clock would), and away
// after. Polls alone, without notifications, carry presence.
func TestPresenceOfADeadProcessRunsOut(t *testing.T) {
	a, b, pg, _, ra, p0 := playersApart(t)
	for _, m := range []*Manager{b, a} {
		if err := m.Poll(bg); err != nil {
			t.Fatal(err)
		}
	}
	wantPresence(t, "seat 0 on A", p0, "[true true]")
	b.Close() // B dies: nothing runs its cleanup
	if err := a.Poll(bg); err != nil {
		t.Fatal(err)
	}
	if v := ra.View(0); !v.Seats[1].Online {
		t.Error("seat 1 went away before B's rows ran out")
	}
	if _, err := pg.Pool().Exec(bg, `UPDATE holders SET expires = 0 WHERE holder = 'B'`); err != nil {
		t.Fatal(err)
	}
	if err := a.Poll(bg); err != nil {
		t.Fatal(err)
	}
	wantPresence(t, "seat 0 on A", p0, "[true false]")
	if _, away := ra.away[1]; !away {
		t.Error("seat 1 is not noted as away on A")
	}
}

// TestStopDropsPresence: a process that stops deletes its rows, so that
// the others see its seats go at their next look, not when they run out.
func TestStopDropsPresence(t *testing.T) {
	a, b, pg, c, _, p0 := playersApart(t)
	sharedOf(b).flushPresence(bg)
	a.Poll(bg)
	wantPresence(t, "seat 0 on A", p0, "[true true]")
	ctx, cancel := context.WithCancel(bg)
	done := make(chan struct{})
	go func() { b.RunShared(ctx, time.Hour); close(done) }()
	cancel()
	<-done
	var rows int
	if err := pg.Pool().QueryRow(bg, `SELECT count(*) FROM presence WHERE holder = 'B'`).Scan(&rows); err != nil || rows != 0 {
		t.Fatalf("B stopped and left %d rows (%v)", rows, err)
	}
	// Nothing B does after it stopped brings them back.
	b.Close()
	sharedOf(b).flushPresence(bg)
	a.PresenceChanged(c.ID, "B")
	sharedOf(a).flushPresence(bg)
	wantPresence(t, "seat 0 on A", p0, "[true false]")
}

// TestPresenceFailuresDoNotStopPlay: while presence cannot be written
// (its table is gone), the room plays on and the change waits; once the
// table is back, the next poll publishes it.
func TestPresenceFailuresDoNotStopPlay(t *testing.T) {
	a, _, pg, c, ra, p0 := playersApart(t)
	if _, err := pg.Pool().Exec(bg, `ALTER TABLE presence RENAME TO presence_away`); err != nil {
		t.Fatal(err)
	}
	sharedOf(a).flushPresence(bg)
	if err := a.Poll(bg); err != nil {
		t.Fatalf("a poll without presence: %v", err)
	}
	mustMove(t, ra, p0, 0, engine.LegalTexts(ra.state, 0)[0])
	if !sharedOf(a).pres.dirty[c.ID] {
		t.Error("the failed write of seat 0 is not kept for the next poll")
	}
	if _, err := pg.Pool().Exec(bg, `ALTER TABLE presence_away RENAME TO presence`); err != nil {
		t.Fatal(err)
	}
	a.Poll(bg)
	got, err := pg.Presence(bg, []string{c.ID}, "B")
	if err != nil || fmt.Sprint(got[c.ID]) != "[0]" {
		t.Errorf("after the table came back, A's seats are %v (%v), want [0]", got, err)
	}
}

// BenchmarkPollPresence measures the presence part of one poll of a
// process with 1,000 rooms in memory, each with both seats connected
// here and one of them also on another process: the refresh of its 2,000
// rows and the reads of the others' in batches.
func BenchmarkPollPresence(b *testing.B) {
	url := pgtest.Database(b)
	var ms [2]*Manager
	var pg *store.Postgres
	for i := range ms {
		s, err := store.OpenPostgres(bg, url)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { s.Close() })
		pg = s
		ms[i] = NewManager(Config{Store: s, Holder: []string{"A", "B"}[i], Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
		b.Cleanup(ms[i].Close)
	}
	a, other := ms[0], ms[1]
	for range 1000 {
		c, err := a.Create(bg, "adji-boto", nil, people(2), Clock{})
		if err != nil {
			b.Fatal(err)
		}
		for i, m := range ms {
			r, err := m.Room(bg, c.ID)
			if err != nil {
				b.Fatal(err)
			}
			for _, tok := range c.Tokens[:2-i] {
				if _, err := r.Join(tok, -1); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	sharedOf(other).pollPresence(bg)
	sharedOf(a).pollPresence(bg)
	var rows int
	if err := pg.Pool().QueryRow(bg, `SELECT count(*) FROM presence`).Scan(&rows); err != nil || rows != 3000 {
		b.Fatalf("%d rows of presence (%v), want 3000", rows, err)
	}
	b.ResetTimer()
	for b.Loop() {
		sharedOf(a).pollPresence(bg)
	}
}
