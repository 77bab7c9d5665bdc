//go:build !js

package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"tabula/engine"
	"tabula/research"
	"tabula/view"
)

// The Research page runs the research workbench (package research) on the
// server's spare cores: a few studies at a time, the others queued fairly
// by address (research_queue.go), their progress polled, their reports
// kept in memory.
const (
	// maxStudyGames bounds the games per reading of a study.
	maxStudyGames = 2000
	// maxStudyUnits bounds the games of a study in all.
	maxStudyUnits = 100_000
	// maxStudyReplicate bounds a study's replications.
	maxStudyReplicate = 2
	// maxStudies is how many studies are kept; the oldest finished one
	// goes first.
	maxStudies = 20
)

// studyAgents are the agents a study may use: fast enough that a study of
// a few thousand games ends in minutes.
var studyAgents = []string{"random", "greedy", "mcts:easy"}

// study is one run of the workbench.
type study struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Command string          `json:"command"`
	Config  research.Config `json:"config"`
	// Replicate is how many replications (further seeds) the study plays.
	Replicate int       `json:"replicate"`
	Started   time.Time `json:"started"`

	owner []byte // the hash of the owner's token, which cancel needs

	mu       sync.Mutex
	addr     string         // the address that asked for it
	plan     *research.Plan // kept while queued
	threads  int            // the cores it plays on
	queue    int            // its place in the queue while queued
	state    string         // queued, running, done, failed, cancelled
	done     int
	total    int
	left     time.Duration
	err      string
	report   map[string][]byte // the HTML report by language
	ranking  *research.Ranking
	cancel   context.CancelFunc
	finished time.Time
}

// studyView is the JSON of a study.
type studyView struct {
	*study
	State       string  `json:"state"`
	Done        int     `json:"done"`
	Total       int     `json:"total"`
	LeftSeconds float64 `json:"leftSeconds"`
	Error       string  `json:"error,omitempty"`
	Report      string  `json:"report,omitempty"` // the report's URL, once done
	// Ranking ranks the readings once done (none for one reading).
	Ranking *research.Ranking `json:"ranking,omitempty"`
	// Queue is a queued study's place in the queue (1: it starts next).
	Queue int `json:"queue,omitempty"`
}

func (st *study) view() studyView {
	st.mu.Lock()
	defer st.mu.Unlock()
	v := studyView{study: st, State: st.state, Done: st.done, Total: st.total, LeftSeconds: st.left.Seconds(), Error: st.err,
		Ranking: st.ranking, Queue: st.queue}
	if st.report != nil {
		v.Report = "/api/research/" + st.ID + "/report"
	}
	return v
}

// lab holds the studies of a server.
type lab struct {
	mu      sync.Mutex
	studies []*study
	closed  bool
	wg      sync.WaitGroup
	running int // studies running
	// runs plays a study (study.run; tests set their own).
	runs func(ctx context.Context, st *study, plan *research.Plan)
}

// startedView is the answer to POST /api/research: the study and its
// owner's token, given only here.
type startedView struct {
	studyView
	Owner string `json:"owner"`
}

// studyRequest is the body of POST /api/research.
type studyRequest struct {
	Game    string         `json:"game"`
	Options map[string]any `json:"options"`
	// Vary maps each option to vary to "v1,v2" or "all".
	Vary   map[string]string `json:"vary"`
	Design string            `json:"design"`
	Agents []string          `json:"agents"`
	Skill  string            `json:"skill"`
	Games  int               `json:"games"`
	Seed   uint64            `json:"seed"`
	// Replicate plays the design again on this many further seeds.
	Replicate int `json:"replicate"`
}

// studyConfig checks a request and makes the workbench's config.
func studyConfig(req studyRequest) (*research.Plan, error) {
	if req.Game == "" {
		return nil, badRequest("server.no_game")
	}
	sets, err := view.Settings(req.Options)
	if err != nil {
		return nil, badRequestErr(err)
	}
	names := make([]string, 0, len(req.Vary))
	for n := range req.Vary {
		names = append(names, n)
	}
	sort.Strings(names)
	cfg := research.Config{Game: req.Game, Options: sets, Design: req.Design, Agents: req.Agents,
		Skill: req.Skill, Games: req.Games, Seed: max(req.Seed, 1)}
	for _, n := range names {
		v, err := research.ParseVary(n + "=" + req.Vary[n])
		if err != nil {
			return nil, badRequestErr(err)
		}
		cfg.Vary = append(cfg.Vary, v)
	}
	for _, a := range append(slices.Clone(req.Agents), req.Skill) {
		if a != "" && !slices.Contains(studyAgents, a) {
			return nil, badRequest("server.study_agent", "agent", strconv.Quote(a), "offered", strings.Join(studyAgents, ", "))
		}
	}
	if req.Games < 1 || req.Games > maxStudyGames {
		return nil, badRequest("server.study_games", "n", req.Games, "max", maxStudyGames)
	}
	plan, err := research.NewPlan(cfg)
	if err != nil {
		return nil, badRequestErr(err)
	}
	// Every reading keeps to the option ranges that are safe for a server
	// (a max-steps of 0 could make one game of a study run for minutes).
	for _, rd := range plan.Readings {
		if _, err := parseOptions(plan.Game, rd.Settings); err != nil {
			return nil, err
		}
	}
	if req.Replicate < 0 || req.Replicate > maxStudyReplicate {
		return nil, badRequest("server.study_replicate", "n", req.Replicate, "max", maxStudyReplicate)
	}
	if total := plan.Units() * (1 + req.Replicate); total > maxStudyUnits {
		return nil, badRequest("server.study_size", "readings", len(plan.Readings), "games", req.Games, "total", total, "max", maxStudyUnits)
	}
	return plan, nil
}

func (s *Server) postStudy(w response, r *request) error {
	var req studyRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	plan, err := studyConfig(req)
	if err != nil {
		return err
	}
	owner := randomText()
	st, err := s.lab.add(plan, req.Replicate, owner, r.Addr)
	if err != nil {
		return err
	}
	writeJSON(w, statusAccepted, startedView{st.view(), owner})
	return nil
}

// randomText is 128 random bits as URL-safe text: a study's id or its
// owner's token, which nobody can guess.
func randomText() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported systems
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// run plays the study on its threads and keeps its report.
func (st *study) run(ctx context.Context, plan *research.Plan) {
	dir, err := os.MkdirTemp("", "tabula-study-*")
	if err == nil {
		defer os.RemoveAll(dir)
		var played *research.Played
		played, err = st.play(ctx, plan, dir, 0)
		for j := 1; j <= st.Replicate && err == nil; j++ {
			var rp *research.Plan
			if rp, err = research.NewPlan(research.ReplicaConfig(plan.Config, j)); err == nil {
				_, err = st.play(ctx, rp, research.ReplicaDir(dir, j), j*plan.Units())
			}
		}
		if err == nil {
			var buf bytes.Buffer
			rep := played.Analyze(plan)
			var reps []*research.Report
			if reps, _, err = research.LoadReplications(dir, plan); err == nil && len(reps) > 0 {
				research.Replicate(rep, reps)
			}
			pages := map[string][]byte{}
			for _, lang := range engine.Languages {
				if err == nil {
					buf.Reset()
					err = rep.WriteHTMLIn(&buf, lang)
					pages[lang] = bytes.Clone(buf.Bytes())
				}
			}
			st.mu.Lock()
			st.report, st.ranking = pages, rep.Ranking
			st.mu.Unlock()
		}
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	st.finished, st.left = time.Now(), 0
	switch {
	case errors.Is(err, context.Canceled):
		st.state = "cancelled"
	case err != nil:
		st.state, st.err = "failed", err.Error()
	default:
		st.state = "done"
	}
}

// play runs one plan of the study (the main run or a replication) into
// dir; its progress counts after the offset games played before it.
func (st *study) play(ctx context.Context, plan *research.Plan, dir string, offset int) (*research.Played, error) {
	return research.Run(ctx, plan, research.Whole, dir, research.Options{
		Threads: max(1, st.threads),
		Progress: func(p research.Progress) {
			st.mu.Lock()
			st.done, st.left = offset+p.Done, p.Left()
			st.mu.Unlock()
		}})
}

// close cancels the studies and waits for the running ones to stop.
func (l *lab) close() {
	l.mu.Lock()
	l.closed = true
	for _, st := range l.studies {
		st.mu.Lock()
		if st.state == "queued" {
			st.state, st.queue, st.plan = "cancelled", 0, nil
		}
		cancel := st.cancel
		st.mu.Unlock()
		cancel()
	}
	l.mu.Unlock()
	l.wg.Wait()
}

func (l *lab) find(id string) (*study, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, st := range l.studies {
		if st.ID == id {
			return st, nil
		}
	}
	return nil, notFound("server.no_study", "id", strconv.Quote(id))
}

func (s *Server) listStudies(w response, r *request) error {
	s.lab.mu.Lock()
	views := make([]studyView, 0, len(s.lab.studies))
	for i := len(s.lab.studies) - 1; i >= 0; i-- {
		views = append(views, s.lab.studies[i].view())
	}
	s.lab.mu.Unlock()
	writeJSON(w, statusOK, views)
	return nil
}

func (s *Server) getStudy(w response, r *request) error {
	st, err := s.lab.find(r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, statusOK, st.view())
	return nil
}

// cancelStudy cancels a study for its owner, who proves it with the
// token POST gave: "Authorization: Bearer TOKEN".
func (s *Server) cancelStudy(w response, r *request) error {
	st, err := s.lab.find(r.PathValue("id"))
	if err != nil {
		return err
	}
	token, ok := strings.CutPrefix(r.Authorization, "Bearer ")
	h := sha256.Sum256([]byte(token))
	if !ok || subtle.ConstantTimeCompare(h[:], st.owner) != 1 {
		return &httpError{statusForbidden, engine.NewError("server.study_owner")}
	}
	s.lab.cancelStudy(st)
	writeJSON(w, statusOK, st.view())
	return nil
}

// getStudyReport answers the study's self-contained HTML report, in the
// language ?lang= asks for (English otherwise).
func (s *Server) getStudyReport(w response, r *request) error {
	st, err := s.lab.find(r.PathValue("id"))
	if err != nil {
		return err
	}
	st.mu.Lock()
	report := st.report[engine.Languages[0]]
	if page, ok := st.report[r.Query().Get("lang")]; ok {
		report = page
	}
	st.mu.Unlock()
	if report == nil {
		return notFound("server.study_no_report", "id", st.ID, "state", st.view().State)
	}
	w.SetHeader("Content-Type", "text/html; charset=utf-8")
	w.SetHeader("Cache-Control", "no-cache")
	_, err = w.Write(report)
	return err
}
