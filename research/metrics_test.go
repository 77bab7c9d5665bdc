package research

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tabula/engine"
)

func TestSoleLeader(t *testing.T) {
	for _, c := range []struct {
		st   []float64
		want int
	}{
		{[]float64{0, 0}, -1}, {[]float64{3, 1}, 0}, {[]float64{1, 3}, 1},
		{[]float64{2, 5, 5}, -1}, {[]float64{2, 5, 4, 1}, 1}, {[]float64{5, 5, 6}, 2},
	} {
		if got := soleLeader(c.st); got != c.want {
			t.Errorf("soleLeader(%v) = %d, want %d", c.st, got, c.want)
		}
	}
}

// A game of 10 turns between two players, standings by hand: player 1
// leads early, player 0 takes the lead at turn 6 and wins by 4.
// The standings reach the measures a turn at a time (as TurnEnded takes
// them) and as one run of turns (StandingsTallied): both the same.
func TestWinnerLead(t *testing.T) {
	rows := [][2]float64{{0, 0}, {0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}, {4, 3}, {4, 3}, {5, 3}, {6, 3}, {7, 3}}
	for _, run := range []bool{false, true} {
		m := &measures{n: 2, stand: rows[0][:]}
		m.startLeads()
		var all []float64
		for i, r := range rows {
			all = append(all, r[0], r[1])
			if i > 0 && !run {
				m.stand = append(m.stand, r[0], r[1])
				m.leader(m.stand[2*i:], i)
			}
		}
		if run {
			m.StandingsTallied(all, len(rows)-1, engine.MoveTally{}, true)
		}
		if m.res.LeadChanges != 1 {
			t.Errorf("run %v: %d lead changes, want 1 (player 0 takes the lead at turn 6)", run, m.res.LeadChanges)
		}
		checkWinnerLead(t, m)
	}
}

func checkWinnerLead(t *testing.T, m *measures) {
	t.Helper()
	res := Result{Winner: 0}
	m.winnerLead(&res, 2)
	// Trails at points 1 to 5 (of 0..10): secure after 6 of 11 points.
	if want := 6.0 / 11; res.Secure != want {
		t.Errorf("secure = %g, want %g", res.Secure, want)
	}
	if !res.Trailed { // at point 5: 2 against 3
		t.Error("the winner trailed at half time, but Trailed is false")
	}
	if res.Margin != 4 {
		t.Errorf("margin = %g, want 4", res.Margin)
	}
	if res.Lead[0] != 0 || res.Lead[2] != -2 || res.Lead[10] != 4 {
		t.Errorf("lead curve = %v", res.Lead)
	}
}

// Analyze on results made by hand.
func TestAnalyzeCounts(t *testing.T) {
	p := mustPlan(t, Config{Game: "adji-boto", Agents: []string{"random"}, Games: 4,
		Vary: []Vary{{Name: "skip-origin", Values: []string{"all"}}}})
	mk := func(r, g, w int, stall string, trailed bool) Result {
		return Result{Reading: r, Game: g, Winner: w, Agent: -1, Stall: stall, Turns: 10 * (g + 1), Plies: 10 * (g + 1), Decisions: 10, Choices: 5,
			Options: 15, LeadChanges: 1, Trailed: trailed, Lead: make([]float64, leadPoints)}
	}
	rs := []Result{
		mk(0, 0, 0, "", true), mk(1, 0, 0, "", false),
		mk(0, 1, 1, "", false), mk(1, 1, 0, "", false),
		mk(0, 2, -1, "", false), mk(1, 2, 0, "repetition", false),
		mk(0, 3, 0, "", false), mk(1, 3, 0, "", false),
	}
	rep := Analyze(p, rs)
	s := rep.Stats[0]
	if s.SeatWins[0] != 2 || s.SeatWins[1] != 1 || s.Draw.Value != 0.25 || s.Decided != 3 || s.Drawn != 1 {
		t.Errorf("reading 0: %+v", s)
	}
	if s.Comeback.Value != 1.0/3 || s.Choice.Value != 0.5 || s.Branching.Value != 3 {
		t.Errorf("reading 0: comeback %v, choice %v, branching %v", s.Comeback, s.Choice, s.Branching)
	}
	if s.TurnsMedian.Value != 20 { // turns 10, 20, 30, 40: empirical median 20
		t.Errorf("median turns %v, want 20", s.TurnsMedian)
	}
	if s1 := rep.Stats[1]; s1.SeatWins[0] != 4 || s1.Stalled != 1 || s1.StallBy["repetition"] != 1 {
		t.Errorf("reading 1: %+v", s1)
	}
	for _, c := range rep.Comparisons {
		if c.Reading != 1 || c.Holm < c.P {
			t.Errorf("comparison %+v: compares the base or Holm below p", c)
		}
	}
}

// The HTML report is one file that needs no network: inline SVG, no
// scripts, no links to fetch.
func TestHTMLIsSelfContained(t *testing.T) {
	p := mustPlan(t, smallConfig())
	rep := mustRun(t, p, Whole, t.TempDir(), 2).Analyze(p)
	var b bytes.Buffer
	if err := rep.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	if n := strings.Count(html, "<svg"); n != 6 {
		t.Errorf("%d inline SVG figures, want 6", n)
	}
	if m := regexp.MustCompile(`(?i)<script|<link|<img|src=|url\(|@import|href="http`).FindString(html); m != "" {
		t.Errorf("the report fetches something: %q", m)
	}
	for _, want := range []string{"throw-use=total", "Seat win rates", "Holm"} {
		if !strings.Contains(html, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	var csv, text bytes.Buffer
	rep.WriteCSV(&csv)
	rep.WriteText(&text)
	if !strings.Contains(csv.String(), "throw-use=total,seat 0 win,") || !strings.Contains(text.String(), "skill win %") {
		t.Errorf("CSV or text incomplete:\n%s\n%s", csv.String(), text.String())
	}
}

// In two-player Tamman, turns alternate from player 0 and the winner made
// the last one, so a right count of players' turns T has the winner
// (T-1) mod 2; plies are the moves of men, more than the turns.
func TestTammanTurnsArePlayersTurns(t *testing.T) {
	for _, players := range []string{"2", "4"} {
		p := mustPlan(t, Config{Game: "tamman", Options: []string{"players=" + players}, Agents: []string{"random"}, Games: 8, Seed: 5})
		n := p.Readings[0].Players
		plies, turns := 0, 0
		for _, r := range mustRun(t, p, Whole, t.TempDir(), 1).Results() {
			if r.Winner != (r.Turns-1)%n {
				t.Errorf("%d players, game %d: winner %d after %d turns", n, r.Game, r.Winner, r.Turns)
			}
			if r.Moves() != r.Plies {
				t.Errorf("game %d: %d moves in %d plies; Tamman moves one man a ply", r.Game, r.Moves(), r.Plies)
			}
			plies += r.Plies
			turns += r.Turns
		}
		if turns >= plies {
			t.Errorf("%d players: %d turns, %d plies; a turn with several throws has several moves", n, turns, plies)
		}
	}
}

// In Agsinnoninka both players choose at every ply: a ply is one turn of
// two moves.
func TestAgsinnoninkaTurnIsTwoMoves(t *testing.T) {
	p := mustPlan(t, Config{Game: "agsinnoninka", Options: []string{"match=false"}, Agents: []string{"random"}, Games: 4, Seed: 5})
	for _, r := range mustRun(t, p, Whole, t.TempDir(), 1).Results() {
		if r.Turns != r.Plies || r.Moves() != 2*r.Plies {
			t.Errorf("game %d: %d turns, %d plies, %d moves", r.Game, r.Turns, r.Plies, r.Moves())
		}
	}
}

func TestPValueIsNeverZero(t *testing.T) {
	_, p := ChiSquareUniform([]int{2000, 0}) // chi-square 2000 on 1 df
	for _, c := range []struct {
		p    float64
		want string
	}{{0.034, "0.034"}, {1, "1"}, {3e-47, "3e-47"}, {p, "< 1e-300"}, {0, "< 1e-300"}} {
		if got := PValue(c.p); got != c.want {
			t.Errorf("PValue(%g) = %q, want %q", c.p, got, c.want)
		}
	}
}

// The plots name the readings by their values, not only R0, R1, ...; an
// integer axis prints whole numbers ("25", not "25.00").
func TestPlotLabels(t *testing.T) {
	p := mustPlan(t, Config{Game: "adji-boto", Agents: []string{"random"}, Games: 40,
		Vary: []Vary{{Name: "opening", Values: []string{"all"}}, {Name: "skip-origin", Values: []string{"all"}}}, Design: Each})
	rep := Analyze(p, synthetic(p, 1, 10, 10, 0.6))
	if got := rep.readingNames(); got[1] != "R1 opening=ordered" || got[0] != "R0 base" {
		t.Errorf("names %q", got)
	}
	if got := shortLabel(Reading{Varied: []string{"capture-from=any", "opening=none"}}); got != "any,none" {
		t.Errorf("short label %q", got)
	}
	labels := func(c cleanTicks, lo, hi float64) string {
		var out []string
		for _, tk := range c.Ticks(lo, hi) {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return strings.Join(out, " ")
	}
	// gonum labels these "0.00 25.00 50.00 75.00" and "0.00 0.25 0.50 0.75".
	if got := labels(cleanTicks{integer: true}, 0, 75); got != "0 25 50 75" {
		t.Errorf("integer ticks %q", got)
	}
	if got := labels(cleanTicks{}, 0, 0.75); got != "0 0.25 0.5 0.75" {
		t.Errorf("ticks %q", got)
	}
	for _, tk := range (cleanTicks{integer: true}).Ticks(0, 3) {
		if tk.Label != "" && strings.Contains(tk.Label, ".") {
			t.Errorf("integer axis labels %q", tk.Label)
		}
	}
	var b bytes.Buffer
	if err := rep.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "R1 opening=ordered") {
		t.Error("the report's plots do not name R1")
	}
}

// The winner's last trailing turn, kept as the lead changes are counted
// (two players) or found from the end (more), is the turn a scan of every
// turn's standings finds, in played games: by runs of turns and ply by ply.
func TestSecureIsTheScan(t *testing.T) {
	for _, c := range []Config{
		{Game: "tamman", Agents: []string{"random"}},
		{Game: "tamman", Agents: []string{"random"}, Options: []string{"players=3"}},
		{Game: "tamman", Agents: []string{"greedy"}, Options: []string{"players=4"}},
		{Game: "adji-boto", Agents: []string{"random"}},
		{Game: "tamman", Agents: []string{"random"}, Chance: ChanceStream},
	} {
		c.Games, c.Seed = 1<<20, 11
		p := mustPlan(t, c)
		for _, byPly := range []bool{false, true} {
			pl := newPlayer(p)
			pl.plyByPly = byPly
			checked := 0
			for g := 0; g < 40; g++ {
				res, err := pl.play(unit{game: g})
				if err != nil {
					t.Fatal(err)
				}
				if res.Winner < 0 {
					continue
				}
				n := pl.m.n
				points := len(pl.m.stand) / n
				last := -1
				for tn := 0; tn < points; tn++ {
					row := pl.m.stand[tn*n : (tn+1)*n]
					for k, v := range row {
						if k != res.Winner && v > row[res.Winner] {
							last = tn
						}
					}
				}
				if want := float64(last+1) / float64(points); res.Secure != want {
					t.Errorf("%s %v, ply by ply %v, game %d: secure %v, the scan %v", c.Game, c.Options, byPly, g, res.Secure, want)
				}
				checked++
			}
			if checked < 30 {
				t.Errorf("%s %v: %d decided games of 40", c.Game, c.Options, checked)
			}
		}
	}
}

// paired pairs a whole run's readings game by game by their places, as
// the map of the base's games pairs them (which a run with games missing
// still takes).
func TestPairedOfAWholeRun(t *testing.T) {
	p := mustPlan(t, Config{Game: "tamman", Agents: []string{"random"}, Games: 30, Seed: 5,
		Vary: []Vary{{Name: "players", Values: []string{"2", "3"}}}})
	pl, err := Run(context.Background(), p, Whole, t.TempDir(), Options{Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	by, _ := splitResults(len(p.Readings), pl.games)
	for _, a := range [][]game{by[1], by[1][:20]} { // whole, then with games missing
		for _, m := range pairedMetrics {
			x, y := paired(a, by[0], m.value)
			var wx, wy []float64 // by the map
			at := map[int32]game{}
			for _, r := range by[0] {
				at[r.Game] = r
			}
			for _, r := range a {
				v, ok1 := m.value(r)
				w, ok2 := m.value(at[r.Game])
				if ok1 && ok2 {
					wx, wy = append(wx, v), append(wy, w)
				}
			}
			if !slices.Equal(x, wx) || !slices.Equal(y, wy) || len(x) == 0 {
				t.Errorf("%s, %d games: paired %v %v, by the map %v %v", m.name, len(a), x, y, wx, wy)
			}
		}
	}
}
