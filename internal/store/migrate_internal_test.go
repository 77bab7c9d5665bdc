package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"

	"tabula/internal/pgtest"
	"tabula/view"
)

// oldRows are rooms, events and archived games as the version before
// resultCodes wrote them, results as sentences: one room for each way a
// game ended (its rules with a win and with a draw, a resignation, a
// flag, an agreed draw), an expired room, an open one, and an imported
// game that was resigned.
var oldRows = []string{
	`INSERT INTO rooms (id, game, options, secret, version, status, result, created, updated, clock) VALUES
		('won', 'adji-boto', '[]', 'x', 2, 'finished', 'player 1 wins', 0, 0, ''),
		('drawn', 'adji-boto', '[]', 'x', 2, 'finished', 'draw', 0, 0, ''),
		('resigned', 'adji-boto', '[]', 'x', 3, 'finished', 'player 0 wins', 0, 0, ''),
		('flagged', 'adji-boto', '[]', 'x', 3, 'finished', 'player 1 wins', 0, 0, '60000+0'),
		('agreed', 'adji-boto', '[]', 'x', 4, 'finished', 'draw', 0, 0, ''),
		('expired', 'adji-boto', '[]', 'x', 1, 'expired', 'expired', 0, 0, ''),
		('open', 'adji-boto', '[]', 'x', 1, 'open', '', 0, 0, '')`,
	`INSERT INTO events (room, version, kind, body) VALUES
		('won', 1, 'turn', '{"version":1,"kind":"turn","move":"3"}'),
		('won', 2, 'end', '{"version":2,"kind":"end","result":"player 1 wins","secret":"78"}'),
		('drawn', 1, 'turn', '{"version":1,"kind":"turn","move":"3"}'),
		('drawn', 2, 'end', '{"version":2,"kind":"end","result":"draw","secret":"78"}'),
		('resigned', 1, 'turn', '{"version":1,"kind":"turn","move":"3"}'),
		('resigned', 2, 'resign', '{"version":2,"kind":"resign","seat":1}'),
		('resigned', 3, 'end', '{"version":3,"kind":"end","result":"player 0 wins","secret":"78"}'),
		('flagged', 1, 'turn', '{"version":1,"kind":"turn","move":"3"}'),
		('flagged', 2, 'flag', '{"version":2,"kind":"flag","seat":0,"clocks":[0,60000]}'),
		('flagged', 3, 'end', '{"version":3,"kind":"end","result":"player 1 wins","secret":"78"}'),
		('agreed', 1, 'draw-offer', '{"version":1,"kind":"draw-offer","seat":0}'),
		('agreed', 2, 'turn', '{"version":2,"kind":"turn","move":"3"}'),
		('agreed', 3, 'draw-offer', '{"version":3,"kind":"draw-offer","seat":1}'),
		('agreed', 4, 'end', '{"version":4,"kind":"end","result":"draw","secret":"78"}'),
		('expired', 1, 'turn', '{"version":1,"kind":"turn","move":"3"}'),
		('open', 1, 'turn', '{"version":1,"kind":"turn","move":"3"}')`,
	`INSERT INTO finished (room, game, players, result, finished, record) VALUES
		('won', 'adji-boto', '["Ana","Bea"]', 'player 1 wins', 1, '{"game":"adji-boto","options":[],"moves":["3"],"result":"player 1 wins","room":"won"}'),
		('drawn', 'adji-boto', '["Ana","Bea"]', 'draw', 2, '{"game":"adji-boto","options":[],"moves":["3"],"result":"draw","room":"drawn"}'),
		('resigned', 'adji-boto', '["Ana","Bea"]', 'player 0 wins', 3, '{"game":"adji-boto","options":[],"moves":["3"],"result":"player 0 wins","room":"resigned","resigned":1}'),
		('flagged', 'adji-boto', '["Ana","Bea"]', 'player 1 wins', 4, '{"game":"adji-boto","options":[],"moves":["3"],"result":"player 1 wins","room":"flagged"}'),
		('agreed', 'adji-boto', '["Ana","Bea"]', 'draw', 5, '{"game":"adji-boto","options":[],"moves":["3"],"result":"draw","room":"agreed"}'),
		('import-1', 'adji-boto', '["Eve","Fay"]', 'player 1 wins', 6, '{"game":"adji-boto","options":[],"moves":["3"],"result":"player 1 wins","room":"x","resigned":0}')`,
}

// wantCodes are the results of the rooms and the archive after the
// migration.
var wantCodes = map[string]string{
	"won": "win:1:end", "drawn": "draw:end", "resigned": "win:0:resign", "flagged": "win:1:flag",
	"agreed": "draw:agreed", "expired": "abandoned", "open": "", "import-1": "win:1:resign",
}

// checkMigrated checks what the store s, migrated from oldRows, gives:
// the rooms' and archive's codes, the end events' and records' results
// as objects, and the archive filtered by codes.
func checkMigrated(t *testing.T, s interface {
	LoadRoom(context.Context, string) (Snapshot, error)
	FinishedGames(context.Context, Filter) ([]Game, error)
}) {
	t.Helper()
	ctx := context.Background()
	for _, id := range []string{"won", "drawn", "resigned", "flagged", "agreed", "expired", "open"} {
		sn, err := s.LoadRoom(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if sn.Room.Result != wantCodes[id] {
			t.Errorf("room %s: result %q, want %q", id, sn.Room.Result, wantCodes[id])
		}
		for _, e := range sn.Events {
			if e.Kind != "end" {
				continue
			}
			var body struct{ Result *view.Result }
			if err := json.Unmarshal(e.Body, &body); err != nil || body.Result == nil || body.Result.Code() != wantCodes[id] {
				t.Errorf("room %s: end event %s (%v)", id, e.Body, err)
			}
			var raw map[string]json.RawMessage
			json.Unmarshal(e.Body, &raw)
			if len(raw["result"]) == 0 || raw["result"][0] != '{' {
				t.Errorf("room %s: the end event's result is not an object: %s", id, e.Body)
			}
		}
	}
	games, err := s.FinishedGames(ctx, Filter{})
	if err != nil || len(games) != 6 {
		t.Fatalf("%d games archived, %v", len(games), err)
	}
	for _, g := range games {
		if g.Result != wantCodes[g.Room] {
			t.Errorf("archived %s: result %q, want %q", g.Room, g.Result, wantCodes[g.Room])
		}
		rec, err := view.ParseRecord(g.Record)
		if err != nil || rec.Result == nil || rec.Result.Code() != wantCodes[g.Room] {
			t.Errorf("archived %s: record %s (%v)", g.Room, g.Record, err)
		}
	}
	for filter, want := range map[string][]string{
		"win":          {"flagged", "import-1", "resigned", "won"},
		"win:1":        {"flagged", "import-1", "won"},
		"win:0:resign": {"resigned"},
		"draw":         {"agreed", "drawn"},
		"draw:agreed":  {"agreed"},
		"wi":           nil,
	} {
		games, err := s.FinishedGames(ctx, Filter{Result: filter})
		var got []string
		for _, g := range games {
			got = append(got, g.Room)
		}
		slices.Sort(got)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("filter %q: %v, want %v (%v)", filter, got, want, err)
		}
	}
}

// TestResultsMigrateInSQLite: a database of the version before
// resultCodes opens with its results as codes and objects.
func TestResultsMigrateInSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	old := migrations[:slices.Index(migrations, resultCodes)]
	for _, q := range append(append([]string{`CREATE TABLE schema_version (version INTEGER NOT NULL)`}, old...), oldRows...) {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%v\n%s", err, q)
		}
	}
	if _, err := db.Exec(`INSERT INTO schema_version VALUES (?)`, len(old)); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	checkMigrated(t, s)
}

// TestResultsMigrateInPostgres is TestResultsMigrateInSQLite on
// PostgreSQL.
func TestResultsMigrateInPostgres(t *testing.T) {
	url := pgtest.Database(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	old := pgMigrations()[:slices.Index(migrations, resultCodes)]
	for _, q := range append(append([]string{`CREATE TABLE schema_version (version INTEGER NOT NULL)`}, old...), oldRows...) {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%v\n%s", err, q)
		}
	}
	if _, err := conn.Exec(ctx, `INSERT INTO schema_version VALUES ($1)`, len(old)); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)
	s, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	checkMigrated(t, s)
}
