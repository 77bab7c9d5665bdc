package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"tabula/engine"
)

// simSummary is the result of `tabula sim`; with --json it is printed as
// one JSON object.
type simSummary struct {
	Game    string   `json:"game"`
	Options []string `json:"options"`
	Agents  []string `json:"agents"`
	Games   int      `json:"games"`
	Seed    uint64   `json:"seed"`
	Threads int      `json:"threads"`
	// Wins maps each agent, as given on the command line (repeats get
	// "#2", "#3"), to the games it won.
	Wins map[string]int `json:"wins"`
	// Rates gives each agent's win rate with its 95% Wilson interval.
	Rates map[string]rate `json:"winRates"`
	// Points is wins plus half the draws, per agent.
	Points map[string]float64 `json:"points"`
	Draws  int                `json:"draws"`
	// Seats gives the wins of each seat (whoever sat there).
	Seats []seatStats `json:"seats"`
	// Balanced reports whether every agent sat in every seat equally often.
	Balanced bool `json:"balanced"`
	// Plies is the mean game length; median and max follow.
	Plies       float64 `json:"plies"`
	PliesMedian float64 `json:"pliesMedian"`
	PliesMax    int     `json:"pliesMax"`
	// Captures is the mean number of capturing turns per game, Captured
	// the mean amount they took. CapturesBy says where they come from:
	// "game" when the game reports what each move captured, "scores" when
	// they are the turns that raised a score during play.
	Captures   float64 `json:"captures"`
	Captured   float64 `json:"captured"`
	CapturesBy string  `json:"capturesBy"`
	// Scores is each seat's mean final score.
	Scores         []float64 `json:"meanScores"`
	Seconds        float64   `json:"seconds"`
	GamesPerSecond float64   `json:"gamesPerSecond"`
}

type rate struct {
	Rate float64 `json:"rate"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

type seatStats struct {
	Seat int `json:"seat"`
	Wins int `json:"wins"`
	rate
}

func newRate(k, n int) rate {
	lo, hi := wilson(k, n)
	r := rate{Low: lo, High: hi}
	if n > 0 {
		r.Rate = float64(k) / float64(n)
	}
	return r
}

// selfPlayFlags are the flags sim and tournament share.
type selfPlayFlags struct {
	game     *string
	opts     optionList
	agents   *string
	games    *int
	seed     *uint64
	threads  *int
	json     *bool
	progress *bool
	quiet    *bool
	endgames *optionList
	minGames int // the fewest --games: 1, or 0 for a tournament of neighbours only
}

// addSelfPlayFlags declares the shared flags; games is the default of
// --games.
func addSelfPlayFlags(fs *flag.FlagSet, games int) *selfPlayFlags {
	f := &selfPlayFlags{
		game:     fs.String("game", "", "the game, by its `ID` (see 'tabula games')"),
		agents:   fs.String("agents", "", "agents, comma-separated (random, greedy, mcts[:LEVEL], alphabeta[:LEVEL])"),
		games:    fs.Int("games", games, "number of games"),
		seed:     fs.Uint64("seed", 1, "random seed; a run is reproducible for a seed"),
		threads:  fs.Int("threads", runtime.NumCPU(), "games played at once"),
		json:     fs.Bool("json", false, "print the summary as one JSON object"),
		progress: fs.Bool("progress", false, "show a progress bar on stderr even when it is not a terminal"),
		quiet:    fs.Bool("quiet", false, "no progress bar"),
		minGames: 1,
	}
	fs.Var(&f.opts, "option", "set an option of the game as `name=value` (repeatable; see 'tabula games')")
	f.endgames = addEndgameFlag(fs)
	return f
}

// parse checks the shared flags and returns the start state and agents.
func (f *selfPlayFlags) parse(fs *flag.FlagSet) (engine.State, []string, error) {
	if fs.NArg() > 0 {
		return nil, nil, usagef("unexpected argument %q", fs.Arg(0))
	}
	if *f.game == "" {
		return nil, nil, usagef("--game is required (see 'tabula games')")
	}
	if err := loadEndgames(f.endgames); err != nil {
		return nil, nil, err
	}
	s, err := replayState(*f.game, f.opts, nil)
	if err != nil {
		return nil, nil, err
	}
	if *f.agents == "" {
		return nil, nil, usagef("--agents is required, e.g. --agents mcts:hard,random")
	}
	specs := strings.Split(*f.agents, ",")
	for i := range specs {
		specs[i] = strings.TrimSpace(specs[i])
	}
	if *f.games < f.minGames {
		return nil, nil, usagef("--games must be at least %d, got %d", f.minGames, *f.games)
	}
	if *f.threads < 1 {
		return nil, nil, usagef("--threads must be at least 1, got %d", *f.threads)
	}
	return s, specs, nil
}

// progressBar draws "[####    ] 120/400 games 35.2/s" on a terminal
// line, at most every 200ms; finish ends the line.
type progressBar struct {
	w     io.Writer
	total int
	start time.Time
	mu    sync.Mutex
	last  time.Time
	shown bool
}

func newProgressBar(stderr io.Writer, total int, force, quiet bool) *progressBar {
	if quiet || (!force && !isTerminal(stderr)) {
		return nil
	}
	return &progressBar{w: stderr, total: total, start: time.Now()}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func (p *progressBar) update(done int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if done < p.total && now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	const width = 30
	fill := width * done / p.total
	el := now.Sub(p.start).Seconds()
	eta := ""
	if done > 0 && done < p.total {
		eta = fmt.Sprintf(" eta %s", time.Duration(el/float64(done)*float64(p.total-done)*float64(time.Second)).Round(time.Second))
	}
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d games %.1f/s%s\033[K", strings.Repeat("#", fill), strings.Repeat(" ", width-fill),
		done, p.total, float64(done)/max(el, 1e-9), eta)
	p.shown = true
}

func (p *progressBar) finish() {
	if p != nil && p.shown {
		fmt.Fprintln(p.w)
	}
}

func runSim(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	f := addSelfPlayFlags(fs, 100)
	recordsPath := fs.String("records", "", "write every game as a JSON line (a record, which replay --record reads) to `FILE`")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	start, specs, err := f.parse(fs)
	if err != nil {
		return err
	}
	n := start.NumPlayers()
	if len(specs) != n {
		return usagef("--agents: %s has %d players here, so give %d agents, got %d%s", start.Game().ID(), n, n, len(specs),
			playersHint(start.Game(), len(specs)))
	}
	sp := &selfPlay{start: start, specs: specs, seed: *f.seed, threads: *f.threads, records: *recordsPath != ""}
	if err := sp.checkAgents("--agents"); err != nil {
		return err
	}
	var recw *bufio.Writer
	if *recordsPath != "" {
		file, err := os.Create(*recordsPath)
		if err != nil {
			return usagef("--records: %v", err)
		}
		defer file.Close()
		recw = bufio.NewWriter(file)
	}
	// Seat rotation: in game i, seat k holds agent (k+i) mod n.
	matches := make([]match, *f.games)
	all := make([]int, n*len(matches)) // one allocation for every game's seats
	for i := range matches {
		seats := all[i*n : (i+1)*n : (i+1)*n]
		for k := range seats {
			seats[k] = (k + i) % n
		}
		matches[i] = match{seats: seats}
	}
	sum := newSimSummary(start, specs, sp)
	bar := newProgressBar(stderr, len(matches), *f.progress, *f.quiet)
	began := time.Now()
	var writeErr error
	err = sp.run(matches, func(i int, r gameResult) {
		sum.add(r)
		if recw != nil && writeErr == nil {
			line, err := json.Marshal(r.record)
			if err == nil {
				line = append(line, '\n')
				_, err = recw.Write(line)
			}
			writeErr = err
		}
	}, bar.update)
	bar.finish()
	if err != nil {
		return err
	}
	if recw != nil {
		if err := errors.Join(writeErr, recw.Flush()); err != nil {
			return fmt.Errorf("--records: %v", err)
		}
	}
	sum.finish(time.Since(began), *f.games%n == 0)
	if *f.json {
		enc := json.NewEncoder(stdout)
		return enc.Encode(sum)
	}
	sum.print(stdout)
	return nil
}

// simAccumulator gathers results into a summary.
type simAccumulator struct {
	simSummary
	labels   []string
	plies    []int
	draws    int
	seatWins []int
	wins     []int
	draw     []int // draws per agent
	capMoves int
	captured float64
	scores   []float64
}

func newSimSummary(start engine.State, specs []string, sp *selfPlay) *simAccumulator {
	n := start.NumPlayers()
	a := &simAccumulator{
		simSummary: simSummary{Game: start.Game().ID(), Options: start.Options().Settings(), Agents: specs,
			Seed: sp.seed, Threads: sp.threads, CapturesBy: "scores"},
		labels:   agentLabels(specs),
		seatWins: make([]int, n),
		wins:     make([]int, len(specs)),
		draw:     make([]int, len(specs)),
		scores:   make([]float64, n),
	}
	if reportsCaptures(start) {
		a.CapturesBy = "game"
	}
	return a
}

func (a *simAccumulator) add(r gameResult) {
	a.plies = append(a.plies, r.plies)
	a.capMoves += r.captureMoves
	a.captured += r.captured
	for k := range a.scores {
		a.scores[k] += r.scores[k]
	}
	if r.winner < 0 {
		a.draws++
		for _, idx := range r.seats {
			a.draw[idx]++
		}
		return
	}
	a.seatWins[r.winner]++
	a.wins[r.seats[r.winner]]++
}

func (a *simAccumulator) finish(took time.Duration, balanced bool) {
	games := len(a.plies)
	s := &a.simSummary
	s.Games = games
	s.Draws = a.draws
	s.Balanced = balanced
	s.Wins = map[string]int{}
	s.Rates = map[string]rate{}
	s.Points = map[string]float64{}
	for i, l := range a.labels {
		s.Wins[l] = a.wins[i]
		s.Rates[l] = newRate(a.wins[i], games)
		s.Points[l] = float64(a.wins[i]) + float64(a.draw[i])/2
	}
	s.Seats = nil
	for k, w := range a.seatWins {
		s.Seats = append(s.Seats, seatStats{Seat: k, Wins: w, rate: newRate(w, games)})
	}
	sorted := slices.Clone(a.plies)
	slices.Sort(sorted)
	total := 0
	for _, p := range sorted {
		total += p
	}
	if games > 0 {
		s.Plies = float64(total) / float64(games)
		s.PliesMax = sorted[games-1]
		if games%2 == 1 {
			s.PliesMedian = float64(sorted[games/2])
		} else {
			s.PliesMedian = float64(sorted[games/2-1]+sorted[games/2]) / 2
		}
		s.Captures = float64(a.capMoves) / float64(games)
		s.Captured = a.captured / float64(games)
	}
	s.Scores = make([]float64, len(a.scores))
	for k, v := range a.scores {
		s.Scores[k] = v / float64(max(games, 1))
	}
	s.Seconds = took.Seconds()
	s.GamesPerSecond = float64(games) / max(took.Seconds(), 1e-9)
}

func (a *simAccumulator) print(w io.Writer) {
	s := &a.simSummary
	threads := "1 thread"
	if s.Threads != 1 {
		threads = fmt.Sprintf("%d threads", s.Threads)
	}
	fmt.Fprintf(w, "%s, %d games (%s), seed %d, %s: %.2fs, %s games/s\n",
		s.Game, s.Games, strings.Join(s.Options, " "), s.Seed, threads, s.Seconds, humanRate(s.GamesPerSecond))
	if !s.Balanced {
		fmt.Fprintf(w, "note: %d games is not a multiple of %d seats, so seats are not balanced\n", s.Games, len(s.Seats))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "agent\twins\twin rate\t95% interval\tpoints\t")
	for i, l := range a.labels {
		r := s.Rates[l]
		fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%.1f-%.1f%%\t%g\t\n", l, a.wins[i], 100*r.Rate, 100*r.Low, 100*r.High, s.Points[l])
	}
	fmt.Fprintf(tw, "draws\t%d\t%.1f%%\t\t\t\n", s.Draws, 100*float64(s.Draws)/float64(max(s.Games, 1)))
	tw.Flush()
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "seat\twins\twin rate\t95% interval\tmean score\t")
	for k, st := range s.Seats {
		fmt.Fprintf(tw, "%d\t%d\t%.1f%%\t%.1f-%.1f%%\t%.2f\t\n", k, st.Wins, 100*st.Rate, 100*st.Low, 100*st.High, s.Scores[k])
	}
	tw.Flush()
	fmt.Fprintf(w, "game length (plies): mean %.1f, median %g, max %d\n", s.Plies, s.PliesMedian, s.PliesMax)
	if s.CapturesBy == "game" {
		fmt.Fprintf(w, "captures per game: %.2f capturing turns taking %.2f in all\n", s.Captures, s.Captured)
	} else {
		fmt.Fprintf(w, "score gains per game (the game does not report captures): %.2f turns gaining %.2f in all\n", s.Captures, s.Captured)
	}
}

// humanRate formats a rate for people: whole numbers when large, three
// significant digits when small (a slow match gives 0.0274, not 0).
func humanRate(r float64) string {
	if r >= 100 {
		return strconv.FormatFloat(r, 'f', 0, 64)
	}
	return strconv.FormatFloat(r, 'g', 3, 64)
}
