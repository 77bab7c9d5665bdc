package rooms

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"tabula/internal/wire"
)

// chatLines are the chat lines sub has been sent since the last drain.
func chatLines(s *Sub) []wire.ChatLine {
	var out []wire.ChatLine
	for len(s.Out) > 0 {
		var m wire.ServerMsg
		json.Unmarshal(<-s.Out, &m)
		if m.Type == wire.TypeChat {
			out = append(out, m.Lines...)
		}
	}
	return out
}

// said is the lines as "channel seat quick|text".
func said(lines []wire.ChatLine) string {
	var out []string
	for _, l := range lines {
		out = append(out, l.Channel+" "+itoa(l.Seat)+" "+l.Quick+l.Text)
	}
	return strings.Join(out, "; ")
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestChatChannelsMuteAndLimits: the players' chat reaches the players
// only; the spectators' chat reaches the spectators only while the game
// goes on, and the players once it is over; a quick message carries its
// words in German; a muted seat's lines no longer reach the player who
// muted it; a free text is cleaned, bounded in length, and a seat that
// talks too fast is told to wait; the chat is read again with the room.
func TestChatChannelsMuteAndLimits(t *testing.T) {
	st := testStore(t)
	ft := &fakeTime{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	r, id, a, b := clockRoom(t, st, ft, Clock{})
	spec := join(t, r, "")
	drain(a, b, spec)

	if err := r.Say(bg, a, "good-game", ""); err != nil {
		t.Fatal(err)
	}
	if err := r.Say(bg, spec, "", "  what  a   move  "); err != nil {
		t.Fatal(err)
	}
	if got := said(chatLines(b)); got != "players 0 good-game" {
		t.Errorf("Ben read %q, want Ana's line only", got)
	}
	got := chatLines(spec)
	if said(got) != "spectators -1 what a move" {
		t.Errorf("the spectator read %q, want the spectator's line only, cleaned", said(got))
	}
	drain(a)
	lines := r.chatFor(1)
	if len(lines) != 1 || lines[0].Words["de"] != "Gutes Spiel" || lines[0].Words["en"] != "Good game" {
		t.Errorf("the quick message's words: %+v", lines)
	}

	// Ben mutes Ana: her next line does not reach him.
	if err := r.Mute(b, 0, true); err != nil {
		t.Fatal(err)
	}
	if err := r.Mute(spec, 0, true); code(err) != CodeSpectator {
		t.Errorf("a spectator muted: %v", err)
	}
	if err := r.Mute(b, 1, true); code(err) != CodeBad {
		t.Errorf("muted oneself: %v", err)
	}
	r.Say(bg, a, "", "hello?")
	if got := chatLines(b); len(got) != 0 {
		t.Errorf("Ben, who muted Ana, read %q", said(got))
	}
	if n := len(r.chatFor(1)); n != 0 {
		t.Errorf("Ben, who muted Ana, would read %d lines on reconnecting", n)
	}

	// Bounds: length, control characters, blank, rate.
	for _, text := range []string{strings.Repeat("é", 201), "a\u202eb", "   "} {
		if err := r.Say(bg, b, "", text); code(err) != CodeBad {
			t.Errorf("%q: %v", text, err)
		}
	}
	if err := r.Say(bg, b, "", strings.Repeat("é", 200)); err != nil {
		t.Errorf("200 characters: %v", err)
	}
	var err error
	for i := 0; i < 10 && err == nil; i++ {
		err = r.Say(bg, b, "thanks", "")
	}
	if code(err) != CodeBad || !strings.Contains(err.Error(), "wait") {
		t.Errorf("ten lines at once: %v", err)
	}
	ft.add(chatEvery)
	if err := r.Say(bg, b, "thanks", ""); err != nil {
		t.Errorf("after waiting: %v", err)
	}
	drain(a, b, spec)

	// The game ends: the players are given the spectators' chat.
	if err := r.Resign(bg, a); err != nil {
		t.Fatal(err)
	}
	if got := said(chatLines(a)); !strings.Contains(got, "spectators -1 what a move") {
		t.Errorf("after the end Ana read %q, want the spectators' line", got)
	}
	if got := said(chatLines(spec)); strings.Contains(got, "players") {
		t.Errorf("the spectator read the players' chat: %q", got)
	}

	// The chat is stored with the room.
	m2 := clockManager(t, st, ft)
	r2, err := m2.Read(bg, id)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(r2.chatFor(0)); n != len(r.talk.lines) || n < 5 {
		t.Errorf("after loading the room again Ana reads %d lines, want %d", n, len(r.talk.lines))
	}
}
