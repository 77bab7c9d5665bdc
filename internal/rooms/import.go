package rooms

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"tabula/engine"
	"tabula/internal/store"
	"tabula/view"
)

// Import archives finished games played elsewhere, as records of rooms
// (GET /api/rooms/{id}/record) or records (view.Record). Every record is checked
// before any is stored, so a bad record imports nothing of its batch; the
// error names the record (1-based) and what is wrong with it. A game keeps
// the date its record gives (finished), else it is dated now. Its id comes
// from its content, so that a record imported again (the same file twice,
// or twice in one batch) is passed over: it returns the games stored and
// those passed over.
func (m *Manager) Import(ctx context.Context, recs []Record) (imported, known int, err error) {
	now := time.Now().UTC().Truncate(time.Millisecond)
	games := make([]store.Game, 0, len(recs))
	seen := map[string]bool{}
	for i, rec := range recs {
		checked, err := checkImport(rec)
		if err != nil {
			return 0, 0, refuse(CodeBad, "rooms.import_record", "n", i+1, "err", err)
		}
		if checked.Finished == nil || checked.Finished.After(now) {
			checked.Finished = &now
		}
		body, _ := json.Marshal(checked)
		players := checked.Players
		if len(players) == 0 {
			players = []string{}
		}
		id := importID(checked)
		if seen[id] {
			known++
			continue
		}
		seen[id] = true
		games = append(games, store.Game{Room: id, Game: checked.Game, Players: players, Result: checked.Result.Code(), Finished: checked.Finished.UTC(), Record: body})
	}
	for _, g := range games {
		if _, err := m.cfg.Store.FinishedGame(ctx, g.Room); err == nil {
			known++
			continue
		} else if !errors.Is(err, store.ErrNotFound) {
			return imported, known, err
		}
		if err := m.cfg.Store.AddFinished(ctx, g); err != nil {
			return imported, known, err
		}
		imported++
	}
	return imported, known, nil
}

// importID is the archive's id of an imported record: "import-" and a
// hash of what the game was (its game, options, moves, players, result,
// secret and room), not of when it was imported.
func importID(rec Record) string {
	rec.Finished = nil
	body, _ := json.Marshal(rec)
	h := sha256.Sum256(body)
	return "import-" + base64.RawURLEncoding.EncodeToString(h[:12])
}

// checkImport checks a record of a finished game and returns it with its
// result: its moves replay; its throws follow its secret, if it gives
// one; and the game is over by the rules, or ended earlier by a
// resignation, an agreed draw or a flag, which only two-player games have.
func checkImport(rec Record) (Record, error) {
	g, err := engine.Lookup(rec.Game)
	if err != nil {
		return rec, err
	}
	opts, err := engine.ParseOptions(g, rec.Options)
	if err != nil {
		return rec, err
	}
	s, err := g.NewState(opts)
	if err != nil {
		return rec, err
	}
	var secret []byte
	if rec.Secret != "" {
		if secret, err = hex.DecodeString(rec.Secret); err != nil || len(secret) == 0 {
			return rec, engine.NewError("rooms.import_secret", "secret", strconv.Quote(rec.Secret))
		}
	}
	for i, mv := range rec.Moves {
		if a := s.Actors(nil); secret != nil && len(a) == 1 && a[0] == engine.ChancePlayer {
			if want := s.MoveText(engine.ChancePlayer, throwAt(secret, s)); mv != want {
				return rec, engine.NewError("rooms.import_throw", "n", i+1, "throw", mv, "want", want)
			}
		}
		if err := engine.Play(s, mv); err != nil {
			return rec, &engine.MoveError{Index: i + 1, Text: mv, Err: err}
		}
	}
	if o, over := s.Outcome(); over {
		if rec.Resigned != nil {
			return rec, engine.NewError("rooms.import_resigned_over", "seat", *rec.Resigned)
		}
		want := view.ResultOf(o)
		if rec.Result != nil && *rec.Result != want {
			return rec, engine.NewError("rooms.import_result", "result", strconv.Quote(rec.Result.Code()), "want", strconv.Quote(want.Code()))
		}
		rec.Result = &want
		return rec, nil
	}
	// Ended before its rules end it: a record of an earlier version
	// says only who won (view.EndRules), which is then read as the
	// resignation, the flag or the agreed draw that alone can end it.
	if s.NumPlayers() != 2 {
		return rec, engine.NewError("rooms.not_over")
	}
	got := view.Result{}
	if rec.Result != nil {
		got = *rec.Result
	}
	switch {
	case rec.Resigned != nil:
		r := *rec.Resigned
		if r != 0 && r != 1 {
			return rec, engine.NewError("rooms.import_resigned_seat", "seat", r)
		}
		want := view.Won(1-r, view.EndResign)
		if got != want && got != view.Won(1-r, view.EndRules) {
			return rec, engine.NewError("rooms.import_resigned_result", "seat", r, "want", strconv.Quote(want.Code()), "result", strconv.Quote(got.Code()))
		}
		rec.Result = &want
	case got.Draw():
		rec.Result = &view.Result{Winner: -1, How: view.EndAgreed}
	case (got.Winner == 0 || got.Winner == 1) && (got.How == view.EndFlag || got.How == view.EndRules):
		rec.Result = &view.Result{Winner: got.Winner, How: view.EndFlag}
	case (got.Winner == 0 || got.Winner == 1) && got.How == view.EndResign:
		rec.Resigned = intp(1 - got.Winner)
		rec.Result = &got
	default:
		return rec, engine.NewError("rooms.import_no_result")
	}
	return rec, nil
}
