package solve

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"testing"

	"tabula/engine"
	"tabula/games/adjiboto"
)

// minimax is the plain definition the tables must agree with: the best
// margin the player to move can force from s, searched through whole
// games with the game's own states (history and repetition rule
// included), without any table.
func minimax(s *adjiboto.State) int {
	p := s.ToMove()
	best := -1 << 30
	for _, m := range s.Legal(p, nil) {
		next := s.Clone().(*adjiboto.State)
		next.Apply(m)
		v := (next.Store(p) - s.Store(p)) - (next.Store(1-p) - s.Store(1-p))
		if !next.Terminal() {
			w := minimax(next)
			if next.ToMove() != p {
				w = -w
			}
			v += w
		}
		best = max(best, v)
	}
	return best
}

func options(t testing.TB, settings ...string) engine.Options {
	t.Helper()
	opts, err := engine.ParseOptions(adjiboto.Game{}, settings)
	if err != nil {
		t.Fatal(err)
	}
	return opts
}

// randomBoard puts n seeds in random holes.
func randomBoard(rng *rand.Rand, n int) [adjiboto.Holes]int {
	var holes [adjiboto.Holes]int
	for range n {
		holes[rng.IntN(adjiboto.Holes)]++
	}
	return holes
}

func TestTableMatchesMinimax(t *testing.T) {
	const k = 7
	for _, set := range [][]string{nil, {"chain-through-empty=true"}, {"capture-from=opponent", "skip-origin=true"}} {
		opts := options(t, set...)
		tab, st, err := Build(opts, k, nil)
		if err != nil {
			t.Fatal(err)
		}
		if st.Positions != Size(k) {
			t.Fatalf("%v: %d positions, want %d", set, st.Positions, Size(k))
		}
		for n, c := range st.Groups {
			if c != 0 {
				t.Errorf("%v: %d groups with cycles met with %d seeds; none exist below 16", set, c, n)
			}
		}
		rng := rand.New(rand.NewPCG(1, uint64(len(set))))
		checked := 0
		for i := 0; i < 300; i++ {
			n := rng.IntN(k + 1)
			s, err := adjiboto.NewPosition(opts, randomBoard(rng, n), [2]int{rng.IntN(20), rng.IntN(20)}, rng.IntN(2))
			if err != nil {
				t.Fatal(err)
			}
			if s.Terminal() {
				if _, ok := tab.Value(s); ok {
					t.Fatalf("%v: a finished game has a table value", set)
				}
				continue
			}
			got, ok := tab.Value(s)
			if !ok {
				t.Fatalf("%v: board with %d seeds not covered", set, n)
			}
			if want := minimax(s); got != want {
				t.Fatalf("%v: %v: table %d, minimax %d", set, s.Details(), got, want)
			}
			moves, vals, _ := tab.MoveValues(s)
			best, _ := tab.BestMove(s)
			for i, m := range moves {
				if m == best && vals[i] != got {
					t.Fatalf("%v: best move %d is worth %d, the position %d", set, m, vals[i], got)
				}
			}
			checked++
		}
		if checked < 100 {
			t.Fatalf("only %d positions checked", checked)
		}
	}
}

func TestIndexIsABijection(t *testing.T) {
	tab := newTable(5, nil)
	for n := 0; n <= 5; n++ {
		seen := make([]bool, tab.count[n])
		var holes [adjiboto.Holes]int
		eachBoard(&holes, 0, n, func() {
			for p := 0; p < 2; p++ {
				i := tab.entry(&holes, n, p)
				if i < 0 || i >= tab.count[n] || seen[i] {
					t.Fatalf("board %v (%d seeds), player %d: entry %d out of its level or taken", holes, n, p, i)
				}
				seen[i] = true
			}
		})
		for i, ok := range seen {
			if !ok {
				t.Fatalf("%d seeds: entry %d of %d never used", n, i, len(seen))
			}
		}
	}
}

// Two seeds apart on a player's side: she can only move a pair, so the
// values can be worked out by hand.
func TestHandWorkedValues(t *testing.T) {
	tab, _, err := Build(options(t), 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		holes [adjiboto.Holes]int
		p     int
		want  int
	}{
		// Player 0 plays 9 (two seeds): one seed stays, one goes to 8;
		// nobody can move and each sweeps her side: 0 has 2, 1 has 1.
		{[adjiboto.Holes]int{1, 0, 0, 0, 0, 0, 0, 0, 0, 2}, 0, 1},
		// Player 0 plays 5: the seed goes to 4, hole 3 after it holds 1
		// and is captured; then 0 has 1 (hole 5), 1 has 1 (hole 4): 1+1-1.
		{[adjiboto.Holes]int{0, 0, 0, 1, 0, 2, 0, 0, 0, 0}, 0, 1},
		// Player 1 to move with no move passes; player 0 cannot move
		// either: the sweep, 0 has 1, 1 has 2 single seeds.
		{[adjiboto.Holes]int{1, 1, 0, 0, 0, 1, 0, 0, 0, 0}, 1, 1},
	} {
		n := 0
		for _, x := range c.holes {
			n += x
		}
		got := tab.get(n, tab.entry(&c.holes, n, c.p))
		if got != c.want {
			t.Errorf("%v, player %d to move: %d, want %d", c.holes, c.p, got, c.want)
		}
	}
}

func TestWriteReadRoundTrip(t *testing.T) {
	tab, _, err := Build(options(t, "skip-origin=true"), 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := tab.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if back.k != tab.k || !bytes.Equal(back.data, tab.data) || len(back.rules) != len(tab.rules) {
		t.Fatal("table read back differs")
	}
	for _, bad := range [][]byte{
		nil,
		[]byte("hello\n"),
		buf.Bytes()[:buf.Len()-1],
		append(bytes.Clone(buf.Bytes()), 0),
		bytes.Replace(buf.Bytes(), []byte("k=4"), []byte("k=99"), 1),
		bytes.Replace(buf.Bytes(), []byte("skip-origin=true"), []byte("skip-origin=maybe"), 1),
	} {
		if _, err := Read(bytes.NewReader(bad)); !errors.Is(err, ErrBadTable) {
			t.Errorf("%.60q: error %v, want ErrBadTable", bad, err)
		}
	}
}

func TestCoversOnlyTheTablesGames(t *testing.T) {
	tab, _, err := Build(options(t), 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	small := [adjiboto.Holes]int{0, 2, 0, 0, 0, 0, 2, 0, 0, 0}
	for _, c := range []struct {
		settings []string
		holes    [adjiboto.Holes]int
		want     bool
	}{
		{nil, small, true},
		{[]string{"seeds=3", "repetition=5"}, small, true},
		{[]string{"chain-through-empty=true"}, small, false},
		{[]string{"max-plies=100"}, small, false},
		{nil, [adjiboto.Holes]int{0, 2, 0, 0, 0, 0, 2, 1, 0, 0}, false},
	} {
		s, err := adjiboto.NewPosition(options(t, c.settings...), c.holes, [2]int{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := tab.Covers(s); got != c.want {
			t.Errorf("%v %v: covered %v, want %v", c.settings, c.holes, got, c.want)
		}
	}
	start, _ := adjiboto.New(options(t, "seeds=2"))
	if tab.Covers(start) {
		t.Error("a position in the opening is covered")
	}
}

func FuzzRead(f *testing.F) {
	tab, _, err := Build(options(f), 2, nil)
	if err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	tab.WriteTo(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte(fileMagic + "\nk=30 chain-through-empty=false capture-from=any skip-origin=false\n\x01"))
	f.Add([]byte(fileMagic + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		back, err := Read(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrBadTable) {
				t.Fatalf("error %v does not wrap ErrBadTable", err)
			}
			return
		}
		var out bytes.Buffer
		back.WriteTo(&out)
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatal("a table read does not write back the same bytes")
		}
	})
}

func TestLazyBuildsOnFirstCoveredPosition(t *testing.T) {
	lazy := NewLazy(5)
	big, _ := adjiboto.NewPosition(options(t), [adjiboto.Holes]int{0, 2, 0, 0, 2, 0, 2, 0, 0, 0}, [2]int{}, 0)
	if _, ok := lazy.BestMove(big); ok || len(lazy.tables) != 0 {
		t.Fatalf("6 seeds answered or built a table of K=5 (%d tables)", len(lazy.tables))
	}
	s, _ := adjiboto.NewPosition(options(t, "chain-through-empty=true"), [adjiboto.Holes]int{3, 0, 0, 0, 0, 2, 0, 0, 0, 0}, [2]int{}, 0)
	got, ok := lazy.BestMove(s)
	if !ok || len(lazy.tables) != 1 {
		t.Fatalf("5 seeds: answered %v with %d tables", ok, len(lazy.tables))
	}
	moves, vals, _ := lazy.tables["chain-through-empty=true capture-from=any skip-origin=false"].t.MoveValues(s)
	if len(moves) != 1 || got != moves[0] || vals[0] != minimax(s) {
		t.Fatalf("move %d of %v worth %v, minimax %d", got, moves, vals, minimax(s))
	}
}

// BestMoveBuilt answers only from tables built already: the first
// position its table would cover gets no answer, and has the table built
// off the caller's goroutine; once built, the same answer as BestMove.
func TestLazyBestMoveBuiltDoesNotBuildInTheCaller(t *testing.T) {
	lazy := NewLazy(5)
	s, _ := adjiboto.NewPosition(options(t, "chain-through-empty=true"), [adjiboto.Holes]int{3, 0, 0, 0, 0, 2, 0, 0, 0, 0}, [2]int{}, 0)
	if _, ok := lazy.BestMoveBuilt(s); ok {
		t.Fatal("answered before any table was built")
	}
	lazy.mu.Lock()
	e := lazy.tables["chain-through-empty=true capture-from=any skip-origin=false"]
	lazy.mu.Unlock()
	if e == nil {
		t.Fatal("no table is being built for the position's rules")
	}
	<-e.done // the build started by the first question ends
	got, ok := lazy.BestMoveBuilt(s)
	want, wok := NewLazy(5).BestMove(s)
	if !ok || !wok || got != want {
		t.Fatalf("once built: %d %v, BestMove %d %v", got, ok, want, wok)
	}
}

// A table added from a file answers the positions it covers beyond the
// lazy tables' size, with a best move by minimax, and builds nothing; a
// position of other rules is left to the lazy tables.
func TestLazyAnswersFromAddedTable(t *testing.T) {
	tab, _, err := Build(options(t), 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	tab.WriteTo(&buf)
	read, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	lazy := NewLazy(3)
	lazy.Add(read)
	s, _ := adjiboto.NewPosition(options(t), [adjiboto.Holes]int{0, 2, 0, 1, 2, 0, 2, 0, 0, 0}, [2]int{}, 0)
	got, ok := lazy.BestMove(s)
	if !ok || len(lazy.tables) != 0 {
		t.Fatalf("7 seeds: answered %v, %d tables built", ok, len(lazy.tables))
	}
	next := s.Clone().(*adjiboto.State)
	next.Apply(got)
	v := next.Store(0) - next.Store(1)
	if !next.Terminal() {
		w := minimax(next)
		if next.ToMove() != 0 {
			w = -w
		}
		v += w
	}
	if want := minimax(s); v != want {
		t.Fatalf("the added table's move %d is worth %d, minimax %d", got, v, want)
	}
	other, _ := adjiboto.NewPosition(options(t, "skip-origin=true"), [adjiboto.Holes]int{0, 2, 0, 1, 2, 0, 2, 0, 0, 0}, [2]int{}, 0)
	if _, ok := lazy.BestMove(other); ok || len(lazy.tables) != 0 {
		t.Fatalf("a position of other rules beyond K=3: answered %v, %d tables built", ok, len(lazy.tables))
	}
}

// The package registers Adji-Boto's endgame itself, and a table file given
// to the engine (as --endgame does) reaches it; a file that is no table
// is refused.
func TestTheSolverRegistersTheEndgame(t *testing.T) {
	lazy, ok := engine.EndgameOf(adjiboto.ID).(*Lazy)
	if !ok {
		t.Fatalf("Adji-Boto's endgame is %T, want *Lazy", engine.EndgameOf(adjiboto.ID))
	}
	name := t.TempDir() + "/k3.tab"
	os.WriteFile(name, wholeFile(t, 3), 0o644)
	before := len(lazy.loaded)
	if err := engine.LoadEndgame(name); err != nil {
		t.Fatal(err)
	}
	if len(lazy.loaded) != before+1 {
		t.Errorf("%d tables loaded after LoadEndgame, want %d", len(lazy.loaded), before+1)
	}
	if err := engine.LoadEndgame(t.TempDir() + "/missing.tab"); err == nil {
		t.Error("a missing file was loaded")
	}
}
