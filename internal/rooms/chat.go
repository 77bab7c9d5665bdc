package rooms

import (
	"context"
	"time"
	"unicode/utf8"

	"tabula/engine"
	"tabula/internal/store"
	"tabula/internal/wire"
	"tabula/messages"
)

// A room's chat has two channels: the players' (said and read by the
// seated), and the spectators' (said by spectators, read by spectators,
// and by the players too once the game is over, never during it, as on
// lichess). A line is a quick message (a code, worded in each reader's
// language) or a free text cleaned as names are, at most maxChatRunes
// characters. Each seat (each spectator's connection) may say chatBurst
// lines at once, then one every chatEvery. A player may mute another
// seat: its lines no longer reach that player. The lines are stored with
// the room (store.ChatLine), at most maxChatLines.

// Bounds of the chat.
const (
	maxChatRunes = 200
	maxChatLines = 1000
	chatBurst    = 5
	chatEvery    = 3 * time.Second
)

var chatFaults = textFaults{
	long:    func() error { return engine.NewError("rooms.chat_long", "max", maxChatRunes) },
	utf8:    func() error { return engine.NewError("rooms.chat_utf8") },
	control: func(c string, at int) error { return engine.NewError("rooms.chat_control", "char", c, "at", at) },
	char:    func(c string, at int) error { return engine.NewError("rooms.chat_char", "char", c, "at", at) },
	profile: func(err error) error { return engine.NewError("rooms.chat_profile", "err", err) },
}

// allowance is what a speaker may still say: tokens at since.
type allowance struct {
	tokens float64
	since  time.Time
}

// take spends a token at now, refilled one per chatEvery up to
// chatBurst; else it says how long to wait.
func (a *allowance) take(now time.Time) (bool, time.Duration) {
	if a.since.IsZero() {
		a.tokens, a.since = chatBurst, now
	}
	a.tokens = min(chatBurst, a.tokens+float64(now.Sub(a.since))/float64(chatEvery))
	a.since = now
	if a.tokens < 1 {
		return false, time.Duration((1 - a.tokens) * float64(chatEvery))
	}
	a.tokens--
	return true, 0
}

// chat is the chat of a room, under its lock.
type chat struct {
	lines []store.ChatLine
	muted map[int]map[int]bool // muted[player][seat]: player does not read seat
	allow map[any]*allowance   // by seat, or by spectator's connection
}

// Say says a line in the chat of sub's channel: quick, a quick message's
// code (wire.QuickChat), or text. A refusal is an *Error.
func (r *Room) Say(ctx context.Context, sub *Sub, quick, text string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed || !sub.live() {
		return refuse(CodeBad, "rooms.closed")
	}
	l := store.ChatLine{Room: r.ID, Channel: wire.ChannelPlayers, Seat: sub.Seat, Quick: quick, At: r.m.cfg.Now()}
	if sub.Seat < 0 {
		l.Channel, l.Seat = wire.ChannelSpectators, Spectator
	} else {
		l.Name = r.seats[sub.Seat].Name
	}
	if quick == "" {
		clean, err := cleanText(text, chatFaults, 4*maxChatRunes, func(s string) bool { return utf8.RuneCountInString(s) > maxChatRunes })
		if err != nil {
			return refuseErr(CodeBad, err)
		}
		if clean == "" {
			return refuse(CodeBad, "rooms.chat_blank")
		}
		l.Text = clean
	}
	if len(r.talk.lines) >= maxChatLines {
		return refuse(CodeBad, "rooms.chat_full", "max", maxChatLines)
	}
	var key any = sub.Seat
	if sub.Seat < 0 {
		key = sub
	}
	if r.talk.allow == nil {
		r.talk.allow = map[any]*allowance{}
	}
	a := r.talk.allow[key]
	if a == nil {
		a = &allowance{}
		r.talk.allow[key] = a
	}
	if ok, wait := a.take(l.At); !ok {
		return refuse(CodeBad, "rooms.chat_rate", "wait", wait.Round(time.Second)+time.Second)
	}
	l.N = len(r.talk.lines) + 1
	if err := r.m.cfg.Store.AddChat(ctx, l); err != nil {
		return err
	}
	r.talk.lines = append(r.talk.lines, l)
	for s := range r.subs {
		if r.reads(s.Seat, l) {
			if !s.send(wire.Chat([]wire.ChatLine{chatLine(l)})) {
				r.drop(s, wire.CloseSlow, "too slow to follow the room")
			}
		}
	}
	return nil
}

// Mute stops (on) or starts again (!on) the lines of seat reaching sub's
// player; it lasts while the server runs (the page says it again when it
// connects).
func (r *Room) Mute(sub *Sub, seat int, on bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if sub.Seat < 0 {
		return refuse(CodeSpectator, "rooms.spectator")
	}
	if seat < 0 || seat >= len(r.seats) || seat == sub.Seat {
		return refuse(CodeBad, "rooms.mute_seat", "seat", seat)
	}
	if r.talk.muted == nil {
		r.talk.muted = map[int]map[int]bool{}
	}
	if r.talk.muted[sub.Seat] == nil {
		r.talk.muted[sub.Seat] = map[int]bool{}
	}
	r.talk.muted[sub.Seat][seat] = on
	return nil
}

// reads reports whether viewer (a seat, or Spectator) reads line l: the
// players' lines are the players', the spectators' lines the spectators'
// until the game is over, and a seat a player muted is not read by that
// player.
func (r *Room) reads(viewer int, l store.ChatLine) bool {
	switch {
	case l.Channel == wire.ChannelPlayers && viewer < 0:
		return false
	case l.Channel == wire.ChannelSpectators && viewer >= 0 && r.status == store.Open:
		return false
	case viewer >= 0 && l.Seat >= 0 && r.talk.muted[viewer][l.Seat]:
		return false
	}
	return true
}

// spectatorsToPlayers gives the players the spectators' chat, theirs to
// read once the game is over.
func (r *Room) spectatorsToPlayers() {
	for s := range r.subs {
		if s.Seat < 0 {
			continue
		}
		var lines []wire.ChatLine
		for _, l := range r.talk.lines {
			if l.Channel == wire.ChannelSpectators && r.reads(s.Seat, l) {
				lines = append(lines, chatLine(l))
			}
		}
		if len(lines) > 0 && !s.send(wire.Chat(lines)) {
			r.drop(s, wire.CloseSlow, "too slow to follow the room")
		}
	}
}

// chatFor is the chat viewer may read now.
func (r *Room) chatFor(viewer int) []wire.ChatLine {
	var out []wire.ChatLine
	for _, l := range r.talk.lines {
		if r.reads(viewer, l) {
			out = append(out, chatLine(l))
		}
	}
	return out
}

// chatLine is a stored line as it is sent, a quick message with its
// words in every language.
func chatLine(l store.ChatLine) wire.ChatLine {
	out := wire.ChatLine{N: l.N, Channel: l.Channel, Seat: l.Seat, Name: l.Name, Quick: l.Quick, Text: l.Text, At: l.At.UnixMilli()}
	if l.Quick != "" {
		out.Words = messages.Texts(engine.Message{Key: "chat_" + l.Quick}, messages.AppWords, nil)
	}
	return out
}
