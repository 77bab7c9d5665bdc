package ai

import "tabula/engine"

// words are the words of the agents' errors (engine.Error), in every
// language.
var words = engine.Table([]engine.Word{
	{Key: "ai.iterations", En: "iterations", De: "Iterationen"},
	{Key: "ai.depth", En: "depth", De: "Tiefe"},
	{
		Key: "ai.alphabeta",
		En:  "alpha-beta cannot search this game",
		De:  "Alpha-Beta kann dieses Spiel nicht durchsuchen",
	},
	{
		Key: "ai.empty_level",
		En:  "agent {agent}: empty level after ':'",
		De:  "Computerspieler {agent}: leere Stufe nach ':'",
	},
	{
		Key: "ai.no_level",
		En:  "agent {agent}: {kind} takes no level",
		De:  "Computerspieler {agent}: {kind} hat keine Stufe",
	},
	{
		Key: "ai.agent",
		En:  "agent {agent}: {err}",
		De:  "Computerspieler {agent}: {err}",
	},
	{
		Key: "ai.unknown",
		En:  "unknown agent {agent} (known: {known}, with an optional level :{levels})",
		De:  "unbekannter Computerspieler {agent} (bekannt: {known}, mit einer Stufe :{levels} nach Wahl)",
	},
	{
		Key: "ai.time",
		En:  "time per move {time} must be positive",
		De:  "die Zeit je Zug {time} muss positiv sein",
	},
	{
		Key: "ai.budget",
		En:  "{param} is not a level ({levels}), a time per move (200ms) or a number of {unit}",
		De:  "{param} ist keine Stufe ({levels}), keine Zeit je Zug (200ms) und keine Anzahl {unit}",
	},
	{
		Key: "ai.positive",
		En:  "{n} must be positive",
		De:  "{n} muss positiv sein",
	},
	{
		Key: "ai.alphabeta_players",
		En:  "{why}: it needs two players, {game} has {n} here (use mcts)",
		De:  "{why}: es braucht zwei Spieler, {game} hat hier {n} (mcts nehmen)",
	},
	{
		Key: "ai.alphabeta_simultaneous",
		En:  "{why}: {game} has simultaneous turns (use mcts)",
		De:  "{why}: {game} hat gleichzeitige Züge (mcts nehmen)",
	},
})

func init() { engine.RegisterWords("ai", words) }
