package messages_test

import "tabula/internal/testgame"

// The sowing game of the tests is registered here as any game is, so that
// its codes and told words are checked with the others' (it is in the
// source the codes test reads).
func init() { testgame.Register() }
