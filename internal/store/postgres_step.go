//go:build !js

package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Apply makes one change of a room; ErrConflict if the room is not at
// st.From, ErrNotFound if there is no such room. A step is one statement
// (stepStatement), and the steps that arrive together are committed in
// one transaction (postgres_write.go). Apply returns once the step is on
// disk or has failed; the other processes are told afterwards
// (notifier).
func (p *Postgres) Apply(ctx context.Context, st Step) error {
	for i, e := range st.Events {
		if e.Version != st.From+i+1 {
			return fmt.Errorf("store: event %d of a step from %d has version %d", i, st.From, e.Version)
		}
	}
	return p.enqueue(ctx, &pgWrite{room: st.Room, step: &st})
}

// CreateRoom stores a new room and its seats, committed with the steps
// that arrive with it.
func (p *Postgres) CreateRoom(ctx context.Context, r Room, seats []Seat) error {
	return p.enqueue(ctx, &pgWrite{room: r.ID, create: &newRoom{r, seats}})
}

// createStatement is the one statement that stores a new room and its
// seats; it counts the rooms made (1).
func createStatement(nr *newRoom) (string, []any) {
	r := nr.r
	args := []any{r.ID, r.Game, jsonList(r.Options), r.Secret, r.Version, r.Status, r.Result, r.Created.UnixMilli(), r.Updated.UnixMilli(), r.Clock}
	arg := argAdder(&args)
	var q strings.Builder
	q.WriteString(`WITH made AS (INSERT INTO rooms (id, game, options, secret, version, status, result, created, updated, clock)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id)`)
	seatsPart(&q, arg, "made", nr.seats)
	q.WriteString(` SELECT count(*) FROM made`)
	return q.String(), args
}

// argAdder returns a function that appends a value to args and gives
// its placeholder.
func argAdder(args *[]any) func(v any) string {
	return func(v any) string {
		*args = append(*args, v)
		return "$" + strconv.Itoa(len(*args))
	}
}

// seatsPart adds to q the upsert of seats into the room of the part
// named from, if there are any.
func seatsPart(q *strings.Builder, arg func(any) string, from string, seats []Seat) {
	n := len(seats)
	if n == 0 {
		return
	}
	idx, kinds, agents, names, hashes := make([]int64, n), make([]string, n), make([]string, n), make([]string, n), make([][]byte, n)
	players, ratings := make([]string, n), make([]int64, n)
	for i, s := range seats {
		idx[i], kinds[i], agents[i], names[i], hashes[i] = int64(s.Index), string(s.Kind), s.Agent, s.Name, s.TokenHash
		players[i], ratings[i] = s.Player, int64(s.Rating)
	}
	q.WriteString(`, new_seats AS (INSERT INTO seats (room, seat, kind, agent, name, token_hash, player, rating)
		SELECT ` + from + `.id, s.seat, s.kind, s.agent, s.name, s.token_hash, s.player, s.rating FROM ` + from + `, unnest(` + arg(idx) + `::bigint[], ` + arg(kinds) + `::text[], ` +
		arg(agents) + `::text[], ` + arg(names) + `::text[], ` + arg(hashes) + `::bytea[], ` + arg(players) + `::text[], ` + arg(ratings) + `::bigint[]) AS s(seat, kind, agent, name, token_hash, player, rating)
		ON CONFLICT (room, seat) DO UPDATE SET kind = excluded.kind, agent = excluded.agent, name = excluded.name, token_hash = excluded.token_hash, player = excluded.player, rating = excluded.rating)`)
}

// stepStatement is the one statement of st: data-modifying parts (WITH)
// that each take the room's id from the version update, so that all or
// none apply, and a count of the rooms updated (1 or 0). Lists go as
// arrays, so that the text depends only on which parts the step has and
// pgx's cache of prepared statements holds every form.
func stepStatement(st Step, now int64) (string, []any) {
	args := []any{st.Room, st.From + len(st.Events), now, st.From}
	arg := argAdder(&args)
	var q strings.Builder
	q.WriteString(`WITH moved AS (UPDATE rooms SET version = $2, updated = $3`)
	if st.Status != "" {
		q.WriteString(`, status = ` + arg(string(st.Status)))
	}
	if st.Result != "" {
		q.WriteString(`, result = ` + arg(st.Result))
	}
	q.WriteString(` WHERE id = $1 AND version = $4 RETURNING id)`)
	if n := len(st.Events); n > 0 {
		versions, kinds, bodies := make([]int64, n), make([]string, n), make([]string, n)
		for i, e := range st.Events {
			versions[i], kinds[i], bodies[i] = int64(e.Version), string(e.Kind), string(e.Body)
		}
		q.WriteString(`, new_events AS (INSERT INTO events (room, version, kind, body)
			SELECT moved.id, e.version, e.kind, e.body FROM moved, unnest(` + arg(versions) + `::bigint[], ` + arg(kinds) + `::text[], ` + arg(bodies) + `::text[]) AS e(version, kind, body))`)
	}
	seatsPart(&q, arg, "moved", st.Seats)
	seats := make([]int64, len(st.Commits))
	for i, c := range st.Commits {
		seats[i] = int64(c.Seat)
	}
	if st.ClearCommits {
		// The parts of one statement do not see each other's rows: the
		// seats given new commitments are kept and overwritten below.
		q.WriteString(`, cleared AS (DELETE FROM commits WHERE room = (SELECT id FROM moved) AND seat <> ALL(` + arg(seats) + `::bigint[]))`)
	}
	if n := len(st.Commits); n > 0 {
		moves, versions := make([]string, n), make([]int64, n)
		for i, c := range st.Commits {
			moves[i], versions[i] = c.Move, int64(c.Version)
		}
		q.WriteString(`, new_commits AS (INSERT INTO commits (room, seat, move, version)
			SELECT moved.id, c.seat, c.move, c.version FROM moved, unnest(` + arg(seats) + `::bigint[], ` + arg(moves) + `::text[], ` + arg(versions) + `::bigint[]) AS c(seat, move, version)`)
		if st.ClearCommits {
			q.WriteString(` ON CONFLICT (room, seat) DO UPDATE SET move = excluded.move, version = excluded.version`)
		}
		q.WriteString(`)`)
	}
	if a := st.Archive; a != nil {
		q.WriteString(`, archived AS (INSERT INTO finished (room, game, players, result, finished, record)
			SELECT ` + arg(a.Room) + `::text, ` + arg(a.Game) + `::text, ` + arg(jsonList(a.Players)) + `::text, ` + arg(a.Result) + `::text, ` +
			arg(a.Finished.UnixMilli()) + `::bigint, ` + arg(string(a.Record)) + `::text FROM moved
			ON CONFLICT (room) DO UPDATE SET game = excluded.game, players = excluded.players, result = excluded.result,
			finished = excluded.finished, record = excluded.record)`)
	}
	q.WriteString(` SELECT count(*) FROM moved`)
	return q.String(), args
}
