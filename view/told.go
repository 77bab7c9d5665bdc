package view

import (
	"encoding/json"
	"fmt"
	"strings"

	"tabula/engine"
	"tabula/messages"
)

// Teller is implemented by states that tell in words what their last turn
// did (a capture, a relay cut, men sent back, the end of a round).
type Teller interface {
	Tell() []engine.Message
}

// MessageView is the JSON of an engine.Message: {"key": K, "args": {...}},
// a Count argument as {"noun": "seeds", "n": 3}, a nested message as a
// MessageView. A message told of a turn carries its words in every
// language too ("text"), made by the one renderer (messages.Texts): a
// page shows them as they are; and, when the game words it in the second
// person too (its key's variant KEY_you), those words ("you"), which a
// page shows the one person against the computer for her own turns.
type MessageView struct {
	Key  string         `json:"key"`
	Args map[string]any `json:"args,omitempty"`
	Text engine.Text    `json:"text,omitempty"`
	You  engine.Text    `json:"you,omitempty"`
}

// YouSuffix ends the key of a message's words in the second person.
const YouSuffix = "_you"

// CountView is the JSON of an engine.Count.
type CountView struct {
	Noun string `json:"noun"`
	N    int    `json:"n"`
}

// Told returns what s tells of its last turn ([] when it tells nothing),
// each message with its words, the players named as seats name them (see
// messages.Texts: "Player N" where a seat has neither name nor computer).
func Told(s engine.State, seats ...messages.Seat) []MessageView {
	out := []MessageView{}
	if t, ok := s.(Teller); ok {
		for _, m := range t.Tell() {
			out = append(out, TellView(s.Game(), m, seats...))
		}
	}
	return out
}

// MessageOf is the JSON view of m.
func MessageOf(m engine.Message) MessageView { return message(m) }

// TellView is message m of game g, told of a turn, with its words (an
// item of Told), the players named as seats name them.
func TellView(g engine.Game, m engine.Message, seats ...messages.Seat) MessageView {
	words := messages.GameWords(g)
	v := message(m)
	v.Text = messages.Texts(m, words, seats)
	if _, ok := words(m.Key + YouSuffix); ok {
		v.You = messages.Texts(engine.Message{Key: m.Key + YouSuffix, Args: m.Args}, words, seats)
	}
	return v
}

func message(m engine.Message) MessageView {
	v := MessageView{Key: m.Key}
	if len(m.Args) > 0 {
		v.Args = make(map[string]any, len(m.Args))
		for k, a := range m.Args {
			switch x := a.(type) {
			case engine.Count:
				v.Args[k] = CountView{Noun: x.Noun, N: x.N}
			case engine.Message:
				v.Args[k] = message(x)
			default:
				v.Args[k] = x
			}
		}
	}
	return v
}

// PhaseText is what a page says of where s is, in words in every
// language: its phase in the game's words while it goes on (where the
// game names the phase P of its facts, "phase_P"), its round, and once it
// is over why it ended ("endReason", with the game's "end_E" for the end
// E of its facts), joined by " · ".
func PhaseText(s engine.State) engine.Text {
	var d engine.Details
	if x, ok := s.(Detailer); ok {
		d = x.Details()
	}
	words := messages.GameWords(s.Game())
	has := func(key string) bool { _, ok := words(key); return ok }
	var parts []engine.Message
	if phase, _ := d.Get("phase").(string); phase != "" && !s.Terminal() && has("phase_"+phase) {
		parts = append(parts, engine.Message{Key: "phase_" + phase})
	}
	if round, _ := d.Get("round").(int); round != 0 && has("round") {
		parts = append(parts, engine.Message{Key: "round", Args: map[string]any{"n": round}})
	}
	if end, _ := d.Get("end").(string); end != "" && s.Terminal() {
		var why any = end
		if has("end_" + end) {
			why = engine.Message{Key: "end_" + end}
		}
		parts = append(parts, engine.Message{Key: "endReason", Args: map[string]any{"why": why}})
	}
	out := make(engine.Text, len(engine.Languages))
	for _, l := range engine.Languages {
		var line []string
		for _, m := range parts {
			line = append(line, messages.Render(l, m, words))
		}
		out[l] = strings.Join(line, " · ")
	}
	return out
}

// StateTold is State with three more fields for the server's answers
// (tabula replay prints State): "told", what the state tells of its last
// turn (Told, the players named as seats name them), "phaseText", its phase in
// words (PhaseText), and "moves", the legal moves with their places
// (Moves).
func StateTold(s engine.State, seats ...messages.Seat) ([]byte, error) {
	common, extra, err := stateParts(s)
	if err != nil {
		return nil, err
	}
	told, err := json.Marshal(Told(s, seats...))
	if err != nil {
		return nil, fmt.Errorf("view: %s told: %w", s.Game().ID(), err)
	}
	moves, err := json.Marshal(Moves(s))
	if err != nil {
		return nil, fmt.Errorf("view: %s moves: %w", s.Game().ID(), err)
	}
	phase, err := json.Marshal(PhaseText(s))
	if err != nil {
		return nil, fmt.Errorf("view: %s phase: %w", s.Game().ID(), err)
	}
	// One buffer for all of it: the state is not joined apart first.
	out := make([]byte, 0, len(common)+len(extra)+len(told)+len(phase)+len(moves)+32)
	out = appendJoined(out, common, extra)
	out = append(out[:len(out)-1], `,"told":`...)
	out = append(out, told...)
	out = append(out, `,"phaseText":`...)
	out = append(out, phase...)
	out = append(out, `,"moves":`...)
	out = append(out, moves...)
	return append(out, '}'), nil
}

// Start is the JSON of s, a game's start, as the previews of the pages
// draw it: the game, its state as StateTold tells it, and its board's
// geometry (GET /api/games/{id}/start, and web/static/starts.js, the
// starts at the default options that a page draws while the engine in
// the browser loads).
func Start(s engine.State) ([]byte, error) {
	js, err := StateTold(s)
	if err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{"game": s.Game().ID(), "state": json.RawMessage(js), "board": Board(s)})
}
