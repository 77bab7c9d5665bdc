package rooms

import (
	"testing"

	"tabula/engine"
)

// A room with the computer in every seat is refused, except by a manager
// made with ComputersOnly (the engine in the browser: a kiosk's attract
// screen).
func TestComputersOnlyRooms(t *testing.T) {
	computers := []SeatSpec{{Kind: Computer, Agent: "random"}, {Kind: Computer, Agent: "greedy"}}
	m := testManager(t, testStore(t))
	_, err := m.Create(bg, "adji-boto", []string{"seeds=2"}, computers, Clock{})
	coded, ok := engine.Coded(err)
	if !ok || coded.Code != "rooms.no_person" {
		t.Fatalf("two computers on a server: %v, want rooms.no_person", err)
	}
	m.cfg.ComputersOnly = true
	if _, err := m.Create(bg, "adji-boto", []string{"seeds=2"}, computers, Clock{}); err != nil {
		t.Fatalf("two computers with ComputersOnly: %v", err)
	}
}
