//go:build !js

package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"tabula/rating"
)

// sqlLobby is the lobby's storage in either database: its queries are
// written with SQLite's placeholders (?), which the PostgreSQL side
// numbers.
type sqlLobby struct{ db lobbyDB }

// lobbyDB is a database or a transaction of either kind, as sqlLobby
// needs it.
type lobbyDB interface {
	exec(ctx context.Context, q string, args ...any) (int64, error)
	query(ctx context.Context, q string, args []any, row func(scan func(...any) error) error) error
	inTx(ctx context.Context, f func(lobbyDB) error) error
	// lock is the clause that locks the rows a transaction reads
	// (PostgreSQL's FOR UPDATE; SQLite's transactions lock the file).
	lock() string
}

// SQLite: writes on the writer's connection, reads on the readers'.
type liteLobby struct {
	w  *sql.DB
	rd *sql.DB
	tx *sql.Tx
}

func (l liteLobby) exec(ctx context.Context, q string, args ...any) (int64, error) {
	var res sql.Result
	var err error
	if l.tx != nil {
		res, err = l.tx.ExecContext(ctx, q, args...)
	} else {
		res, err = l.w.ExecContext(ctx, q, args...)
	}
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (l liteLobby) query(ctx context.Context, q string, args []any, row func(func(...any) error) error) error {
	var rows *sql.Rows
	var err error
	if l.tx != nil {
		rows, err = l.tx.QueryContext(ctx, q, args...)
	} else {
		rows, err = l.rd.QueryContext(ctx, q, args...)
	}
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

func (l liteLobby) inTx(ctx context.Context, f func(lobbyDB) error) error {
	tx, err := l.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := f(liteLobby{w: l.w, rd: l.rd, tx: tx}); err != nil {
		return err
	}
	return tx.Commit()
}

func (liteLobby) lock() string { return "" }

// PostgreSQL.
type pgLobby struct {
	pool *pgxpool.Pool
	tx   pgx.Tx
}

// numbered is q with its placeholders ? numbered $1, $2, ...
func numbered(q string) string {
	var b strings.Builder
	n := 0
	for _, c := range q {
		if c == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

func (l pgLobby) exec(ctx context.Context, q string, args ...any) (int64, error) {
	var tag interface{ RowsAffected() int64 }
	var err error
	if l.tx != nil {
		tag, err = l.tx.Exec(ctx, numbered(q), args...)
	} else {
		tag, err = l.pool.Exec(ctx, numbered(q), args...)
	}
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (l pgLobby) query(ctx context.Context, q string, args []any, row func(func(...any) error) error) error {
	var rows pgx.Rows
	var err error
	if l.tx != nil {
		rows, err = l.tx.Query(ctx, numbered(q), args...)
	} else {
		rows, err = l.pool.Query(ctx, numbered(q), args...)
	}
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

func (l pgLobby) inTx(ctx context.Context, f func(lobbyDB) error) error {
	return pgx.BeginFunc(ctx, l.pool, func(tx pgx.Tx) error { return f(pgLobby{pool: l.pool, tx: tx}) })
}

func (pgLobby) lock() string { return " FOR UPDATE" }

// Lobby is the lobby's storage in the same database.
func (s *SQLite) Lobby() Lobby { return sqlLobby{liteLobby{w: s.db, rd: s.rd}} }

// Lobby is the lobby's storage in the same database.
func (p *Postgres) Lobby() Lobby { return sqlLobby{pgLobby{pool: p.pool}} }

func (l sqlLobby) AddPlayer(ctx context.Context, p Player) error {
	_, err := l.db.exec(ctx, `INSERT INTO players (id, key_hash, name, created) VALUES (?, ?, ?, ?)`, p.ID, p.KeyHash, p.Name, p.Created.UnixMilli())
	return err
}

func (l sqlLobby) player(ctx context.Context, where string, arg any) (Player, error) {
	var p Player
	found := false
	err := l.db.query(ctx, `SELECT id, key_hash, name, created FROM players WHERE `+where+` = ?`, []any{arg}, func(scan func(...any) error) error {
		var created int64
		found = true
		err := scan(&p.ID, &p.KeyHash, &p.Name, &created)
		p.Created = time.UnixMilli(created)
		return err
	})
	if err == nil && !found {
		err = ErrNotFound
	}
	return p, err
}

func (l sqlLobby) PlayerByKey(ctx context.Context, keyHash []byte) (Player, error) {
	return l.player(ctx, "key_hash", keyHash)
}

func (l sqlLobby) PlayerByID(ctx context.Context, id string) (Player, error) {
	return l.player(ctx, "id", id)
}

const ratingCols = `r.player, p.name, r.game, r.rating, r.deviation, r.volatility, r.games, r.updated FROM ratings r JOIN players p ON p.id = r.player`

func scanRating(scan func(...any) error) (Rating, error) {
	var r Rating
	var updated int64
	err := scan(&r.Player, &r.Name, &r.Game, &r.Rating.Rating, &r.Deviation, &r.Volatility, &r.Games, &updated)
	r.Updated = time.UnixMilli(updated)
	return r, err
}

func (l sqlLobby) ratings(ctx context.Context, q string, args ...any) ([]Rating, error) {
	out := []Rating{}
	err := l.db.query(ctx, `SELECT `+ratingCols+` WHERE `+q, args, func(scan func(...any) error) error {
		r, err := scanRating(scan)
		out = append(out, r)
		return err
	})
	return out, err
}

func (l sqlLobby) PlayerRatings(ctx context.Context, player string) ([]Rating, error) {
	return l.ratings(ctx, `r.player = ? ORDER BY r.game`, player)
}

func (l sqlLobby) RatingList(ctx context.Context, game string, limit int) ([]Rating, error) {
	return l.ratings(ctx, `r.game = ? ORDER BY r.rating DESC, r.player LIMIT ?`, game, limit)
}

func (l sqlLobby) AddSeek(ctx context.Context, s Seek) error {
	_, err := l.db.exec(ctx, `INSERT INTO seeks (id, player, game, options, clock, rated, status, taker, room, token_hash, sealed, created)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		s.ID, s.Player, s.Game, jsonList(s.Options), s.Clock, boolInt(s.Rated), string(s.Status), s.Taker, s.Room, s.TokenHash, s.Sealed, s.Created.UnixMilli())
	return err
}

const seekCols = `SELECT s.id, s.player, p.name, s.game, s.options, s.clock, s.rated, s.status, s.taker, s.room, s.token_hash, s.sealed, s.created,
	r.rating, r.deviation, r.volatility
	FROM seeks s JOIN players p ON p.id = s.player LEFT JOIN ratings r ON r.player = s.player AND r.game = s.game`

func (l sqlLobby) seeks(ctx context.Context, q string, args ...any) ([]Seek, error) {
	var out []Seek
	err := l.db.query(ctx, seekCols+` WHERE `+q, args, func(scan func(...any) error) error {
		var s Seek
		var opts, status string
		var rated int
		var created int64
		var r, d, v *float64
		if err := scan(&s.ID, &s.Player, &s.Name, &s.Game, &opts, &s.Clock, &rated, &status, &s.Taker, &s.Room, &s.TokenHash, &s.Sealed, &created, &r, &d, &v); err != nil {
			return err
		}
		s.Rated, s.Status, s.Created = rated != 0, SeekStatus(status), time.UnixMilli(created)
		if r != nil && d != nil && v != nil {
			s.Rating = &rating.Rating{Rating: *r, Deviation: *d, Volatility: *v}
		}
		if err := json.Unmarshal([]byte(opts), &s.Options); err != nil {
			return err
		}
		out = append(out, s)
		return nil
	})
	return out, err
}

func (l sqlLobby) Seek(ctx context.Context, id string) (Seek, error) {
	ss, err := l.seeks(ctx, `s.id = ?`, id)
	if err != nil {
		return Seek{}, err
	}
	if len(ss) == 0 {
		return Seek{}, ErrNotFound
	}
	return ss[0], nil
}

func (l sqlLobby) OpenSeeks(ctx context.Context, game string, limit int) ([]Seek, error) {
	if game == "" {
		return l.seeks(ctx, `s.status = ? ORDER BY s.created, s.id LIMIT ?`, string(SeekOpen), limit)
	}
	return l.seeks(ctx, `s.status = ? AND s.game = ? ORDER BY s.created, s.id LIMIT ?`, string(SeekOpen), game, limit)
}

func (l sqlLobby) MoveSeek(ctx context.Context, id string, from, to SeekStatus, taker, room string) error {
	n, err := l.db.exec(ctx, `UPDATE seeks SET status = ?, taker = ?, room = ? WHERE id = ? AND status = ?`, string(to), taker, room, id, string(from))
	if err != nil || n == 1 {
		return err
	}
	if _, err := l.Seek(ctx, id); err != nil {
		return err
	}
	return ErrTaken
}

func (l sqlLobby) AddSeats(ctx context.Context, seats []PlayerSeat) error {
	return l.db.inTx(ctx, func(tx lobbyDB) error {
		for _, s := range seats {
			if _, err := tx.exec(ctx, `INSERT INTO player_seats (room, seat, player, game, rated, applied, sealed, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				s.Room, s.Seat, s.Player, s.Game, boolInt(s.Rated), boolInt(s.Applied), s.Sealed, s.Created.UnixMilli()); err != nil {
				return err
			}
		}
		return nil
	})
}

const seatCols = `SELECT ps.room, ps.seat, ps.player, ps.game, ps.rated, ps.applied, ps.sealed, ps.created, r.status, r.result, r.updated
	FROM player_seats ps JOIN rooms r ON r.id = ps.room`

func (l sqlLobby) playerSeats(ctx context.Context, db lobbyDB, q string, args ...any) ([]PlayerSeat, error) {
	out := []PlayerSeat{}
	err := db.query(ctx, seatCols+` WHERE `+q, args, func(scan func(...any) error) error {
		var s PlayerSeat
		var rated, applied int
		var created, updated int64
		err := scan(&s.Room, &s.Seat, &s.Player, &s.Game, &rated, &applied, &s.Sealed, &created, &s.Status, &s.Result, &updated)
		s.Rated, s.Applied, s.Created, s.Updated = rated != 0, applied != 0, time.UnixMilli(created), time.UnixMilli(updated)
		out = append(out, s)
		return err
	})
	return out, err
}

func (l sqlLobby) PlayerSeats(ctx context.Context, player string, limit int) ([]PlayerSeat, error) {
	return l.playerSeats(ctx, l.db, `ps.player = ? ORDER BY CASE WHEN r.status = ? THEN 0 ELSE 1 END, r.updated DESC, ps.room LIMIT ?`, player, string(Open), limit)
}

func (l sqlLobby) LiveRooms(ctx context.Context, limit int) ([]PlayerSeat, error) {
	return l.playerSeats(ctx, l.db, `r.status = ? AND ps.seat = (SELECT min(seat) FROM player_seats WHERE room = ps.room) ORDER BY r.updated DESC, ps.room LIMIT ?`, string(Open), limit)
}

func (l sqlLobby) UnratedRooms(ctx context.Context, limit int) ([]string, error) {
	var out []string
	err := l.db.query(ctx, `SELECT DISTINCT ps.room FROM player_seats ps JOIN rooms r ON r.id = ps.room
		WHERE ps.applied = 0 AND ps.rated = 1 AND r.status = ? ORDER BY ps.room LIMIT ?`, []any{string(Finished), limit},
		func(scan func(...any) error) error {
			var id string
			err := scan(&id)
			out = append(out, id)
			return err
		})
	return out, err
}

func (l sqlLobby) RateRoom(ctx context.Context, room string, f RateFunc) (bool, error) {
	done := false
	err := l.db.inTx(ctx, func(tx lobbyDB) error {
		// Claiming the seats first takes their rows' locks: a second
		// process rating the same room waits, then finds none.
		n, err := tx.exec(ctx, `UPDATE player_seats SET applied = 1 WHERE room = ? AND rated = 1 AND applied = 0`, room)
		if err != nil || n == 0 {
			return err
		}
		seats, err := l.playerSeats(ctx, tx, `ps.room = ? ORDER BY ps.seat`, room)
		if err != nil {
			return err
		}
		players := []any{}
		marks := []string{}
		for _, s := range seats {
			players = append(players, s.Player)
			marks = append(marks, "?")
		}
		current := map[string]rating.Rating{}
		err = tx.query(ctx, `SELECT player, rating, deviation, volatility FROM ratings WHERE game = ? AND player IN (`+strings.Join(marks, ", ")+`) ORDER BY player`+tx.lock(),
			append([]any{seats[0].Game}, players...), func(scan func(...any) error) error {
				var p string
				var r rating.Rating
				err := scan(&p, &r.Rating, &r.Deviation, &r.Volatility)
				current[p] = r
				return err
			})
		if err != nil {
			return err
		}
		for _, s := range seats {
			if _, ok := current[s.Player]; !ok {
				current[s.Player] = rating.New()
			}
		}
		next, err := f(seats, current)
		if err != nil {
			return err
		}
		now := time.Now().UnixMilli()
		for _, p := range slices.Sorted(maps.Keys(next)) {
			r := next[p]
			if _, err := tx.exec(ctx, `INSERT INTO ratings (player, game, rating, deviation, volatility, games, updated) VALUES (?, ?, ?, ?, ?, 1, ?)
				ON CONFLICT (player, game) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
				games = ratings.games + 1, updated = excluded.updated`, p, seats[0].Game, r.Rating, r.Deviation, r.Volatility, now); err != nil {
				return err
			}
		}
		done = true
		return nil
	})
	return done, err
}
