package roomclient

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"tabula/internal/wire"
)

// botMsg is what a bot reads of a server message, decoded in one pass:
// of a state only who moves and the legal moves, and nothing of an
// event's trace or a view's turns and seats. A load test's bots decoded
// each message in full and then its state again, a third of the load
// generator's processor on the machine it shares with the server. The
// names are those of package wire (TestBotMsgReadsWhatDecodeServerReads).
type botMsg struct {
	Type  string `json:"type"`
	Event struct {
		Version int            `json:"version"`
		Kind    wire.EventKind `json:"kind"`
		Seat    *int           `json:"seat"`
		Actors  []int          `json:"actors"`
	} `json:"event"`
	State botState `json:"state"`
	// ack
	Version   int  `json:"version"`
	Duplicate bool `json:"duplicate"`
	// reject, with the view for a stale move
	Code  string `json:"code"`
	Error string `json:"error"`
	View  struct {
		Version int      `json:"version"`
		State   botState `json:"state"`
	} `json:"view"`
	// At is when its frame was read, before decoding.
	At time.Time `json:"-"`
}

// botState is the part of a state (view.StateView) a bot plays from.
type botState struct {
	ToMove []int               `json:"toMove"`
	Legal  map[string][]string `json:"legal"`
}

// recvBot reads one message as a bot needs it.
func (c *Conn) recvBot(ctx context.Context) (botMsg, error) {
	_, b, err := c.ws.Read(ctx)
	if err != nil {
		return botMsg{}, err
	}
	m := botMsg{At: time.Now()}
	if err := json.Unmarshal(b, &m); err != nil {
		return botMsg{}, fmt.Errorf("roomclient: %w: %s", err, b)
	}
	return m, nil
}
