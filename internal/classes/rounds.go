package classes

import (
	"context"
	"errors"
	"strconv"
	"time"

	"tabula/engine"
	"tabula/internal/pairing"
	"tabula/internal/rooms"
	"tabula/messages"
	"tabula/view"
)

// StartRound pairs the next round and makes a room for each of its
// games; only the teacher may, once every game of the round before is
// over. It returns the round's number (from 1). The rooms are made
// before the class is stored: a failure leaves no round half-made (at
// worst rooms nobody was sent to, which expire unplayed).
func (s *Service) StartRound(ctx context.Context, id, secret string) (int, error) {
	var number int
	err := s.change(ctx, id, func(d *data) error {
		if err := d.teacher(secret); err != nil {
			return err
		}
		switch d.Status {
		case Ended:
			return refuse(Conflict, "class.ended")
		case Paused:
			return refuse(Conflict, "class.paused")
		}
		s.refresh(ctx, d)
		if last := len(d.Rounds); last > 0 {
			if left := d.pending(last - 1); left > 0 {
				return refuse(Conflict, "class.round_in_play", "round", last, "left", left)
			}
		}
		if n := len(d.Players); n < 2 {
			return refuse(Conflict, "class.too_few", "n", n)
		}
		pairs, err := pairing.Next(d.Pairing, len(d.Players), d.played())
		if errors.Is(err, pairing.ErrOver) {
			return refuse(Conflict, "class.rounds_over", "pairing", string(d.Pairing))
		}
		if err != nil {
			return err
		}
		clock, err := rooms.ParseClock(d.Clock)
		if err != nil {
			return err
		}
		r := round{Started: s.cfg.Now(), Games: make([]game, 0, len(pairs))}
		for _, p := range pairs {
			c, err := s.cfg.Rooms.Create(ctx, d.Game, d.Options, []rooms.SeatSpec{d.personSeat(p.A), d.personSeat(p.B)}, clock)
			if err != nil {
				return err
			}
			r.Games = append(r.Games, game{A: p.A, B: p.B, Room: c.ID, Tokens: [2]string{c.Tokens[0], c.Tokens[1]}})
		}
		d.Rounds = append(d.Rounds, r)
		number = len(d.Rounds)
		return nil
	})
	return number, err
}

// refresh reads the result of every game not yet known to be over from
// its room, and reports whether it learnt one. A room that cannot be
// read now keeps its game pending.
func (s *Service) refresh(ctx context.Context, d *data) bool {
	learnt := false
	for i := range d.Rounds {
		for j := range d.Rounds[i].Games {
			g := &d.Rounds[i].Games[j]
			if g.Result != "" {
				continue
			}
			room, err := s.cfg.Rooms.Read(ctx, g.Room)
			if err != nil {
				continue
			}
			if v := room.View(rooms.Spectator); v.Result != nil {
				g.Result, learnt = v.Result.Code(), true
			}
		}
	}
	return learnt
}

// pending counts the games of round i not over.
func (d *data) pending(i int) int {
	n := 0
	for _, g := range d.Rounds[i].Games {
		if g.Result == "" {
			n++
		}
	}
	return n
}

// played is the rounds as the pairing reads them.
func (d *data) played() []pairing.Round {
	out := make([]pairing.Round, len(d.Rounds))
	for i, r := range d.Rounds {
		out[i] = make(pairing.Round, len(r.Games))
		for j, g := range r.Games {
			out[i][j] = pairing.Game{Pair: pairing.Pair{A: g.A, B: g.B}, Result: outcome(g.Result)}
		}
	}
	return out
}

// outcome is a room's result (view.Result's code) as a pairing's.
func outcome(code string) pairing.Result {
	if code == "" {
		return pairing.Pending
	}
	res, err := view.ParseResult(code)
	switch {
	case err != nil:
		return pairing.Void
	case res.Winner == 0:
		return pairing.WinA
	case res.Winner == 1:
		return pairing.WinB
	case res.Draw():
		return pairing.Draw
	}
	return pairing.Void
}

// View is a class as GET /api/classes/{id} shows it (docs/api.md).
type View struct {
	ID       string         `json:"id"`
	Code     string         `json:"code"`
	Join     string         `json:"join"` // the join page of the code
	Game     string         `json:"game"`
	Options  []string       `json:"options"`
	Pairing  pairing.System `json:"pairing"`
	Clock    string         `json:"clock,omitempty"`
	Computer string         `json:"computer"` // the agent spec
	// ComputerName is how the pages name the computer opponent.
	ComputerName engine.Text `json:"computerName"`
	Max          int         `json:"max"`
	Status       string      `json:"status"`
	// Planned is the number of rounds the pairing plays with the
	// players there are now.
	Planned   int            `json:"planned"`
	Players   []PlayerView   `json:"players"`
	Rounds    []RoundView    `json:"rounds"`
	Standings []StandingView `json:"standings"`
	TieBreaks []string       `json:"tieBreaks"`
	Teacher   bool           `json:"teacher,omitempty"`
	Me        *MeView        `json:"me,omitempty"`
}

// PlayerView is a pupil of the class.
type PlayerView struct {
	Player int    `json:"player"`
	Name   string `json:"name"`
}

// RoundView is a round and its games.
type RoundView struct {
	Round   int        `json:"round"`
	Started time.Time  `json:"started"`
	Games   []GameView `json:"games"`
}

// GameView is one game of a round: its players (-1 the computer) by
// seat, its room, and its result once over. Links, the seats' invite
// links by seat ("" for the computer's), are the teacher's only.
type GameView struct {
	Players [2]int       `json:"players"`
	Names   [2]string    `json:"names"`
	Room    string       `json:"room"`
	Watch   string       `json:"watch"`
	Result  *view.Result `json:"result,omitempty"`
	Points  [2]float64   `json:"points"`
	Links   []string     `json:"links,omitempty"`
}

// StandingView is a line of the results table (pairing.Standing).
type StandingView struct {
	Rank            int     `json:"rank"`
	Player          int     `json:"player"`
	Name            string  `json:"name"`
	Points          float64 `json:"points"`
	SonnebornBerger float64 `json:"sonnebornBerger"`
	Direct          float64 `json:"direct"`
	Wins            int     `json:"wins"`
	Played          int     `json:"played"`
}

// MeView is what a pupil's own page needs: her seat in the last round's
// game, if she plays in it.
type MeView struct {
	Player int    `json:"player"`
	Name   string `json:"name"`
	Room   string `json:"room,omitempty"`
	Link   string `json:"link,omitempty"`
	Over   bool   `json:"over,omitempty"` // that game is over
}

// View shows class id to the holder of token (the teacher's secret, a
// pupil's token, or "" for anyone), with the results of the rooms as
// they are now.
func (s *Service) View(ctx context.Context, id, token string) (View, error) {
	l := s.lock(id)
	l.Lock()
	defer l.Unlock()
	c, d, err := s.load(ctx, id)
	if err != nil {
		return View{}, err
	}
	who, err := d.who(token)
	if err != nil {
		return View{}, err
	}
	if s.refresh(ctx, d) {
		// Keep what was learnt; a class changed meanwhile by another
		// process learns it again next time.
		if err := s.save(ctx, c, d); err != nil && !isBusy(err) {
			return View{}, err
		}
	}
	return d.view(c.ID, c.Code, who), nil
}

func isBusy(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Kind == Conflict
}

// seatLink is the invite link of a seat of a room.
func seatLink(room, token string) string { return "/#/room/" + room + "/" + token }

func (d *data) view(id, code string, who Who) View {
	v := View{ID: id, Code: code, Join: "/join/" + code, Game: d.Game, Options: d.Options, Pairing: d.Pairing, Clock: d.Clock,
		Computer: d.Computer, ComputerName: messages.SeatText(messages.Seat{Agent: d.Computer}), Max: d.Max, Status: d.Status,
		Planned: pairing.Rounds(d.Pairing, len(d.Players)), Players: []PlayerView{}, Rounds: []RoundView{},
		TieBreaks: pairing.TieBreaks, Teacher: who.Teacher}
	name := func(p int) string {
		if p < 0 || p >= len(d.Players) {
			return ""
		}
		return d.Players[p].Name
	}
	for i, p := range d.Players {
		v.Players = append(v.Players, PlayerView{i, p.Name})
	}
	played := d.played()
	for i, r := range d.Rounds {
		rv := RoundView{Round: i + 1, Started: r.Started, Games: []GameView{}}
		for j, g := range r.Games {
			gv := GameView{Players: [2]int{g.A, g.B}, Names: [2]string{name(g.A), name(g.B)}, Room: g.Room, Watch: "/#/room/" + g.Room}
			if g.Result != "" {
				if res, err := view.ParseResult(g.Result); err == nil {
					gv.Result = &res
				}
				pg := played[i][j]
				gv.Points = [2]float64{pg.Points(g.A), pg.Points(g.B)}
			}
			if who.Teacher {
				gv.Links = []string{"", ""} // the computer's seat has none
				for seat, tok := range g.Tokens {
					if tok != "" {
						gv.Links[seat] = seatLink(g.Room, tok)
					}
				}
			}
			rv.Games = append(rv.Games, gv)
		}
		v.Rounds = append(v.Rounds, rv)
	}
	for _, st := range pairing.Standings(len(d.Players), played) {
		v.Standings = append(v.Standings, StandingView{Rank: st.Rank, Player: st.Player, Name: name(st.Player), Points: st.Points,
			SonnebornBerger: st.SonnebornBerger, Direct: st.Direct, Wins: st.Wins, Played: st.Played})
	}
	if v.Standings == nil {
		v.Standings = []StandingView{}
	}
	if who.Player >= 0 {
		me := &MeView{Player: who.Player, Name: name(who.Player)}
		if n := len(d.Rounds); n > 0 {
			for _, g := range d.Rounds[n-1].Games {
				if g.A == who.Player || g.B == who.Player {
					me.Room, me.Link, me.Over = g.Room, seatLink(g.Room, g.Tokens[g.seat(who.Player)]), g.Result != ""
				}
			}
		}
		v.Me = me
	}
	return v
}

// Rooms lists the rooms of class id's games, round by round.
func (s *Service) Rooms(ctx context.Context, id string) ([]string, error) {
	_, d, err := s.load(ctx, id)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, r := range d.Rounds {
		for _, g := range r.Games {
			out = append(out, g.Room)
		}
	}
	return out, nil
}

// CSVHeader is the first line of the results table as CSV.
var CSVHeader = []string{"rank", "name", "points", "sonneborn-berger", "direct", "wins", "played"}

// CSV is the results table of v as the rows of a CSV file, the header
// first (points as decimals with a dot).
func (v View) CSV() [][]string {
	rows := [][]string{CSVHeader}
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	itoa := strconv.Itoa
	for _, st := range v.Standings {
		rows = append(rows, []string{itoa(st.Rank), st.Name, num(st.Points), num(st.SonnebornBerger), num(st.Direct), itoa(st.Wins), itoa(st.Played)})
	}
	return rows
}

// Abandon ends a game of the current round that cannot go on (a pupil
// gone, a device lost) as abandoned, so that the next round can start:
// the room is ended for its players, and in the results the game counts
// 0 for both (as a game nobody finished). Only the teacher may, and only
// while the game is in play.
func (s *Service) Abandon(ctx context.Context, id, secret, room string) error {
	return s.change(ctx, id, func(d *data) error {
		if err := d.teacher(secret); err != nil {
			return err
		}
		if d.Status == Ended {
			return refuse(Conflict, "class.ended")
		}
		var g *game
		if last := len(d.Rounds) - 1; last >= 0 {
			for i := range d.Rounds[last].Games {
				if d.Rounds[last].Games[i].Room == room {
					g = &d.Rounds[last].Games[i]
				}
			}
		}
		if g == nil {
			return refuse(NotFound, "class.no_game", "room", room)
		}
		s.refresh(ctx, d)
		if g.Result != "" {
			return refuse(Conflict, "class.game_over", "room", room)
		}
		r, err := s.cfg.Rooms.Room(ctx, room)
		if err != nil {
			return err
		}
		if err := r.Abandon(ctx); err != nil {
			var re *rooms.Error
			if errors.As(err, &re) && re.Code == rooms.CodeOver {
				return refuse(Conflict, "class.game_over", "room", room) // it ended meanwhile
			}
			return err
		}
		g.Result = view.Abandoned().Code()
		return nil
	})
}
