package rooms

import (
	"bytes"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"tabula/internal/wire"
	"testing"

	"tabula/ai"
	"tabula/engine"
	"tabula/internal/store"
	"tabula/view"
)

// fastStore is real SQLite on a memory file system where there is one
// (/dev/shm), so that thousands of synchronous commits take seconds.
func fastStore(t testing.TB) *store.SQLite {
	t.Helper()
	dir := t.TempDir()
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		if d, err := os.MkdirTemp("/dev/shm", "tabula-test"); err == nil {
			dir = d
			t.Cleanup(func() { os.RemoveAll(d) })
		}
	}
	s, err := store.OpenSQLite(filepath.Join(dir, "rooms.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestHiddenChoicesNeverLeave plays 1,500 Agsinnoninka turns. In each,
// one seat chooses first; everything the other seat and a spectator
// receive before the second choice, and what is stored, must be exactly
// what the choice-free template gives: the choice never appears, and the
// sizes cannot depend on it.
func TestHiddenChoicesNeverLeave(t *testing.T) {
	turns := 1500
	if testing.Short() {
		turns = 500
	}
	st := fastStore(t)
	m := testManager(t, st)
	rng := rand.New(rand.NewPCG(5, 5000))
	played, games := 0, 0
	for played < turns {
		r, c := create(t, m, "agsinnoninka", nil, people(2))
		games++
		subs := []*Sub{join(t, r, c.Tokens[0]), join(t, r, c.Tokens[1])}
		spec := join(t, r, "")
		for played < turns && !r.state.Terminal() {
			drain(subs[0], subs[1], spec)
			first := rng.IntN(2)
			other := 1 - first
			v := r.version
			before, _ := view.StateTold(r.state)
			legal := engine.LegalTexts(r.state, first)
			choice := legal[rng.IntN(len(legal))]
			mustMove(t, r, subs[first], v, choice)
			want := wire.EventMsg(wire.Event{Version: v + 1, Kind: wire.KindCommit, Seat: intp(first)}, before, nil)
			for _, s := range []*Sub{subs[other], spec} {
				if len(s.Out) != 1 {
					t.Fatalf("turn %d: viewer %d got %d messages after one commitment", played, s.Seat, len(s.Out))
				}
				if got := <-s.Out; !bytes.Equal(got, want) {
					t.Fatalf("turn %d: viewer %d got\n%s\nwant the choice-free\n%s", played, s.Seat, got, want)
				}
			}
			for _, viewer := range []int{other, Spectator} {
				if v := r.View(viewer); v.Choice != "" {
					t.Fatalf("turn %d: the view of %d shows a choice", played, viewer)
				}
			}
			var stored []byte
			var hidden string
			st.DB().QueryRow(`SELECT body FROM events WHERE room = ? AND version = ?`, r.ID, v+1).Scan(&stored)
			st.DB().QueryRow(`SELECT move FROM commits WHERE room = ? AND seat = ?`, r.ID, first).Scan(&hidden)
			if body := mustJSON(wire.Event{Version: v + 1, Kind: wire.KindCommit, Seat: intp(first)}); !bytes.Equal(stored, body) || hidden != choice {
				t.Fatalf("turn %d: stored event %s, commitment %q", played, stored, hidden)
			}
			if rec := r.Record(); len(rec.Moves) != r.state.Ply() {
				t.Fatalf("turn %d: the record has a move of the open turn", played)
			}
			legal = engine.LegalTexts(r.state, other)
			mustMove(t, r, subs[other], r.version, legal[rng.IntN(len(legal))])
			played++
		}
	}
	t.Logf("%d turns in %d games", played, games)
}

// spyAgent records the positions it is asked about.
type spyAgent struct {
	mu     sync.Mutex
	hashes []uint64
	inner  ai.Agent
}

func (s *spyAgent) Name() string { return "spy" }
func (s *spyAgent) Choose(st engine.State, p int) engine.Move {
	s.mu.Lock()
	s.hashes = append(s.hashes, st.Hash())
	s.mu.Unlock()
	return s.inner.Choose(st, p)
}

// TestComputerSeesNoChoice: the state a computer player chooses from is
// the position before anyone chose, whoever committed first.
func TestComputerSeesNoChoice(t *testing.T) {
	spy := &spyAgent{}
	m := NewManager(Config{Store: fastStore(t), Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Offered: func(engine.Game, engine.Options) []string { return []string{"random"} },
		Agents: func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
			a, err := ai.New(g, spec, ai.Config{Seed: seed, Options: opts})
			spy.inner = a
			return spy, err
		}})
	t.Cleanup(m.Close)
	r, c := create(t, m, "agsinnoninka", nil, []SeatSpec{{Kind: Person}, {Kind: Computer, Agent: "random"}})
	a := join(t, r, c.Tokens[0])
	var before []uint64
	for turn := 0; turn < 20 && !r.state.Terminal(); turn++ {
		r.mu.Lock()
		before = append(before, r.state.Hash())
		v, mv := r.version, engine.LegalTexts(r.state, 0)[0]
		r.mu.Unlock()
		mustMove(t, r, a, v, mv)
		for e := next(t, a, "event"); e.Event.Kind != wire.KindTurn; e = next(t, a, "event") {
		}
	}
	spy.mu.Lock()
	defer spy.mu.Unlock()
	// (It may have started on the next turn already.)
	if len(spy.hashes) < len(before) {
		t.Fatalf("the computer chose %d times in %d turns", len(spy.hashes), len(before))
	}
	for i := range before {
		if spy.hashes[i] != before[i] {
			t.Fatalf("turn %d: the computer saw another position than the one before the choices", i)
		}
	}
}
