//go:build !js

package server

import (
	"bytes"
	"encoding/csv"
	"errors"
	"net/http"
	"strings"
	"time"

	"tabula/engine"
	"tabula/internal/classes"
	"tabula/view"
)

// ClassStore is where a server keeps the teachers' classes.
type ClassStore = classes.Store

// classState is the teachers' classes: the service (nil without Classes
// and Rooms) and the joins counted per address.
type classState struct {
	svc   *classes.Service
	joins perMinute
}

// classRoutes registers the API of a teacher's class (docs/api.md,
// "Classes") and the join page's short address; without Classes and
// Rooms they answer 404.
func (s *Server) classRoutes() {
	if s.cfg.Classes != nil && s.cfg.Rooms != nil {
		s.class.svc = classes.New(classes.Config{Store: s.cfg.Classes, Rooms: s.cfg.Rooms, Offered: offeredAgents})
	}
	s.route("POST /api/classes", s.withClasses(s.createClass))
	s.route("POST /api/classes/{code}/join", s.withClasses(s.joinClass))
	s.route("GET /api/classes/{id}", s.withClasses(s.getClass))
	s.route("POST /api/classes/{id}/rounds", s.withClasses(s.startRound))
	s.route("POST /api/classes/{id}/pause", s.withClasses(s.classStatus(classes.Paused)))
	s.route("POST /api/classes/{id}/resume", s.withClasses(s.classStatus(classes.Open)))
	s.route("POST /api/classes/{id}/end", s.withClasses(s.classStatus(classes.Ended)))
	s.route("POST /api/classes/{id}/games/{room}/abandon", s.withClasses(s.abandonGame))
	s.route("GET /api/classes/{id}/results.csv", s.withClasses(s.classCSV))
	s.route("GET /api/classes/{id}/records", s.withClasses(s.classRecords))
	s.httpRoute("GET /join", s.joinPage)
	s.httpRoute("GET /join/{code}", s.joinPage)
}

// classHandler is a handler of the classes' API.
type classHandler func(cs *classes.Service, w response, r *request) error

// withClasses runs h with the classes, or answers 404 on a server that
// keeps none.
func (s *Server) withClasses(h classHandler) handlerFunc {
	return func(w response, r *request) error {
		if s.class.svc == nil {
			return notFound("server.no_online")
		}
		return h(s.class.svc, w, r)
	}
}

// classStatuses are the statuses of the kinds of the classes' refusals.
var classStatuses = map[classes.Kind]int{
	classes.Bad: statusBadRequest, classes.NoSecret: statusUnauthorized, classes.WrongSecret: statusForbidden,
	classes.NotFound: statusNotFound, classes.Conflict: statusConflict,
}

// classErr answers a refusal of the classes with its kind's status.
func classErr(err error) error {
	var ce *classes.Error
	if errors.As(err, &ce) {
		return &httpError{classStatuses[ce.Kind], ce.Err}
	}
	return roomErr(err)
}

type createClassRequest struct {
	Game     string         `json:"game"`
	Options  map[string]any `json:"options"`
	Pairing  string         `json:"pairing"`
	Clock    *clockRequest  `json:"clock"`
	Computer string         `json:"computer"`
	Max      int            `json:"max"`
}

type createClassResponse struct {
	ID     string `json:"id"`
	Code   string `json:"code"`
	Join   string `json:"join"`
	Secret string `json:"secret"`
	// Teacher is the teacher's dashboard, the secret in the fragment.
	Teacher string `json:"teacher"`
}

// createClass answers POST /api/classes; a class counts with the rooms
// an address makes a minute.
func (s *Server) createClass(cs *classes.Service, w response, r *request) error {
	var req createClassRequest
	done, err := s.countMade(r, &req, "class.create_rate")
	if err != nil {
		return err
	}
	made := false
	defer func() { done(made) }()
	sets, err := view.Settings(req.Options)
	if err != nil {
		return badRequestErr(err)
	}
	clock, err := req.Clock.clock()
	if err != nil {
		return err
	}
	c, err := cs.Create(r.Context(), classes.CreateRequest{Game: req.Game, Options: sets, Pairing: req.Pairing, Clock: clock, Computer: req.Computer, Max: req.Max})
	if err != nil {
		return classErr(err)
	}
	made = true
	s.cfg.Log.Info("class created", "class", c.ID, "game", req.Game)
	writeJSON(w, statusCreated, createClassResponse{ID: c.ID, Code: c.Code, Join: "/join/" + c.Code, Secret: c.Secret, Teacher: "/#/class/" + c.ID + "/" + c.Secret})
	return nil
}

type joinRequest struct {
	Name string `json:"name"`
}

type joinResponse struct {
	Class  string `json:"class"`
	Player int    `json:"player"`
	Name   string `json:"name"`
	Token  string `json:"token"`
	// Link is the pupil's page in the class, her token in the fragment.
	Link string `json:"link"`
}

// joinClass answers POST /api/classes/{code}/join; every try counts
// against the address's joins a minute, so that codes and names cannot
// be tried by the thousand.
func (s *Server) joinClass(cs *classes.Service, w response, r *request) error {
	if ok, wait := s.class.joins.allow(r.Addr, s.cfg.JoinsPerMinute, time.Now()); !ok {
		return retryIn(wait, &httpError{statusTooManyRequests, engine.NewError("class.join_rate", "max", s.cfg.JoinsPerMinute)})
	}
	var req joinRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	j, err := cs.Join(r.Context(), r.PathValue("code"), req.Name)
	if err != nil {
		return classErr(err)
	}
	writeJSON(w, statusCreated, joinResponse{Class: j.Class, Player: j.Player, Name: j.Name, Token: j.Token, Link: "/#/class/" + j.Class + "/" + j.Token})
	return nil
}

// classView is the class of the path as the request's token shows it.
func classView(cs *classes.Service, r *request) (classes.View, error) {
	v, err := cs.View(r.Context(), r.PathValue("id"), bearer(r))
	if err != nil {
		return classes.View{}, classErr(err)
	}
	return v, nil
}

func (s *Server) getClass(cs *classes.Service, w response, r *request) error {
	v, err := classView(cs, r)
	if err != nil {
		return err
	}
	writeJSON(w, statusOK, v)
	return nil
}

// startRound answers POST /api/classes/{id}/rounds: 201 with the class
// as its teacher sees it, the new round last.
func (s *Server) startRound(cs *classes.Service, w response, r *request) error {
	n, err := cs.StartRound(r.Context(), r.PathValue("id"), bearer(r))
	if err != nil {
		return classErr(err)
	}
	s.cfg.Log.Info("class round started", "class", r.PathValue("id"), "round", n)
	v, err := classView(cs, r)
	if err != nil {
		return err
	}
	writeJSON(w, statusCreated, v)
	return nil
}

// classStatus answers POST /api/classes/{id}/pause, resume and end.
func (s *Server) classStatus(status string) classHandler {
	return func(cs *classes.Service, w response, r *request) error {
		if err := cs.SetStatus(r.Context(), r.PathValue("id"), bearer(r), status); err != nil {
			return classErr(err)
		}
		return s.getClass(cs, w, r)
	}
}

// abandonGame answers POST /api/classes/{id}/games/{room}/abandon: the
// teacher ends a stuck game of the current round as abandoned; 200 with
// the class.
func (s *Server) abandonGame(cs *classes.Service, w response, r *request) error {
	if err := cs.Abandon(r.Context(), r.PathValue("id"), bearer(r), r.PathValue("room")); err != nil {
		return classErr(err)
	}
	s.cfg.Log.Info("class game abandoned", "class", r.PathValue("id"), "room", r.PathValue("room"))
	return s.getClass(cs, w, r)
}

// classCSV answers GET /api/classes/{id}/results.csv: the results table.
func (s *Server) classCSV(cs *classes.Service, w response, r *request) error {
	v, err := classView(cs, r)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	if err := cw.WriteAll(v.CSV()); err != nil {
		return err
	}
	w.SetHeader("Content-Type", "text/csv; charset=utf-8")
	w.SetHeader("Content-Disposition", `attachment; filename="tabula-class-`+v.Code+`.csv"`)
	_, err = w.Write(buf.Bytes())
	return err
}

// classRecords answers GET /api/classes/{id}/records: the record of
// every finished game of the class, one JSON object a line, round by
// round (the archive's export format).
func (s *Server) classRecords(cs *classes.Service, w response, r *request) error {
	ids, err := cs.Rooms(r.Context(), r.PathValue("id"))
	if err != nil {
		return classErr(err)
	}
	var buf bytes.Buffer
	for _, id := range ids {
		g, err := s.cfg.Rooms.FinishedGame(r.Context(), id)
		if err != nil {
			continue // not over (or expired unplayed)
		}
		buf.Write(bytes.TrimSpace(g.Record))
		buf.WriteByte('\n')
	}
	w.SetHeader("Content-Type", "application/jsonl; charset=utf-8")
	w.SetHeader("Content-Disposition", `attachment; filename="tabula-class-records.jsonl"`)
	_, err = w.Write(buf.Bytes())
	return err
}

// joinPage answers /join, /join/CODE and /join?code=CODE, the short
// address a teacher shows and its QR code holds: the app's join page.
func (s *Server) joinPage(w http.ResponseWriter, r *http.Request) error {
	code := r.PathValue("code")
	if code == "" {
		code = r.URL.Query().Get("code")
	}
	to := "/#/join"
	if code != "" && len(code) <= 16 && strings.Trim(strings.ToUpper(code), "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
		to += "/" + strings.ToUpper(code)
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
	return nil
}
