package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/adjiboto"
	"tabula/games/adjiboto/solve"
)

// runSolve builds an Adji-Boto endgame table (games/adjiboto/solve), in
// memory or into a file that a later run resumes, or opens one; then it
// answers a query, solves the game from the start and audits agents.
func runSolve(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	gameID := fs.String("game", adjiboto.ID, "the game, by its `ID` (only adji-boto has a solver)")
	k := fs.Int("seeds-left", -1, "solve every board with at most `K` seeds on it")
	out := fs.String("out", "", "`FILE` to build the table in, level by level; a stopped build resumes from it (none: in memory)")
	upto := fs.Int("upto", -1, "with --out: build the levels up to `J` seeds only, to build in parts (-1: all, up to K)")
	table := fs.String("table", "", "use the table `FILE` made by an earlier build instead of building one")
	unfinished := fs.Bool("unfinished", false, "with --table: use the levels an unfinished build has written so far (--from-start searches beyond them)")
	query := fs.String("query", "", "print the exact value of the board `\"H0 ... H9\"` (seeds in holes 0-9) and of each move")
	toMove := fs.Int("to-move", 0, "with --query: the `PLAYER` to move, 0 or 1")
	fromStart := fs.Bool("from-start", false, "also solve the whole game from its start, searching the boards beyond the table's seeds")
	search := fs.Int("search", solve.DefaultSearchLimit, "with --from-start: keep at most `N` boards beyond the table (about 40 bytes each)")
	audit := fs.String("audit", "", "agents to check against the table (`A,B,...`): how often each plays a move that loses value")
	positions := fs.Int("positions", 200, "with --audit: the number of positions, from random games, that the table covers")
	endgames := addEndgameFlag(fs)
	var settings optionList
	fs.Var(&settings, "option", "set an option of the game as `name=value` (repeatable; see 'tabula games')")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *gameID != adjiboto.ID {
		return usagef("--game: only %s has a solver, got %q", adjiboto.ID, *gameID)
	}
	if (*k < 0) == (*table == "") {
		return usagef("give either --seeds-left K (to build a table) or --table FILE (to use one)")
	}
	if *k > solve.MaxSeedsLeft {
		return usagef("--seeds-left: want 0 to %d, got %d", solve.MaxSeedsLeft, *k)
	}
	if *unfinished && *table == "" {
		return usagef("--unfinished: give --table FILE")
	}
	if *upto >= 0 && *out == "" {
		return usagef("--upto: builds in parts into a file; give --out FILE")
	}
	opts, err := engine.ParseOptions(adjiboto.Game{}, settings)
	if err != nil {
		return usagef("--option: %v", err)
	}
	start, err := adjiboto.New(opts)
	if err != nil {
		return usagef("--option: %v", err)
	}
	if opts.Int(adjiboto.OptMaxPlies) > 0 {
		return usagef("--option: %s: the tables assume no limit on the moves", adjiboto.OptMaxPlies)
	}
	var holes [adjiboto.Holes]int
	if *query != "" {
		if holes, err = parseBoard(*query); err != nil {
			return usagef("--query: %v", err)
		}
		if *toMove != 0 && *toMove != 1 {
			return usagef("--to-move: want 0 or 1, got %d", *toMove)
		}
	}
	if err := loadEndgames(endgames); err != nil {
		return err
	}
	agents, err := auditAgentsOf(*audit, *positions, opts)
	if err != nil {
		return err
	}
	if *search < 0 {
		return usagef("--search: want 0 or more, got %d", *search)
	}
	if seeds := 10 * opts.Int(adjiboto.OptSeeds); *fromStart && seeds > 60 {
		return usagef("--from-start: the game has %d seeds; the search goes up to 60 (seeds=6)", seeds)
	}

	var tab *solve.Table
	if *table != "" {
		open := solve.Open
		if *unfinished {
			open = solve.OpenUnfinished
		}
		if tab, err = open(*table); err != nil {
			return usagef("--table %s: %v", *table, err)
		}
		defer tab.Close()
		if !slices.Equal(tab.Rules(), ruleSettings(opts, tab.Rules())) {
			return usagef("--table %s is for %s; the options say otherwise (set them with --option)", *table, joinRules(tab.Rules()))
		}
		fmt.Fprintf(stdout, "adji-boto endgame table %s: %d seeds left, %s; %d positions, %d bytes, every level's checksum intact\n",
			*table, tab.K(), joinRules(tab.Rules()), solve.Size(tab.K()), tab.Bytes())
		if tab.Levels() <= tab.K() {
			fmt.Fprintf(stdout, "unfinished: levels 0 to %d (%d positions) written so far\n", tab.Levels()-1, solve.Size(tab.Levels()-1))
		}
	} else {
		if tab, err = buildTable(stdout, stderr, opts, *k, *out, *upto); err != nil || tab == nil {
			return err
		}
	}
	if *query != "" {
		if err := answerQuery(stdout, tab, opts, holes, *toMove); err != nil {
			return err
		}
	}
	if len(agents) > 0 {
		auditAgents(stdout, tab, start, agents, *positions)
	}
	if *fromStart {
		return reportStart(stdout, stderr, tab, start, opts, *search)
	}
	return nil
}

func joinRules(rules []string) string { return strings.Join(rules, " ") }

// ruleSettings returns the settings of opts for the options named in
// rules (name=value each).
func ruleSettings(opts engine.Options, rules []string) []string {
	var out []string
	for _, r := range rules {
		name, _, _ := strings.Cut(r, "=")
		for _, set := range opts.Settings() {
			if strings.HasPrefix(set, name+"=") {
				out = append(out, set)
			}
		}
	}
	return out
}

// buildTable builds the table of k seeds in memory, or into the file out
// (resuming it); it returns nil when a build in parts is not done yet.
func buildTable(stdout, stderr io.Writer, opts engine.Options, k int, out string, upto int) (*solve.Table, error) {
	progress := func(n int, st solve.Stats) {
		started()
		if n == 0 || st.Groups[n] > 0 {
			fmt.Fprintf(stderr, "  %2d seeds done, %.1fs, %d groups of boards on cycles (%d boards, the largest %d)\n",
				n, st.Took.Seconds(), st.Groups[n], st.GroupPositions[n], st.Largest[n])
			return
		}
		fmt.Fprintf(stderr, "  %2d seeds done, %.1fs\n", n, st.Took.Seconds())
	}
	if k > 20 {
		allowLongChains()
	}
	fmt.Fprintf(stderr, "solving %d positions\n", solve.Size(k))
	var tab *solve.Table
	var st solve.Stats
	var err error
	if out == "" {
		tab, st, err = solve.Build(opts, k, progress)
	} else {
		if upto < 0 {
			upto = k
		}
		tab, st, err = solve.BuildFile(out, opts, k, upto, progress)
	}
	if err != nil {
		return nil, err
	}
	var groups, boards int64
	for n := range st.Groups {
		groups += st.Groups[n]
		boards += st.GroupPositions[n]
	}
	fmt.Fprintf(stdout, "adji-boto endgame table: %d seeds left, %s; %d positions, %.1fs, longest chain of moves without capture %d; exact: %d groups of boards on cycles (%d boards), the bounds meet on all\n",
		k, joinRules(tab.Rules()), st.Positions, st.Took.Seconds(), st.MaxDepth, groups, boards)
	if out == "" {
		return tab, nil
	}
	if tab.Levels() <= k {
		fmt.Fprintf(stdout, "%s: levels 0 to %d of %d done; run again to go on\n", out, tab.Levels()-1, k)
		return nil, nil
	}
	fmt.Fprintf(stdout, "written to %s (%d bytes)\n", out, tab.Bytes())
	return tab, nil
}

// parseBoard reads ten seed counts, holes 0 to 9.
func parseBoard(text string) ([adjiboto.Holes]int, error) {
	var holes [adjiboto.Holes]int
	fields := strings.Fields(text)
	if len(fields) != adjiboto.Holes {
		return holes, fmt.Errorf("want %d seed counts (holes 0-9), got %d", adjiboto.Holes, len(fields))
	}
	for h, f := range fields {
		c, err := strconv.Atoi(f)
		if err != nil || c < 0 || c > solve.MaxSeedsLeft {
			return holes, fmt.Errorf("hole %d: %q is not a count of 0 to %d seeds", h, f, solve.MaxSeedsLeft)
		}
		holes[h] = c
	}
	return holes, nil
}

// answerQuery prints the exact value of a board for the player to move,
// then each of her moves with the value it leads to (in the same unit),
// one line each.
func answerQuery(w io.Writer, tab *solve.Table, opts engine.Options, holes [adjiboto.Holes]int, p int) error {
	s, err := adjiboto.NewPosition(opts, holes, [2]int{}, p)
	if err != nil {
		return usagef("--query: %v", err)
	}
	if s.Terminal() {
		fmt.Fprintf(w, "%s\nover: nobody can move, each takes her side\n", valueLine(s.Store(p)-s.Store(1-p), p))
		return nil
	}
	v, ok := tab.Value(s)
	if !ok {
		n := 0
		for _, c := range holes {
			n += c
		}
		return usagef("--query: the board holds %d seeds, the table covers at most %d", n, tab.Levels()-1)
	}
	if s.ToMove() != p {
		fmt.Fprintf(w, "%s\npass: player %d cannot move, player %d moves on\n", valueLine(-v, p), p, 1-p)
		return nil
	}
	fmt.Fprintln(w, valueLine(v, p))
	moves, vals, _ := tab.MoveValues(s)
	for i, m := range moves {
		fmt.Fprintf(w, "move %d %d\n", m, vals[i])
	}
	return nil
}

// reportStart solves the game from its start and prints who wins by how
// much, with the value of each first move.
func reportStart(w, stderr io.Writer, tab *solve.Table, start *adjiboto.State, opts engine.Options, limit int) error {
	seeds := 10 * opts.Int(adjiboto.OptSeeds)
	v, err := solve.NewSolver(tab, opts, seeds, limit)
	if err != nil {
		return usagef("--from-start: %v", err)
	}
	if seeds >= tab.Levels() {
		allowLongChains()
		fmt.Fprintf(stderr, "searching the boards of %d to %d seeds that the game can reach\n", tab.Levels(), seeds)
		began := time.Now()
		v.Progress(func(st solve.Stats) {
			fmt.Fprintf(stderr, "  %d boards, %.0fs, %.0f MB in use; the deepest chain %d\n",
				st.Positions, time.Since(began).Seconds(), float64(heapBytes())/(1<<20), st.MaxDepth)
		})
	}
	moves, vals, err := v.GameMoves(start)
	if err != nil {
		return fmt.Errorf("--from-start: %w", err)
	}
	if st := v.Stats(); st.Positions > 0 {
		var groups, boards int64
		for n := range st.Groups {
			groups += st.Groups[n]
			boards += st.GroupPositions[n]
		}
		fmt.Fprintf(w, "searched beyond the table: %d boards of %d to %d seeds, %.1fs; %d groups of boards on cycles (%d boards), the bounds meet on all\n",
			st.Positions, tab.Levels(), seeds, st.Took.Seconds(), groups, boards)
	}
	best := slices.Max(vals)
	verdict := "a draw"
	switch {
	case best > 0:
		verdict = fmt.Sprintf("player %d wins by %d", start.ToMove(), best)
	case best < 0:
		verdict = fmt.Sprintf("player %d wins by %d", 1-start.ToMove(), -best)
	}
	fmt.Fprintf(w, "from the start (%s): %s with best play\n", joinRules(opts.Settings()), verdict)
	for i, m := range moves {
		mark := ""
		if vals[i] == best {
			mark = " (best)"
		}
		fmt.Fprintf(w, "first move %d %d%s\n", m, vals[i], mark)
	}
	return nil
}

// allowLongChains lets a build or a search follow chains of moves without
// capture of up to 12 million (a few hundred bytes of heap each, not Go's
// stack): more than two million from 28 seeds on (the levels of 29 and 30
// seeds of K = 30, the search from the start with 3 seeds a hole).
func allowLongChains() { solve.MaxDepth = 12_000_000 }

// heapBytes is the memory the Go heap takes from the system.
func heapBytes() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapSys
}

// auditAgentsOf makes the agents of --audit.
func auditAgentsOf(spec string, positions int, opts engine.Options) ([]ai.Agent, error) {
	if spec == "" {
		return nil, nil
	}
	var agents []ai.Agent
	for _, name := range strings.Split(spec, ",") {
		a, err := ai.New(adjiboto.Game{}, name, ai.Config{Seed: 1, Options: opts})
		if err != nil {
			return nil, usagef("--audit: %v", err)
		}
		agents = append(agents, a)
	}
	if positions < 1 || positions > 1000000 {
		return nil, usagef("--positions: want 1 to 1000000, got %d", positions)
	}
	return agents, nil
}

// auditAgents asks each agent for a move in the same positions the table
// covers, taken from random games (at most five from each, after the
// board has come down to the table's size), and prints how often its move
// lost value against the best move, how much on average, and how often it
// changed the result (a win into a draw or a loss, a draw into a loss):
// the searches play for the result, not the margin.
func auditAgents(w io.Writer, tab *solve.Table, start *adjiboto.State, agents []ai.Agent, n int) {
	var test []engine.State
	rnd := ai.NewRandom(1)
	for game := 0; len(test) < n && game < 100*n; game++ {
		s := start.Clone()
		taken := 0
		for !s.Terminal() && taken < 5 && len(test) < n {
			if moves, _, ok := tab.MoveValues(s); ok && len(moves) > 1 {
				test = append(test, s.Clone())
				taken++
			}
			s.Apply(rnd.Choose(s, s.Actors(nil)[0]))
		}
	}
	fmt.Fprintf(w, "audit: %d positions with at most %d seeds on the board and two moves or more\n", len(test), tab.K())
	sign := func(x int) int { return min(max(x, -1), 1) }
	for _, a := range agents {
		lost, worse, result := 0, 0, 0
		var took time.Duration
		for _, s := range test {
			moves, vals, _ := tab.MoveValues(s)
			best := vals[0]
			for _, v := range vals {
				best = max(best, v)
			}
			p := s.Actors(nil)[0]
			lead := int(s.Scores(nil)[p] - s.Scores(nil)[1-p])
			began := time.Now()
			m := a.Choose(s, p)
			took += time.Since(began)
			for i, mv := range moves {
				if mv == m && vals[i] < best {
					worse++
					lost += best - vals[i]
					if sign(lead+vals[i]) < sign(lead+best) {
						result++
					}
				}
			}
		}
		fmt.Fprintf(w, "  %-16s lost value in %4.1f%% of the positions (%.2f seeds a position on average), the result in %4.1f%%; %s a move\n",
			a.Name(), 100*float64(worse)/float64(len(test)), float64(lost)/float64(len(test)), 100*float64(result)/float64(len(test)),
			(took / time.Duration(max(len(test), 1))).Round(time.Microsecond))
	}
}

// valueLine says a value of --query: whose it is and in what unit.
func valueLine(v, p int) string {
	return fmt.Sprintf("value %d for player %d, in seeds: what she takes from here on less what player %d takes, with best play on both sides (each move below: the same after it)", v, p, 1-p)
}
