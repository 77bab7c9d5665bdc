package rooms

import (
	"encoding/hex"
	"encoding/json"

	"tabula/internal/store"
	"tabula/view"
)

// View is what one viewer (a seat, or Spectator) may see of a room.
type View struct {
	Room    string          `json:"room"`
	Game    string          `json:"game"`
	Options []string        `json:"options"`
	Board   any             `json:"board"` // the board's geometry, from the game
	Version int             `json:"version"`
	Seat    int             `json:"seat"`
	Seats   []SeatView      `json:"seats"`
	Turns   []TurnView      `json:"turns"`
	State   json.RawMessage `json:"state"`
	Status  string          `json:"status"`
	Result  string          `json:"result,omitempty"`
	// Choice is the viewer's own hidden choice of the current turn.
	Choice string `json:"choice,omitempty"`
	// Secret is the room's chance seed, once the game is over.
	Secret string `json:"secret,omitempty"`
	Next   string `json:"next,omitempty"`
	// Clock is "initial+increment" in milliseconds, Clocks each seat's
	// time left now and Running the seats whose clocks run.
	Clock   string  `json:"clock,omitempty"`
	Clocks  []int64 `json:"clocks,omitempty"`
	Running []int   `json:"running,omitempty"`
	// Offer is the seat that offers a draw, or -1.
	Offer int `json:"offer"`
	// Resigned is the seat that resigned, if one did.
	Resigned *int `json:"resigned,omitempty"`
	// AwayGrace is how long, in ms, a person must be away before another
	// may give the seat to the computer ("replace").
	AwayGrace int64 `json:"awayGrace"`
}

// SeatView is one seat as everyone sees it: never its token.
type SeatView struct {
	Kind      string `json:"kind"`
	Agent     string `json:"agent,omitempty"`
	Name      string `json:"name"`
	Online    bool   `json:"online"`
	Committed bool   `json:"committed"`
	// Away is how long a person seat has had no connection, in ms: the
	// others may give it to the computer once it reaches the room's
	// AwayGrace.
	Away int64 `json:"away,omitempty"`
}

// TurnView is one applied turn.
type TurnView struct {
	Version int    `json:"version"`
	Actors  []int  `json:"actors"`
	Move    string `json:"move"`
}

// playerView is the one place that decides what a viewer sees of the
// room: hidden choices are shown to their own seat only, the chance
// secret only once the game is over. Everything sent about a room is made
// here or by eventFor.
func (r *Room) playerView(viewer int) View {
	js, err := view.StateTold(r.state)
	if err != nil {
		js = []byte("null")
	}
	v := View{Room: r.ID, Game: r.game.ID(), Options: r.opts.Settings(), Board: view.Board(r.state), Version: r.version, Seat: viewer,
		Turns: []TurnView{}, State: js, Status: r.status, Result: r.result, Next: r.next}
	online := r.online()
	now := r.m.cfg.Now()
	for i, s := range r.seats {
		_, committed := r.commits[i]
		sv := SeatView{Kind: s.Kind, Agent: s.Agent, Name: s.Name, Online: online[i], Committed: committed}
		if since, away := r.away[i]; away && s.Kind == Person && !online[i] {
			sv.Away = now.Sub(since).Milliseconds()
		}
		v.Seats = append(v.Seats, sv)
	}
	v.AwayGrace = r.m.cfg.AwayGrace.Milliseconds()
	for _, e := range r.played {
		v.Turns = append(v.Turns, TurnView{Version: e.Version, Actors: e.Actors, Move: e.Move})
	}
	for _, e := range r.events {
		if e.Kind == KindResign {
			v.Resigned = intp(*e.Seat)
		}
	}
	if viewer >= 0 {
		v.Choice = r.commits[viewer]
	}
	if r.status != store.Open {
		v.Secret = hex.EncodeToString(r.secret)
	}
	v.Offer = r.offer
	if r.clock.On() {
		v.Clock = r.clock.String()
		for _, d := range r.leftAt(now) {
			v.Clocks = append(v.Clocks, d.Milliseconds())
		}
		v.Running = r.running()
	}
	return v
}

// eventFor is an event as viewer may see it: a commitment carries the
// choice for its own seat only.
func eventFor(viewer int, e Event, commits map[int]string) Event {
	e.Choice = ""
	if e.Kind == KindCommit && viewer >= 0 && *e.Seat == viewer {
		e.Choice = commits[viewer]
	}
	return e
}

// Messages from the server; docs/api.md describes each.

type welcomeMsg struct {
	Type   string  `json:"type"`
	View   View    `json:"view"`
	Missed []Event `json:"missed"`
}

type ackMsgT struct {
	Type      string `json:"type"`
	Version   int    `json:"version"`
	Duplicate bool   `json:"duplicate"`
}

type rejectMsg struct {
	Type  string `json:"type"`
	Code  string `json:"code"`
	Error string `json:"error"`
	View  *View  `json:"view,omitempty"`
}

type presenceMsg struct {
	Type   string `json:"type"`
	Online []bool `json:"online"`
}

type tokenMsg struct {
	Type  string `json:"type"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only our own message types are encoded
	}
	return b
}

// eventMsg is {"type":"event","event":E,"state":S}, with "trace":T for a
// turn that has one, written out so that the state, already JSON, is not
// parsed again.
func eventMsg(e Event, state json.RawMessage, trace []view.EventView) []byte {
	ev := mustJSON(e)
	out := make([]byte, 0, len(ev)+len(state)+40)
	out = append(out, `{"type":"event","event":`...)
	out = append(out, ev...)
	out = append(out, `,"state":`...)
	out = append(out, state...)
	if trace != nil {
		out = append(out, `,"trace":`...)
		out = append(out, mustJSON(trace)...)
	}
	return append(out, '}')
}

func ackMsg(a Ack) []byte {
	return mustJSON(ackMsgT{Type: "ack", Version: a.Version, Duplicate: a.Duplicate})
}

// RejectMsg is the message for a refused request; a stale move gets the
// viewer's current view with it.
func (r *Room) RejectMsg(sub *Sub, err error) []byte {
	code, msg := CodeBad, err.Error()
	if e, ok := err.(*Error); ok {
		code = e.Code
	} else {
		msg = "the server could not do that now; try again"
	}
	m := rejectMsg{Type: "reject", Code: code, Error: msg}
	if code == CodeStale {
		r.mu.Lock()
		v := r.playerView(sub.Seat)
		r.mu.Unlock()
		m.View = &v
	}
	return mustJSON(m)
}

// ErrorMsg is the message for input that is not a valid request.
func ErrorMsg(code, msg string) []byte {
	return mustJSON(rejectMsg{Type: "reject", Code: code, Error: msg})
}
