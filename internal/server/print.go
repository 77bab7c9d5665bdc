//go:build !js

package server

import (
	"bytes"
	"net/http"

	"tabula/engine"
	"tabula/internal/printout"
)

// getPrint answers GET /api/games/{id}/print.pdf?paper=a4&lang=en&sheet=all&name=value...
// with the game's board at true scale and its rules sheet as a PDF
// (package printout), under the options given as the other parameters
// (as /api/games/{id}/start takes them; the rest at their defaults), the
// same as "tabula print --option name=value". lang defaults to the
// request's language, paper to a4, sheet to all.
func (s *Server) getPrint(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	req := printout.Request{Paper: q.Get("paper"), Lang: q.Get("lang"), Sheet: q.Get("sheet")}
	if req.Paper == "" {
		req.Paper = "a4"
	}
	if req.Lang == "" {
		req.Lang = langOf(requestOf(r))
	}
	if req.Sheet == "" {
		req.Sheet = "all"
	}
	g, opts, err := queryOptions(requestOf(r), "paper", "lang", "sheet")
	if err != nil {
		return err
	}
	if err := req.Check(); err != nil {
		return badRequestErr(err)
	}
	st, err := g.NewState(opts)
	if err != nil {
		return badRequestErr(err)
	}
	var buf bytes.Buffer
	if err := printout.Write(&buf, st, s.cfg.Rules, req); err != nil {
		if _, coded := engine.Coded(err); coded {
			return notFoundErr(err) // the game has no rules page or board
		}
		return err
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `inline; filename="`+g.ID()+"-"+req.Paper+"-"+req.Lang+`.pdf"`)
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, err = w.Write(buf.Bytes())
	return err
}
