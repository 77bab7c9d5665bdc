package tamman_test

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
	"tabula/view"
)

// randomRecord plays a random game through the checked path and returns
// its final state and record.
func randomRecord(t *testing.T, seed uint64, settings ...string) (*tamman.State, []string) {
	t.Helper()
	s := start(t, settings...)
	rng := rand.New(rand.NewPCG(seed, 3))
	var rec []string
	for !s.Terminal() {
		if len(rec) > 100000 {
			t.Fatalf("seed %d: game does not end", seed)
		}
		var m engine.Move
		a := s.Actors(nil)[0]
		if a == engine.ChancePlayer {
			m = ai.SampleChance(s.ChanceOutcomes(nil), rng.Float64())
		} else {
			ms := s.Legal(a, nil)
			m = ms[rng.IntN(len(ms))]
		}
		text := s.MoveText(a, m)
		play(t, s, text)
		rec = append(rec, text)
	}
	return s, rec
}

func TestFullFourPlayerRandomGame(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		s, rec := randomRecord(t, seed, "players=4")
		o, ok := s.Outcome()
		if !ok || o.Winner < 0 || o.Winner > 3 {
			t.Fatalf("seed %d: outcome %v %v", seed, o, ok)
		}
		if s.Home(o.Winner) != 4 {
			t.Errorf("seed %d: winner %d has %d men home", seed, o.Winner, s.Home(o.Winner))
		}
		for p := 0; p < 4; p++ {
			if p != o.Winner && s.Home(p) == 4 {
				t.Errorf("seed %d: player %d also has all men home", seed, p)
			}
		}
		back, err := engine.Replay(tamman.Game{}, options(t, "players=4"), rec)
		if err != nil || back.Hash() != s.Hash() {
			t.Fatalf("seed %d: the record does not replay: %v", seed, err)
		}
		if !strings.Contains(s.String(), "has all four men on habarti") {
			t.Errorf("seed %d: final drawing:\n%s", seed, s)
		}
	}
}

// TestHashIsStable pins the hash of a fixed game, so a change of the
// position's digest (which saved hashes and tables rely on) is noticed.
func TestHashIsStable(t *testing.T) {
	s := start(t, "players=3")
	if got, want := s.Hash(), uint64(0x7faaf87dc0ac538f); got != want {
		t.Errorf("start hash %#x, want %#x", got, want)
	}
	play(t, s, "t4", "t2", "c1+4", "c1+2")
	if got, want := s.Hash(), uint64(0xe1d2328fea0a240a); got != want {
		t.Errorf("hash after four plies %#x, want %#x", got, want)
	}
}

func TestEqualPositionsHashEqual(t *testing.T) {
	// The same men reached in another order, the same throws waiting.
	a := start(t)
	play(t, a, "t4", "t2", "c1+4", "c1+2")
	b := start(t)
	play(t, b, "t4", "t2", "c1+2", "c1+4")
	if a.Hash() != b.Hash() {
		t.Errorf("hashes differ:\n%v\n%v", a, b)
	}
	c := start(t)
	play(t, c, "t4", "t2", "c1+2", "e1+4")
	if a.Hash() == c.Hash() {
		t.Errorf("different positions hash equal")
	}
}

func TestDetailsJSON(t *testing.T) {
	s := start(t, "players=4")
	play(t, s, "t4")
	out, err := view.State(s)
	if err != nil {
		t.Fatal(err)
	}
	var d map[string]any
	if err := json.Unmarshal(out, &d); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"pieces", "throws", "phase", "thrower", "turn", "seats", "steps"} {
		if _, ok := d[f]; !ok {
			t.Errorf("no field %s in %s", f, out)
		}
	}
	if d["phase"] != "throw" || d["thrower"] != 0.0 {
		t.Errorf("phase %v thrower %v", d["phase"], d["thrower"])
	}
	play(t, s, "t1")
	out, _ = view.State(s)
	if !strings.Contains(string(out), `"throws":[1,4],"phase":"move"`) || strings.Contains(string(out), "thrower") {
		t.Errorf("after t4 t1: %s", out)
	}
	if !strings.Contains(string(out), `"pieces":[["c1","c1","c1","c1"],["e3","e3","e3","e3"],["c5","c5","c5","c5"],["a3","a3","a3","a3"]]`) {
		t.Errorf("pieces: %s", out)
	}
}

func TestBoardDrawing(t *testing.T) {
	pos := tamman.Position{Men: [][]string{men("c1", "c1", "d1", "c3"), men("d1", "c5", "c5", "c5")}, Throws: []int{3, 4}}
	s := setup(t, pos)
	out := s.String()
	for _, want := range []string{" c1 A", " c3 H", " c2 D", " e3 A", "01", " 00 ", " 111 ", "player 0 to move; throws waiting: 3 (talad), 4 (waraq)", "1 on habarti"} {
		if !strings.Contains(out, want) {
			t.Errorf("drawing lacks %q:\n%s", want, out)
		}
	}
	lines := strings.Split(out, "\n")
	if !strings.Contains(lines[1], " 5 |") || !strings.Contains(lines[13], " 1 |") {
		t.Errorf("rank 5 is not on top:\n%s", out)
	}
}

func TestEvalFavoursProgress(t *testing.T) {
	pos := tamman.Position{Men: [][]string{men("c2", "c3", "c1", "c1"), men("b5", "c5", "c5", "c5")}}
	s := setup(t, pos)
	e := s.Eval(nil)
	if len(e) != 2 || e[0] <= 0 || e[1] >= 0 {
		t.Errorf("eval %v", e)
	}
	var _ engine.Evaluator = s
}

func TestFromPositionRejectsBadInput(t *testing.T) {
	for _, pos := range []tamman.Position{
		{Men: [][]string{men("c1", "c1", "c1", "c1")}},
		{Men: [][]string{men("c1", "c1", "c1"), men("c5", "c5", "c5", "c5")}},
		{Men: [][]string{men("c1", "c1", "c1", "z9"), men("c5", "c5", "c5", "c5")}},
		{Turn: 2, Men: [][]string{men("c1", "c1", "c1", "c1"), men("c5", "c5", "c5", "c5")}},
		{Men: [][]string{men("c1", "c1", "c1", "c1"), men("c5", "c5", "c5", "c5")}, Throws: []int{0}},
	} {
		if _, err := tamman.FromPosition(options(t), pos); err == nil {
			t.Errorf("%+v accepted", pos)
		}
	}
}

// evalByScan is Eval as first written: each player's share of the way
// minus the best other player's, found by a scan for each player.
func evalByScan(s *tamman.State) []float64 {
	n := s.NumPlayers()
	var out []float64
	var prog [4]float64
	for p := 0; p < n; p++ {
		t := 0
		for _, k := range s.Steps(p) {
			t += k
			if k == tamman.Steps {
				t++
			}
		}
		prog[p] = float64(t) / float64(4*(tamman.Steps+1))
	}
	for p := 0; p < n; p++ {
		if s.Terminal() {
			out = append(out, float64(map[bool]int{true: 1, false: -1}[s.Winner() == p]))
			continue
		}
		best := math.Inf(-1)
		for q := 0; q < n; q++ {
			if q != p && prog[q] > best {
				best = prog[q]
			}
		}
		out = append(out, prog[p]-best)
	}
	return out
}

// Eval, which finds the leader and the runner-up once, gives what the
// scan for each player gives, bit for bit, in every position of random
// games with 2, 3 and 4 players (ties for the lead included).
func TestEvalIsTheScan(t *testing.T) {
	ties := 0
	for _, players := range []string{"players=2", "players=3", "players=4"} {
		st := start(t, players)
		for seed := range uint64(30) {
			s := st.Clone().(*tamman.State)
			r := engine.Rand{Src: rand.NewPCG(seed, 9)}
			for {
				got, want := s.Eval([]float64{7}), evalByScan(s)
				if !slices.Equal(got[1:], want) || got[0] != 7 {
					t.Fatalf("%s seed %d ply %d: Eval %v, by scan %v", players, seed, s.Ply(), got[1:], want)
				}
				if !s.Terminal() && slices.Contains(want, 0) {
					ties++
				}
				if s.Terminal() {
					break
				}
				s.RandomPlayout(r, 1)
			}
		}
	}
	if ties == 0 {
		t.Fatal("no position with a tie for the lead")
	}
}
