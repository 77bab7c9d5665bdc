package store

import (
	"context"
	"slices"
	"sort"
	"time"
)

// ChatLine is one line of a room's chat: in the players' channel or the
// spectators', said by a seat (-1: a spectator) under a name, as a quick
// message (its code, worded in each reader's language) or a free text.
type ChatLine struct {
	Room    string
	N       int // its number in the room's chat, from 1
	Channel string
	Seat    int
	Name    string
	Quick   string
	Text    string
	At      time.Time
}

// AddChat keeps a line of a room's chat.
func (m *Memory) AddChat(ctx context.Context, l ChatLine) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.chat == nil {
		m.chat = map[string][]ChatLine{}
	}
	m.chat[l.Room] = append(m.chat[l.Room], l)
	return nil
}

// Chat reads a room's chat, in order.
func (m *Memory) Chat(ctx context.Context, room string) ([]ChatLine, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := slices.Clone(m.chat[room])
	sort.Slice(out, func(i, j int) bool { return out[i].N < out[j].N }) // (sort: see Memory)
	return out, nil
}
