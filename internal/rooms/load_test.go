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
