package rooms

import "testing"

// A new room is in memory from its creation: its players, who connect
// next, do not each load it from the store.
func TestACreatedRoomIsInMemory(t *testing.T) {
	m := testManager(t, testStore(t))
	c, err := m.Create(bg, "adji-boto", nil, people(2), Clock{})
	if err != nil {
		t.Fatal(err)
	}
	if m.loaded(c.ID) == nil {
		t.Fatal("the room just created is not in memory")
	}
}

// Reading an open room that is not in memory keeps it there, as joining
// it does: its computer may be due to move, and only a room in memory
// moves.
func TestReadingAnOpenRoomKeepsIt(t *testing.T) {
	m := testManager(t, testStore(t))
	c, err := m.Create(bg, "adji-boto", nil, people(2), Clock{})
	if err != nil {
		t.Fatal(err)
	}
	m.Unload(c.ID)
	if _, err := m.Read(bg, c.ID); err != nil {
		t.Fatal(err)
	}
	if m.loaded(c.ID) == nil {
		t.Fatal("the open room read is not in memory")
	}
}
