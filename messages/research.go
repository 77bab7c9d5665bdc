package messages

import "tabula/engine"

// Research holds the words of the errors of a study's plan (package
// research), which the server's Research page and tabula analyze say.
var Research = map[string]engine.Text{
	"research.vary_form": {
		"en": "--vary {text}: want name=v1,v2 or name=all",
		"de": "--vary {text}: erwartet Name=W1,W2 oder Name=all",
	},
	"research.vary_empty": {
		"en": "--vary {text}: empty value in the list",
		"de": "--vary {text}: leerer Wert in der Liste",
	},
	"research.vary_values": {
		"en": "--vary {text}: {n} values, at most {max}",
		"de": "--vary {text}: {n} Werte, höchstens {max}",
	},
	"research.shard_form": {
		"en": "--shard {text}: want i/n, such as 0/4",
		"de": "--shard {text}: erwartet i/n, etwa 0/4",
	},
	"research.shard_numbers": {
		"en": "--shard {text}: i and n must be whole numbers",
		"de": "--shard {text}: i und n müssen ganze Zahlen sein",
	},
	"research.shard_n": {
		"en": "--shard {text}: n must be 1 to {max}",
		"de": "--shard {text}: n muss 1 bis {max} sein",
	},
	"research.shard_i": {
		"en": "--shard {text}: i must be 0 to {max} (0-based)",
		"de": "--shard {text}: i muss 0 bis {max} sein (ab 0 gezählt)",
	},
	"research.chance": {
		"en": "--chance {text}: want turn, ply or stream",
		"de": "--chance {text}: erwartet turn, ply oder stream",
	},
	"research.design": {
		"en": "--design {text}: want grid or each",
		"de": "--design {text}: erwartet grid oder each",
	},
	"research.games": {
		"en": "--games must be at least 1, got {n}",
		"de": "--games muss mindestens 1 sein, angegeben ist {n}",
	},
	"research.evaluate": {
		"en": "--evaluate {n} --evaluate-games {games}: want both 0, or 1 to {max} iterations and at least 1 game",
		"de": "--evaluate {n} --evaluate-games {games}: erwartet beide 0, oder 1 bis {max} Iterationen und mindestens 1 Partie",
	},
	"research.agents": {
		"en": "--agents is required, e.g. --agents random or --agents greedy,mcts",
		"de": "--agents fehlt, etwa --agents random oder --agents greedy,mcts",
	},
	"research.vary_option": {
		"en": "--vary {option}: {game} has no such option",
		"de": "--vary {option}: {game} hat keine solche Option",
	},
	"research.vary_twice": {
		"en": "--vary {option}: given twice",
		"de": "--vary {option}: zweimal angegeben",
	},
	"research.readings_many": {
		"en": "--vary: more than {max} readings",
		"de": "--vary: mehr als {max} Lesarten",
	},
	"research.readings": {
		"en": "--vary: {n} readings, at most {max}",
		"de": "--vary: {n} Lesarten, höchstens {max}",
	},
	"research.reading": {
		"en": "reading {reading}: {err}",
		"de": "Lesart {reading}: {err}",
	},
	"research.agents_count": {
		"en": "--agents: reading {reading} has {count} players, so give 1 or {count} agents, got {n}",
		"de": "--agents: die Lesart {reading} hat {count} Spieler, also 1 oder {count} Computerspieler angeben, angegeben sind {n}",
	},
	"research.vary_all": {
		"en": "--vary {option}=all: only enum and bool options have a list of values; give them",
		"de": "--vary {option}=all: nur Auswahl- und Wahrheitswert-Optionen haben eine Liste von Werten; die Werte angeben",
	},
	"research.vary": {
		"en": "--vary: {err}",
		"de": "--vary: {err}",
	},
	"research.vary_value_twice": {
		"en": "--vary {option}: value {value} given twice",
		"de": "--vary {option}: der Wert {value} ist zweimal angegeben",
	},
}
