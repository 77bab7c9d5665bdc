package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"tabula/internal/store"
)

// observe listens on Channel from a connection of no process (which
// says nothing) and returns its notifications' payloads.
func observe(ctx context.Context, t *testing.T, url string) <-chan string {
	t.Helper()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	if _, err := conn.Exec(ctx, `LISTEN `+store.Channel); err != nil {
		t.Fatal(err)
	}
	out := make(chan string, 100)
	go func() {
		for {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				return
			}
			out <- n.Payload
		}
	}()
	return out
}

// nextNote returns the next of the payloads got.
func nextNote(ctx context.Context, t *testing.T, got <-chan string) string {
	t.Helper()
	select {
	case g := <-got:
		return g
	case <-ctx.Done():
		t.Fatal("no notification")
		return ""
	}
}

func oneEvent(from int) store.Step {
	return store.Step{Room: "r", From: from, Events: []store.Event{{Version: from + 1, Kind: "turn", Body: []byte(`{}`)}}}
}

// TestAloneNotifiesNothing: a process that finds no other holder alive
// and has heard no other process does not notify its steps; when another
// process's listener says hello, it sends the steps it kept to itself
// (as versions) and answers, and then notifies its steps again.
func TestAloneNotifiesNothing(t *testing.T) {
	a, b := twoPoolsOneRoom(t)
	ctx, cancel := context.WithTimeout(bg, 30*time.Second)
	defer cancel()
	obs := observe(ctx, t, a.Pool().Config().ConnConfig.ConnString())
	listen(ctx, t, a, store.Listener{})
	helloA := nextNote(ctx, t, obs)
	originA, ok := strings.CutPrefix(helloA, "hello ")
	if !ok {
		t.Fatalf("a's listener said %q", helloA)
	}
	if err := a.RefreshPresence(bg, "A", time.Minute); err != nil {
		t.Fatal(err)
	}
	expectNote(ctx, t, obs, "here "+originA)
	if err := a.Apply(bg, oneEvent(0)); err != nil {
		t.Fatal(err)
	}
	gotB := make(chan string, 10)
	listen(ctx, t, b, store.Listener{
		Changed: func(room string, v int) { gotB <- fmt.Sprintf("changed %s %d", room, v) },
		Stepped: func(room string, from int, _ []store.Event) { gotB <- fmt.Sprintf("stepped %s %d", room, from) },
	})
	if g := nextNote(ctx, t, obs); !strings.HasPrefix(g, "hello ") || g == helloA {
		t.Fatalf("after a's step, notification %q, want b's hello", g)
	}
	expectNote(ctx, t, obs, "r 1")
	expectNote(ctx, t, obs, "here "+originA)
	expectNote(ctx, t, gotB, "changed r 1")
	if err := a.Apply(bg, oneEvent(1)); err != nil {
		t.Fatal(err)
	}
	expectNote(ctx, t, gotB, "stepped r 1")
}

// TestNotAloneWhileAnotherHolderLives: a process that finds another
// holder alive notifies its steps, though it never heard that process.
func TestNotAloneWhileAnotherHolderLives(t *testing.T) {
	a, b := twoPoolsOneRoom(t)
	ctx, cancel := context.WithTimeout(bg, 30*time.Second)
	defer cancel()
	obs := observe(ctx, t, a.Pool().Config().ConnConfig.ConnString())
	if err := b.RefreshPresence(bg, "B", time.Minute); err != nil {
		t.Fatal(err)
	}
	hereB := nextNote(ctx, t, obs)
	if err := a.RefreshPresence(bg, "A", time.Minute); err != nil {
		t.Fatal(err)
	}
	if g := nextNote(ctx, t, obs); !strings.HasPrefix(g, "here ") || g == hereB {
		t.Fatalf("a's refresh said %q", g)
	}
	if err := a.Apply(bg, oneEvent(0)); err != nil {
		t.Fatal(err)
	}
	if g := nextNote(ctx, t, obs); !strings.HasPrefix(g, "steps ") {
		t.Fatalf("a's step was told as %q", g)
	}
}
