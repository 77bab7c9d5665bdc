package ai

import "tabula/engine"

// words are the words of the agents' errors (engine.Error), in every
// language.
var words = map[string]engine.Text{
	"ai.iterations": {"en": "iterations", "de": "Iterationen"},
	"ai.depth":      {"en": "depth", "de": "Tiefe"},
	"ai.alphabeta": {
		"en": "alpha-beta cannot search this game",
		"de": "Alpha-Beta kann dieses Spiel nicht durchsuchen",
	},
	"ai.empty_level": {
		"en": "agent {agent}: empty level after ':'",
		"de": "Computerspieler {agent}: leere Stufe nach ':'",
	},
	"ai.no_level": {
		"en": "agent {agent}: {kind} takes no level",
		"de": "Computerspieler {agent}: {kind} hat keine Stufe",
	},
	"ai.agent": {
		"en": "agent {agent}: {err}",
		"de": "Computerspieler {agent}: {err}",
	},
	"ai.unknown": {
		"en": "unknown agent {agent} (known: {known}, with an optional level :{levels})",
		"de": "unbekannter Computerspieler {agent} (bekannt: {known}, mit einer Stufe :{levels} nach Wahl)",
	},
	"ai.time": {
		"en": "time per move {time} must be positive",
		"de": "die Zeit je Zug {time} muss positiv sein",
	},
	"ai.budget": {
		"en": "{param} is not a level ({levels}), a time per move (200ms) or a number of {unit}",
		"de": "{param} ist keine Stufe ({levels}), keine Zeit je Zug (200ms) und keine Anzahl {unit}",
	},
	"ai.positive": {
		"en": "{n} must be positive",
		"de": "{n} muss positiv sein",
	},
	"ai.alphabeta_players": {
		"en": "{why}: it needs two players, {game} has {n} here (use mcts)",
		"de": "{why}: es braucht zwei Spieler, {game} hat hier {n} (mcts nehmen)",
	},
	"ai.alphabeta_simultaneous": {
		"en": "{why}: {game} has simultaneous turns (use mcts)",
		"de": "{why}: {game} hat gleichzeitige Züge (mcts nehmen)",
	},
}

func init() { engine.RegisterWords("ai", words) }
