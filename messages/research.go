package messages

import "tabula/engine"

// Research holds the words of the errors of a study's plan (package
// research), which the server's Research page and tabula analyze say.
var Research = engine.Table([]engine.Word{
	{
		Key: "research.vary_form",
		En:  "--vary {text}: want name=v1,v2 or name=all",
		De:  "--vary {text}: erwartet Name=W1,W2 oder Name=all",
	},
	{
		Key: "research.vary_empty",
		En:  "--vary {text}: empty value in the list",
		De:  "--vary {text}: leerer Wert in der Liste",
	},
	{
		Key: "research.vary_values",
		En:  "--vary {text}: {n} values, at most {max}",
		De:  "--vary {text}: {n} Werte, höchstens {max}",
	},
	{
		Key: "research.shard_form",
		En:  "--shard {text}: want i/n, such as 0/4",
		De:  "--shard {text}: erwartet i/n, etwa 0/4",
	},
	{
		Key: "research.shard_numbers",
		En:  "--shard {text}: i and n must be whole numbers",
		De:  "--shard {text}: i und n müssen ganze Zahlen sein",
	},
	{
		Key: "research.shard_n",
		En:  "--shard {text}: n must be 1 to {max}",
		De:  "--shard {text}: n muss 1 bis {max} sein",
	},
	{
		Key: "research.shard_i",
		En:  "--shard {text}: i must be 0 to {max} (0-based)",
		De:  "--shard {text}: i muss 0 bis {max} sein (ab 0 gezählt)",
	},
	{
		Key: "research.chance",
		En:  "--chance {text}: want turn, ply or stream",
		De:  "--chance {text}: erwartet turn, ply oder stream",
	},
	{
		Key: "research.chance_hash",
		En:  "--chance-hash {text}: want splitmix or sha256, and only with --chance turn (not {chance})",
		De:  "--chance-hash {text}: erwartet splitmix oder sha256, und nur mit --chance turn (nicht {chance})",
	},
	{
		Key: "research.design",
		En:  "--design {text}: want grid or each",
		De:  "--design {text}: erwartet grid oder each",
	},
	{
		Key: "research.games",
		En:  "--games must be at least 1, got {n}",
		De:  "--games muss mindestens 1 sein, angegeben ist {n}",
	},
	{
		Key: "research.evaluate",
		En:  "--evaluate {n} --evaluate-games {games}: want both 0, or 1 to {max} iterations and at least 1 game",
		De:  "--evaluate {n} --evaluate-games {games}: erwartet beide 0, oder 1 bis {max} Iterationen und mindestens 1 Partie",
	},
	{
		Key: "research.agents",
		En:  "--agents is required, e.g. --agents random or --agents greedy,mcts",
		De:  "--agents fehlt, etwa --agents random oder --agents greedy,mcts",
	},
	{
		Key: "research.vary_option",
		En:  "--vary {option}: {game} has no such option",
		De:  "--vary {option}: {game} hat keine solche Option",
	},
	{
		Key: "research.vary_twice",
		En:  "--vary {option}: given twice",
		De:  "--vary {option}: zweimal angegeben",
	},
	{
		Key: "research.readings_many",
		En:  "--vary: more than {max} readings",
		De:  "--vary: mehr als {max} Lesarten",
	},
	{
		Key: "research.readings",
		En:  "--vary: {n} readings, at most {max}",
		De:  "--vary: {n} Lesarten, höchstens {max}",
	},
	{
		Key: "research.reading",
		En:  "reading {reading}: {err}",
		De:  "Lesart {reading}: {err}",
	},
	{
		Key: "research.agents_count",
		En:  "--agents: reading {reading} has {count} players, so give 1 or {count} agents, got {n}",
		De:  "--agents: die Lesart {reading} hat {count} Spieler, also 1 oder {count} Computerspieler angeben, angegeben sind {n}",
	},
	{
		Key: "research.vary_all",
		En:  "--vary {option}=all: only enum and bool options have a list of values; give them",
		De:  "--vary {option}=all: nur Auswahl- und Wahrheitswert-Optionen haben eine Liste von Werten; die Werte angeben",
	},
	{
		Key: "research.vary",
		En:  "--vary: {err}",
		De:  "--vary: {err}",
	},
	{
		Key: "research.vary_value_twice",
		En:  "--vary {option}: value {value} given twice",
		De:  "--vary {option}: der Wert {value} ist zweimal angegeben",
	},
})
