package messages

import "tabula/engine"

// The programs' codes of errors (engine.Error), by speaker: their words
// are here, as the engine's are in package engine and a game's in its
// catalogue.
func init() {
	engine.RegisterWords("rooms", Rooms)
	engine.RegisterWords("server", Server)
	engine.RegisterWords("research", Research)
	engine.RegisterWords("class", Classes)
	engine.RegisterWords("print", Print)
	engine.RegisterWords("lobby", Lobby)
}
