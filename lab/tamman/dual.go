package tammanlab

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
	"tabula/games/tamman/tammanai"
)

// An upper bound on what any player can score against greedy: the
// information relaxation (duality) bound of Brown, Smith and Sun,
// "Information Relaxations and Duality in Stochastic Dynamic Programs"
// (Operations Research 58, 2010).
//
// Against greedy, with Match's keyed throws and draws, all the
// game's luck is noise ω fixed before the game: each throw is drawn from
// the key of its place (pairs.go), and greedy's draw among its ties
// from the key of its move. A player is a policy that sees only the past.
// Let z be the luck of each chance event, V(after) - Σ_o p(o)·V(after o),
// with V any judge of a position (here the player's chance by the
// network): given the past its mean is zero, whatever the player does, so
// for every player E[win] = E[win - Σz] ≤ E_ω[max over her moves, knowing
// ω, of (win - Σz)]. The inner max is a deterministic search: her moves
// are tried, greedy answers as greedy does, every throw is fixed. With z =
// 0 it is the clairvoyant bound; with a perfect V it would be the optimal
// score itself. The keys are taken as random (SHA-256 as an oracle): along
// one game no key is used twice, so each draw is new to the past.

var (
	dualGames      = flags.Int("dual-games", 0, "games of DualBound; the player in seat 0 in game 2k, in seat 1 in 2k+1")
	dualFrom       = flags.Int("dual-from", 0, "the first game of DualBound")
	dualSeed       = flags.Uint64("dual-seed", 0, "the run of DualBound: its keyed throws and draws are Match's with -match-seed")
	dualStates     = flags.Int("dual-states", 20_000_000, "the most positions one game's search may keep; a game over it fails the run")
	dualJudges     = flags.String("dual-v", "none,net", "the judges V of the luck, comma-separated: none (the clairvoyant bound), net, turn (net looked ahead to the end of the turn), deep (net one ply deeper), cal:A:B or turncal:A:B (σ(A + B·logit(net or turn)))")
	dualGreedyLuck = flags.Bool("dual-greedy-luck", true, "charge greedy's draws among its ties as luck too")
	dualProcs      = flags.Int("dual-procs", 1, "games searched at once")
	dualPolicy     = flags.String("dual-policy", "", "a Match variant whose own game each game also scores (win, win minus luck), a check: no bound may be below it")
	dualFree       = flags.String("dual-free", "", "ply:P, home:N or steps:S: the player plays as -dual-policy before ply P, until she has N men home, or until her men have made S steps; the bound is then only over players who do")
)

// dualKey is everything the rest of a game depends on: the position, and
// the counters that key the throws and greedy's draws.
type dualKey struct {
	hash               uint64
	turns              [2]int32
	last, place, moves int16
}

// dualSearch solves one game's inner problem: the most, over the player's
// moves, of her win minus the luck on the way.
type dualSearch struct {
	seat       int // the player's
	play       uint64
	greedy     *ai.Greedy
	judge      func(engine.State) float64 // the player's chance; nil: no luck is charged
	greedyLuck bool
	// policy, when set, plays the player's moves where follow says so;
	// her other moves are all tried.
	policy ai.Agent
	follow func(*tamman.State) bool

	memo    map[dualKey]float64
	limit   int
	over    bool
	end     tamman.State // the last finished game reached
	scratch []*tamman.State
	moves   [][]engine.Move
	luck    luckJudge
}

func newDualSearch(seat int, judge func(engine.State) float64, limit int) *dualSearch {
	return &dualSearch{seat: seat, greedy: ai.NewGreedy(0), judge: judge, greedyLuck: *dualGreedyLuck,
		memo: map[dualKey]float64{}, limit: limit}
}

// run solves the game from s, its luck keyed by k: the value, or an error
// when the search outgrew its limit. Positions are told apart by their
// 64-bit hash and the counters: at 40 million a game, two would share a
// key with a chance under 10^-4.
func (d *dualSearch) run(s *tamman.State, k keyedThrows) (float64, error) {
	v := d.solve(s, &k, 0)
	if d.over {
		return 0, fmt.Errorf("over %d positions", d.limit)
	}
	return v, nil
}

func (d *dualSearch) solve(s *tamman.State, k *keyedThrows, depth int) float64 {
	if s.Terminal() {
		d.end = *s
		if o, _ := s.Outcome(); o.Winner == d.seat {
			return 1
		}
		return 0
	}
	key := dualKey{s.Hash(), [2]int32{int32(k.at.turns[0]), int32(k.at.turns[1])}, int16(k.at.last), int16(k.at.place), int16(k.moves)}
	if v, ok := d.memo[key]; ok {
		return v
	}
	if d.over || len(d.memo) >= d.limit {
		d.over = true
		return 0
	}
	for len(d.scratch) <= depth {
		d.scratch = append(d.scratch, s.Clone().(*tamman.State))
		d.moves = append(d.moves, nil)
	}
	child := d.scratch[depth]
	kk := *k // the children's counters; k stays the parent's
	var v float64
	switch p := s.Turn(); {
	case s.Phase() == tamman.ThrowPhase:
		m := kk.draw(s)
		z := d.luck.throw(s, m, d.judge)
		child.CopyFrom(s)
		child.Apply(m)
		v = d.solve(child, &kk, depth+1) - z
	case p != d.seat:
		d.greedy.Reseed(kk.drawSeed(p, d.play))
		m := d.greedy.Choose(s, p)
		z := 0.0
		if d.greedyLuck {
			z = d.luck.tie(s, p, m, d.greedy, d.judge)
		}
		child.CopyFrom(s)
		child.Apply(m)
		v = d.solve(child, &kk, depth+1) - z
	case d.policy != nil && d.follow(s):
		d.policy.(ai.Reseeder).Reseed(kk.drawSeed(p, d.play))
		child.CopyFrom(s)
		child.Apply(d.policy.Choose(s, p))
		v = d.solve(child, &kk, depth+1)
	default:
		kk.moves++ // as the harness's reseeding of the player counts it
		d.moves[depth] = s.Legal(p, d.moves[depth][:0])
		v = math.Inf(-1)
		for _, m := range d.moves[depth] {
			child.CopyFrom(s)
			child.Apply(m)
			v = max(v, d.solve(child, &kk, depth+1))
			if d.judge == nil && v == 1 {
				break // without luck no path scores more than a win
			}
		}
	}
	d.memo[key] = v
	return v
}

// luckJudge computes the luck of chance events for one seat's judge; its
// scratch makes it one game's.
type luckJudge struct {
	luck ai.Luck
	s    *tamman.State
	ties []engine.Move
}

// throw is the luck of throw m at s (ai.Luck; 0 without a judge, NaN,
// which no bound survives, if m is not a throw of s).
func (l *luckJudge) throw(s *tamman.State, m engine.Move, judge func(engine.State) float64) float64 {
	if judge == nil {
		return 0
	}
	z, err := l.luck.Of(s, m, judge)
	if err != nil {
		return math.NaN()
	}
	return z
}

// tie is the luck of greedy's move m for player p at s: judge(after m)
// minus the mean over the moves greedy draws among, uniformly. A move not
// among them gives NaN.
func (l *luckJudge) tie(s *tamman.State, p int, m engine.Move, g *ai.Greedy, judge func(engine.State) float64) float64 {
	if judge == nil {
		return 0
	}
	if l.s == nil {
		l.s = s.Clone().(*tamman.State)
	}
	l.ties = g.Ties(s, p, l.ties[:0])
	mean, drawn := 0.0, math.NaN()
	for _, o := range l.ties {
		l.s.CopyFrom(s)
		l.s.Apply(o)
		x := judge(l.s)
		mean += x / float64(len(l.ties))
		if o == m {
			drawn = x
		}
	}
	return drawn - mean
}

// dualJudge returns the judge named by spec for seat (nil for none): net,
// turn (the network looked ahead to the end of the turn, Match's
// judge of the luck), deep (the network one ply deeper), and cal:A:B or
// turncal:A:B, net or turn calibrated as σ(A + B·logit).
func dualJudge(spec string, seat int) (func(engine.State) float64, error) {
	var buf []float64
	net := func(s engine.State) float64 {
		buf = tammanai.NetEval(s.(*tamman.State), buf[:0])
		return buf[seat]
	}
	turn, err := newTurnJudge()
	if err != nil {
		return nil, err
	}
	base := map[string]func(engine.State) float64{
		"none": nil,
		"net":  net,
		"turn": func(s engine.State) float64 { return turn.value(s, seat) },
		"deep": deepJudge(net, seat),
	}
	if v, ok := base[spec]; ok {
		return v, nil
	}
	name, ab, _ := strings.Cut(spec, ":")
	as, bs, ok := strings.Cut(ab, ":")
	a, err := strconv.ParseFloat(as, 64)
	b, err2 := strconv.ParseFloat(bs, 64)
	v := map[string]func(engine.State) float64{"cal": net, "turncal": base["turn"]}[name]
	if v == nil || !ok || err != nil || err2 != nil {
		return nil, fmt.Errorf("--dual-v %q: want none, net, turn, deep, cal:A:B or turncal:A:B", spec)
	}
	return func(s engine.State) float64 {
		p := v(s)
		if s.Terminal() {
			return p
		}
		p = min(max(p, 1e-9), 1-1e-9)
		return 1 / (1 + math.Exp(-(a + b*math.Log(p/(1-p)))))
	}, nil
}

// deepJudge is net one ply deeper for seat: at a throw the mean over the
// throws, at her move the best of her moves, at greedy's the mean over
// the moves it draws among.
func deepJudge(net func(engine.State) float64, seat int) func(engine.State) float64 {
	var (
		c     *tamman.State
		outs  []engine.ChanceOutcome
		moves []engine.Move
		g     = ai.NewGreedy(0)
	)
	after := func(s *tamman.State, m engine.Move) float64 {
		c.CopyFrom(s)
		c.Apply(m)
		return net(c)
	}
	return func(e engine.State) float64 {
		s := e.(*tamman.State)
		if c == nil {
			c = s.Clone().(*tamman.State)
		}
		v := 0.0
		switch p := s.Turn(); {
		case s.Terminal():
			return net(s)
		case s.Phase() == tamman.ThrowPhase:
			outs = s.ChanceOutcomes(outs[:0])
			for _, o := range outs {
				v += o.Prob * after(s, o.Move)
			}
		case p == seat:
			moves = s.Legal(p, moves[:0])
			v = math.Inf(-1)
			for _, m := range moves {
				v = max(v, after(s, m))
			}
		default:
			moves = g.Ties(s, p, moves[:0])
			for _, m := range moves {
				v += after(s, m) / float64(len(moves))
			}
		}
		return v
	}
}

// dualGame solves game i of run seed for the judge spec: the player in
// seat i%2, greedy in the other; policy (if any) plays her moves before
// where follow says.
func dualGame(i int, seed uint64, spec string, limit int, policy ai.Agent, follow func(*tamman.State) bool) (*dualSearch, float64, error) {
	judge, err := dualJudge(spec, i%2)
	if err != nil {
		return nil, 0, err
	}
	d := newDualSearch(i%2, judge, limit)
	d.policy, d.follow = policy, follow
	o, err := engine.ParseOptions(tamman.Game{}, nil)
	if err != nil {
		return nil, 0, err
	}
	s, err := tamman.New(o)
	if err != nil {
		return nil, 0, err
	}
	v, err := d.run(s, keyedThrows{run: seed, pair: uint64(i / 2)})
	return d, v, err
}

// always follows the policy throughout.
func always(*tamman.State) bool { return true }

// dualFollow reads -dual-free: when the player plays as the policy (nil:
// never). Each is a stopping time (it looks at the position only), so the
// bound holds over the players who play so.
func dualFollow(spec string) (func(*tamman.State) bool, error) {
	if spec == "" {
		return nil, nil
	}
	kind, ns, _ := strings.Cut(spec, ":")
	n, err := strconv.Atoi(ns)
	if err != nil || *dualPolicy == "" {
		return nil, fmt.Errorf("--dual-free %q: want ply:P, home:N or steps:S, and -dual-policy", spec)
	}
	switch kind {
	case "ply":
		return func(s *tamman.State) bool { return s.Ply() < n }, nil
	case "home":
		return func(s *tamman.State) bool { return s.Home(s.Turn()) < n }, nil
	case "steps":
		return func(s *tamman.State) bool {
			t := 0
			for _, k := range s.Steps(s.Turn()) {
				t += k
			}
			return t < n
		}, nil
	}
	return nil, fmt.Errorf("--dual-free %q: want ply:P, home:N or steps:S", spec)
}

// DualBound reports, for each judge of -dual-v, the mean over
// games of the inner max with a 95% interval: its upper limit bounds the
// score of any player against greedy, with 95% confidence.
//
//	tabula lab tamman-dual-bound --dual-games 20 --dual-v none,net
func DualBound(t TB) {
	if *dualGames == 0 {
		t.Skip("give --dual-games N")
	}
	specs := strings.Split(*dualJudges, ",")
	follow, err := dualFollow(*dualFree)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range specs {
		if _, err := dualJudge(spec, 0); err != nil {
			t.Fatal(err)
		}
	}
	var rusage0 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &rusage0)
	type result struct {
		vals, states []float64
		path, win    []float64 // the policy's game: win minus its luck, win
	}
	res := make([]result, len(specs))
	// row is one game's figures for a judge: the bound, the positions
	// searched, and the policy's own game.
	type row struct{ v, states, path, win float64 }
	t.Logf("dual bound against greedy: run %d, games %d..%d, judges %s, greedy's luck %v, limit %d positions a game",
		*dualSeed, *dualFrom, *dualFrom+*dualGames-1, *dualJudges, *dualGreedyLuck, *dualStates)
	if follow != nil {
		t.Logf("only over players who play as %s while %s", *dualPolicy, *dualFree)
	}
	finished := playGames(*dualProcs, *dualFrom, *dualGames, func(i int) ([]row, bool) {
		var line strings.Builder
		fmt.Fprintf(&line, "game %d (the player in seat %d):", i, i%2)
		rows := make([]row, len(specs))
		for j, spec := range specs {
			t0 := time.Now()
			var before ai.Agent
			if follow != nil {
				before = variant(t, *dualPolicy, uint64(i+1)+*dualSeed)
			}
			d, v, err := dualGame(i, *dualSeed, spec, *dualStates, before, follow)
			if err != nil {
				t.Errorf("game %d, %s: %v: the run is void (leaving the game out would bias the bound)", i, spec, err)
				return nil, false
			}
			fmt.Fprintf(&line, " %s %.4f (%d positions, %.1fs)", spec, v, len(d.memo), time.Since(t0).Seconds())
			path, win := math.NaN(), math.NaN()
			if *dualPolicy != "" {
				a := variant(t, *dualPolicy, uint64(i+1)+*dualSeed)
				pd, pv, err := dualGame(i, *dualSeed, spec, *dualStates, a, always)
				if err != nil {
					t.Errorf("game %d, %s's game: %v", i, *dualPolicy, err)
					return nil, false
				}
				o, _ := pd.end.Outcome()
				path, win = pv, b2f(o.Winner == i%2)
				fmt.Fprintf(&line, " [%s %.4f, won %v]", *dualPolicy, path, win)
				if v < path-1e-9 {
					// A bug, or an agent that played otherwise on the same
					// seed: hard cut short by its wall-time cap on a loaded
					// machine does.
					t.Errorf("game %d, %s: the bound %.6f is below %s's own game %.6f (a bug, or the agent played otherwise)", i, spec, v, *dualPolicy, path)
				}
			}
			rows[j] = row{v, float64(len(d.memo)), path, win}
		}
		t.Log(line.String())
		return rows, true
	}, func(_ int, rows []row) {
		for j, x := range rows {
			r := &res[j]
			r.vals = append(r.vals, x.v)
			r.states = append(r.states, x.states)
			r.path, r.win = append(r.path, x.path), append(r.win, x.win)
		}
	})
	if !finished {
		return
	}
	var rusage syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &rusage)
	cpu := time.Duration(rusage.Utime.Nano() + rusage.Stime.Nano() - rusage0.Utime.Nano() - rusage0.Stime.Nano())
	who := "any player"
	if follow != nil {
		who = fmt.Sprintf("players who play as %s while %s", *dualPolicy, *dualFree)
	}
	for j, spec := range specs {
		r := res[j]
		m, lo, hi := meanInterval(r.vals)
		sm, _, _ := meanInterval(r.states)
		t.Logf("upper bound for %s against greedy, V %s: %.2f%% (95%% interval %.2f%%..%.2f%%) of %d games; per game min %.4f, max %.4f; positions a game mean %.0f, max %.0f",
			who, spec, 100*m, 100*lo, 100*hi, len(r.vals), slices.Min(r.vals), slices.Max(r.vals), sm, slices.Max(r.states))
		if *dualPolicy != "" {
			pm, plo, phi := meanInterval(r.path)
			wm, wlo, whi := meanInterval(r.win)
			t.Logf("%s's own games, V %s: won %.2f%% (%.2f%%..%.2f%%), won minus luck %.2f%% (%.2f%%..%.2f%%)",
				*dualPolicy, spec, 100*wm, 100*wlo, 100*whi, 100*pm, 100*plo, 100*phi)
		}
	}
	t.Logf("CPU %v for %d games", cpu.Round(time.Second), len(res[0].vals))
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// meanInterval is the mean of xs with its 95% interval: normal, or
// Wilson's when every x is 0 or 1 (a normal interval of all ones would
// have no width).
func meanInterval(xs []float64) (mean, lo, hi float64) {
	s := spreadOf(xs)
	wins := 0
	for _, x := range xs {
		if x == 1 {
			wins++
		} else if x != 0 {
			lo, hi = s.interval()
			return s.mean, lo, hi
		}
	}
	lo, hi = wilson(wins, len(xs))
	return s.mean, lo, hi
}

var (
	dualFit      = flags.Int("dual-fit", 0, "games of -dual-policy (greedy/net if unset) against greedy on -dual-seed for DualFit")
	dualFitJudge = flags.String("dual-fit-v", "net", "the judge DualFit calibrates: net or turn")
)

// DualFit fits the calibration cal:A:B (turncal:A:B) of the
// network (looked ahead to the end of the turn) for play against greedy:
// the logistic regression of the player's win on logit(judge) at every
// move of her games. Fit it on another seed than the
// bound's: a judge may be any function of the position, but not one
// learned from the games it judges.
//
//	tabula lab tamman-dual-fit --dual-fit 200 --dual-seed 100
func DualFit(t TB) {
	if *dualFit == 0 {
		t.Skip("give --dual-fit N")
	}
	keyedDraws(t)
	was := *matchSeed
	*matchSeed = *dualSeed
	t.Cleanup(func() { *matchSeed = was })
	spec := *dualPolicy
	if spec == "" {
		spec = "greedy/net"
	}
	var xs, ys []float64
	for i := range *dualFit {
		seed := uint64(i+1) + *dualSeed
		agents := []ai.Agent{variant(t, spec, seed), mustAgent(t, "greedy", seed)}
		if i%2 == 1 {
			agents[0], agents[1] = agents[1], agents[0]
		}
		n := len(xs)
		judge, err := dualJudge(*dualFitJudge, i%2)
		if err != nil || judge == nil {
			t.Fatalf("--dual-fit-v %q: want net or turn", *dualFitJudge)
		}
		end := playPaired(t, agents, i, func(s *tamman.State, _ int, _ engine.Move, _ time.Duration) {
			p := min(max(judge(s), 1e-9), 1-1e-9)
			xs = append(xs, math.Log(p/(1-p)))
		})
		o, _ := end.Outcome()
		for range xs[n:] {
			ys = append(ys, b2f(o.Winner == i%2))
		}
	}
	// Newton's method on the log-likelihood of σ(a + b·x).
	a, b := 0.0, 1.0
	for range 50 {
		var ga, gb, haa, hab, hbb float64
		for k, x := range xs {
			p := 1 / (1 + math.Exp(-(a + b*x)))
			ga += ys[k] - p
			gb += (ys[k] - p) * x
			w := p * (1 - p)
			haa, hab, hbb = haa+w, hab+w*x, hbb+w*x*x
		}
		det := haa*hbb - hab*hab
		a += (hbb*ga - hab*gb) / det
		b += (haa*gb - hab*ga) / det
	}
	name := map[string]string{"net": "cal", "turn": "turncal"}[*dualFitJudge]
	t.Logf("%s against greedy, %d games, %d positions: calibration %s:%.4f:%.4f", spec, *dualFit, len(xs), name, a, b)
}

// keyedDraws sets -match-draws keyed for a run, as the dual search
// assumes: greedy reseeded before each move.
func keyedDraws(t TB) {
	was := *matchDraws
	*matchDraws = "keyed"
	t.Cleanup(func() { *matchDraws = was })
}
