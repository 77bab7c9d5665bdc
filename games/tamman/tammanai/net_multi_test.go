package tammanai

import (
	"math"
	"math/rand/v2"
	"testing"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
)

func playersOpts(t *testing.T, n int) engine.Options {
	t.Helper()
	opts, err := engine.ParseOptions(tamman.Game{}, []string{"players=" + string(rune('0'+n))})
	if err != nil {
		t.Fatal(err)
	}
	return opts
}

// randomStates returns the positions of a few random games of opts,
// every fifth one.
func randomStates(t *testing.T, opts engine.Options, games int) []*tamman.State {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 7))
	var out []*tamman.State
	var moves []engine.Move
	for range games {
		s, err := tamman.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; !s.Terminal(); ply++ {
			if ply%5 == 0 {
				out = append(out, s.Clone().(*tamman.State))
			}
			if s.Phase() == tamman.ThrowPhase {
				s.Apply(s.SampleThrow(rng.Float64()))
				continue
			}
			moves = s.Legal(s.Turn(), moves[:0])
			s.Apply(moves[rng.IntN(len(moves))])
		}
		out = append(out, s)
	}
	return out
}

func TestMultiNetsLoadAndGiveChances(t *testing.T) {
	for _, players := range []int{3, 4} {
		if p, h := multiNetFor(players).Shape(); p != players || h < 1 {
			t.Fatalf("net%d.txt: a network of %d players, %d hidden units", players, p, h)
		}
		over := 0
		for _, s := range randomStates(t, playersOpts(t, players), 3) {
			c := MultiNetEval(s, nil)
			sum := 0.0
			for _, v := range c {
				if !(v >= 0 && v <= 1) {
					t.Fatalf("%d players: chances %v out of 0..1", players, c)
				}
				sum += v
			}
			if len(c) != players || math.Abs(sum-1) > 1e-9 {
				t.Fatalf("%d players: chances %v: want %d summing to 1", players, c, players)
			}
			if s.Terminal() {
				over++
				if c[s.Winner()] != 1 {
					t.Errorf("%d players, player %d won: chances %v", players, s.Winner(), c)
				}
			}
		}
		if over != 3 {
			t.Errorf("%d players: %d ends of games judged, want 3", players, over)
		}
	}
}

// rotated sets up s with every player's men, on the same steps of her
// path, moved to the next seat, and the turn with them; ok false when s
// is a position FromPosition cannot set up (throws still due in a turn).
func rotated(t *testing.T, s *tamman.State, by int) (*tamman.State, bool) {
	t.Helper()
	n := s.NumPlayers()
	if s.Terminal() || s.ExtraThrowsDue() > 0 || s.Phase() == tamman.ThrowPhase && s.CaptureThrowsDue() == 0 && len(s.Throws()) > 0 {
		return nil, false
	}
	pos := tamman.Position{Turn: (s.Turn() + by) % n, Men: make([][]string, n), Throws: s.Throws(), CaptureThrows: s.CaptureThrowsDue()}
	for p := range n {
		q := (p + by) % n
		for _, k := range s.Steps(p) {
			pos.Men[q] = append(pos.Men[q], s.SquareOn(q, k).String())
		}
	}
	r, err := tamman.FromPosition(s.Options(), pos)
	if err != nil {
		t.Fatal(err)
	}
	return r, r.Phase() == s.Phase() && r.Turn() == pos.Turn
}

// With four players the board turns with the seats: the position of every
// player moved one seat on is the same position, so each player's chance
// must move with her.
func TestMultiNetChancesTurnWithTheSeats(t *testing.T) {
	checked := 0
	for _, s := range randomStates(t, playersOpts(t, 4), 4) {
		same, ok := rotated(t, s, 0)
		if !ok {
			continue
		}
		want := MultiNetEval(same, nil)
		for by := 1; by < 4; by++ {
			r, ok := rotated(t, s, by)
			if !ok {
				t.Fatalf("position not set up again turned by %d", by)
			}
			got := MultiNetEval(r, nil)
			for p := range 4 {
				if math.Abs(got[(p+by)%4]-want[p]) > 1e-12 {
					t.Fatalf("turned by %d seats: chances %v, before %v", by, got, want)
				}
			}
			checked++
		}
	}
	if checked < 30 {
		t.Errorf("only %d positions turned", checked)
	}
}

func TestTrainMultiNetIsTheSameForASeed(t *testing.T) {
	for _, players := range []int{3, 4} {
		opts := playersOpts(t, players)
		cfg := TrainConfig{Games: 2, Seed: 3, Alpha: 0.02, Lambda: 0.7, NetHidden: 4}
		first, err := TrainMultiNet(opts, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		if again, _ := TrainMultiNet(opts, cfg, nil); !again.Equal(first) {
			t.Errorf("%d players: the same seed trained another network", players)
		}
		cfg.Games = 0
		if drawn, _ := TrainMultiNet(opts, cfg, nil); drawn.Equal(first) {
			t.Errorf("%d players: two games left the network as it was drawn", players)
		}
		back, err := ParseMultiNet(FormatMultiNet(first, "a header"))
		if err != nil {
			t.Fatal(err)
		}
		if p, h := back.Shape(); p != players || h != 4 {
			t.Errorf("read back as %d players, %d hidden units", p, h)
		}
	}
	if _, err := TrainMultiNet(engine.DefaultOptions(tamman.Game{}), TrainConfig{Games: 1}, nil); err == nil {
		t.Error("training for two players: no error")
	}
}

func TestParseMultiNetRefusesBadFiles(t *testing.T) {
	for name, text := range map[string]string{
		"no shape":      "# only a comment\n",
		"two players":   "players 2 hidden 3\n",
		"no hidden":     "players 3 hidden 0\n",
		"bad words":     "players 3 units 3\n",
		"too few":       "players 3 hidden 1\n1\n",
		"not a number":  "players 3 hidden 1\nx\n",
		"numbers first": "1\nplayers 3 hidden 1\n",
	} {
		if _, err := ParseMultiNet([]byte(text)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// A level that judges by the network plays legal moves in games of three
// and four, and MCTS judged by the network does at every level's budget
// the lab measures (here easy's, the cheapest).
func TestMultiNetLevelsPlayLegalMoves(t *testing.T) {
	for _, players := range []int{3, 4} {
		opts := playersOpts(t, players)
		agents := []ai.Agent{ai.NewMCTS("easy/net", ai.Budget{Iterations: 30, PlayoutTurns: MultiPlayoutTurns}, ai.Config{Seed: 1, Eval: multiNetEval, Options: opts})}
		// The playout turns of the levels judged by the network, as
		// docs/ai.md says; hard and max judge by the race (none).
		want := map[int]map[string]int{3: {"easy": 4, "medium": 4}, 4: {"easy": 4, "medium": 8}}[players]
		for _, level := range ai.Levels {
			eval, turns, _, ok := (Levels{}).MCTSJudge(level, opts)
			if w := want[level]; w == 0 && ok {
				t.Errorf("%s with %d players: judged by the network, want the race", level, players)
			} else if w > 0 && (!ok || eval == nil || turns != w) {
				t.Errorf("%s with %d players: judged with %d turns (%v), want the network after %d", level, players, turns, ok, w)
			}
			if level == "easy" || level == "medium" {
				a, err := ai.New(tamman.Game{}, level, ai.Config{Seed: 1, Options: opts})
				if err != nil {
					t.Fatal(err)
				}
				agents = append(agents, a)
			}
		}
		for _, a := range agents {
			s, _ := tamman.New(opts)
			rng := rand.New(rand.NewPCG(2, 2))
			for choices := 0; choices < 12 && !s.Terminal(); {
				if s.Phase() == tamman.ThrowPhase {
					s.Apply(s.SampleThrow(rng.Float64()))
					continue
				}
				m := a.Choose(s, s.Turn())
				legal := false
				for _, l := range s.Legal(s.Turn(), nil) {
					legal = legal || l == m
				}
				if !legal {
					t.Fatalf("%s with %d players: %v is not legal", a.Name(), players, m)
				}
				s.Apply(m)
				choices++
			}
		}
	}
}
