package lobby

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"time"

	"tabula/internal/store"
)

// The lobby's live messages (docs/api.md, "Lobby WebSocket"), each a JSON
// object with "type":
//
//	seeks    every open seek, on connecting: {"type":"seeks","seeks":[...]}
//	seek     a seek appeared: {"type":"seek","seek":{...}}
//	gone     a seek was accepted or withdrawn: {"type":"gone","id":ID}
//	matched  (to its seeker) a seek was accepted: {"type":"matched",
//	         "seek":ID,"room":ROOM,"seat":N,"link":LINK}
type liveMsg struct {
	Type  string     `json:"type"`
	Seeks []SeekView `json:"seeks,omitempty"`
	Seek  *SeekView  `json:"seek,omitempty"`
	ID    string     `json:"id,omitempty"`
}

type matchedMsg struct {
	Type string `json:"type"`
	Seek string `json:"seek"`
	Room string `json:"room"`
	Seat *int   `json:"seat,omitempty"`
	Link string `json:"link"`
}

// subBuffer is the messages a subscriber may fall behind by before it is
// dropped (its connection closes; the page reconnects and reads afresh).
const subBuffer = 64

// maxWatched bounds the seeks of a subscriber waiting to learn their room.
const maxWatched = 16

// Sub is one live connection to the lobby.
type Sub struct {
	// C carries the messages; it is closed when the hub drops the
	// subscriber (too slow) or it leaves.
	C chan []byte

	me      *Me
	watched []string // the seeker's seeks gone but not yet matched
	closed  bool
}

// hub keeps the open seeks as last read and the subscribers.
type hub struct {
	l         *Lobby
	refreshMu sync.Mutex // one refresh at a time, in order
	mu        sync.Mutex
	subs      map[*Sub]struct{}
	open      map[string]SeekView
	loaded    bool
}

func (h *hub) init(l *Lobby) {
	h.l, h.subs, h.open = l, map[*Sub]struct{}{}, map[string]SeekView{}
}

// Subscribe adds a live connection, me if it showed its key (it may
// later, with Identify). The first message on C lists the open seeks.
func (l *Lobby) Subscribe(ctx context.Context) (*Sub, error) {
	if err := l.Refresh(ctx); err != nil {
		return nil, err
	}
	h := &l.hub
	sub := &Sub{C: make(chan []byte, subBuffer)}
	h.mu.Lock()
	defer h.mu.Unlock()
	list := make([]SeekView, 0, len(h.open))
	for _, v := range h.open {
		list = append(list, v)
	}
	slices.SortFunc(list, func(a, b SeekView) int { return int(a.Created - b.Created) })
	b, _ := json.Marshal(struct {
		Type  string     `json:"type"`
		Seeks []SeekView `json:"seeks"`
	}{"seeks", list})
	sub.C <- b
	h.subs[sub] = struct{}{}
	return sub, nil
}

// Identify tells the hub whose connection sub is: it will be told when
// its seeks are accepted.
func (l *Lobby) Identify(sub *Sub, me Me) {
	l.hub.mu.Lock()
	defer l.hub.mu.Unlock()
	sub.me = &me
}

// Leave removes a subscriber.
func (l *Lobby) Leave(sub *Sub) {
	h := &l.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.subs[sub]; ok {
		delete(h.subs, sub)
		if !sub.closed {
			sub.closed = true
			close(sub.C)
		}
	}
}

// Subscribers counts the live connections.
func (l *Lobby) Subscribers() int {
	l.hub.mu.Lock()
	defer l.hub.mu.Unlock()
	return len(l.hub.subs)
}

// send queues b for sub, dropping a subscriber that fell behind; the
// caller holds h.mu.
func (h *hub) send(sub *Sub, b []byte) {
	if sub.closed {
		return
	}
	select {
	case sub.C <- b:
	default:
		delete(h.subs, sub)
		sub.closed = true
		close(sub.C)
	}
}

// changed follows a change made here: the other processes are told, and
// this one's subscribers.
func (l *Lobby) changed() {
	if l.cfg.Notify != nil {
		l.cfg.Notify()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := l.Refresh(ctx); err != nil {
		l.cfg.Log.Warn("refreshing the lobby", "err", err)
	}
}

// Refresh reads the open seeks and tells the subscribers what changed:
// after a change here, when another process says the seeks changed, and
// now and then in case a notification was lost.
func (l *Lobby) Refresh(ctx context.Context) error {
	h := &l.hub
	h.refreshMu.Lock()
	defer h.refreshMu.Unlock()
	ss, err := l.cfg.Store.OpenSeeks(ctx, "", maxList)
	if err != nil {
		return err
	}
	now := map[string]SeekView{}
	for _, s := range ss {
		now[s.ID] = seekView(s)
	}
	h.mu.Lock()
	var msgs [][]byte
	var gone []SeekView
	if h.loaded {
		for _, s := range ss {
			if _, ok := h.open[s.ID]; !ok {
				v := now[s.ID]
				b, _ := json.Marshal(liveMsg{Type: "seek", Seek: &v})
				msgs = append(msgs, b)
			}
		}
		for id, v := range h.open {
			if _, ok := now[id]; !ok {
				b, _ := json.Marshal(liveMsg{Type: "gone", ID: id})
				msgs = append(msgs, b)
				gone = append(gone, v)
			}
		}
	}
	h.open, h.loaded = now, true
	var watching []*Sub
	for sub := range h.subs {
		for _, b := range msgs {
			h.send(sub, b)
		}
		for _, v := range gone {
			if sub.me != nil && sub.me.ID == v.Player && len(sub.watched) < maxWatched {
				sub.watched = append(sub.watched, v.ID)
			}
		}
		if len(sub.watched) > 0 && sub.me != nil {
			watching = append(watching, sub)
		}
	}
	h.mu.Unlock()
	for _, sub := range watching {
		l.tellMatched(ctx, sub)
	}
	return nil
}

// tellMatched tells sub's seeker the rooms of its seeks that were
// accepted, and forgets those withdrawn.
func (l *Lobby) tellMatched(ctx context.Context, sub *Sub) {
	h := &l.hub
	h.mu.Lock()
	ids, me := slices.Clone(sub.watched), sub.me
	h.mu.Unlock()
	var keep []string
	var msgs [][]byte
	for _, id := range ids {
		s, err := l.cfg.Store.Seek(ctx, id)
		switch {
		case err != nil && err != store.ErrNotFound:
			keep = append(keep, id)
		case err != nil, s.Status == store.SeekWithdrawn, s.Status == store.SeekOpen:
		case s.Room == "":
			keep = append(keep, id) // accepted, its room in the making
		default:
			v := seekView(s)
			l.addLink(&v, me.Key, s)
			b, _ := json.Marshal(matchedMsg{Type: "matched", Seek: id, Room: s.Room, Seat: v.Seat, Link: v.Link})
			msgs = append(msgs, b)
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	sub.watched = keep
	for _, b := range msgs {
		h.send(sub, b)
	}
}

// Run refreshes the lobby and rates the rooms left unrated every period
// until ctx is done.
func (l *Lobby) Run(ctx context.Context, every time.Duration) {
	if err := l.CatchUp(ctx); err != nil && ctx.Err() == nil {
		l.cfg.Log.Warn("rating finished rooms", "err", err)
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := l.Refresh(ctx); err != nil && ctx.Err() == nil {
			l.cfg.Log.Warn("refreshing the lobby", "err", err)
		}
		if err := l.CatchUp(ctx); err != nil && ctx.Err() == nil {
			l.cfg.Log.Warn("rating finished rooms", "err", err)
		}
	}
}
