package server

import (
	"context"
	"math/rand/v2"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/view"
)

// The bounds of the analyses (variables, so that tests can shorten them).
// A position's analysis is one MCTS search; a game's is a short search at
// each of at most MaxGraphPositions positions, all within GraphTime.
var (
	// AnalysisTime is the longest search for one position.
	AnalysisTime = 2 * time.Second
	// AnalysisIterations bounds that search.
	AnalysisIterations = 20000
	// MaxGraphPositions is the most positions a game's graph analyses; a
	// longer game is sampled at even steps.
	MaxGraphPositions = 150
	// GraphIterations is the search at each position of the graph.
	GraphIterations = 400
	// GraphTime bounds the whole graph.
	GraphTime = 8 * time.Second
)

// analysisRequest names a position: the room (or a record) and the
// number of turns played (all when Ply is absent).
type analysisRequest struct {
	Room   string       `json:"room"`
	Record *view.Record `json:"record"`
	Ply    *int         `json:"ply"`
}

// analysisView is one position's analysis. Values[p] is player p's
// expected result in [0, 1]; Moves are the actors' best moves first.
type analysisView struct {
	Ply        int             `json:"ply"`
	ToMove     []int           `json:"toMove"`
	Values     []float64       `json:"values"`
	Moves      []moveValueView `json:"moves"`
	Iterations int             `json:"iterations"`
	Ms         int64           `json:"ms"`
}

type moveValueView struct {
	Player int     `json:"player"`
	Move   string  `json:"move"`
	Value  float64 `json:"value"`
	Share  float64 `json:"share"`
}

// graphView is a game's evaluation: Values[i] are the players' values in
// the state after Plies[i] turns.
type graphView struct {
	Turns  int         `json:"turns"`
	Plies  []int       `json:"plies"`
	Values [][]float64 `json:"values"`
	// Complete is false when GraphTime ran out before the last position.
	Complete bool  `json:"complete"`
	Ms       int64 `json:"ms"`
}

// analysisRecord reads the request and returns the record it names.
func (s *Server) analysisRecord(r *request) (analysisRequest, view.Record, error) {
	var req analysisRequest
	if err := decode(r, &req); err != nil {
		return req, view.Record{}, err
	}
	switch {
	case req.Room != "" && req.Record != nil:
		return req, view.Record{}, badRequest("server.room_or_record")
	case req.Room != "":
		rec, err := s.roomRecord(r, req.Room)
		return req, rec, err
	case req.Record != nil:
		if err := checkTurns(len(req.Record.Moves)); err != nil {
			return req, view.Record{}, err
		}
		return req, *req.Record, nil
	}
	return req, view.Record{}, badRequest("server.no_position")
}

// positions replays rec (with replay, so stopping when ctx is done) and
// calls visit with the state after each turn i for which want(i) holds
// (i = 0 is the start).
func positions(ctx context.Context, rec view.Record, want func(i int) bool, visit func(i int, s engine.State) error) error {
	g, opts, err := recordGame(rec)
	if err != nil {
		return err
	}
	_, err = replay(ctx, g, opts, rec.Moves, nil, func(i int, s engine.State, _ turn, _ []view.EventView) error {
		if !want(i) {
			return nil
		}
		return visit(i, s)
	})
	return err
}

// postAnalysis analyses one position on the compute pool.
func (s *Server) postAnalysis(w response, r *request) error {
	req, rec, err := s.analysisRecord(r)
	if err != nil {
		return err
	}
	ply := len(rec.Moves)
	if req.Ply != nil {
		ply = *req.Ply
	}
	if ply < 0 || ply > len(rec.Moves) {
		return badRequest("server.ply_range", "ply", ply, "max", len(rec.Moves))
	}
	var state engine.State
	err = positions(r.Context(), rec, func(i int) bool { return i == ply }, func(_ int, st engine.State) error {
		state = st.Clone()
		return nil
	})
	if err != nil {
		return err
	}
	if err := s.allowHeavy(r); err != nil {
		return err
	}
	v := analysisView{Ply: ply, ToMove: state.Actors(nil), Moves: []moveValueView{}}
	start := time.Now()
	perr := s.cfg.Pool.Do(r.Context(), s.job(r, "analysis", AnalysisTime), func(ctx context.Context) {
		a := ai.Analyze(ctx, state, ai.Budget{Iterations: AnalysisIterations, Time: AnalysisTime}, rand.Uint64())
		v.Values, v.Iterations = a.Values, a.Iterations
		for _, mv := range a.Moves {
			v.Moves = append(v.Moves, moveValueView{Player: mv.Player, Move: state.MoveText(mv.Player, mv.Move), Value: mv.Value, Share: mv.Share})
		}
	})
	if perr != nil {
		return perr
	}
	v.Ms = time.Since(start).Milliseconds()
	writeJSON(w, statusOK, v)
	return nil
}

// postAnalysisGraph analyses every position of a game (every k-th of a
// long one) with a short search each, as one job on the compute pool.
func (s *Server) postAnalysisGraph(w response, r *request) error {
	// GraphTime bounds the whole answer: reading and replaying the
	// record and waiting for a core count, not only the searches.
	start := time.Now()
	ctx, cancel := context.WithDeadline(r.Context(), start.Add(GraphTime))
	defer cancel()
	r = r.WithContext(ctx)
	req, rec, err := s.analysisRecord(r)
	if err != nil {
		return err
	}
	if req.Ply != nil {
		return badRequest("server.graph_ply")
	}
	n := len(rec.Moves)
	stride := (n + MaxGraphPositions - 1) / MaxGraphPositions
	stride = max(stride, 1)
	want := func(i int) bool { return i%stride == 0 || i == n }
	var states []engine.State
	var plies []int
	if err := positions(ctx, rec, want, func(i int, st engine.State) error {
		states = append(states, st.Clone())
		plies = append(plies, i)
		return nil
	}); err != nil {
		return err
	}
	if err := s.allowHeavy(r); err != nil {
		return err
	}
	v := graphView{Turns: n, Plies: []int{}, Values: [][]float64{}}
	perr := s.cfg.Pool.Do(ctx, s.job(r, "analysis graph", GraphTime), func(ctx context.Context) {
		seed := rand.Uint64()
		for i, st := range states {
			if ctx.Err() != nil {
				return
			}
			a := ai.Analyze(ctx, st, ai.Budget{Iterations: GraphIterations, Time: GraphTime}, seed+uint64(i))
			v.Plies = append(v.Plies, plies[i])
			v.Values = append(v.Values, a.Values)
		}
		v.Complete = true
	})
	if perr != nil {
		return perr
	}
	v.Ms = time.Since(start).Milliseconds()
	writeJSON(w, statusOK, v)
	return nil
}
