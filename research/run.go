package research

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Files of a run directory.
const (
	runFile   = "run.json"    // the config and shard
	gamesFile = "games.jsonl" // one Result per line, in the order played
)

// runHeader is the content of run.json.
type runHeader struct {
	Config Config `json:"config"`
	Shard  Shard  `json:"shard"`
	// Readings are the settings of every option in each reading, as the
	// game gave them when the run began: a later change of a game's
	// defaults must not relabel the games already played.
	Readings [][]string `json:"readings,omitempty"`
}

// keptDraws fills in the chance draws of a run.json written before runs
// said them: a run without "chance" drew from a stream, one of
// ChanceTurn without "chanceHash" by SHA-256.
func (h *runHeader) keptDraws() {
	if h.Config.Chance == "" {
		h.Config.Chance = ChanceStream
	}
	if h.Config.Chance == ChanceTurn && h.Config.ChanceHash == "" {
		h.Config.ChanceHash = HashSHA256
	}
}

// KeptChanceHash returns the ChanceHash of the run in dir, "" if dir holds
// no run: a command that resumes a run keeps its draws.
func KeptChanceHash(dir string) string {
	data, err := os.ReadFile(filepath.Join(dir, runFile))
	var head runHeader
	if err != nil || json.Unmarshal(data, &head) != nil {
		return ""
	}
	head.keptDraws()
	return head.Config.ChanceHash
}

func newHeader(p *Plan, shard Shard) runHeader {
	h := runHeader{Config: p.Config, Shard: shard}
	for _, r := range p.Readings {
		h.Readings = append(h.Readings, r.Settings)
	}
	return h
}

// Progress is what a run reports as it goes. Its times are read from
// the clock only when asked for: a random game takes a few microseconds,
// and a read of the clock after each would be a share of the study's time
// that only a shown bar or a server's study page wants.
type Progress struct {
	Done, Total int // work units of this shard, done and in all
	Resumed     int // of Done, those kept from an earlier run
	began       time.Time
}

// Elapsed is the time since this run (not a resumed one) began.
func (p Progress) Elapsed() time.Duration { return time.Since(p.began) }

// Left is the time this run still needs, estimated from its rate so far;
// 0 until a game of this run has finished.
func (p Progress) Left() time.Duration { return p.leftAfter(p.Elapsed()) }

// leftAfter is Left when el has passed since the run began.
func (p Progress) leftAfter(el time.Duration) time.Duration {
	played := p.Done - p.Resumed
	if played <= 0 {
		return 0
	}
	return time.Duration(float64(el) / float64(played) * float64(p.Total-p.Done))
}

// Options tune a run without changing its numbers.
type Options struct {
	Threads int
	// Progress, if not nil, is called from one goroutine after each game.
	Progress func(Progress)
}

// flushEvery is how many results are buffered before they are written
// out; an interrupted run loses at most these. A random game's line is
// about 200 bytes: 256 of them are one write of some 50 KB, which the
// kernel takes for less than the same bytes in writes of 64 lines.
const flushEvery = 256

// Played is what Run gives back: the shard's games in unit order, as the
// reports read them (game: no pointers, 72 bytes a game), with the sums of
// their lead curves by reading (leadSums): a study keeps no Result and no
// curve a game until its reports.
type Played struct {
	games []game
	tab   *gameTables
	leads *leadSums
}

// Len is the number of games played, resumed ones included.
func (pl *Played) Len() int { return len(pl.games) }

// Results gives the games as Results, in unit order, without their lead
// curves (games.jsonl has them).
func (pl *Played) Results() []Result {
	out := make([]Result, len(pl.games))
	for i, g := range pl.games {
		out[i] = pl.tab.result(g)
	}
	return out
}

// Analyze measures the played games (Analyze).
func (pl *Played) Analyze(p *Plan) *Report { return analyze(p, pl.games, pl.tab, pl.leads.sum) }

// Run plays the plan's shard into dir, keeping what dir already holds of
// the same run (so an interrupted run resumes), and returns the shard's
// games in unit order. It stops early, with ctx's error, when ctx ends.
func Run(ctx context.Context, p *Plan, shard Shard, dir string, o Options) (*Played, error) {
	if err := p.CheckAgents(); err != nil {
		return nil, fmt.Errorf("agents: %v", err)
	}
	have, tab, leads := newUnits[game](p, shard), &gameTables{}, newLeadSums(len(p.Readings))
	keep := func(u int, r Result) {
		leads.fold(&r)
		have.put(u, tab.keep(r))
	}
	if err := openRun(p, shard, dir, keep); err != nil {
		return nil, err
	}
	total := (p.Units() - shard.Index + shard.Count - 1) / shard.Count
	todo := make([]int, 0, total-have.n) // made at its size: no copies of a growing list
	adviseHuge(todo[:cap(todo)])         // filled in order
	for u := shard.Index; u < p.Units(); u += shard.Count {
		if !have.has(u) {
			todo = append(todo, u)
		}
	}
	f, err := os.OpenFile(filepath.Join(dir, gamesFile), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Room for flushEvery lines, so that a flush is one write (a
	// random game's line is about 200 bytes).
	w := bufio.NewWriterSize(f, 64<<10)
	var line []byte
	fc := new(floatTexts)
	_, runErr := play(ctx, p, todo, o.Threads, func(r Result, done int, began time.Time) error {
		var err error
		if line, err = appendResultIn(line[:0], r, fc); err != nil {
			return err
		}
		line = append(line, '\n')
		if err := checkCounts(r); err != nil {
			return fmt.Errorf("reading %d, game %d: %v", r.Reading, r.Game, err)
		}
		keep(p.unitNumber(unit{r.Reading, r.Game, r.Skill}), r)
		// Only whole lines reach the file, so that even a kill -9 between
		// two writes leaves no cut line.
		if w.Available() < len(line) && w.Buffered() > 0 {
			if err := w.Flush(); err != nil {
				return err
			}
		}
		w.Write(line)
		if done%flushEvery == 0 {
			if err := w.Flush(); err != nil {
				return err
			}
		}
		if o.Progress != nil {
			o.Progress(Progress{Done: total - len(todo) + done, Total: total, Resumed: total - len(todo), began: began})
		}
		return nil
	})
	if err := w.Flush(); err != nil && runErr == nil {
		runErr = err
	}
	if runErr != nil {
		return nil, runErr
	}
	return &Played{games: have.sorted(), tab: tab, leads: leads}, nil
}

// play runs the units on threads goroutines and hands each result to
// emit, on the calling goroutine, with the count done so far.
func play(ctx context.Context, p *Plan, todo []int, threads int, emit func(r Result, done int, began time.Time) error) (int, error) {
	began := time.Now()
	threads = max(1, min(threads, len(todo)))
	if threads == 1 {
		return playHere(ctx, p, todo, emit, began)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type out struct {
		r   Result
		err error
	}
	ch := make(chan out, threads*4)
	// A goroutine takes a game's units of every reading together, so
	// that they share their keyed draws (keyedDraws).
	batch := len(p.Readings) * p.Kinds
	var next atomic.Int64
	var wg sync.WaitGroup
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pl := newPlayer(p)
			for ctx.Err() == nil {
				i := int(next.Add(int64(batch))) - batch
				if i >= len(todo) {
					return
				}
				for _, u := range todo[i:min(i+batch, len(todo))] {
					r, err := pl.play(p.unitAt(u))
					select {
					case ch <- out{r, err}:
					case <-ctx.Done():
						return
					}
					if err != nil {
						return
					}
				}
			}
		}()
	}
	go func() { wg.Wait(); close(ch) }()
	done := 0
	var firstErr error
	for o := range ch {
		if firstErr != nil {
			continue
		}
		if o.err != nil {
			firstErr = o.err
			cancel()
			continue
		}
		done++
		if err := emit(o.r, done, began); err != nil {
			firstErr = err
			cancel()
		}
	}
	if firstErr == nil && done < len(todo) {
		firstErr = context.Cause(ctx)
		if firstErr == nil {
			firstErr = errors.New("research: run stopped early")
		}
	}
	return done, firstErr
}

// playHere is play on one thread: the units are played on the calling
// goroutine, in order, without a channel between the game and emit.
func playHere(ctx context.Context, p *Plan, todo []int, emit func(r Result, done int, began time.Time) error, began time.Time) (int, error) {
	pl := newPlayer(p)
	// emit takes each result before the next game: the games may share
	// one lead curve.
	pl.m.oneLead = make([]float64, leadPoints)
	stop := ctx.Done()
	for done, u := range todo {
		select {
		case <-stop:
			return done, context.Cause(ctx)
		default:
		}
		r, err := pl.play(p.unitAt(u))
		if err == nil {
			err = emit(r, done+1, began)
		}
		if err != nil {
			return done, err
		}
	}
	return len(todo), nil
}

// openRun makes dir for the run, or checks that it holds the same run, and
// hands the results it already has to put, by unit. A last line cut off
// by an interruption is dropped from the file.
func openRun(p *Plan, shard Shard, dir string, put func(u int, r Result)) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	want, err := json.MarshalIndent(newHeader(p, shard), "", "  ")
	if err != nil {
		return err
	}
	want = append(want, '\n')
	hp := filepath.Join(dir, runFile)
	got, err := os.ReadFile(hp)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if err := os.WriteFile(hp, want, 0o644); err != nil {
			return err
		}
		return nil
	case err != nil:
		return err
	case !bytes.Equal(got, want) && !sameKeptRun(got, want):
		return fmt.Errorf("%s holds another run (its %s differs: game, options, vary, agents, games, seed or shard); use another --out", dir, runFile)
	}
	gp := filepath.Join(dir, gamesFile)
	data, err := os.ReadFile(gp)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if cut := bytes.LastIndexByte(data, '\n') + 1; cut < len(data) {
		data = data[:cut]
		if err := os.Truncate(gp, int64(cut)); err != nil {
			return err
		}
	}
	return readResults(p, shard, bytes.NewReader(data), gp, put)
}

// maxLine bounds one line of games.jsonl.
const maxLine = 1 << 20

// readResults reads JSON lines of results, checking that each belongs to
// the plan and the shard, and hands each to put with its unit.
func readResults(p *Plan, shard Shard, in io.Reader, name string, put func(u int, r Result)) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	for line := 1; sc.Scan(); line++ {
		var r Result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if r.Reading < 0 || r.Reading >= len(p.Readings) || r.Game < 0 || r.Game >= p.Config.Games || (r.Skill && p.Kinds < 2) {
			return fmt.Errorf("%s:%d: reading %d, game %d is not in this run", name, line, r.Reading, r.Game)
		}
		if err := checkCounts(r); err != nil {
			return fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if n := p.Readings[r.Reading].Players; r.Winner >= n || r.Agent >= n {
			return fmt.Errorf("%s:%d: winner %d or agent %d out of range (%d players)", name, line, r.Winner, r.Agent, n)
		}
		u := p.unitNumber(unit{r.Reading, r.Game, r.Skill})
		if u%shard.Count != shard.Index {
			return fmt.Errorf("%s:%d: reading %d, game %d is not in shard %s", name, line, r.Reading, r.Game, shard)
		}
		put(u, r)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}

func headReading(h runHeader, i int) []string {
	if i < len(h.Readings) {
		return h.Readings[i]
	}
	return nil
}

// units holds a shard's results (or games) by unit number, in a slice: a
// map of results would allocate each (they are too big to sit in it).
type units[T any] struct {
	shard Shard
	rs    []T
	got   []bool
	n     int // units with a result
}

// unitResults are a shard's Results, as read from a run directory.
type unitResults = units[Result]

func newUnits[T any](p *Plan, shard Shard) *units[T] {
	size := (p.Units() - shard.Index + shard.Count - 1) / shard.Count
	rs := make([]T, size)
	adviseHuge(rs) // filled in order, a unit at a time
	return &units[T]{shard: shard, rs: rs, got: make([]bool, size)}
}

func newUnitResults(p *Plan, shard Shard) *unitResults { return newUnits[Result](p, shard) }

// put keeps r as unit u's result; u is in the shard.
func (h *units[T]) put(u int, r T) {
	i := (u - h.shard.Index) / h.shard.Count
	if !h.got[i] {
		h.got[i] = true
		h.n++
	}
	h.rs[i] = r
}

func (h *units[T]) has(u int) bool { return h.got[(u-h.shard.Index)/h.shard.Count] }

// sorted gives the results there are, in unit order.
func (h *units[T]) sorted() []T {
	if h.n == len(h.rs) {
		return h.rs
	}
	out := make([]T, 0, h.n)
	for i, r := range h.rs {
		if h.got[i] {
			out = append(out, r)
		}
	}
	return out
}

// LoadRun reads a run directory: its plan, shard and results in unit
// order.
func LoadRun(dir string) (*Plan, Shard, []Result, error) {
	data, err := os.ReadFile(filepath.Join(dir, runFile))
	if err != nil {
		return nil, Shard{}, nil, err
	}
	var head runHeader
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, Shard{}, nil, fmt.Errorf("%s: %v", filepath.Join(dir, runFile), err)
	}
	head.keptDraws()
	if head.Shard.Count < 1 || head.Shard.Index < 0 || head.Shard.Index >= head.Shard.Count {
		return nil, Shard{}, nil, fmt.Errorf("%s: bad shard %s", filepath.Join(dir, runFile), head.Shard)
	}
	p, err := NewPlan(head.Config)
	if err != nil {
		return nil, Shard{}, nil, fmt.Errorf("%s: %v", filepath.Join(dir, runFile), err)
	}
	if head.Readings != nil {
		for i, r := range p.Readings {
			if i >= len(head.Readings) || !slices.Equal(r.Settings, head.Readings[i]) {
				return nil, Shard{}, nil, fmt.Errorf("%s: the game's options changed since the run was played (reading %d was %s, now %s); fix the changed option with --option to read it",
					filepath.Join(dir, runFile), i, strings.Join(headReading(head, i), " "), strings.Join(r.Settings, " "))
			}
		}
	}
	have := newUnitResults(p, head.Shard)
	gp := filepath.Join(dir, gamesFile)
	data, err = os.ReadFile(gp)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, Shard{}, nil, err
	}
	// A run still going, or cut off, may end in part of a line: leave it.
	data = data[:bytes.LastIndexByte(data, '\n')+1]
	if err := readResults(p, head.Shard, bytes.NewReader(data), gp, have.put); err != nil {
		return nil, Shard{}, nil, err
	}
	return p, head.Shard, have.sorted(), nil
}

// Merge joins the shards of one run, kept in dirs, into out (as a whole
// run) and returns the plan and every result in unit order. Each shard of
// the run must be there once and complete.
func Merge(dirs []string, out string) (*Plan, []Result, error) {
	if len(dirs) == 0 {
		return nil, nil, errors.New("merge: no directories")
	}
	var plan *Plan
	var count int
	seen := map[int]string{}
	var have *unitResults
	for _, d := range dirs {
		p, sh, rs, err := LoadRun(d)
		if err != nil {
			return nil, nil, err
		}
		if plan == nil {
			plan, count = p, sh.Count
			have = newUnitResults(plan, Whole)
		} else if !sameConfig(plan.Config, p.Config) || sh.Count != count {
			return nil, nil, fmt.Errorf("merge: %s is a shard of another run than %s", d, dirs[0])
		}
		if prev, ok := seen[sh.Index]; ok {
			return nil, nil, fmt.Errorf("merge: %s and %s are both shard %s", prev, d, sh)
		}
		seen[sh.Index] = d
		want := (plan.Units() - sh.Index + sh.Count - 1) / sh.Count
		if len(rs) != want {
			return nil, nil, fmt.Errorf("merge: %s has %d of its %d games; finish it first (run the same command again)", d, len(rs), want)
		}
		for _, r := range rs {
			have.put(plan.unitNumber(unit{r.Reading, r.Game, r.Skill}), r)
		}
	}
	if len(seen) != count {
		var missing []int
		for i := range count {
			if _, ok := seen[i]; !ok {
				missing = append(missing, i)
			}
		}
		return nil, nil, fmt.Errorf("merge: shards %v of %d are missing", missing, count)
	}
	results := have.sorted()
	if out != "" {
		if err := writeWhole(plan, results, out); err != nil {
			return nil, nil, err
		}
	}
	return plan, results, nil
}

// sameKeptRun says whether run.json's got, written before runs said their
// chance draws, is the run of want once those are filled in.
func sameKeptRun(got, want []byte) bool {
	var head runHeader
	if json.Unmarshal(got, &head) != nil {
		return false
	}
	head.keptDraws()
	kept, err := json.MarshalIndent(head, "", "  ")
	return err == nil && bytes.Equal(append(kept, '\n'), want)
}

func sameConfig(a, b Config) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// writeWhole writes results as a whole run into dir, which must not hold
// another run.
func writeWhole(p *Plan, results []Result, dir string) error {
	have := newUnits[struct{}](p, Whole)
	err := openRun(p, Whole, dir, func(u int, _ Result) { have.put(u, struct{}{}) })
	if err != nil {
		return err
	}
	var buf []byte
	for _, r := range results {
		if have.has(p.unitNumber(unit{r.Reading, r.Game, r.Skill})) {
			continue
		}
		if buf, err = appendResult(buf, r); err != nil {
			return err
		}
		buf = append(buf, '\n')
	}
	f, err := os.OpenFile(filepath.Join(dir, gamesFile), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(buf)
	return errors.Join(err, f.Close())
}
