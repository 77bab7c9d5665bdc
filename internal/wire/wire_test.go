package wire

import (
	"encoding/json"
	"testing"

	"tabula/view"
)

// The browser (web/static) reads these bytes: each message's fields in
// this order, the optional ones left out when empty.
func TestServerMessageBytes(t *testing.T) {
	seat := 1
	for _, c := range []struct{ got, want string }{
		{string(Ack(7, false)), `{"type":"ack","version":7,"duplicate":false}`},
		{string(Reject("illegal", "no", nil)), `{"type":"reject","code":"illegal","error":"no"}`},
		{string(Presence([]bool{true, false})), `{"type":"presence","online":[true,false]}`},
		{string(Token(1, "abc")), `{"type":"token","seat":1,"token":"abc"}`},
		{string(NoteLevelLowered(1, "mcts:hard", "mcts:easy")), `{"type":"note","code":"level-lowered","seat":1,"agent":"mcts:hard","played":"mcts:easy"}`},
		{string(Pong()), `{"type":"pong"}`},
		{string(EventMsg(Event{Version: 3, Kind: KindCommit, Seat: &seat, Clocks: []int64{5, 6}}, json.RawMessage(`{"ply":2}`), nil)),
			`{"type":"event","event":{"version":3,"kind":"commit","seat":1,"clocks":[5,6]},"state":{"ply":2}}`},
		{string(EventMsg(Event{Version: 4, Kind: KindTurn, Actors: []int{0}, Moves: []string{"9"}, Move: "9", By: []int{0}}, json.RawMessage(`null`), []view.EventView{})),
			`{"type":"event","event":{"version":4,"kind":"turn","actors":[0],"moves":["9"],"move":"9","by":[0]},"state":null,"trace":[]}`},
		{string(Welcome(View{Room: "r", Options: []string{}, Seats: []SeatView{{Kind: "person", Name: "A"}}, Turns: []TurnView{}, State: json.RawMessage(`null`), Status: "open", Offer: -1}, nil)),
			`{"type":"welcome","view":{"room":"r","game":"","options":[],"board":null,"version":0,"seat":0,"seats":[{"kind":"person","name":"A","online":false,"committed":false}],"turns":[],"state":null,"status":"open","offer":-1,"awayGrace":0},"missed":[]}`},
	} {
		if c.got != c.want {
			t.Errorf("got  %s\nwant %s", c.got, c.want)
		}
	}
}

// A message decoded by a client gives back what the server encoded.
func TestDecodeServerReadsEachMessage(t *testing.T) {
	m, err := DecodeServer(Reject("stale", "moved on", &View{Version: 9, Seat: 1}))
	if err != nil || m.Type != TypeReject || m.Code != "stale" || m.Error != "moved on" || m.View.Version != 9 || m.View.Seat != 1 {
		t.Fatalf("reject: %+v %v", m, err)
	}
	m, err = DecodeServer(EventMsg(Event{Version: 2, Kind: KindTurn, Move: "7,2"}, json.RawMessage(`{"ply":1}`), []view.EventView{}))
	if err != nil || m.Event.Version != 2 || m.Event.Move != "7,2" || string(m.State) != `{"ply":1}` || string(m.Trace) != `[]` {
		t.Fatalf("event: %+v %v", m, err)
	}
}

// What Hello and Move build is what DecodeClient accepts.
func TestClientMessagesRoundTrip(t *testing.T) {
	for _, m := range []ClientMsg{Hello("tok", []string{"b"}, -1), Hello("", nil, 4), Move(3, "c1+4", ""), Move(5, "9", "tok")} {
		got, err := DecodeClient(m.Encode())
		if err != nil {
			t.Fatalf("%s: %v", m.Encode(), err)
		}
		if string(got.Encode()) != string(m.Encode()) {
			t.Errorf("%s decoded as %s", m.Encode(), got.Encode())
		}
	}
}

// A move naming a seat is refused: a sender's seat comes from its token.
func TestMoveWithSeatIsRefused(t *testing.T) {
	if _, err := DecodeClient([]byte(`{"type":"move","version":1,"move":"9","seat":1}`)); err == nil {
		t.Fatal("accepted")
	}
}

// FuzzDecodeServer: a client reads anything a server (or a proxy) sends
// without panicking.
func FuzzDecodeServer(f *testing.F) {
	for _, b := range serverSamples() {
		f.Add(b)
	}
	f.Add([]byte(`{"type":"event","event":{"seat":"x"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := DecodeServer(data); err != nil && err.Error() == "" {
			t.Fatal("an empty error")
		}
	})
}
