package testgame

import (
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// The test game passes the conformance suite that every game passes, and
// its catalogue entry is complete, once registered as a game is.
func TestTheTestGamePassesTheConformanceSuite(t *testing.T) {
	Register()
	g, err := engine.Lookup(ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range engine.CheckCatalogue(g) {
		t.Error(err)
	}
	enginetest.Run(t, g, enginetest.Config{Games: 50})
}

// A last seed that makes an enemy hole hold 2 captures them.
func TestALastSeedMakingTwoCaptures(t *testing.T) {
	s, _ := Game{}.NewState(engine.Options{})
	st := s.(*State)
	st.holes = [Holes]int{1, 0, 0, 1, 1, 0, 1, 0}
	st.Apply(4) // the one seed goes to hole 3, player 1's, which holds 2
	if st.captured != 2 || st.stores[0] != 2 || st.holes[3] != 0 {
		t.Fatalf("holes %v, stores %v, captured %d; want 2 captured", st.holes, st.stores, st.captured)
	}
}
